"""Matchpoints of the real results on one board (Law 78A), with Neuberg factoring or without.

All values are on the 2/1 scale: 2 for each result beaten, 1 for each tie; top = 2(n-1). The 1/½
scale is exactly half and is applied only for display.

Results are counted in a frequency table (NS score -> weight), so matchpointing is one sort of
the distinct scores: a score s earns 2·W(<s) + W(=s) - 1, where W sums the weights of the table
and the -1 removes the comparison of a result with itself. Weights are 1 for a table result;
a split score puts ½ of the line under each side's score; a weighted score puts each component
under its weight (hermandw.be: NS +480, +450×3½, +420×2, -50×2½, -100 -> 18, 13½, 8, 3½, 0).
A split score at the very bottom or top would come out ½ below 0 or above the top this way; it
is held at the bottom or the top.
Matchpointed twice instead (docs/rules.md §5.8), a board with a split score has two tables: the
NS awards, which score every NS side, and the EW awards, which score every EW side (hermandw.be:
the split NS pair gets 4 among 480, 450×3, 420×2, -50×3, -100, its EW pair 18 - 13 = 5).

A board of table results only (the common case) is scored by distinct score: each distinct
score is matchpointed and factored once, and its lines share the result (`score_outcomes`).

Example (docs/rules.md §9.1): NS 420, 430, 500, 420, 450, -50, 170 -> 5, 8, 12, 5, 10, 0, 2.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import overload

from .awards import Components, Weight
from .event import SplitScores
from .lines import Line

Value = int | Fraction
_Real = tuple[int, Components, Components]  # a real line: its position, its NS and EW awards


@overload
def frequency_matchpoints(table: Mapping[int, int]) -> Mapping[int, int]: ...
@overload
def frequency_matchpoints(table: Mapping[int, Weight]) -> Mapping[int, Value]: ...
def frequency_matchpoints(table: Mapping[int, Weight]) -> Mapping[int, Value]:
    """NS matchpoints of each distinct score in a frequency table, by one sort.

    Example: {420: 2, 430: 1, 500: 1, 450: 1, -50: 1, 170: 1} -> 420 earns 2·2 + 2 - 1 = 5
    (it beats -50 and 170, ties the other 420).
    """
    matchpoints: dict[int, Value] = {}
    below: Weight = 0
    for score in sorted(table):
        weight = table[score]
        matchpoints[score] = 2 * below + weight - 1
        below += weight
    return matchpoints


def matchpoints(ns_scores: Sequence[int]) -> list[int]:
    """NS matchpoints on the 2/1 scale for plain table results; EW gets top minus NS.

    Example (seed traveller, board 1): [420, 430, 500, 420, 450, -50, 170]
    -> [5, 8, 12, 5, 10, 0, 2]; top = 2·(7-1) = 12.
    """
    table: dict[int, int] = defaultdict(int)
    for score in ns_scores:
        table[score] += 1
    values = frequency_matchpoints(table)
    return [values[score] for score in ns_scores]


def neuberg(mp: Value, actual: Weight, expected: int) -> Value:
    """Factor matchpoints earned among `actual` results to a board played `expected` times.

    M' = (M + 1)·E/A - 1, on a top of 2(E-1) (EBU, WBF). Example (docs/rules.md §9.5): 10 results
    where 11 expected, the top result has M = 18 -> 19·11/10 - 1 = 19.9.
    """
    if actual == expected:
        return mp
    return Fraction((mp + 1) * expected - actual, actual)  # in whole numbers: one division


def small_group_matchpoints(mp: Value, actual: int, expected: int) -> Value | None:
    """EBU White Book 4.2.3.3: a fouled-board group of 2 or 3 results, at most a third of E.

    Such a group is not factored with Neuberg: it scores 60% + (M - (A-1))·5% of the full top,
    so a group of two gets 65% / 55% and a group of three 70% / 60% / 50% (the pairs are
    compensated for the lack of a proper comparison: the two sides add up to 120%).
    Returns None when the rule does not apply.
    """
    if actual not in (2, 3) or expected < 3 * actual:
        return None
    percent = 60 + 5 * (mp - (actual - 1))
    return Fraction(percent, 100) * 2 * (expected - 1)


Outcomes = tuple[list[int | None], dict[int, tuple[Value, Value]]]


def score_outcomes(
    lines: Sequence[Line],
    expected: int,
    *,
    small_groups: bool = False,
    split: SplitScores = "half",
    factored: bool = True,
) -> Outcomes:
    """The (NS, EW) matchpoints of every real line of a board, factored to E: a key for each
    line (None for a line that is not real) and the matchpoints of each key.

    When every line is a table result of one group (the common case), the key is the line's NS
    score, so each distinct score is matchpointed and factored once however many tables had it
    (1,000 tables, a dozen distinct scores: a dozen Neuberg fractions, not 2,000); otherwise the
    key is the line's position. Lines of different fouled-board groups are compared only within
    their group, and each group is factored from its own size to E (docs/rules.md §9.6: 7 of 10
    expected, 12 -> 13·10/7 - 1). With `small_groups`, tiny groups of a fouled board follow
    `small_group_matchpoints`. With `split` "twice", a split score is matchpointed twice (§5.8)
    instead of at half weight (§5.4). Not `factored` (§4.5): each group keeps the matchpoints
    earned among itself, on its own top.
    """
    scores = _plain_scores(lines)
    if scores is not None:
        return list(scores), _plain_outcomes(scores, expected, factored)
    scored: dict[int, tuple[Value, Value]] = {}
    groups = _groups(lines)
    fouled = len(groups) > 1
    for members in groups.values():
        values = _score_group(members, split)
        actual = len(members)
        tiny = small_groups and fouled and factored
        if not factored or (actual == expected and not tiny):
            scored.update(values)
            continue
        for index, (ns, ew) in values.items():
            scored[index] = (
                _factor(ns, actual, expected, tiny),
                _factor(ew, actual, expected, tiny),
            )
    return by_position(scored, len(lines))


def by_position(scored: Mapping[int, tuple[Value, Value]], count: int) -> Outcomes:
    """Points keyed by position as Outcomes: each of `count` lines keyed
    by its position, or None when it has no points (not real)."""
    return [index if index in scored else None for index in range(count)], dict(scored)


def _plain_scores(lines: Sequence[Line]) -> list[int] | None:
    """The NS score of each line when every one is a table result (or a plain assigned score:
    one score for both sides, weight 1) of group 0; None when any is not. (One comprehension,
    not a loop: it runs for every line of a session, 26,000 times for a big event.)"""
    scores = [
        award[0][1]
        for line in lines
        if (award := line.ns_award) is line.ew_award
        and type(award) is tuple  # an Artificial, or None (not played), is no table result
        and len(award) == 1
        and award[0][0] == 1
        and not line.group
    ]
    return scores if len(scores) == len(lines) else None


def _plain_outcomes(
    scores: list[int], expected: int, factored: bool
) -> dict[int, tuple[Value, Value]]:
    """(NS, EW) matchpoints of each distinct score among `scores`, table results of one group:
    NS gets `frequency_matchpoints`, EW the rest of the top, both Neuberg-factored to E.
    Example: 420, 420, 170 of 4 expected -> 420: (3, 1), 170: (0, 4) among 3, factored
    (M + 1)·4/3 - 1 -> 420: (13/3, 5/3), 170: (1/3, 17/3) on the top 6."""
    actual = len(scores)
    top = 2 * (actual - 1)
    outcomes: dict[int, tuple[Value, Value]] = {}
    for score, ns in frequency_matchpoints(Counter(scores)).items():
        if factored and actual != expected:
            outcomes[score] = (neuberg(ns, actual, expected), neuberg(top - ns, actual, expected))
        else:
            outcomes[score] = (ns, top - ns)
    return outcomes


def group_tops(lines: Iterable[Line]) -> dict[int, int]:
    """The top of each real line among the results of its own group, 2(A-1), by position:
    the top of an unfactored line (docs/rules.md §4.5). Example: a fouled board's group of 3
    and group of 7 -> 4 for the lines of the first, 12 for those of the second."""
    return {
        index: 2 * (len(members) - 1)
        for members in _groups(lines).values()
        for index, _, _ in members
    }


def _groups(lines: Iterable[Line]) -> dict[int, list[_Real]]:
    groups: dict[int, list[_Real]] = defaultdict(list)
    for index, line in enumerate(lines):
        ns_award, ew_award = line.ns_award, line.ew_award
        if isinstance(ns_award, tuple) and isinstance(ew_award, tuple):  # line.is_real
            groups[line.group].append((index, ns_award, ew_award))
    return groups


def _score_group(members: list[_Real], split: SplitScores) -> dict[int, tuple[Value, Value]]:
    """The lines of one group matchpointed among themselves, on the top 2(A-1)."""
    twice = split == "twice" and any(ns != ew for _, ns, ew in members)
    if twice:  # the NS side of every line against the NS scores, the EW side against the EW
        ns_values = frequency_matchpoints(_table([ns for _, ns, _ in members]))
        ew_values = frequency_matchpoints(_table([ew for _, _, ew in members]))
    else:
        table: dict[int, Weight] = defaultdict(int)
        for _, ns_award, ew_award in members:
            if ns_award is ew_award or ns_award == ew_award:
                for weight, score in ns_award:
                    table[score] += weight
            else:  # split score: half of the line under each side's score
                for award in (ns_award, ew_award):
                    for weight, score in award:
                        table[score] += Fraction(weight) / 2
        ns_values = ew_values = frequency_matchpoints(table)
    top = 2 * (len(members) - 1)
    scored: dict[int, tuple[Value, Value]] = {}
    for index, ns_award, ew_award in members:
        if ns_award is ew_award and len(ns_award) == 1 and not twice:
            weight, score = ns_award[0]
            ns = weight * ns_values[score]
            ew = weight * top - ns
        else:
            ns = sum(w * ns_values[s] for w, s in ns_award)
            ew = sum(w * (top - ew_values[s]) for w, s in ew_award)
            if ns_award != ew_award and not twice:  # half-weights can overshoot by ½
                ns, ew = min(max(ns, 0), top), min(max(ew, 0), top)
        scored[index] = (ns, ew)
    return scored


def _table(awards: list[Components]) -> dict[int, Weight]:
    table: dict[int, Weight] = defaultdict(int)
    for award in awards:
        for weight, score in award:
            table[score] += weight
    return table


def _factor(mp: Value, actual: int, expected: int, small_groups: bool) -> Value:
    if small_groups:
        fixed = small_group_matchpoints(mp, actual, expected)
        if fixed is not None:
            return fixed
    return neuberg(mp, actual, expected)
