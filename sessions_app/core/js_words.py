"""The scripts' own texts in a page's language (issue 29): the `djangojs` catalogue of the
language (locale/<code>/LC_MESSAGES/djangojs.po, made by `makemessages -d djangojs` from the
gettext/ngettext/pgettext calls in static/js), as the page embeds it for static/js/table/words.js.
The same shape as Django's JavaScriptCatalog gives, read the same way, but embedded in the page
instead of fetched: the players' screen is cached by its service worker with its words, so an
offline phone still shows them.

With the catalogue, the language's decimal mark (JavaScriptCatalog's `formats`), so that a
figure the screen shows reads as on the pages.

Example: js_words("fr") -> {"language": "fr", "catalog": {"Saved": "Enregistré",
"%(n)s line": ["%(n)s ligne", "%(n)s lignes"], ...}, "formats": {"DECIMAL_SEPARATOR": ","}};
js_words("en-gb") -> its catalog empty (no entries: the scripts' English is the msgids).
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.utils import formats
from django.utils.translation import get_language, override, trans_real


@lru_cache(maxsize=32)
def _catalog(language: str) -> dict[str, str | list[str]]:
    # Our own catalogues only (LOCALE_PATHS), not the installed apps' (the admin's scripts'
    # texts would otherwise translate a text of ours that happens to be one of theirs).
    localedirs = [str(path) for path in settings.LOCALE_PATHS]
    translation = trans_real.DjangoTranslation(language, domain="djangojs", localedirs=localedirs)
    forms: dict[str, dict[int, str]] = {}
    catalog: dict[str, str | list[str]] = {}
    # Only the language's own catalogue, not its fallback (the default language's).
    own: dict = translation._catalog  # type: ignore[attr-defined]  # (JavaScriptCatalog reads it)
    for key, value in own.items():
        if key == "":
            continue
        if isinstance(key, tuple):
            msgid, index = key
            forms.setdefault(msgid, {})[index] = value
        elif value:
            catalog[key] = value
    for msgid, by_index in forms.items():
        if any(by_index.values()):
            catalog[msgid] = [by_index.get(i, "") for i in range(max(by_index) + 1)]
    return catalog


def js_words(language: str | None = None) -> dict:
    """The catalogue of `language` (the active one if None) for static/js/table/words.js; a fresh
    dict each time (the cached one is never handed out)."""
    language = language or get_language() or "en-gb"
    with override(language):
        mark = str(formats.get_format("DECIMAL_SEPARATOR"))
    return {
        "language": language,
        "catalog": dict(_catalog(language)),
        "formats": {"DECIMAL_SEPARATOR": mark},
    }
