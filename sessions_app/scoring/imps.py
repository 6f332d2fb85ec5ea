"""IMP pairs: the IMP scale (Law 78B), cross-IMPs and Butler.

- **Cross-IMPs**: each result is IMPed against every other result of its board, and the line
  scores the average per comparison: Σ_{j≠i} IMP(s_i − s_j) / (n − 1).
  Example (docs/rules.md §9.9): NS 620, 170, 140, 140, −100 → 10.50, −0.25, −1.25, −1.25, −7.75.
- **Butler**: the datum is the mean NS score after discarding the highest and lowest results
  (how many is a setting: none, 1, 2 or 3, 5% or 10% at each end, or the median), rounded to
  the nearest 10; each result scores IMP(s − datum).
  Example (docs/rules.md §9.10, one discarded at each end): NS −650, −170, −1440, +100, −170, −200
  → datum −300 → −8, +4, −15, +9, +4, +3. With two at each end (§8.3) the mean of −200, −170
  is −185 → datum −190; with the median (the same two middle results) also −190.

Both work on a board's frequency table (score → weight), like matchpoints, so split and
weighted scores enter with their weights, and cross-IMPs cost O(k²) in the k distinct scores,
not the n results.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from .event import ButlerDiscard, Method
from .lines import Line, components

# Law 78B: the lower bound of each IMP band; a difference of 4000 or more is 24 IMPs.
_BANDS = (
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
)

Weight = int | Fraction
LineValue = Callable[[int, Line], Fraction]  # the IMPs of a score of a line


def imps(difference: int | Fraction) -> int:
    """IMPs for a difference in points (Law 78B), signed: 40 → 1, 50 → 2, −430 → −10.

    A fractional difference (a Butler datum is a whole number of tens, but a weighted score
    need not be) falls in the band of its whole part."""
    size = math.floor(difference if difference >= 0 else -difference)
    value = bisect_left(_BANDS, size + 1)
    return value if difference >= 0 else -value


def cross_imps(table: Mapping[int, Weight]) -> dict[int, Fraction]:
    """For each distinct NS score, its IMPs against every other result, summed (not averaged):
    Σ_t weight(t)·IMP(s − t), where the result itself adds IMP(0) = 0."""
    return {s: Fraction(sum(w * imps(s - t) for t, w in table.items())) for s in table}


def discard_count(results: int, discard: ButlerDiscard) -> int:
    """How many results a Butler datum drops at each end: a number ("0" to "3"), a
    percentage ("5%", "10%"), "1to1" (Ruter's `Butler-2`) or "median" (all but the middle
    one or two).

    A percentage of n is rounded half up (5% of 30 results is 2 at each end: 1.5 → 2), and
    nothing is dropped when fewer than 2 results would remain — except for "median", which
    keeps the middle result of an odd number and the middle two of an even number, so that
    their mean is the median: 7 results → 3 at each end; 6 → 2 at each end; and "1to1", the
    highest and the lowest left out as long as one result remains: 3 results → 1 at each
    end, the middle one is the datum (where "1" keeps all three); 2 results → none.
    """
    if discard == "median":
        return (results - 1) // 2
    if discard == "1to1":
        return 1 if results >= 3 else 0
    if discard.endswith("%"):
        count = math.floor(Fraction(discard[:-1]) * results / 100 + Fraction(1, 2))
    else:
        count = int(discard)
    return count if results - 2 * count >= 2 else 0


def butler_datum(scores: Sequence[Fraction | int], discard: ButlerDiscard = "1") -> int:
    """The mean NS score after discarding `discard` results at each end, to the nearest 10
    (a half-way mean, ...5, rounds away from zero)."""
    ordered = sorted(scores)
    count = discard_count(len(ordered), discard)
    kept = ordered[count : len(ordered) - count] if count else ordered
    mean = Fraction(sum(kept)) / len(kept)
    tens = math.floor(abs(mean) / 10 + Fraction(1, 2))
    return int(math.copysign(tens * 10, mean)) if tens else 0


def score_real_lines_imps(
    lines: Sequence[Line], method: Method, discard: ButlerDiscard = "1"
) -> tuple[dict[int, tuple[Fraction, Fraction]], dict[int, int]]:
    """(NS, EW) IMPs of every real line, keyed by its position in `lines`, and the Butler
    datum of each fouled-board group (empty for cross-IMPs). Lines of different groups are
    compared only within their group (Law 87), each group with a datum of its own."""
    groups: dict[int, list[tuple[int, Line]]] = {}
    for index, line in enumerate(lines):
        if line.is_real:
            groups.setdefault(line.group, []).append((index, line))
    scored: dict[int, tuple[Fraction, Fraction]] = {}
    datums: dict[int, int] = {}
    for group, members in groups.items():
        value: LineValue
        if method == "butler":
            datum = butler_datum([_table_score(line) for _, line in members], discard)
            datums[group] = datum

            def value(score: int, line: Line, datum: int = datum) -> Fraction:
                return Fraction(imps(score - datum))

        else:
            value = _cross_imps_of(members)
        for index, line in members:
            ns = sum(
                (Fraction(w) * value(s, line) for w, s in components(line.ns_award)), Fraction(0)
            )
            ew = -sum(
                (Fraction(w) * value(s, line) for w, s in components(line.ew_award)), Fraction(0)
            )
            scored[index] = (ns, ew)
    return scored, datums


def _cross_imps_of(members: list[tuple[int, Line]]) -> LineValue:
    """A function giving the cross-IMPs of a score of one line against the other results,
    averaged per comparison. The board's table holds every line's entries; a line's own
    entries are taken out again (nothing to take for a plain result: IMP(s − s) = 0)."""
    table: dict[int, Fraction] = {}
    for _, line in members:
        for score, weight in _entries(line):
            table[score] = table.get(score, 0) + weight
    totals = cross_imps(table)
    comparisons = len(members) - 1

    def value(score: int, line: Line) -> Fraction:
        if not comparisons:
            return Fraction(0)
        against_self = sum(weight * imps(score - own) for own, weight in _entries(line))
        return (totals[score] - against_self) / comparisons

    return value


def _entries(line: Line) -> list[tuple[int, Fraction]]:
    """A line's (score, weight) entries in the board's table: split lines half each side."""
    ns_award, ew_award = components(line.ns_award), components(line.ew_award)
    if ns_award == ew_award:
        return [(score, Fraction(weight)) for weight, score in ns_award]
    return [(score, Fraction(weight) / 2) for weight, score in (*ns_award, *ew_award)]


def _table_score(line: Line) -> Fraction:
    """The score a line puts into a Butler datum: its weighted mean (both sides of a split)."""
    return sum((score * weight for score, weight in _entries(line)), Fraction(0))
