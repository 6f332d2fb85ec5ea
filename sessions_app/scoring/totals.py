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

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from .event import SectionEntry, Settings
from .matchpoints import Value
from .results import PairScore, ScoredLine, percentage

PairKey = tuple[str, str]  # (section, label)


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
    sections: Iterable[SectionEntry], totals: Totals, settings: Settings
) -> dict[PairKey, PairScore]:
    """Every pair's score: those that played from their totals, the others with nothing.

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
        for pair in section.pairs:
            key = (section.name, pair.label)
            scores.setdefault(key, PairScore(section.name, pair.label, 0, 0, 0, None))
        for traveller in section.travellers:  # pairs whose every line was "not played"
            for line in traveller.lines:
                if line.is_not_played:
                    for label in (line.ns, line.ew):
                        scores.setdefault(
                            (section.name, label), PairScore(section.name, label, 0, 0, 0, None)
                        )
    return scores


def _scale_to_full(scores: dict[PairKey, PairScore]) -> None:
    """Each pair's total as if it had played the boards of the pair with the largest top in
    its section (ACBL "score"): 54.17% where the largest top is 288 -> 156."""
    full: dict[str, Value] = defaultdict(int)
    for (section, _), score in scores.items():
        full[section] = max(full[section], score.top)
    for key, score in scores.items():
        if score.percentage is not None:
            scores[key] = replace(score, scaled=score.percentage * full[key[0]] / 100)
