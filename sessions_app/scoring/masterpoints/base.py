"""What every national body's master point rules take and give, so that the session's
ranking, the printed results, the player's page and the body's file ask one interface
whichever body the club belongs to (`masterpoints.BODIES`).

A body's module reads a ranking as the session published it: each entrant (a pair, or a
team) with the first number of its place in its ranking and how many share that place,
and the game's size and kind; it gives each entrant's award in the body's unit, or none.
The places are the ranking's own: a two-winner Mitchell has two rankings (NS and EW), a
session ranked across its sections one; ties come as the same place for each tied entrant.

Example: an EBU club pairs of 7 full tables, one winner, 24 boards: entrants ranked 1, 2,
2 (tied), 4 ... -> awards for places 1, 2= and 4 by the club scale's table for 7 tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from ..message import Message, gettext_noop


@dataclass(frozen=True)
class Entrant:
    """One pair (or team) as ranked. `key` is the caller's name for it ("A 5", "5NS");
    `place` the first number of its place ("2=" -> 2) and `tied` how many share that
    place; `ranking` names the ranking it is in ("" for a one-winner field, "NS" and "EW"
    for each direction of a two-winner one, a section's name where sections rank apart);
    `stratum` its stratum where the body stratifies ("A", "B", "C"); `eligible` False for
    an entrant the body awards nothing (a pair of non-members, where the body says so)."""

    key: str
    place: int
    tied: int = 1
    ranking: str = ""
    stratum: str = ""
    eligible: bool = True


@dataclass(frozen=True)
class Game:
    """The game as the body's scales read it. `scale` is one of the body's `scales` (its
    status or event type); `tables` the full tables of the field that one ranking ranks
    (half tables apart: `half_tables`); `boards` the boards in play (the session's length,
    which a pair sitting out a round still counts); `winners`
    1 or 2; `form` "pairs", "teams" or "individual"; `sessions` how many sessions the
    ranking covers; `strata` the game's strata where the body stratifies, highest first, each
    its letter and its upper masterpoint limit (0: none), e.g. (("A", 0), ("B", 200),
    ("C", 50))."""

    scale: str
    tables: int
    boards: int
    winners: int = 1
    half_tables: int = 0
    form: str = "pairs"
    sessions: int = 1
    strata: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Award:
    """An entrant's award: `points` in the body's unit (EBU master points, ACBL
    masterpoints, ABF masterpoints), exact; `kind` the body's colour or type of point
    ("black", "blue", "green"; "black", "silver", "red", "gold"; "green", "red", "gold")."""

    key: str
    points: Decimal
    kind: str


PairKey = tuple[str, str]  # (section, label)


@dataclass(frozen=True)
class SessionAwards:
    """A session's master points as its pages, prints and files show them: the body and its
    unit, the scale awarded by in words, each pair's award by (section, label) (a pair that
    wins none is not in it), or the reason none could be awarded."""

    body: str  # "EBU"
    unit: str  # "master points"
    scale: str  # "Club (black points)"
    awards: Mapping[PairKey, Award]
    problem: str = ""


class AwardRefused(ValueError):
    """The game cannot be awarded under this body's rules as it is (a scale the body does
    not have, too few tables); the message says why, in words."""


class Body(Protocol):
    """A national body's master point rules."""

    name: str  # "EBU"
    unit: str  # "master points"
    scales: Mapping[str, str]  # scale -> words ("club": "Club (black points)")

    def award(self, game: Game, entrants: Sequence[Entrant]) -> list[Award]:
        """The awards of `entrants` ranked in `game`, only those that win some, in the
        order given; AwardRefused when the game cannot be awarded."""
        ...


# An award as a ranking says it, by the kind of point (`Award.kind` stays the body's own word,
# as files write it).
AWARD_WORDS: Mapping[str, str] = {
    # Translators: master points won, black points (e.g. "24 black").
    "black": gettext_noop("%(points)s black"),
    # Translators: master points won, blue points (e.g. "24 blue").
    "blue": gettext_noop("%(points)s blue"),
    # Translators: master points won, green points (e.g. "24 green").
    "green": gettext_noop("%(points)s green"),
    # Translators: master points won, silver points (e.g. "24 silver").
    "silver": gettext_noop("%(points)s silver"),
    # Translators: master points won, red points (e.g. "24 red").
    "red": gettext_noop("%(points)s red"),
    # Translators: master points won, gold points (e.g. "24 gold").
    "gold": gettext_noop("%(points)s gold"),
}

# A body's points as a heading names them: "EBU master points".
UNIT_WORDS: Mapping[str, str] = {
    "master points": gettext_noop("%(body)s master points"),
    "masterpoints": gettext_noop("%(body)s masterpoints"),
}


def award_message(points: str, kind: str) -> Message:
    """An award as a ranking shows it: ("24", "black") says "24 black"; ("24", "") "24"."""
    if not kind:
        return Message(points)
    text = AWARD_WORDS.get(kind)
    if text is None:
        return Message("%(points)s %(kind)s", {"points": points, "kind": kind})
    return Message(text, {"points": points})


def unit_message(body: str, unit: str) -> Message:
    """A body's points as a heading names them: ("EBU", "master points") says "EBU master
    points"."""
    text = UNIT_WORDS.get(unit)
    if text is None:
        return Message("%(body)s %(unit)s", {"body": body, "unit": unit})
    return Message(text, {"body": body})
