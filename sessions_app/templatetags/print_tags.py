"""Filters for the printed documents (templates/sessions_app/print/). The texts come from
`sessions_app/printing/` already formatted (rounding through scoring/display); these only
escape them and colour the red suits."""

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe

from ..core.permissions import is_director
from ..printing import DOCUMENTS
from ..printing import contract_symbols as _contract_symbols
from ..rows.hand_records import par_parts

register = template.Library()

SHARED_WORDS = {2: "two", 3: "three", 4: "four"}
_RED = {"♥": '<span class="red">♥</span>', "♦": '<span class="red">♦</span>'}


@register.filter
def grid_html(text):
    """A line of a printed grid, escaped, with hearts and diamonds in red."""
    html: str = escape(text)
    for symbol, coloured in _RED.items():
        html = html.replace(symbol, coloured)
    return mark_safe(html)


@register.filter
def par_symbols(contracts):
    """Par contracts as stored ("4S N=, 4H S=") with suit symbols, red ones in red."""
    parts = par_parts(contracts or "")
    return grid_html(", ".join(f"{_contract_symbols(c)} {rest}".strip() for c, rest in parts))


@register.filter
def css_string(value):
    """Text as a quoted CSS string (for an @page margin box inside <style>): anything but
    letters, digits, spaces and safe punctuation written as a CSS escape, so a name can
    neither end the string nor the style element."""
    escaped = "".join(
        char if char.isalnum() or char in " .,·-_()/'" else f"\\{ord(char):x} "
        for char in str(value)
    )
    return mark_safe(f'"{escaped}"')


@register.simple_tag
def print_documents(session, user):
    """The printed documents of `session` this user may have, for links:
    [{"label": "Travellers (blank)", "slug": ..., "url": ..., "shared": [(2, "two"), ...]}, ...]
    (`shared`: the choices of several to a page, with their words); none for a
    draft unless the user directs its club.

    On a page of the session: `{% include "sessions_app/print/_links.html" %}` (needs
    `session` and `user` in the context).
    """
    director = is_director(user, session.club)
    if not director and not session.is_published:
        return []
    links = []
    for document in DOCUMENTS.values():
        if document.director_only and not director:
            continue
        name = "sessions_app:director_print" if document.director_only else "sessions_app:print"
        links.append(
            {
                "label": document.label,
                "slug": document.slug,
                "url": reverse(name, args=[session.pk, document.slug]),
                "shared": [(n, SHARED_WORDS.get(n, str(n))) for n in document.per_page if n > 1],
            }
        )
    return links
