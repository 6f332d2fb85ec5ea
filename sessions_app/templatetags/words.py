"""`{{ value|worded }}`: a text of the pure packages (scoring/message.py's `Message`) in the
page's language (rows/words.py's `worded`); anything else is shown as it is."""

from __future__ import annotations

from django import template

from ..rows.words import worded as _worded

register = template.Library()


@register.filter
def worded(message: object) -> str:
    """Example: {{ preset.name_message|worded }} -> "EBU White Book", or what the catalogue
    says in the page's language."""
    return _worded(message)
