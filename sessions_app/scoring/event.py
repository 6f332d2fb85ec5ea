"""The input of the scoring engine: a whole session as plain, frozen data.

The service layer builds an `EventInput` from the database (or a test builds one by hand) and
`score_session` turns it into `SessionResults`. Pairs are named by their label, unique within
their section; lines refer to pairs by label.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar

from .. import session_choices
from ..session_choices import ButlerDiscard as ButlerDiscard
from ..session_choices import Direction as Direction
from ..session_choices import ExpectedFrom as ExpectedFrom
from ..session_choices import Factoring as Factoring
from ..session_choices import ImpArtificial as ImpArtificial
from ..session_choices import ImpTotals as ImpTotals
from ..session_choices import Method as Method
from ..session_choices import OverallRanking as OverallRanking
from ..session_choices import Scale as Scale
from ..session_choices import SplitScores as SplitScores
from ..session_choices import TiePlaces as TiePlaces
from ..session_choices import values
from .board import dealer, vulnerability
from .lines import Line

DIRECTIONS = values(session_choices.DIRECTION)
# The settings' values, as session_choices declares them with their labels for the model.
SCALES = values(session_choices.SCALE)
METHODS = values(session_choices.METHOD)
IMP_TOTALS = values(session_choices.IMP_TOTALS)
BUTLER_DISCARDS = values(session_choices.BUTLER_DISCARD)
SPLIT_SCORES = values(session_choices.SPLIT_SCORES)
EXPECTED_FROM = values(session_choices.EXPECTED_FROM)
FACTORINGS = values(session_choices.FACTORING)
TIE_PLACES = values(session_choices.TIE_PLACES)
IMP_ARTIFICIALS = values(session_choices.IMP_ARTIFICIAL)
OVERALL_RANKINGS = values(session_choices.OVERALL_RANKING)
_Choice = TypeVar("_Choice", bound=str)


def choice(value: str, allowed: tuple[_Choice, ...]) -> _Choice:
    """`value` (a setting as stored, a plain string) as one of the engine's `allowed` values.

    Example: choice("butler", METHODS) -> "butler"; choice("imps", METHODS) raises ValueError.
    """
    for known in allowed:
        if value == known:
            return known
    raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")


def direction(value: str | None) -> Direction | None:
    """A pair's home direction as stored: "NS", "EW", or none ("" or None)."""
    return choice(value, DIRECTIONS) if value else None


@dataclass(frozen=True, slots=True)
class Settings:
    """How a session is scored. Percentages are 0-100."""

    ave_plus: Fraction = Fraction(60)
    ave: Fraction = Fraction(50)
    ave_minus: Fraction = Fraction(40)
    law_12c2c: bool = True  # Ave+ at least the pair's own %, Ave- at most its own %
    small_groups: bool = False  # EBU White Book 4.2.3.3 instead of Neuberg for tiny groups
    across_the_field: bool = False  # compare a board's results across all sections
    method: Method = "mp"  # matchpoints, cross-IMPs or Butler IMPs
    butler_discard: ButlerDiscard = "1"  # results dropped at each end for a Butler datum
    imp_totals: ImpTotals = "sum"  # "scaled": as if every board were played
    split_scores: SplitScores = "half"  # "twice": each side in its own comparison (§5.8)
    expected_from: ExpectedFrom = "movement"  # "board": E = the board's real results (§4.4)
    factoring: Factoring = "neuberg"  # "total": lines unfactored, pair totals scaled (§4.5)
    scaled_totals: bool = False  # also show totals scaled to the full number of boards (§6.5)
    tie_places: TiePlaces = "equals"  # ties written "2=" or "2/3" (§6.4)
    imp_artificial: ImpArtificial = "3"  # IMPs of Ave+/Ave- (docs/rules.md §8.5)
    phantom_percent: Fraction | None = None  # facing a phantom: this %, None: own % (§5.10)
    overall_ranking: OverallRanking = "off"  # also one ranking across sections (§6.6)


CHOICES: dict[str, tuple[str, ...]] = {
    name: values(declared) for name, declared in session_choices.SCORING.items()
}
PERCENTAGES = ("ave_plus", "ave", "ave_minus", "phantom_percent")


def settings_from(values: Mapping[str, object], base: Settings | None = None) -> Settings:
    """`base` (default Settings()) with `values` as a session stores them or its settings
    page takes them: a choice's value, a percentage as a Decimal, a string or a number (None
    for no fixed percentage), a switch as a bool. A name that is no Settings field (the
    scale: how matchpoints are shown, not scored) is left out.

    Example: settings_from({"ave_plus": Decimal("61.80"), "factoring": "total", "scale": "2/1"})
    -> Settings(ave_plus=Fraction(309, 5), factoring="total"); {"factoring": "none"} raises
    ValueError."""
    changes: dict[str, Any] = {}
    for name, value in values.items():
        if name in CHOICES:
            changes[name] = choice(str(value), CHOICES[name])
        elif name in PERCENTAGES:
            changes[name] = None if value is None else Fraction(str(value))
        elif name in _FIELDS:
            changes[name] = value
    return replace(base or Settings(), **changes)


_FIELDS = frozenset(field.name for field in fields(Settings))


class PairEntry(NamedTuple):  # a NamedTuple: made for every pair of a big event, and cheaply
    label: str
    names: tuple[str, ...] = ()
    direction: Direction | None = None  # home direction (Mitchell); None: from the travellers
    # The club register's id of each of `names`, None for a name not linked to it; empty for a
    # pair read from a file. Only the pages use it: a name linked is a link to its player.
    players: tuple[int | None, ...] = ()
    # The pair's handicap in percent when the session ranks handicapped too (§20), else None.
    handicap: Fraction | None = None


def expected_without_movement(line_counts: Iterable[int]) -> int:
    """E of the boards of a section without a movement (free-form, or imported): the most
    lines any of its boards has (docs/rules.md §4.2), since each board was meant to be played
    as often as the most-played one; 0 for a section with no lines.

    Example: boards with 7, 7 and 6 lines -> E = 7 for each; the third is one line short.
    """
    return max(line_counts, default=0)


@dataclass(frozen=True, slots=True)
class Traveller:
    board: int
    lines: tuple[Line, ...]
    expected: int | None = None  # E; None: the most lines on any board of the section


@dataclass(frozen=True, slots=True)
class SectionEntry:
    name: str
    travellers: tuple[Traveller, ...]
    pairs: tuple[PairEntry, ...] = ()
    winners: int | None = None  # 1 or 2; None: 1 when any pair sat both ways, else 2


@dataclass(frozen=True, slots=True)
class BoardInfo:
    number: int
    dealer: str
    vulnerability: str

    @classmethod
    def from_number(cls, number: int) -> BoardInfo:
        return cls(number, dealer(number), vulnerability(number))


@dataclass(frozen=True, slots=True)
class EventInput:
    sections: tuple[SectionEntry, ...]
    settings: Settings = field(default_factory=Settings)
    boards: tuple[BoardInfo, ...] = ()  # dealer/vulnerability when not those of Law 2
    name: str = ""
    date: datetime.date | None = None
    scale: Scale = "2/1"
