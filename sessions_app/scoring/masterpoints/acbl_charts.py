"""The ACBL's figures for regular (black point) club games, as its Handbook states them
(Chapter 4, "Masterpoint awards: I. Calculating the awards",
https://www.acbl.org/about-acbl/administration/acbl-handbook/i-calculating-the-awards/):

- first place in each comparison group earns a fixed amount for each contestant in the
  group: 0.10 in an open game (at most 1.50), 0.08 in an invitational one (at most 1.20);
  in a masterpoint-limited game 0.05 (limit 20), 0.06 (100), 0.07 (200) or 0.08 (above
  200); in a newcomer game 0.03 (limit 5), 0.04 (10) or 0.05 (20), at most 1.00;
- second earns 70% of first, third 50%, fourth 35%, fifth 1/5, sixth 1/6 and so on;
- 40% of the group's contestants are placed, rounded to the nearest whole number (.5 up);
- the lowest stratum of a stratified game must hold at least five pairs.

Example: an open 8-table Mitchell: each direction is a group of 8 pairs, first 8 x 0.10 =
0.80, then 0.56, 0.40 (depth 40% of 8 = 3.2 -> 3 places).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..message import gettext_noop

DEPTH_SHARE = Fraction(2, 5)
LOWEST_STRATUM_CONTESTANTS = 5
FIRST_PLACES_SHARES = (Fraction(1), Fraction(7, 10), Fraction(1, 2), Fraction(35, 100))

# (upper masterpoint limit, first place per contestant), lowest limit first.
LIMITED_RATES = ((20, Fraction(5, 100)), (100, Fraction(6, 100)), (200, Fraction(7, 100)))
ABOVE_200_RATE = Fraction(8, 100)
NEWCOMER_RATES = ((5, Fraction(3, 100)), (10, Fraction(4, 100)), (20, Fraction(5, 100)))


@dataclass(frozen=True)
class Chart:
    """One kind of regular club game: `words` for the club's choice, `rate` first place per
    contestant in the group, `maximum` the cap on first place (None: no cap stated),
    `newcomer` whether a lower stratum's rate comes from the newcomer rates (else from the
    limited-game rates)."""

    words: str
    rate: Fraction
    maximum: Fraction | None
    newcomer: bool = False


CHARTS: dict[str, Chart] = {
    "open": Chart(
        gettext_noop("Open club game (black points): first 0.10 a contestant, at most 1.50"),
        Fraction(10, 100),
        Fraction(150, 100),
    ),
    "invitational": Chart(
        gettext_noop(
            "Invitational club game (black points): first 0.08 a contestant, at most 1.20"
        ),
        Fraction(8, 100),
        Fraction(120, 100),
    ),
    "limited-20": Chart(
        gettext_noop("Limited game, 0-20 masterpoints (black points)"), Fraction(5, 100), None
    ),
    "limited-100": Chart(
        gettext_noop("Limited game, 0-100 masterpoints (black points)"), Fraction(6, 100), None
    ),
    "limited-200": Chart(
        gettext_noop("Limited game, 0-200 masterpoints (black points)"), Fraction(7, 100), None
    ),
    "limited-over-200": Chart(
        gettext_noop("Limited game, a limit above 200 masterpoints (black points)"),
        ABOVE_200_RATE,
        None,
    ),
    "newcomer-5": Chart(
        gettext_noop("Newcomer game, 0-5 masterpoints (black points)"),
        Fraction(3, 100),
        Fraction(1),
        newcomer=True,
    ),
    "newcomer-10": Chart(
        gettext_noop("Newcomer game, 0-10 masterpoints (black points)"),
        Fraction(4, 100),
        Fraction(1),
        newcomer=True,
    ),
    "newcomer-20": Chart(
        gettext_noop("Newcomer game, 0-20 masterpoints (black points)"),
        Fraction(5, 100),
        Fraction(1),
        newcomer=True,
    ),
}


def place_share(place: int) -> Fraction:
    """The share of first place's award that `place` earns: 1, 70%, 50%, 35%, then 1/place.

    Example: place_share(2) -> 7/10; place_share(6) -> 1/6."""
    if place <= len(FIRST_PLACES_SHARES):
        return FIRST_PLACES_SHARES[place - 1]
    return Fraction(1, place)


def limited_rate(limit: int, *, newcomer: bool) -> Fraction:
    """First place per contestant in a group whose players hold at most `limit` masterpoints.

    Example: limited_rate(200, newcomer=False) -> 7/100 (a stratum B of 0-200);
    limited_rate(50, newcomer=False) -> 6/100 (50 falls in the 0-100 range)."""
    for ceiling, rate in NEWCOMER_RATES if newcomer else LIMITED_RATES:
        if limit <= ceiling:
            return rate
    return NEWCOMER_RATES[-1][1] if newcomer else ABOVE_200_RATE


def depth(contestants: int) -> int:
    """How many places of a group of `contestants` earn awards: 40%, .5 rounded up.

    Example: depth(11) -> 4 (4.4); depth(8) -> 3 (3.2); depth(2) -> 1 (0.8)."""
    forty_percent = DEPTH_SHARE * contestants
    return int(forty_percent + Fraction(1, 2))
