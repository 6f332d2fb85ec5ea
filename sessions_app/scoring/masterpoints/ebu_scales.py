"""The EBU's master point scales as numbers: what `ebu.award` reads, kept apart so that the
rules read as rules and the figures as a table (docs/rules.md §16).

Every status's scale is the club scale multiplied: district 1.5, county 2, regional 3,
national 4 (the minima 6, 9, 12, 18, 24 of the Licensing and Master Points Handbook, quoted at
forums.ebu.co.uk/discussion/1365; salliere's MasterPointScale.java carries the same ratios in
its steps, minima and maxima). The colour is the event's: black for a local event, blue for a
blue-pointed one (the same local scales, 1 blue point = 100 blue master points:
ebu.co.uk/gradings-rankings/blue-points).

Example: a county pairs event of one winner steps its awards by 6 x 2 = 12 master points and
awards no less than 6 x 2 = 12; a two-winner club pairs steps by 10 in each direction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from types import MappingProxyType

from ..message import gettext_noop


@dataclass(frozen=True)
class Status:
    """A scale as a game's `scale` names it: `multiplier` of the club scale's figures,
    `kind` the colour of its points, `simultaneous` for a simultaneous pairs' national
    ranking (whose top award grows with the root of the tables, `ebu.simultaneous_top`)."""

    words: str
    multiplier: Fraction
    kind: str = "black"
    simultaneous: bool = False


# Each scale's words, marked for the catalogue: a page says them in its language (setup/forms.py
# `masterpoint_scales`, the session page), a file in English.
_WORDS = {
    "club": gettext_noop("Club (black points)"),
    "district": gettext_noop("District (black points)"),
    "county": gettext_noop("County (black points)"),
    "regional": gettext_noop("Regional (black points)"),
    "national": gettext_noop("National (black points)"),
    "club-blue": gettext_noop("Club, blue-pointed event (blue points)"),
    "district-blue": gettext_noop("District, blue-pointed event (blue points)"),
    "county-blue": gettext_noop("County, blue-pointed event (blue points)"),
    "regional-blue": gettext_noop("Regional, blue-pointed event (blue points)"),
    "national-blue": gettext_noop("National, blue-pointed event (blue points)"),
    "sim": gettext_noop("Simultaneous pairs, national ranking (black points)"),
    "sim-blue": gettext_noop("EBU simultaneous pairs, national ranking (blue points)"),
}

_MULTIPLIERS = {
    "club": Fraction(1),
    "district": Fraction(3, 2),
    "county": Fraction(2),
    "regional": Fraction(3),
    "national": Fraction(4),
}

STATUSES: MappingProxyType[str, Status] = MappingProxyType(
    {
        **{code: Status(_WORDS[code], multiplier) for code, multiplier in _MULTIPLIERS.items()},
        **{
            f"{code}-blue": Status(_WORDS[f"{code}-blue"], multiplier, "blue")
            for code, multiplier in _MULTIPLIERS.items()
        },
        "sim": Status(
            _WORDS["sim"],
            _MULTIPLIERS["national"],
            simultaneous=True,
        ),
        "sim-blue": Status(
            _WORDS["sim-blue"],
            _MULTIPLIERS["national"],
            "blue",
            simultaneous=True,
        ),
    }
)

# The club scale's step between places, by what is ranked: 6 for a pair of a one-winner field
# (ScoreBridge, EBUScore, BBO, RealBridge files: 36, 30, 24 ...), 10 for a pair of a
# two-winner field and for a team (the EBU's USEBIO example files: 40, 30, 20, 10), 3 for a
# player of an individual (handbook Scale F as quoted: 24, 21, 18 ...).
CLUB_STEP = MappingProxyType(
    {("pairs", 1): 6, ("pairs", 2): 10, ("teams", 1): 10, ("individual", 1): 3}
)

# Competitors one full table holds in one ranking: a one-winner pairs field ranks both pairs
# of a table, a two-winner field one pair a direction; teams are counted as tables.
PER_TABLE = MappingProxyType(
    {("pairs", 1): 2, ("pairs", 2): 1, ("teams", 1): 1, ("individual", 1): 4}
)

# Handbook 3.1.1 (quoted at forums.ebu.co.uk/discussion/1421): no award unless the original
# entry had at least these complete tables (teams: complete teams).
MINIMUM_TABLES = MappingProxyType(
    {("pairs", 1): 3, ("pairs", 2): 5, ("teams", 1): 3, ("individual", 1): 2}
)

CLUB_MINIMUM_AWARD = 6
FEWEST_BOARDS = 12


@dataclass(frozen=True)
class BoardBand:
    """What share of the ranking wins an award for a number of boards, and the club scale's
    largest award there (salliere, MasterPointScale.java: 75, 100, 300)."""

    fewest_boards: int
    share: Fraction
    club_maximum: int


BOARD_BANDS = (
    BoardBand(36, Fraction(1, 2), 300),
    BoardBand(18, Fraction(1, 3), 100),
    BoardBand(FEWEST_BOARDS, Fraction(1, 4), 75),
)


def board_band(boards: int) -> BoardBand | None:
    """The band `boards` falls in: 12-17 boards a quarter, 18-35 a third, 36 or more a half;
    None below 12. Example: board_band(24).share == Fraction(1, 3)."""
    return next((band for band in BOARD_BANDS if boards >= band.fewest_boards), None)


def scaled(club_figure: int, status: Status) -> int | Fraction:
    """A club-scale figure on `status`'s scale, exact (district steps of 4.5 for individuals).

    Example: scaled(6, STATUSES["district"]) == 9; scaled(3, STATUSES["district"]) == 9/2."""
    figure = club_figure * status.multiplier
    return figure.numerator if figure.denominator == 1 else figure


def scaled_up(club_figure: int, status: Status) -> int:
    """As `scaled`, rounded up to whole master points (a district cap of 75 x 1.5 -> 113)."""
    return ceil(club_figure * status.multiplier)
