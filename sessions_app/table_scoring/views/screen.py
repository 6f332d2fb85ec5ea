"""The players' screen of scoring at the table: the page `/t/<code>/` that a table card's QR
code opens. The page itself (templates/sessions_app/table/screen.html and its script) does
everything through the JSON API (table_scoring/views/api.py); this view only serves it with the
code, in the language of the code's club (its scripts' words embedded, for the phone that
keeps the page offline), and gives the phone its key (table_scoring/views/phone.py) before
the script signs in.

Example: /t/K7MQ4P/ renders the screen with code "K7MQ4P"; the script signs in with it. A
code that cannot be one (wrong characters or length) is a 404.
"""

from __future__ import annotations

import re

from django.http import Http404
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ...core.languages import speak_language
from ...models.table_devices import CODE_ALPHABET
from ..access import clean_code, code_language
from .phone import give_phone_key

_CODE = re.compile(rf"^[{CODE_ALPHABET}]{{4,12}}$")


@require_GET
def table_screen(request, code: str):
    cleaned = clean_code(code)
    if not _CODE.match(cleaned):
        raise Http404(
            _("%(code)s is not a table code: check the code on the table card")
            % {"code": repr(code[:20])}
        )
    speak_language(request, code_language(cleaned))  # the club's, as its other pages
    response = render(request, "sessions_app/table/screen.html", {"code": cleaned})
    return give_phone_key(request, response)


urlpatterns = [path("t/<str:code>/", table_screen, name="table_screen")]
