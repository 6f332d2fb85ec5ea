"""What a file (travellers CSV, PBN, USEBIO or ACBLscore game file) says, read and checked,
before anything is stored.

Every reader turns a file into one `ResultsFile`: the boards with their deals, the traveller
lines as `TravellerRow`s (so one service stores them all), the pairs' names, and the
matchpoints and percentages the file *published*, kept as written so that they can be
compared with clubscorer's own (`compare.py`). A travellers CSV gives lines and names: its
boards are those of Law 2, and it publishes figures only when it is salliere's.
"""

from __future__ import annotations

import datetime
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from operator import attrgetter
from typing import TYPE_CHECKING, Literal, NamedTuple

from ..scoring.board import dealer as law2_dealer
from ..scoring.board import vulnerability as law2_vulnerability
from ..scoring.event import ButlerDiscard, Method
from ..scoring.message import Message
from ..scoring.notation import Outcome
from ..scoring.rulings import Ruling

if TYPE_CHECKING:  # interchange/deals.py loads endplay (a second): a travellers CSV never needs it
    from .deals import Analysis

# the formats `files.read_file` reads
FileKind = Literal["csv", "pbn", "usebio", "acbl", "nzscorer"]


class TravellerRow(NamedTuple):
    """A checked traveller line from a file, as the import service stores it.

    A NamedTuple (immutable, and made 8 times faster than a frozen dataclass: a file of 3,000
    tables gives 78,000 of them, made by one `map` over the columns read, `travellers/bulk.py`).
    """

    line: int  # line number in the file, for messages
    section: str
    board: int
    ns: str
    ew: str
    ruling: Ruling
    round: int | None = None
    table: int | None = None
    lead: str = ""
    foul_group: int = 0
    reason: str = ""

    @property
    def outcome(self) -> Outcome | None:
        """The table's result (NS's part of a split; None for a weighted score)."""
        return self.ruling.shown


@dataclass(frozen=True, slots=True)
class NamesRow:
    """A pair's players (and home direction, when the file says) from a names CSV or a file."""

    section: str
    pair: str
    names: tuple[str, str]
    direction: str = ""  # NS, EW or empty


def line_of(message: object) -> int:
    """The line a `line N: ...` problem names in English (0 for none), to list problems in
    file order. Example: line_of(at_line(12, m)) -> 12."""
    match = re.match(r"line (\d+):", str(message))
    return int(match.group(1)) if match else 0


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """A board as a file describes it: dealer and vulnerability, and the deal when known."""

    number: int
    dealer: str  # N, E, S, W
    vulnerability: str  # None, NS, EW, All
    deal: str = ""  # PBN deal from North, "" when unknown
    analysis: Analysis | None = None  # double-dummy table and par, when the file has them
    line: int = 0  # where the file describes it, for messages
    stated: tuple[bool, bool] = (True, True)  # dealer, vulnerability written (not from Law 2)

    @classmethod
    def law2(cls, number: int, line: int = 0) -> BoardRecord:
        """A board the file only numbers: dealer and vulnerability of Law 2, no deal."""
        return cls(
            number,
            law2_dealer(number),
            law2_vulnerability(number),
            line=line,
            stated=(False, False),
        )


@dataclass(frozen=True, slots=True)
class PublishedLine:
    """The matchpoints and percentages a file gives one traveller line, as written."""

    line: int
    section: str
    board: int
    ns: str
    ew: str
    values: dict[str, Decimal]  # some of mp_ns, mp_ew, pct_ns, pct_ew; at IMPs imp_ns, imp_ew


@dataclass(frozen=True, slots=True)
class PublishedTotal:
    """A pair's total matchpoints and percentage as a file gives them, and its places: in its
    section ("section": in its direction of a Mitchell, "1", "2=", "2/3" as the file writes
    them) and across sections ("overall": in the session's ranking across sections,
    docs/rules.md §6.6)."""

    line: int
    section: str
    pair: str
    values: dict[str, Decimal]  # some of mp, pct; at IMPs imps
    places: dict[str, str] = field(default_factory=dict)  # "section", "overall"


@dataclass(frozen=True, slots=True)
class PublishedDatum:
    """A Butler datum as a file gives it for one section's board (USEBIO `BOARD_AVERAGE`)."""

    line: int
    section: str
    board: int
    value: Decimal


@dataclass(frozen=True)
class ResultsFile:
    kind: FileKind | Literal[""] = ""  # what it was read from
    name: str = ""
    date: datetime.date | None = None
    boards: dict[int, BoardRecord] = field(default_factory=dict)
    rows: list[TravellerRow] = field(default_factory=list)
    names: list[NamesRow] = field(default_factory=list)
    winners: dict[str, int] = field(default_factory=dict)  # by section, when the file says
    lines: list[PublishedLine] = field(default_factory=list)
    totals: list[PublishedTotal] = field(default_factory=list)
    method: Method = "mp"  # how the file scored it
    datums: dict[tuple[str, int], PublishedDatum] = field(default_factory=dict)  # Butler
    butler_discard: ButlerDiscard | None = None  # the Butler datum the file names, if any
    # clubscorer's own files: the session's settings as written (`settings.py`), by field,
    # and the line of each, for the messages of a value the session cannot hold
    settings: dict[str, str] = field(default_factory=dict)
    setting_lines: dict[str, int] = field(default_factory=dict)
    # The encoding each text file was read in, when not UTF-8 (`text.py`), for the director:
    # {"the file": "cp1252"}
    encodings: dict[str, str] = field(default_factory=dict)
    # Lines read all the same, each with what was wrong with it, for the director: "line 14:
    # board 3: kept by its score, NS +480: '42' is not a contract ..." (`text.file_notes`)
    notices: list[Message] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        """The `notices` in English, as files and the command line say them."""
        return [str(notice) for notice in self.notices]

    @property
    def deals(self) -> dict[int, str]:
        return {number: board.deal for number, board in self.boards.items() if board.deal}

    @property
    def published(self) -> int:
        """How many traveller lines, totals and datums carry published values (0: none to
        compare)."""
        return sum(1 for line in self.lines if line.values) + len(self.totals) + len(self.datums)


def split_names(text: str) -> tuple[str, str]:
    """A pair's names as files write them: `Ann Smith;Bob Jones` (PBN), or `A & B`."""
    for separator in (";", " & ", " - ", " / "):
        if separator in text:
            first, second = text.split(separator, 1)
            return first.strip()[:100], second.strip()[:100]
    return text.strip()[:100], ""


def pair_directions(rows: Sequence[TravellerRow]) -> dict[tuple[str, str], set[str]]:
    """The directions each (section, pair) sat in."""
    directions: dict[tuple[str, str], set[str]] = defaultdict(set)
    for side, seat in (("NS", attrgetter("section", "ns")), ("EW", attrgetter("section", "ew"))):
        for pair in set(map(seat, rows)):  # each pair once, not once per board
            directions[pair].add(side)
    return directions
