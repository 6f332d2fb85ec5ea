"""Which language a page is in: the visitor's own choice first (the language menu at the foot
of every page, remembered a year in Django's language cookie), else, on a club's pages, the
club's language (its settings), else what the browser asks for (Accept-Language, read by
Django's LocaleMiddleware). A page's address never changes with its language; the players'
cached pages are kept per language (results/page_cache.py).

A club's page switches to the club's language where the view has read the club anyway (the
session a page shows is read with its club), so choosing costs no query.

Example: a French club's session page is in French for a visitor whose browser asks for
English, until they choose Deutsch in the menu; the home page, which belongs to no club, is in
the browser's language.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from ..models import Club

CLUB_DEFAULT = "club"  # the page's language is its club's: the visitor chose none


def chosen_language(request) -> str | None:
    """The language the visitor chose in the menu, if it is one the site speaks."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def speak_club_language(request, club: Club) -> None:
    """Put the rest of this request in `club`'s language, unless the visitor chose one."""
    speak_language(request, club.language)


def speak_language(request, language: str | None) -> None:
    """`speak_club_language` for a club known by its language alone ("fr"); None: the
    visitor's (their choice or their browser's)."""
    if language and chosen_language(request) is None:
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()


def club_page_language(request) -> str:
    """What decides the language of a club's page before the club is read: the visitor's
    choice, else `CLUB_DEFAULT` (whatever the browser asks for). A cached club's page is
    found by it; the page itself says the language it was rendered in."""
    return chosen_language(request) or CLUB_DEFAULT
