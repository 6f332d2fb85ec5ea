"""Each pair's total, top and boards, added up board by board, and its score from them.

A pair's percentage is its points over the tops of the boards it has a score on (docs/rules.md
§3.3). Two tops are kept for each pair: `top`, the tops its points were earned on, and `full`,
the tops of the same boards played E times. They differ only when boards played fewer times are
not factored (§4.5); the pair's total is then shown scaled to the full tops:
total × full / top, so that total / full is still its percentage. Example: 25 matchpoints earned
on tops 10 + 10 + 12 = 32 (two boards played 6 times where 7 were expected, top 12) -> 78.13%,
shown as 25 × 36/32 = 28.13 of 36.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from operator import attrgetter
from typing import cast

from .event import SectionEntry, Settings
from .lines import Line
from .matchpoints import Value
from .results import PairScore, ScoredLine, percentage

PairKey = tuple[str, str]  # (section, label)
_NS, _EW = attrgetter("ns"), attrgetter("ew")


@dataclass(slots=True)
class Total:
    """A pair's points (matchpoints or IMPs), the tops they were earned on, the full tops of
    the same boards, and its boards."""

    points: Value
    top: int
    boards: int
    full: int

    def add(self, points: Value, top: int, full: int) -> None:
        self.points += points
        self.top += top
        self.full += full
        self.boards += 1


Totals = dict[PairKey, Total]
# what `real_totals` adds up for one traveller: its section, its lines, the key of each line and
# the (NS, EW) points of each key (matchpoints.py `score_outcomes`), the top of each real line
# (None: all on the full top) and the full top
Scored = tuple[
    str, Sequence[Line], list[int | None], dict[int, tuple[Value, Value]], list[int] | None, int
]


def real_totals(travellers: Iterable[Scored]) -> Totals:
    """Each pair's points, tops and boards on its real results, added up in integers.

    Points are exact: a Neuberg-factored board scores in fractions of 1/A (A its results).
    They are added up as whole numbers of 1/D, D the least common multiple of the
    denominators of every distinct value in the session, and made a fraction once a pair.
    Boards and tops are counted: a pair's top is the sum over the tops its lines were scored
    on of the number of its lines on each. Example: 13/3 and 5/2 on tops 10 and 12 -> D = 6:
    26 + 15 = 41 sixths -> 41/6 on a top of 22 in 2 boards.
    """
    travellers = list(travellers)
    denominator = 1
    for _, _, _, outcomes, _, _ in travellers:
        for ns, ew in outcomes.values():
            denominator = lcm(denominator, ns.denominator, ew.denominator)
    points: dict[str, defaultdict[str, int]] = defaultdict(lambda: defaultdict(int))  # in 1/D
    counts: dict[tuple[str, int, int], Counter[str]] = defaultdict(Counter)  # lines a top
    for section, lines, keys, outcomes, tops, full in travellers:
        if None in keys:  # leave out the lines that are not real
            real = [index for index, key in enumerate(keys) if key is not None]
            lines, keys = [lines[i] for i in real], [keys[i] for i in real]
            tops = [tops[i] for i in real] if tops is not None else None
        whole = {
            key: (_whole(ns, denominator), _whole(ew, denominator))
            for key, (ns, ew) in outcomes.items()
        }
        added = points[section]
        values = map(whole.__getitem__, cast(list[int], keys))  # only real lines now
        for line, (ns, ew) in zip(lines, values, strict=True):
            added[line.ns] += ns
            added[line.ew] += ew
        if tops is None:
            counted = counts[(section, full, full)]
            counted.update(map(_NS, lines))
            counted.update(map(_EW, lines))
            continue
        for line, top in zip(lines, tops, strict=True):
            counts[(section, top, full)].update((line.ns, line.ew))
    totals = {
        (section, label): Total(_exact(value, denominator), 0, 0, 0)
        for section, added in points.items()
        for label, value in added.items()
    }
    for (section, top, full), counted in counts.items():
        for label, boards in counted.items():
            total = totals[(section, label)]
            total.boards += boards
            total.top += boards * top
            total.full += boards * full
    return totals


def _whole(value: Value, denominator: int) -> int:
    """`value` in whole 1/`denominator`ths (`denominator` a multiple of its denominator)."""
    return value.numerator * (denominator // value.denominator)


def _exact(points: int, denominator: int) -> Value:
    """`points` 1/`denominator`ths exactly: an int when whole (41/6 -> Fraction(41, 6))."""
    whole, rest = divmod(points, denominator)
    return Fraction(points, denominator) if rest else whole  # no Fraction made for a whole


def add_points(totals: Totals, key: PairKey, points: Value, top: int, full: int) -> None:
    """Count one board's points into the pair's total."""
    total = totals.get(key)
    if total is None:
        totals[key] = Total(points, top, 1, full)
    else:
        total.add(points, top, full)


def add_artificial(totals: Totals, lines: list[tuple[str, ScoredLine]]) -> None:
    """Count artificial scores into the pairs' totals, once all of them have been valued; an
    artificial score is a percentage of the board's full top (§5.1)."""
    for section, scored in lines:
        sides = ((scored.line.ns, scored.points_ns), (scored.line.ew, scored.points_ew))
        for label, points in sides:
            if points is not None:
                add_points(totals, (section, label), points, scored.top, scored.top)


def pair_scores(
    sections: Iterable[SectionEntry],
    totals: Totals,
    settings: Settings,
    not_real: list[tuple[str, ScoredLine]],
) -> dict[PairKey, PairScore]:
    """Every pair's score: those that played from their totals, the others with nothing (the
    pairs of the sections, and those of the lines that are `not_real` with no award).

    Places go by percentage at matchpoints, and by total IMPs at IMPs; with `imp_totals`
    "scaled", a pair that played fewer boards is ranked on its total scaled up to the most
    boards any pair of its section played (12 IMPs in 20 boards of 24 -> 14.4). With
    `scaled_totals`, each pair's matchpoint total is also given scaled to the full number of
    boards (§6.5): its percentage of the largest top of any pair of its section."""
    most: dict[str, int] = defaultdict(int)
    for (section_name, _), total in totals.items():
        most[section_name] = max(most[section_name], total.boards)
    scores = {}
    for key, total in totals.items():
        exact = percentage(total.points, total.top)
        points: Value = total.points
        if total.full != total.top and total.top:  # unfactored: the total scaled (§4.5)
            points = Fraction(points) * total.full / total.top
        if settings.method == "mp":
            rank_key = exact
        elif settings.imp_totals == "scaled" and total.boards:
            rank_key = Fraction(points) * most[key[0]] / total.boards
        else:
            rank_key = Fraction(points)
        scores[key] = PairScore(key[0], key[1], points, total.full, total.boards, exact, rank_key)
    if settings.scaled_totals and settings.method == "mp":
        _scale_to_full(scores)
    for section in sections:
        labels = [pair.label for pair in section.pairs]
        for name, scored in not_real:  # pairs whose every line was "not played"
            if name == section.name:  # (or that were a phantom, docs/rules.md §5.9)
                line = scored.line
                labels += [
                    label
                    for label, award in ((line.ns, line.ns_award), (line.ew, line.ew_award))
                    if award is None
                ]
        for label in labels:
            if (section.name, label) not in scores:
                scores[(section.name, label)] = PairScore(section.name, label, 0, 0, 0, None)
    return scores


def _scale_to_full(scores: dict[PairKey, PairScore]) -> None:
    """Each pair's total as if it had played the boards of the pair with the largest top in
    its section (ACBL "score"): 54.17% where the largest top is 288 -> 156."""
    full: dict[str, Value] = defaultdict(int)
    for (section, _), score in scores.items():
        full[section] = max(full[section], score.top)
    for key, score in scores.items():
        if score.percentage is not None:
            scores[key] = score._replace(scaled=score.percentage * full[key[0]] / 100)
