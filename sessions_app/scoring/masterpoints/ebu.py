"""The English Bridge Union's master points (Licensing and Master Points Handbook), so that an
EBU club's results carry the awards the EBU will credit, as ScoreBridge, EBUScore and the other
programs whose files the EBU takes compute them (docs/rules.md §16).

A ranking's awards go to a share of its competitors in full tables (half tables are ignored):
a quarter for 12-17 boards, a third for 18-35, a half for 36 or more, rounded up. The top
award is that number of awards times the scale's step; each place below gets one step less,
never less than the scale's minimum nor more than its maximum. Tied entrants share the awards
of the places they tie for, rounded up. An entrant of non-members wins nothing, and its award
is not passed down: the others keep the awards of their own places.

Worked example (a real session, tests/scoring/masterpoints/data/00201789+001571.xml): club
scale, 17 pairs in one field, 18 boards. Full tables 8, so 16 pairs; a third, rounded up, is 6
awards; the step is 6, so the top is 36: 36, 30, 24, 18, 12, 6. Two pairs tie for 3rd and
share (24 + 18) / 2 = 21 each; 5th has 12 and 6th 6.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from math import ceil, isqrt
from types import MappingProxyType

from ..message import gettext_noop
from .base import Award, AwardRefused, Entrant, Game
from .ebu_scales import (
    CLUB_MINIMUM_AWARD,
    CLUB_STEP,
    FEWEST_BOARDS,
    MINIMUM_TABLES,
    PER_TABLE,
    STATUSES,
    Status,
    board_band,
    scaled,
    scaled_up,
)

name = "EBU"
unit = gettext_noop("master points")
scales: Mapping[str, str] = MappingProxyType(
    {code: status.words for code, status in STATUSES.items()}
)


def award(game: Game, entrants: Sequence[Entrant]) -> list[Award]:
    """The awards of `entrants` ranked in `game`, in the order given, only those above 0.

    Example: award(Game("club", tables=8, boards=18), [Entrant("5", 1), Entrant("1", 3,
    tied=2), Entrant("2", 3, tied=2)]) -> 36 for "5", 21 each for "1" and "2"."""
    status = STATUSES.get(game.scale)
    if status is None:
        raise AwardRefused(f"The EBU has no master point scale {game.scale!r}.")
    by_place = place_awards(game, status)
    minimum = scaled_up(CLUB_MINIMUM_AWARD, status)
    awards = []
    for entrant in entrants:
        points = shared_award(by_place, entrant.place, entrant.tied, minimum)
        if points and entrant.eligible:
            awards.append(Award(entrant.key, Decimal(points), status.kind))
    return awards


def shared_award(by_place: Sequence[int], place: int, tied: int, minimum: int) -> int:
    """What each of `tied` entrants tied at `place` wins: the awards of the places they
    occupy, added and shared, rounded up; a share above 0 but below `minimum` is raised to it.

    Examples (club scale, awards 36, 30, 24, 18, 12, 6): 3rd tied by two -> (24 + 18) / 2 =
    21; 4th tied by three -> (18 + 12 + 6) / 3 = 12; 6th tied by two -> (6 + 0) / 2 = 3,
    raised to the minimum 6."""
    occupied = by_place[place - 1 : place - 1 + tied]
    share = ceil(Fraction(sum(occupied), tied))
    return max(share, minimum) if share > 0 else 0


def place_awards(game: Game, status: Status) -> list[int]:
    """The award of each place from 1st down, before ties, for `game` on `status`'s scale;
    AwardRefused where the handbook awards nothing.

    Example: club pairs, one winner, 7 full tables, 24 boards: 14 pairs, a third rounded up
    is 5 awards -> [30, 24, 18, 12, 6]."""
    if status.simultaneous:
        return simultaneous_awards(game)
    form = (game.form, game.winners)
    if form not in CLUB_STEP:
        raise AwardRefused(f"The EBU's scales have no {game.winners}-winner {game.form} event.")
    band = board_band(game.boards)
    if band is None:
        raise AwardRefused(
            f"{game.boards} boards: the EBU awards master points for {FEWEST_BOARDS} or more."
        )
    if game.tables < MINIMUM_TABLES[form]:
        raise AwardRefused(
            f"{game.tables} full tables: the EBU awards a {game.winners}-winner "
            f"{game.form} event of at least {MINIMUM_TABLES[form]}."
        )
    count = ceil(game.tables * PER_TABLE[form] * band.share)
    step = scaled(CLUB_STEP[form], status)
    return falling_awards(
        top=count * step,
        step=step,
        count=count,
        minimum=scaled_up(CLUB_MINIMUM_AWARD, status),
        maximum=scaled_up(band.club_maximum, status),
    )


def falling_awards(
    *, top: int | Fraction, step: int | Fraction, count: int, minimum: int, maximum: int
) -> list[int]:
    """`count` awards from `top` down by `step`, each rounded up to whole master points,
    raised to `minimum` and held to `maximum`.

    Example (handbook Scale F, a 6-table individual of 18-35 boards): top 24, step 3, 8
    awards, minimum 6 -> [24, 21, 18, 15, 12, 9, 6, 6]."""
    return [min(maximum, max(minimum, ceil(top - index * step))) for index in range(count)]


def simultaneous_top(tables: int) -> int:
    """The top award of a simultaneous pairs' national ranking: 150 x sqrt(tables / 25),
    rounded up (the EBU's formula as ECATS publishes it:
    bridge.ecats.co.uk/sims/FAQ/mpcalculations.asp). 150 x sqrt(t / 25) = sqrt(900 t), so
    the whole part is isqrt(900 t), plus one unless 900 t is a square.

    Example (ECATS's own): 743 tables -> sqrt(668700) = 817.74 -> 818."""
    root = isqrt(900 * tables)
    return root if root * root == 900 * tables else root + 1


def simultaneous_awards(game: Game) -> list[int]:
    """A simultaneous pairs' national ranking: a third of the pairs, rounded up, win awards
    falling in equal steps of top / awards from the top (`simultaneous_top`), each rounded
    up and no less than the national minimum (24): ECATS's "first pair getting 1000, 2nd
    999 ..." for a top of 1000 and 1000 awards.

    Example: 743 tables, one winner: 1486 pairs, 496 awards; 1st 818, 2nd
    ceil(818 - 818/496) = 817, ... the last ones 24."""
    if (game.form, game.winners) != ("pairs", 1):
        raise AwardRefused("The EBU's simultaneous pairs formula ranks one field of pairs.")
    if game.tables < MINIMUM_TABLES[("pairs", 1)]:
        raise AwardRefused(f"{game.tables} full tables: too few for master points.")
    count = ceil(Fraction(2 * game.tables, 3))
    top = simultaneous_top(game.tables)
    national = STATUSES["national"]
    return falling_awards(
        top=top,
        step=Fraction(top, count),
        count=count,
        minimum=scaled_up(CLUB_MINIMUM_AWARD, national),
        maximum=top,
    )
