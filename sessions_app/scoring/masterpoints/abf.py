"""The Australian Bridge Federation's masterpoints for one club session (docs/rules.md §18).

Why this shape: the ABF prints no award table a club must look up; its Masterpoint Manual
gives the winner's award as a formula of the field's tables and the event's grade weight,
and every other place as a fraction of the winner's. So the award is computed, never read
from a table, and the club only chooses the grade.

The rules, each with a worked example:

- **Grade and colour.** The grade a club chooses gives the weight W and the colour: F
  (supervised play) 0.75 green, E (a normal club session) 1.5 green, D (a club
  championship) 2.0 green, B4c (a special club session) 2.5 red. A 19-table Mitchell at
  grade E gives green points; the same session at B4c red ones.
- **Tables.** T is the field's full tables with a half table counted as one: 9 pairs in a
  Howell are 4½ tables, T = 5.
- **The winner's award** (Manual 3.1.1). Two winners (each direction of a Mitchell ranked
  apart): 0.02·W·T up to 30 tables, W·(1 − e^(−T/32)) above. One winner (a Howell, an
  arrow-switched Mitchell, an individual, a teams session): 0.04·W·T up to 15 tables,
  W·(1 − e^(−T/16)) above. Grade E, 19-table Mitchell: 0.02 × 1.5 × 19 = 0.57 to each
  direction's winner; grade E, 40-table Mitchell: 1.5 × (1 − e^(−1.25)) = 1.0702... -> 1.07.
- **Places awarded** (Manual 4.2.1). Pairs and individuals: the top half of the field,
  rounded down (9 pairs: 4 places). Teams: the top third, rounded up (13 teams: 5 places).
  The field is the entrants one ranking ranks (one direction of a two-winner Mitchell).
- **Down the places** (Manual 4.2.1). Second gets 70% of the winner's award, the n-th
  (n ≥ 3) the winner's divided by n − 1. Winner 0.57: 0.399, 0.285, 0.19, 0.1425, 0.114 ...
- **Rounding.** Each place's award to 0.01, halves up: 0.399 -> 0.40, 0.285 -> 0.29,
  0.1425 -> 0.14, 0.095 -> 0.10 (the 7th of 0.57).
- **Ties** (as Compscore3 shares them; the Manual's tie clause was not at hand). Tied
  entrants share the rounded awards of the places they cover, a place past the last
  awarded counting 0, and each gets the mean rounded to 0.01, halves up. Two tied
  6th of a 0.57 winner: (0.11 + 0.10) / 2 = 0.105 -> 0.11 each; two tied 3rd of a 0.21
  winner in a field of 7 (3 places): (0.11 + 0) / 2 = 0.055 -> 0.06 each.

An entrant that is not eligible still holds its place and gets nothing. Awards are per
player: each player of a pair gets the pair's award.

Not here (AwardRefused): an event of several sessions (the Manual's outright awards, whose
published adjustment for 2 and 3 sessions this module does not have).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal

from ..message import gettext_noop
from .base import Award, AwardRefused, Entrant, Game

name = "ABF"
unit = gettext_noop("masterpoints")
scales: Mapping[str, str] = {
    "F": gettext_noop("Grade F: supervised play (green, weight 0.75)"),
    "E": gettext_noop("Grade E: club session (green, weight 1.5)"),
    "D": gettext_noop("Grade D: club championship (green, weight 2.0)"),
    "B4c": gettext_noop("Grade B4c: special club session (red, weight 2.5)"),
}

GRADE_WEIGHT: dict[str, Decimal] = {
    "F": Decimal("0.75"),
    "E": Decimal("1.5"),
    "D": Decimal("2.0"),
    "B4c": Decimal("2.5"),
}
GRADE_COLOUR: dict[str, str] = {"F": "green", "E": "green", "D": "green", "B4c": "red"}

CENT = Decimal("0.01")
RUNNER_UP_SHARE = Decimal("0.7")
FORMS = ("pairs", "teams", "individual")


def award(game: Game, entrants: Sequence[Entrant]) -> list[Award]:
    """The awards of `entrants` ranked in `game`, only those above 0, in the order given.

    Example: grade E, a 4-table Howell of 8 pairs placed 1 to 8 -> 0.24, 0.17, 0.12, 0.08
    to places 1 to 4 (winner 0.04 × 1.5 × 4 = 0.24), nothing below.
    """
    winner = winner_award(game)
    kind = GRADE_COLOUR[game.scale]
    field_sizes: dict[str, int] = defaultdict(int)
    for entrant in entrants:
        field_sizes[entrant.ranking] += 1
    awards = []
    for entrant in entrants:
        places = places_awarded(field_sizes[entrant.ranking], game.form)
        points = shared_award(winner, entrant.place, entrant.tied, places)
        if entrant.eligible and points > 0:
            awards.append(Award(key=entrant.key, points=points, kind=kind))
    return awards


def winner_award(game: Game) -> Decimal:
    """The winner's award, exact (Manual 3.1.1), after checking the game can be awarded.

    Example: grade E, two winners, 31 tables -> 1.5 × (1 − e^(−31/32)) = 0.9306...; grade
    B4c, one winner, 6 tables -> 0.04 × 2.5 × 6 = 0.60.
    """
    if game.scale not in GRADE_WEIGHT:
        known = ", ".join(scales)
        raise AwardRefused(f"The ABF has no grade {game.scale!r}; a club grade is one of {known}.")
    if game.sessions != 1:
        raise AwardRefused(
            "An ABF event of several sessions earns outright awards, which this program does "
            "not work out; award each session on its own."
        )
    if game.winners not in (1, 2):
        raise AwardRefused(f"A session has one winner or two, not {game.winners}.")
    if game.form not in FORMS:
        raise AwardRefused(f"The ABF awards pairs, teams or individuals, not {game.form!r}.")
    tables = field_tables(game)
    if tables < 1:
        raise AwardRefused("A field with no tables earns no masterpoints.")
    weight = GRADE_WEIGHT[game.scale]
    if game.winners == 2:
        if tables <= 30:
            return Decimal("0.02") * weight * tables
        return weight * (1 - (Decimal(-tables) / 32).exp())
    if tables <= 15:
        return Decimal("0.04") * weight * tables
    return weight * (1 - (Decimal(-tables) / 16).exp())


def field_tables(game: Game) -> int:
    """T: full tables with a half table counted as a whole one. Example: 4 full tables and a
    half (9 pairs in a Howell) -> 5."""
    return game.tables + (1 if game.half_tables else 0)


def places_awarded(field_size: int, form: str) -> int:
    """How many places win an award (Manual 4.2.1): the top half of a pairs or individual
    field, rounded down; the top third of a teams field, rounded up.

    Examples from the Manual: a field of 9 pairs -> 4; a field of 13 teams -> 5.
    """
    if form == "teams":
        return -(-field_size // 3)
    return field_size // 2


def place_award(winner: Decimal, place: int, places: int) -> Decimal:
    """One place's award rounded to 0.01, halves up; 0 past the last place awarded.

    Example: winner 0.57 -> place 2: 0.399 -> 0.40; place 7: 0.57 / 6 = 0.095 -> 0.10.
    """
    if place > places:
        return Decimal(0)
    if place == 1:
        exact = winner
    elif place == 2:
        exact = winner * RUNNER_UP_SHARE
    else:
        exact = winner / (place - 1)
    return exact.quantize(CENT, rounding=ROUND_HALF_UP)


def shared_award(winner: Decimal, place: int, tied: int, places: int) -> Decimal:
    """The award of each of `tied` entrants sharing `place`: the mean of the rounded awards
    of places `place` to `place + tied - 1`, rounded to 0.01, halves up.

    Example: winner 0.21, 3 places, two tied 3rd -> (0.11 + 0) / 2 = 0.055 -> 0.06.
    """
    covered = range(place, place + tied)
    total = sum(
        (place_award(winner, covered_place, places) for covered_place in covered), Decimal(0)
    )
    return (total / tied).quantize(CENT, rounding=ROUND_HALF_UP)
