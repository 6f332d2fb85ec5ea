"""A traveller line as people read it: the text the director types, its words on every page,
file and PDF, and what the pages get of it as values (`LineRuling`: a ruling's kind and words;
`line_contract`: the bid `Contract`), never words to parse back. The line's columns, its
`Ruling` and the engine's `Line` are scoring/traveller_line.py's.

Example: a line stored as 30% of 4S= and 70% of 3NT-1 on a None board is typed
"30% 4S N 10; 70% 3NT S 8" (`ruling_of(row).text`; `text_in` a club's notation) and said
"weighted: 30% of 4S by N, 10 tricks (+420) + 70% of 3NT by S, 8 tricks (-50)" (`describe`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .contract import Contract
from .lines import Line
from .message import Message, gettext_noop
from .rulings import Ruling, RulingKind
from .traveller_line import column_values, ruling_of


def line_contract(line: Line) -> Contract | None:
    """The contract an engine Line's contract column shows (`contract_token`), as a Contract,
    for a page to give its suit symbol and the tricks their result; None for an adjustment,
    a bare score or a weighted score. Example: 4SX by N, 9 tricks -> Contract(4, "S", 1)."""
    shown = line.ruling.shown if line.ruling is not None else None
    return shown.contract if shown is not None else None


def describe(row: object) -> str:
    """The stored line in words, in English as files, exports and the records keep it:
    `split: NS 4S by N, 10 tricks (+420), EW 4S by N, 9 tricks (-50)`; a fouled board's
    group is added (`; fouled board, group 2`). Pages say `describe_message`."""
    return str(describe_message(row))


def describe_message(row: object) -> Message:
    """`describe` for a page, to be worded in its language."""
    return ruling_message(ruling_of(row), column_values(row, ("foul_group",))[0] or 0)


def ruling_words(ruling: Ruling, foul_group: int = 0) -> str:
    """`describe` for a Ruling and its fouled-board group (an engine Line has both).
    Example: 4S by N, 10 tricks on a board fouled in group 2 ->
    "4S by N, 10 tricks (+420); fouled board, group 2"."""
    return str(ruling_message(ruling, foul_group))


def ruling_message(ruling: Ruling, foul_group: int = 0) -> Message:
    """`ruling_words` for a page, to be worded in its language."""
    if not foul_group:
        return ruling.message
    return Message(
        gettext_noop("%(words)s; fouled board, group %(group)s"),
        {"words": ruling.message, "group": foul_group},
    )


@dataclass(frozen=True, slots=True)
class LineRuling:
    """A director's ruling on a line as the pages show it: its kind, which picks the mark in
    the contract cell ("weighted" for a weighted score, "adj" for any other ruling), and its
    words for the notes below the table (`describe`'s words).

    Example: a 30%/70% weighted score on a board fouled in group 2 is
    LineRuling("weighted", "weighted: 30% of 4S by N, ... (-50); fouled board, group 2")."""

    kind: RulingKind
    words: str  # in English; a page's rows put it in the page's language (`message`)
    message: Message | None = None

    def __str__(self) -> str:
        return str(self.words)


def line_ruling(line: Line) -> LineRuling | None:
    """An engine Line's ruling, as `describe` says it; None for a table result."""
    if line.ruling is None or not (line.assigned or line.group):
        return None
    message = ruling_message(line.ruling, line.group)
    return LineRuling(line.ruling.kind, str(message), message)
