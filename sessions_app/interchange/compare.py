"""Compare what a file published with what clubscorer computes from the same travellers.

A value agrees when clubscorer's exact value, rounded to as many decimals as the file wrote,
is the file's value — within half a unit of its last decimal, so a file that rounds half-way
cases down still agrees. Example: the file says MP_NS `8.3` (1 decimal); clubscorer has 25/3 =
8.333... -> agrees; the file says `8.4` -> a difference "8.4 in the file, 8.33 here".

Matchpoints are compared on the 2/1 or the 1/½ scale; `likely_scale` picks the one on which
the file agrees best, since a file rarely says which it used. IMPs (a line's, a pair's total, a
Butler datum) are compared as they are; `likely_discard` picks the Butler datum setting (how
many results are left out at each end) on which the file agrees best, since no file says it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from ..scoring import EventInput, score_session
from ..scoring.display import text
from ..scoring.event import ButlerDiscard, Scale
from ..scoring.results import ScoredLine, SessionResults, Value
from .records import PublishedDatum, PublishedLine, PublishedTotal

LINE_VALUES = {
    "mp_ns": "NS matchpoints",
    "mp_ew": "EW matchpoints",
    "pct_ns": "NS percentage",
    "pct_ew": "EW percentage",
    "imp_ns": "NS IMPs",
    "imp_ew": "EW IMPs",
}
TOTAL_VALUES = {"mp": "total matchpoints", "pct": "percentage", "imps": "total IMPs"}
SCALES: tuple[Scale, ...] = ("2/1", "1/0.5")
DISCARDS: tuple[ButlerDiscard, ...] = ("1", "0", "2", "3", "5%", "10%", "median")  # usual first


@dataclass(frozen=True, slots=True)
class Difference:
    """One value on which the file and clubscorer disagree."""

    line: int  # in the file; 0 when the file has no such line
    where: str  # "board 1, 3 v 11" or "pair 3"
    what: str  # "NS matchpoints", "line" ...
    theirs: str
    ours: str

    def __str__(self) -> str:
        prefix = f"line {self.line}: " if self.line else ""
        return f"{prefix}{self.where}: {self.what} {self.theirs} in the file, {self.ours} here"


def agrees(theirs: Decimal, ours: Value | None) -> bool:
    """Whether `ours` (exact) rounds to `theirs` (as written). Example: 8.3 and 25/3 agree."""
    if ours is None:
        return False
    scale: int = 10 ** max(0, -int(theirs.as_tuple().exponent))
    units = int(theirs * scale)  # exact: theirs has no more decimals than that
    numerator, denominator = (ours, 1) if isinstance(ours, int) else ours.as_integer_ratio()
    # |units/scale - n/d| <= 1/(2 scale), in integers (a big event compares 100,000 values)
    return abs(2 * units * denominator - 2 * scale * numerator) <= denominator


def compare(
    results: SessionResults,
    lines: Iterable[PublishedLine],
    totals: Iterable[PublishedTotal] = (),
    scale: str | None = None,
    datums: Iterable[PublishedDatum] = (),
) -> list[Difference]:
    """Every published value clubscorer does not reproduce, in the file's order (Butler datums
    last); matchpoints on `scale` (default: the session's)."""
    scale = scale or results.scale
    several = len(results.sections) > 1 or any(s.name != "A" for s in results.sections)
    ours = _our_lines(results)
    differences = []
    compared: set[tuple[str, int]] = set()
    seen: set[tuple[str, int, str, str]] = set()
    for published in lines:
        key = (published.section, published.board, published.ns, published.ew)
        compared.add((published.section, published.board))
        seen.add(key)
        where = _where(published.section, several) + (
            f"board {published.board}, {published.ns} v {published.ew}"
        )
        scored = ours.get(key)
        if scored is None:
            differences.append(Difference(published.line, where, "line", "played", "not played"))
            continue
        for name, theirs in published.values.items():
            value = _line_value(scored, name, scale)
            if not agrees(theirs, value):
                differences.append(
                    Difference(published.line, where, LINE_VALUES[name], str(theirs), _ours(value))
                )
    for key in ours:
        if key[:2] in compared and key not in seen:
            where = _where(key[0], several) + f"board {key[1]}, {key[2]} v {key[3]}"
            differences.append(Difference(0, where, "line", "missing", "played"))
    for total in totals:
        score = results.scores.get((total.section, total.pair))
        where = _where(total.section, several) + f"pair {total.pair}"
        for name, theirs in total.values.items():
            if score is None:
                value = None
            elif name == "mp":
                value = _scaled(score.points, scale)
            elif name == "imps":
                value = score.points
            else:
                value = score.percentage
            if not agrees(theirs, value):
                differences.append(
                    Difference(total.line, where, TOTAL_VALUES[name], str(theirs), _ours(value))
                )
    for datum in datums:
        section = results.section(datum.section)
        board = section.board(datum.board) if section else None
        value = board.datum if board else None
        if not agrees(datum.value, value):
            where = _where(datum.section, several) + f"board {datum.board}"
            differences.append(
                Difference(datum.line, where, "datum", str(datum.value), _ours(value))
            )
    return differences


def likely_scale(
    results: SessionResults, lines: list[PublishedLine], totals: list[PublishedTotal]
) -> str:
    """The matchpoint scale on which the file agrees best with clubscorer (2/1 on a tie),
    judged on its first 500 lines with values and 100 totals: plenty to tell 2/1 from 1/½."""
    lines = [line for line in lines if line.values][:500]
    counts = [len(compare(results, lines, totals[:100], scale)) for scale in SCALES]
    return SCALES[counts.index(min(counts))]


def likely_discard(
    event: EventInput,
    lines: list[PublishedLine],
    totals: list[PublishedTotal],
    datums: Iterable[PublishedDatum] = (),
) -> tuple[ButlerDiscard, SessionResults]:
    """The Butler datum setting ("1", "0", "5%", "10%" results left out at each end) on which
    the file's IMPs and datums agree best with clubscorer's ("1" on a tie), judged like
    `likely_scale`: the session is scored once for each setting; with the session scored on
    it."""
    lines = [line for line in lines if line.values][:500]
    datums = list(datums)[:500]
    scored = []
    for discard in DISCARDS:
        settings = replace(event.settings, method="butler", butler_discard=discard)
        results = score_session(replace(event, settings=settings))
        scored.append((len(compare(results, lines, totals[:100], datums=datums)), discard, results))
    best = min(scored, key=lambda entry: entry[0])  # the first of the best: "1" on a tie
    return best[1], best[2]


def _our_lines(results: SessionResults) -> dict[tuple[str, int, str, str], ScoredLine]:
    return {
        (section.name, board.number, scored.line.ns, scored.line.ew): scored
        for section in results.sections
        for board in section.boards
        for scored in board.lines
    }


def _line_value(scored: ScoredLine, name: str, scale: str) -> Value | None:
    if name == "mp_ns":
        return _scaled(scored.points_ns, scale)
    if name == "mp_ew":
        return _scaled(scored.points_ew, scale)
    if name == "imp_ns":
        return scored.points_ns  # at IMPs the line's IMPs, never scaled
    if name == "imp_ew":
        return scored.points_ew
    return scored.pct_ns if name == "pct_ns" else scored.pct_ew


def _scaled(value: Value | None, scale: str) -> Value | None:
    if value is None:
        return None
    return Fraction(value, 2) if scale == "1/0.5" else value


def _where(section: str, several: bool) -> str:
    return f"section {section}, " if several else ""


def _ours(value: Value | None) -> str:
    return "-" if value is None else text(value)
