"""Ruter's matchpoints (`Scoring "...;MP1"`): +1 a comparison won, −1 a comparison lost, 0 a
tie, read onto the 1/½ scale so that they are compared with clubscorer's own.

A line compared with c other results, won w, lost l and tied t of them (w + l + t = c), is
published as v = w − l; on the 1/½ scale it has w + t/2 = (v + c) / 2.
Example: 7 results; a line that beat 4, tied 1 and lost to 1 is published +3; (3 + 6) / 2 =
4.5 = 4 + ½. A pair's total converts the same way, c being the comparisons of all its lines.

Which scale a file uses is read from its figures, not its `Scoring` tag (Magic Contest writes
`MatchPoints;MP1` over 2/1 matchpoints): ±1 values add up to 0 on every line (NS +3, EW −3),
where matchpoints on the 2/1 and 1/½ scales add up to the board's top.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ..records import PublishedLine, PublishedTotal, TravellerRow


def plus_minus(lines: Sequence[PublishedLine]) -> bool:
    """Whether a file's matchpoints count ±1 a comparison: NS's and EW's add up to 0 on every
    line that has both, and some line has other than 0 (when every result of every board tied,
    each line has 0 and 0 on the ±1 scale, and the top on the others: nothing to tell)."""
    pairs = [
        (line.values["mp_ns"], line.values["mp_ew"])
        for line in lines
        if "mp_ns" in line.values and "mp_ew" in line.values
    ]
    return bool(pairs) and all(ns + ew == 0 for ns, ew in pairs) and any(ns for ns, _ in pairs)


def converted(
    rows: Sequence[TravellerRow], lines: Sequence[PublishedLine], totals: Sequence[PublishedTotal]
) -> tuple[list[PublishedLine], list[PublishedTotal]]:
    """The published lines and totals with ±1 matchpoints put on the 1/½ scale; as they are
    when the file's matchpoints are on another scale."""
    if not plus_minus(lines):
        return list(lines), list(totals)
    compared = Counter((row.section, row.board) for row in rows if _compared(row))
    played: dict[tuple[str, str], int] = Counter()  # a pair's comparisons, over its lines
    for row in rows:
        if _compared(row):
            others = compared[(row.section, row.board)] - 1
            played[(row.section, row.ns)] += others
            played[(row.section, row.ew)] += others
    new_lines = []
    for line in lines:
        others = compared[(line.section, line.board)] - 1
        values = {
            name: (value + others) / 2 if name in ("mp_ns", "mp_ew") else value
            for name, value in line.values.items()
        }
        new_lines.append(replace(line, values=values))
    new_totals = [
        replace(
            total,
            values={
                name: (value + played[(total.section, total.pair)]) / 2 if name == "mp" else value
                for name, value in total.values.items()
            },
        )
        for total in totals
    ]
    return new_lines, new_totals


def _compared(row: TravellerRow) -> bool:
    """Whether a line is compared with the others of its board: a result, not an artificial
    score or a board not played."""
    outcome = row.ruling.outcome
    return row.ruling.kind == "weighted" or (outcome is not None and outcome.kind == "played")
