"""The ACBL's masterpoints for a regular club game (black points), behind `base.Body`.

Why each rule, with a worked example (sources: the ACBL Handbook, Chapter 4, "I. Calculating
the awards", https://www.acbl.org/about-acbl/administration/acbl-handbook/i-calculating-the-awards/;
the published results read in tests/scoring/masterpoints/test_acbl.py):

- **Comparison groups.** A regular club game awards by comparison group: each direction of
  a Mitchell, the whole field of a Howell (one ranking here, `Entrant.ranking`). The group
  counts its pairs with a half table as a full one: 7½ Mitchell tables are 8 pairs a
  direction, a 5½-table Howell 11 pairs. Teams and individuals count the entrants ranked.
- **First place** earns a fixed amount a contestant (`acbl_charts.CHARTS`), capped: an open
  group of 11 pairs -> 11 x 0.10 = 1.10; of 20 pairs -> 2.00, capped at 1.50.
- **Later places** earn 70%, 50%, 35%, then 1/5, 1/6 ... of first, to 40% of the group: 11
  pairs -> 4.4 -> 4 places, 1.10 / 0.77 / 0.55 / 0.385.
- **Ties share** the awards of the places they fill, those past the depth earning nothing:
  first and second tied of 11 -> (1.10 + 0.77) / 2 = 0.935 -> 0.94 each. Awards are
  rounded to the hundredth, .5 up, once shared.
- **Strata.** A stratified game (`Game.strata`, each letter with its masterpoint limit) ranks
  each group again for every lower stratum, among the entrants of that stratum or lower,
  in the order of the full ranking; that ranking's first place earns the limited-game rate
  of the stratum's limit (0.07 for 0-200, 0.06 for 0-100). A stratum ranks only when the
  game holds at least five entrants of it or lower. An entrant placed in several strata
  earns the largest of its awards, not their sum: 4th of 11 in A (0.385) and 1st of 6 in a
  0-200 B (6 x 0.07 = 0.42) -> 0.42.
- **Colour.** Every award of a regular club game is black.

Left out (no published rule found): overall awards across sections of a regular game, and
the special games (club championships, charity and ACBL-wide games, STaCs, NAP/GNT club
qualifiers) whose awards follow the ACBL's general formula.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from ..message import gettext_noop
from .acbl_charts import (
    CHARTS,
    LOWEST_STRATUM_CONTESTANTS,
    Chart,
    depth,
    limited_rate,
    place_share,
)
from .base import Award, AwardRefused, Entrant, Game

name = "ACBL"
unit = gettext_noop("masterpoints")
scales: Mapping[str, str] = {code: chart.words for code, chart in CHARTS.items()}


def award(game: Game, entrants: Sequence[Entrant]) -> list[Award]:
    """The black points of `entrants` ranked in a regular club game, the largest award of
    each over its strata; those who earn none are left out.

    Example: an open 5½-table Howell, strata A (no limit), B (0-200), C (0-50), pairs ranked
    1= (A), 1= (A), 3 (A), 4 (B), 5 (A), 6 (C) ... -> 0.94, 0.94, 0.55, 0.42 (1st in B),
    and 0.29 for the C pair, 2nd among the six of B or lower (0.42 x 70% = 0.294)."""
    chart = CHARTS.get(game.scale)
    if chart is None:
        raise AwardRefused(f"The ACBL module has no club game scale {game.scale!r}.")
    levels = stratum_levels(game, entrants)
    best: dict[int, Fraction] = {}
    for level, limit in enumerate(limit for _, limit in game.strata or (("", 0),)):
        members = [i for i, entrant in enumerate(entrants) if levels[i] >= level]
        if level and len(members) < LOWEST_STRATUM_CONTESTANTS:
            continue
        rate = chart.rate if level == 0 else limited_rate(limit, newcomer=chart.newcomer)
        for ranking in dict.fromkeys(entrants[i].ranking for i in members):
            group = [entrants[i] for i in members if entrants[i].ranking == ranking]
            size = contestants(game, len(group)) if level == 0 else len(group)
            first = capped(rate * size, chart)
            for i in members:
                if entrants[i].ranking == ranking:
                    points = group_award(entrants[i], group, first, depth(size))
                    best[i] = max(best.get(i, Fraction(0)), points)
    awards = []
    for i, entrant in enumerate(entrants):
        rounded = to_cents(best.get(i, Fraction(0)))
        if entrant.eligible and rounded > 0:
            awards.append(Award(entrant.key, rounded, "black"))
    return awards


def stratum_levels(game: Game, entrants: Sequence[Entrant]) -> list[int]:
    """Each entrant's stratum as a level, 0 the highest; all 0 in an unstratified game.

    Example: strata A, B, C and entrants of strata "A", "C" -> [0, 2]."""
    if not game.strata:
        return [0] * len(entrants)
    letters = [letter for letter, _ in game.strata]
    unknown = [entrant.key for entrant in entrants if entrant.stratum not in letters]
    if unknown:
        raise AwardRefused(
            f"Entrants without one of the game's strata ({', '.join(letters)}): "
            + ", ".join(unknown)
        )
    return [letters.index(entrant.stratum) for entrant in entrants]


def contestants(game: Game, ranked: int) -> int:
    """The contestants of one full-field group: pairs from the tables, a half table counted
    whole (Mitchell: a pair a table each way; Howell: two a table); teams and individuals as
    ranked.

    Example: a 7½-table Mitchell -> 8; a 5½-table Howell -> 11."""
    if game.form != "pairs":
        return ranked
    per_table = 2 if game.winners == 1 else 1
    return per_table * game.tables + game.half_tables


def capped(first: Fraction, chart: Chart) -> Fraction:
    """First place's award held to the chart's maximum.

    Example: 20 open pairs -> 2.00, capped at 1.50."""
    return first if chart.maximum is None else min(first, chart.maximum)


def group_award(entrant: Entrant, group: list[Entrant], first: Fraction, places: int) -> Fraction:
    """The award of `entrant` in `group` (the ranking's entrants of this stratum or lower,
    their places from the full ranking), ties sharing the places they fill.

    Example: of 11 open pairs (first 1.10, 4 places), two tied first -> (1.10 + 0.77) / 2."""
    place = 1 + sum(1 for other in group if other.place < entrant.place)
    tied = sum(1 for other in group if other.place == entrant.place)
    filled = range(place, min(place + tied, places + 1))
    return sum((place_share(p) for p in filled), Fraction(0)) * first / tied


def to_cents(points: Fraction) -> Decimal:
    """An exact award rounded to the hundredth, .5 up.

    Example: 187/200 (0.935) -> 0.94."""
    return Decimal(math.floor(points * 100 + Fraction(1, 2))).scaleb(-2)
