"""What the scoring engine returns: a session's results as frozen data with exact values.

A line's and a pair's `points` are matchpoints on the 2/1 scale, or IMPs in a session scored at
IMPs (`SessionResults.imps`), exact (`int` or `Fraction`); `scaled()` converts matchpoints for
display on the session's scale. Every page, PDF and export reads these objects, so they are all
computed by the same call and agree to the last matchpoint.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple, overload

from .display import Decimals
from .event import BoardInfo, Direction, PairEntry, Scale, Settings
from .lines import Line

if TYPE_CHECKING:  # the national bodies' rules load only where awards are made or shown
    from .masterpoints.base import SessionAwards

Value = int | Fraction


def percentage(points: Value | None, top: Value) -> Fraction | None:
    """`points` over `top` in percent, exactly: 13/2 of 12 -> 325/6 (54.17%)."""
    if points is None or not top:
        return None
    return Fraction(points.numerator * 100, points.denominator * top)  # one division


class ScoredLine(NamedTuple):  # a NamedTuple: built 26,000 times for a big event, and cheaply
    line: Line
    points_ns: Value | None  # matchpoints, or IMPs at IMPs; None: not played
    points_ew: Value | None
    top: int  # 2(E-1) on the 2/1 scale; 0 at IMPs

    @property
    def pct_ns(self) -> Fraction | None:
        return percentage(self.points_ns, self.top)

    @property
    def pct_ew(self) -> Fraction | None:
        return percentage(self.points_ew, self.top)


class PairLine(NamedTuple):
    """One board of a pair's score card: its traveller line and the side the pair sat.

    Example (Pagat board 1, docs/rules.md §9.1): pair 11 sat EW against 3 and went three down in
    5C× by E (NS +500): `PairLine(1, "EW", line).score == -500`, `.points == 0`, `.opponent == "3"`.
    """

    board: int
    direction: Direction  # as the pair sat on this board (an arrow switch turns it round)
    scored: ScoredLine

    @property
    def opponent(self) -> str:
        line = self.scored.line
        return line.ew if self.direction == "NS" else line.ns

    @property
    def points(self) -> Value | None:
        return self.scored.points_ns if self.direction == "NS" else self.scored.points_ew

    @property
    def pct(self) -> Fraction | None:
        return percentage(self.points, self.scored.top)

    @property
    def score(self) -> int | None:
        """The pair's own score, from its side (+420 for NS is -420 for EW); None when there
        is no single score (weighted, artificial, not played)."""
        line = self.scored.line
        award = line.ns_award if self.direction == "NS" else line.ew_award
        if not isinstance(award, tuple) or len(award) != 1:
            return None
        return award[0][1] if self.direction == "NS" else -award[0][1]


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """One section's traveller for one board, matchpointed."""

    number: int
    expected: int  # E, the results the board is scored as if it had
    lines: tuple[ScoredLine, ...]
    datums: tuple[int, ...] = ()  # Butler: the datum of each fouled-board group, usually one

    @property
    def top(self) -> int:
        return 2 * (self.expected - 1)

    @property
    def datum(self) -> int | None:
        return self.datums[0] if len(self.datums) == 1 else None


class PairScore(NamedTuple):  # NamedTuples: made for every pair of a big event, and cheaply
    section: str
    label: str
    points: Value  # total matchpoints, or total IMPs at IMPs
    top: Value  # the most the pair could have scored on the boards it played
    boards: int
    percentage: Fraction | None  # points / top, exact; None when no board counted
    rank_key: Fraction | None = None  # what places are decided by: % for MP, IMPs at IMPs
    scaled: Value | None = None  # the total scaled to the full number of boards (rules §6.5)


class Standing(NamedTuple):
    place: str  # "1", "2=" ... or "1", "2/3" ... (docs/rules.md §6.4)
    score: PairScore


@dataclass(frozen=True, slots=True)
class Field:
    direction: Direction | None  # None: one field
    standings: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class SectionResult:
    name: str
    winners: int
    fields: tuple[Field, ...]
    boards: tuple[ScoredBoard, ...]  # by board number
    pairs: dict[str, PairEntry]  # by label

    def board(self, number: int) -> ScoredBoard | None:
        return next((board for board in self.boards if board.number == number), None)

    def pair_lines(self, label: str) -> tuple[PairLine, ...]:
        """The boards pair `label` played, in board order, with the side it sat on each."""
        found = []
        for board in self.boards:
            for scored in board.lines:
                line = scored.line
                if line.ns == label:
                    found.append(PairLine(board.number, "NS", scored))
                elif line.ew == label:
                    found.append(PairLine(board.number, "EW", scored))
        return tuple(found)

    def standing(self, label: str) -> tuple[Field, Standing] | None:
        """The field pair `label` is ranked in and its standing there."""
        for field in self.fields:
            for standing in field.standings:
                if standing.score.label == label:
                    return field, standing
        return None


@dataclass(frozen=True, slots=True)
class SessionResults:
    name: str
    date: datetime.date | None
    scale: Scale
    settings: Settings
    sections: tuple[SectionResult, ...]
    boards: dict[int, BoardInfo]  # dealer and vulnerability by board number
    scores: dict[tuple[str, str], PairScore]  # by (section, label)
    # how many decimals each kind of figure is written with, wherever it is shown (§3.4)
    decimals: Decimals
    # the ranking across sections (§6.6): empty when the session has none
    overall: tuple[Field, ...] = ()
    # the master points of the club's national body, when the session awards them
    masterpoints: SessionAwards | None = None

    def section(self, name: str) -> SectionResult | None:
        return next((section for section in self.sections if section.name == name), None)

    @property
    def imps(self) -> bool:
        """Scored at IMPs: lines and totals are IMPs, and there are no percentages."""
        return self.settings.method != "mp"

    @overload
    def scaled(self, value: Value) -> Value: ...
    @overload
    def scaled(self, value: Value | None) -> Value | None: ...
    def scaled(self, value: Value | None) -> Value | None:
        """A 2/1 matchpoint value on the session's display scale (1/½ is exactly half);
        IMPs unchanged."""
        if value is None:
            return None
        return Fraction(value, 2) if self.scale == "1/0.5" and not self.imps else value
