"""One number of decimals for each kind of a session's figures (docs/rules.md §3.4), decided
once, when the session is scored, from its exact values on the display scale.

Why one scope, the session: the same figure is shown in many places (a pair's total on the
ranking page, its score card, the director's page, the printed results, the CSV and the text
report; a line's matchpoints on its traveller and on both pairs' score cards), and each place
shows it with others (a field, a section, a board). Decimals chosen by each place from the
figures beside it would write one total 16.90 in the CSV and 16.9 on its page; chosen from
the session's every figure of the kind, each is written the same wherever it is.

Example: pairs' totals 104.07, 101.6 and 55 -> `totals` 2, so every place writes 104.07,
101.60 and 55.00; their lines 12, 7.5 and 3 -> `lines` 1: 12.0, 7.5, 3.0.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from operator import itemgetter

from .display import Decimals, decimals
from .results import PairScore, SectionResult, Value

_NS, _EW = itemgetter(1), itemgetter(2)  # ScoredLine.points_ns, points_ew
HALF = Fraction(1, 2)


def session_decimals(
    sections: Iterable[SectionResult],
    scores: Iterable[PairScore],
    *,
    halved: bool,
    imps: bool,
) -> Decimals:
    """The decimals of the lines, totals, tops and scaled totals of a session; `halved`: its
    matchpoints are shown on the 1/½ scale (each exactly half its 2/1 value).

    Example: one board on the 1/½ scale whose NS lines earned 5, 8 and 12 on 2/1 (2.5, 4, 6)
    -> `lines` 1 (2.5, 4.0, 6.0).
    """
    scores = list(scores)
    return Decimals(
        lines=decimals(_shown(_lines(sections), halved), imps=imps),
        totals=decimals(_shown((score.points for score in scores), halved), imps=imps),
        tops=decimals(_shown((score.top for score in scores), halved)),
        scaled=decimals(_shown((score.scaled for score in scores), halved)),
    )


def _lines(sections: Iterable[SectionResult]) -> Iterator[Value | None]:
    """Every line's NS and EW figure, read board by board at C speed (`map`): a big event
    has 52,000 of them, most whole numbers that `decimals` passes over."""
    for section in sections:
        for board in section.boards:
            yield from map(_NS, board.lines)
            yield from map(_EW, board.lines)


def _shown(values: Iterable[Value | None], halved: bool) -> Iterable[Value | None]:
    """The values as shown, for their decimals: halved on the 1/½ scale."""
    return _halved(values) if halved else values


def _halved(values: Iterable[Value | None]) -> Iterator[Value | None]:
    """Each value halved, for its decimals. An odd whole number halved (5 -> 2.5) needs the
    decimals ½ needs, so ½ is given for the first of them, rather than a Fraction made and
    rounded for each of a big event's lines."""
    odd = False
    for value in values:
        if type(value) is int:
            if value & 1 and not odd:
                odd = True
                yield HALF
        elif isinstance(value, Fraction):
            yield value / 2
