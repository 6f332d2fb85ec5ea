"""`{{ value|worded }}`: a text of the pure packages (scoring/message.py's `Message`) in the
page's language (rows/words.py's `worded`); anything else is shown as it is. `{{ value|figure }}`:
the same, a figure written with the page's decimal mark."""

from __future__ import annotations

import re

from django import template

from ..rows.words import marked
from ..rows.words import worded as _worded
from ..scoring.contract import ContractError
from ..scoring.rulings import parse_ruling

register = template.Library()


@register.filter
def worded(message: object) -> str:
    """Example: {{ preset.name_message|worded }} -> "EBU White Book", or what the catalogue
    says in the page's language."""
    return _worded(message)


FIGURE = re.compile(r"-?\d+(\.\d+)?")


@register.filter
def figure(value: object) -> str:
    """A figure as a file or the engine writes it, with the page's decimal mark; words (a
    Message) in the page's language. Example, in French: "41.67" -> "41,67"; "50" -> "50"."""
    said = _worded(value)
    return marked(said) if FIGURE.fullmatch(said) else said


@register.simple_tag
def read_as(typed: str) -> str:
    """What the grid makes of `typed` on a board nobody is vulnerable on, in the page's
    language: the help page's examples, said by the parser itself so that they cannot drift
    from it. Example: {% read_as "4sn10" %} -> "4S by N, 10 tricks (+420)"; {% read_as
    "4sn14" %} -> "14 tricks is impossible (0-13)" (the reason it is refused)."""
    try:
        return _worded(parse_ruling(typed, "None").message)
    except ContractError as refused:
        return _worded(refused.message)
