"""Printed documents as PDFs: travellers, score cards, table cards, results and hand records.

Every PDF clubscorer makes comes from here, in four layers:

- **layout**: pure functions deciding which rows a traveller, a score card or a table card
  gets, from the section's movement and the scored results (plain data in and out, no
  database); a section without a movement falls back to one row per result (or per pair);
- **typesetting**: pure functions turning those rows into grids of fixed-width text lines
  (WeasyPrint's time goes on lines of text, and a table cell is a line; see `typeset`);
- **documents**: the seven documents (`DOCUMENTS`), who may have each, its options (paper,
  one or two to a page) and the function that loads what it shows;
- **rendering and caching**: `render_to_string` of `templates/sessions_app/print/*.html` with
  `static/css/print.css`, WeasyPrint's `write_pdf()`, and the PDF kept in `default_storage`
  (under MEDIA_ROOT) under a name derived from the session's `results_version`, which every
  write bumps: a stored PDF is never stale, and older ones are deleted when a newer is stored.

Example: `document_pdf(session, DOCUMENTS["blank-travellers"], Options(PAPERS["letter"], 2))`
-> the bytes of the blank travellers, two to a Letter page; the second call reads the file.
"""

from __future__ import annotations

import logging
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote

from django.contrib.staticfiles import finders
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.template.loader import render_to_string
from django.utils.crypto import salted_hmac
from django.utils.dateformat import format as date_format

from .deals import hands
from .models import Board, Section, Session
from .movements import Movement
from .scoring import (
    BoardInfo,
    PairEntry,
    PairScore,
    ScoredLine,
    SectionResult,
    SessionResults,
    display,
)
from .scoring.ranking import natural_key
from .services.movements import section_movement
from .services.results import session_results

logger = logging.getLogger(__name__)

# --------------------------------------------------------------------------------------------
# Paper and options


@dataclass(frozen=True)
class Paper:
    key: str  # as written in the URL: ?paper=letter
    size: str  # CSS @page size
    width: float  # mm
    height: float  # mm


PAPERS = {
    "a4": Paper("a4", "A4", 210, 297),
    "letter": Paper("letter", "letter", 215.9, 279.4),
}
MARGIN_MM = 12  # top, left and right (14 at the bottom): print.css's @page margins
BOTTOM_MARGIN_MM = 14
# What a part keeps for itself besides its grid when two share a page (print.css sizes).
HEADING_MM = 26  # title, board or pair line, notes under the grid
DIAGRAM_MM = 52  # the hand diagram of a completed traveller
TOTAL_MM = 8  # a completed score card's total line


@dataclass(frozen=True)
class Options:
    paper: Paper = PAPERS["a4"]
    per_page: int = 1

    @property
    def key(self) -> str:
        return f"{self.paper.key}-{self.per_page}"

    @property
    def content_width(self) -> float:
        """The width (mm) between the margins."""
        return self.paper.width - 2 * MARGIN_MM

    def grid_height(self, reserved_mm: float) -> float | None:
        """The height left for a grid when `per_page` items share a page and `reserved_mm`
        of each goes to its headings and notes; None for one to a page (no limit)."""
        return None if self.per_page == 1 else self.part_height - reserved_mm

    @property
    def part_height(self) -> float:
        """The height (mm) of one item when `per_page` share a page, a little under the share
        so that rounding never pushes the last one over."""
        usable = self.paper.height - MARGIN_MM - BOTTOM_MARGIN_MM
        return round(usable / self.per_page - 2, 1)


class OptionError(ValueError):
    """An option the document does not offer (the message says which ones it does)."""


# --------------------------------------------------------------------------------------------
# Layout: pure functions, no database


class TravellerRow(NamedTuple):
    """One line of a traveller: the pairs as they sit (and the result, once there is one)."""

    round: int | None
    table: int | None
    ns: str
    ew: str
    switched: bool = False  # an arrow-switched round: the EW pair of the movement sits NS
    scored: ScoredLine | None = None

    @property
    def ns_score(self) -> int | None:
        """The NS score (NS's own one for a split score); None for an artificial score."""
        return side_score(self.scored, "NS") if self.scored else None


def traveller_rows(
    board: int,
    movement: Movement | None,
    lines: Sequence[ScoredLine] = (),
    pairs: Sequence[PairEntry] = (),
) -> tuple[TravellerRow, ...]:
    """The rows of board `board`'s traveller, in the order the board travels.

    With a movement: a row for each table that plays the board (`board_schedule`, sit-outs left
    out), its result filled in from `lines` when the same pairs played it (either way round);
    lines the movement does not expect come last. Without one: a row per line, or, before any
    result, a row per NS pair of `pairs` with the EW pair left blank.

    Example (7-table Mitchell, 3 a round, last round switched): board 1 -> (1, 1, "1", "8"),
    (2, 7, "7", "13"), ..., (7, 2, "10", "2", switched).
    """
    remaining = list(lines)
    rows = []
    if movement is not None and 1 <= board <= movement.boards:
        switched = set(movement.switched_rounds)
        for visit in movement.board_schedule(board):
            if visit.ns is None or visit.ew is None:
                continue  # a sit-out: the board is not played there
            scored = _take_line(remaining, visit.ns, visit.ew)
            ns, ew = (scored.line.ns, scored.line.ew) if scored else (visit.ns, visit.ew)
            rows.append(
                TravellerRow(visit.round, visit.table, ns, ew, visit.round in switched, scored)
            )
    elif not remaining:
        ns_pairs = [pair.label for pair in pairs if pair.direction == "NS"]
        return tuple(TravellerRow(None, None, label, "") for label in _natural(ns_pairs))
    remaining.sort(key=lambda s: (s.line.round or 0, s.line.table or 0, natural_key(s.line.ns)))
    rows.extend(
        TravellerRow(s.line.round, s.line.table, s.line.ns, s.line.ew, scored=s) for s in remaining
    )
    return tuple(rows)


def _take_line(lines: list[ScoredLine], ns: str, ew: str) -> ScoredLine | None:
    for index, scored in enumerate(lines):
        if {scored.line.ns, scored.line.ew} == {ns, ew}:
            return lines.pop(index)
    return None


def section_boards(
    movement: Movement | None, section: SectionResult | None, session_boards: Iterable[int]
) -> list[int]:
    """The boards a section has travellers for: the movement's boards (and any board that has
    results there), else the boards with results, else every board of the session."""
    scored = {board.number for board in section.boards} if section else set()
    if movement is not None:
        return sorted(set(range(1, movement.boards + 1)) | scored)
    return sorted(scored or set(session_boards))


def side_score(scored: ScoredLine, direction: str) -> int | None:
    """The score of one side of a line from its own point of view (+420 for NS is -420 for
    EW); None for an artificial, weighted or not-played line. A split score gives each side
    its own score."""
    award = scored.line.ns_award if direction == "NS" else scored.line.ew_award
    if not isinstance(award, tuple) or len(award) != 1:
        return None
    ns_view = award[0][1]
    return ns_view if direction == "NS" else -ns_view


class CardRow(NamedTuple):
    """One board on a personal score card, from the pair's point of view."""

    round: int | None
    table: int | None
    direction: str  # as the pair sits: "NS", "EW" ("" for a sit-out)
    opponent: str | None  # None: the pair sits out
    board: int | None  # None: a sit-out round
    switched: bool = False
    first: bool = True  # the first board of its round: the card shows round, table, opponent
    scored: ScoredLine | None = None

    @property
    def score(self) -> int | None:
        return side_score(self.scored, self.direction) if self.scored else None

    @property
    def matchpoints(self):
        if self.scored is None:
            return None
        return self.scored.mp_ns if self.direction == "NS" else self.scored.mp_ew

    @property
    def percentage(self) -> Fraction | None:
        if self.scored is None:
            return None
        return self.scored.pct_ns if self.direction == "NS" else self.scored.pct_ew


def score_card_rows(
    label: str,
    movement: Movement | None,
    played: Mapping[int, ScoredLine] | None = None,
    boards: Sequence[int] = (),
) -> tuple[CardRow, ...]:
    """The rows of pair `label`'s score card: round by round its table, direction, opponent and
    each board, from the movement; the pair's results from `played` (its lines by board).

    Without a movement (or when the pair is not in it) a row per board it played, in the order
    played; with no result yet, an empty row for each of `boards`.

    Example (7-table Mitchell, 3 a round, last round switched): pair "1" -> (1, 1, "NS", "8",
    1), (1, 1, "NS", "8", 2, first=False), ..., (7, 1, "EW", "9", 19, switched).
    """
    played = played or {}
    rows: list[CardRow] = []
    schedule = _pair_schedule(movement, label)
    if schedule is not None:
        switched = set(movement.switched_rounds)
        for stop in schedule:
            if stop.opponent is None:
                rows.append(CardRow(stop.round, stop.table, "", None, None))
                continue
            for index, board in enumerate(stop.boards):
                scored = played.get(board)
                rows.append(
                    CardRow(
                        stop.round,
                        stop.table,
                        stop.direction,
                        stop.opponent,
                        board,
                        stop.round in switched,
                        index == 0,
                        scored,
                    )
                )
        return tuple(rows)
    if not played:
        return tuple(CardRow(None, None, "", "", board) for board in boards)
    ordered = sorted(played.items(), key=lambda item: (item[1].line.round or 0, item[0]))
    previous = object()
    for board, scored in ordered:
        line = scored.line
        sits_ns = line.ns == label
        group = (line.round, line.table) if line.round is not None else object()
        rows.append(
            CardRow(
                line.round,
                line.table,
                "NS" if sits_ns else "EW",
                line.ew if sits_ns else line.ns,
                board,
                False,
                group != previous,
                scored,
            )
        )
        previous = group
    return tuple(rows)


def _pair_schedule(movement: Movement | None, label: str):
    if movement is None:
        return None
    try:
        return movement.pair_schedule(label)
    except KeyError:
        return None


def lines_by_pair(section: SectionResult) -> dict[str, dict[int, ScoredLine]]:
    """Each pair's traveller lines in a section, by board number."""
    by_pair: dict[str, dict[int, ScoredLine]] = defaultdict(dict)
    for board in section.boards:
        for scored in board.lines:
            by_pair[scored.line.ns][board.number] = scored
            by_pair[scored.line.ew][board.number] = scored
    return by_pair


def section_labels(movement: Movement | None, section: SectionResult | None) -> list[str]:
    """The pairs of a section in label order: the movement's, and any other with a result."""
    labels = set(movement.pairs) if movement is not None else set()
    if section is not None:
        labels |= set(section.pairs)
        labels |= set(lines_by_pair(section))
    return _natural(labels)


class TableCardRow(NamedTuple):
    """One round at one table of a Mitchell, and where the movers go next."""

    round: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]
    switched: bool
    pair_to: int | None  # the table the moving (home EW) pair goes to; None: last round
    boards_to: str  # the table(s) the boards go to: "6", "1/8", "bye stand", "" (last round)


@dataclass(frozen=True)
class TableCard:
    table: int
    rows: tuple[TableCardRow, ...]


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """A card for each table of a Mitchell: who sits NS and EW (as they sit: in an arrow-switched
    round the home EW pair sits NS) and which boards each round, and where the moving pair and
    the boards go next.

    Example (7-table Mitchell, 3 a round): table 3, round 1 -> NS "3", EW "10", boards 7-9,
    the EW pair to table 4, the boards to table 2.
    """
    pair_tables: dict[tuple[str, int], int] = {}
    board_tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    for rnd, seating in movement.seatings():
        for label in (seating.ns, seating.ew):
            if label is not None:
                pair_tables[label, rnd.number] = seating.table
        if seating.boards:
            board_tables[seating.boards[0], rnd.number].append(seating.table)
    last = max((rnd.number for rnd in movement.rounds), default=0)
    by_table: dict[int, list[TableCardRow]] = defaultdict(list)
    for rnd, seating in movement.seatings():
        mover = seating.ns if rnd.switched else seating.ew
        if rnd.number == last:
            pair_to, boards_to = None, ""
        else:
            pair_to = pair_tables.get((mover, rnd.number + 1)) if mover else None
            tables = sorted(board_tables.get((seating.boards[0], rnd.number + 1), ()))
            boards_to = "/".join(map(str, tables)) if tables else "bye stand"
        by_table[seating.table].append(
            TableCardRow(
                rnd.number,
                seating.ns,
                seating.ew,
                seating.boards,
                rnd.switched,
                pair_to,
                boards_to,
            )
        )
    return tuple(TableCard(table, tuple(rows)) for table, rows in sorted(by_table.items()))


class GuideRow(NamedTuple):
    round: int
    table: int
    direction: str
    opponent: str | None  # None: sits out
    boards: tuple[int, ...]
    switched: bool


def guide_rows(movement: Movement, label: str) -> tuple[GuideRow, ...]:
    """A Howell pair's guide card: each round its table, the seat it takes, its opponents and
    boards. Example (4-table Howell, 3 a round): pair "1", round 1 -> table 1, EW v 8, 1-3."""
    switched = set(movement.switched_rounds)
    return tuple(
        GuideRow(
            stop.round,
            stop.table,
            stop.direction,
            stop.opponent,
            stop.boards,
            stop.round in switched,
        )
        for stop in movement.pair_schedule(label)
    )


SEAT_ORDER = ("N", "S", "E", "W")
STRAIN_ORDER = ("NT", "S", "H", "D", "C")


@dataclass(frozen=True)
class HandRecord:
    """What a hand record shows of one board."""

    number: int
    dealer: str
    vulnerability: str
    hands: dict[str, dict[str, str]]  # seat -> suit -> cards ("AKT2")
    makeable: tuple[tuple[str, tuple[str, ...]], ...]  # (seat, levels in STRAIN_ORDER)
    par_score: int | None
    par_contracts: str


def makeable(double_dummy: Mapping[str, Mapping[str, int]] | None) -> tuple:
    """The double-dummy table as the contracts each declarer makes: the level (tricks - 6) in
    each strain, "–" when not even a one-level contract makes.

    Example: {"N": {"NT": 6, "S": 10, ...}} -> (("N", ("–", "4", ...)), ...).
    """
    if not double_dummy:
        return ()
    rows = []
    for seat in SEAT_ORDER:
        tricks = double_dummy.get(seat, {})
        rows.append((seat, tuple(_level(tricks.get(strain)) for strain in STRAIN_ORDER)))
    return tuple(rows)


def _level(tricks: int | None) -> str:
    if tricks is None:
        return ""
    return str(tricks - 6) if tricks > 6 else "–"


def hand_record(
    info: BoardInfo,
    deal: str,
    double_dummy: Mapping | None = None,
    par_score: int | None = None,
    par_contracts: str = "",
) -> HandRecord | None:
    """A board's hand record, or None when its deal is not known."""
    if not deal:
        return None
    return HandRecord(
        info.number,
        info.dealer,
        info.vulnerability,
        hands(deal),
        makeable(double_dummy),
        par_score,
        par_contracts,
    )


def chunked(items: Sequence, size: int) -> list[tuple]:
    """`items` in groups of `size` (the last may be shorter): chunked([1, 2, 3], 2) ->
    [(1, 2), (3,)]."""
    return [tuple(items[start : start + size]) for start in range(0, len(items), size)]


def _natural(labels: Iterable[str]) -> list[str]:
    return sorted(labels, key=natural_key)


def board_info(results: SessionResults, number: int) -> BoardInfo:
    return results.boards.get(number) or BoardInfo.from_number(number)


# --------------------------------------------------------------------------------------------
# Typesetting: ruled grids as lines of fixed-width text
#
# WeasyPrint spends about a millisecond on every line of text it lays out, and each cell of an
# HTML table is a line of its own: a completed traveller as a table is some 150 lines, and the
# demo's 42 completed travellers took 7 s of CPU. So the grids (travellers, score cards, table
# cards, double-dummy tables) are set in a monospaced font, one line of text a row, each cell
# padded to its column's width here; the vertical rules are one small SVG drawn as the grid's
# background, the horizontal ones the rows' borders. The same look in a tenth of the lines
# (3.5 s for those 42 travellers, hand diagrams included).

MONO_ADVANCE = 1233 / 2048  # DejaVu Sans Mono: every glyph is this many em wide
PT_MM = 25.4 / 72
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CONTRACT = re.compile(r"^([1-7])(NT|[SHDC])(X{0,2})$")
_CARD = re.compile(r"^([SHDC])(10|[2-9TJQKA])$", re.IGNORECASE)
ELLIPSIS = "…"
MIN_ROW_MM = 3.5
RULE_MM = 0.5  # the most a row's top rule adds to its height (1.3 pt)


@dataclass(frozen=True)
class Column:
    label: str
    width: int = 0  # the least characters, however short the texts
    align: str = "c"  # "l", "c" or "r"
    stretch: int = 0  # this column's share of any spare width (room to write in)
    limit: int = 0  # the most characters shown (0: no limit); longer texts end in "…"


class GridLine(NamedTuple):
    text: str
    css: str = ""  # "shade" (an arrow-switched round), "first" (a round begins)


@dataclass(frozen=True)
class Grid:
    head: str
    lines: tuple[GridLine, ...]
    rules: tuple[int, ...]  # the inner column edges, in characters from the left
    chars: int  # the whole width, in characters
    font_pt: float
    row_mm: float

    @property
    def char_mm(self) -> float:
        return self.font_pt * MONO_ADVANCE * PT_MM

    @property
    def style(self) -> str:
        """The grid's CSS: its width, font size, row height, and its vertical rules drawn as
        one small SVG background (an image is read once however often it is drawn, where
        a box per rule would be laid out on every page)."""
        width = self.chars * self.char_mm
        path = "".join(f"M{edge * self.char_mm:.2f} 0V1" for edge in self.rules)
        svg = (
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.2f}mm' height='10mm' "
            f"viewBox='0 0 {width:.2f} 1' preserveAspectRatio='none'>"
            f"<path d='{path}' stroke='black' stroke-width='0.18'/></svg>"
        )
        return (
            f"width: {width:.2f}mm; font-size: {self.font_pt}pt; line-height: {self.row_mm}mm; "
            f'background-image: url("data:image/svg+xml,{quote(svg)}")'
        )


def typeset(
    columns: Sequence[Column],
    rows: Sequence[tuple[Sequence[str], str]],
    *,
    width_mm: float,
    font_pt: float = 10.0,
    row_mm: float = 6.0,
    height_mm: float | None = None,
) -> Grid:
    """Rows of cell texts as a grid of padded lines (plus `css` for each row), as wide as the
    widest text of each column, within `width_mm`: spare width goes to the stretching columns,
    and a grid too wide for `font_pt` is set in a smaller size.

    Example: typeset([Column("NS"), Column("Score", align="r")], [(("1", "420"), "")],
    width_mm=100) -> head " NS  Score ", lines (" 1     420 ",), rules (4,).
    With `height_mm` (two to a page) the rows are made lower, down to MIN_ROW_MM, to fit it.
    """
    if height_mm is not None:
        pitch = height_mm / (len(rows) + 1)  # each row also has its rule above it
        row_mm = max(MIN_ROW_MM, min(row_mm, int(10 * (pitch - RULE_MM)) / 10))
    widths = [max(column.width, len(column.label)) for column in columns]
    for cells, _ in rows:
        for index, (column, cell) in enumerate(zip(columns, cells, strict=True)):
            shown = min(len(cell), column.limit) if column.limit else len(cell)
            widths[index] = max(widths[index], shown)
    chars = sum(widths) + 2 * len(widths)
    fits = int(width_mm / (font_pt * MONO_ADVANCE * PT_MM))
    shares = sum(column.stretch for column in columns)
    if chars < fits and shares:
        spare, given = fits - chars, 0
        for index, column in enumerate(columns):
            widths[index] += spare * column.stretch // shares
            given += spare * column.stretch // shares
        stretching = [index for index, column in enumerate(columns) if column.stretch]
        for turn in range(spare - given):  # what rounding down left over, a character each
            widths[stretching[turn % len(stretching)]] += 1
        chars = sum(widths) + 2 * len(widths)
    elif chars > fits:
        font_pt = int(10 * width_mm / (chars * MONO_ADVANCE * PT_MM)) / 10
    rules, edge = [], 0
    for width in widths[:-1]:
        edge += width + 2
        rules.append(edge)
    return Grid(
        head=_grid_line(columns, [column.label for column in columns], widths),
        lines=tuple(GridLine(_grid_line(columns, cells, widths), css) for cells, css in rows),
        rules=tuple(rules),
        chars=chars,
        font_pt=font_pt,
        row_mm=row_mm,
    )


def _grid_line(columns: Sequence[Column], cells: Sequence[str], widths: Sequence[int]) -> str:
    parts = []
    for column, cell, width in zip(columns, cells, widths, strict=True):
        if len(cell) > width:
            cell = cell[: width - 1] + ELLIPSIS
        if column.align == "l":
            cell = cell.ljust(width)
        elif column.align == "r":
            cell = cell.rjust(width)
        else:
            cell = cell.center(width)
        parts.append(f" {cell} ")
    return "".join(parts)


def contract_symbols(contract: str) -> str:
    """A contract with its suit symbol: "4SX" -> "4♠X", "3NT" -> "3NT"; adjustments ("A+/A-",
    "PASS", "NP") as they are."""
    match = _CONTRACT.match(contract or "")
    if not match:
        return contract or ""
    level, strain, doubled = match.groups()
    return f"{level}{SUIT_SYMBOLS.get(strain, strain)}{doubled}"


def lead_symbols(lead: str) -> str:
    """An opening lead as written on a traveller ("H3", "ST") with its suit: "♥3", "♠10"."""
    match = _CARD.match((lead or "").strip())
    if not match:
        return lead or ""
    suit, rank = match.group(1).upper(), match.group(2).upper()
    return SUIT_SYMBOLS[suit] + ("10" if rank == "T" else rank)


def mp_text(results: SessionResults, value) -> str:
    """Matchpoints (exact, 2/1 scale) on the session's scale, rounded by scoring/display."""
    return display.text(results.scaled(value))


def pct_text(value) -> str:
    """A percentage to two decimals ("66.67"), rounded by scoring/display; "" for None."""
    return "" if value is None else str(display.rounded(value, 2))


def score_columns(score: int | None) -> tuple[str, str]:
    """A score in the "+" and "−" columns: 420 -> ("420", ""), -50 -> ("", "50"), a pass-out
    0 -> ("0", ""), None -> ("", "")."""
    if score is None:
        return "", ""
    return (str(score), "") if score >= 0 else ("", str(-score))


def traveller_grid(
    rows: Sequence[TravellerRow],
    results: SessionResults | None,
    *,
    width_mm: float,
    completed: bool,
    height_mm: float | None = None,
) -> tuple[Grid, tuple[str, ...]]:
    """A traveller's grid and its notes (long adjustments, split scores). Blank: the pairs
    pre-printed and room to write; completed: the results, matchpoints and percentages."""
    unit = "IMP" if results is not None and results.imps else "MP"
    columns = [
        Column("Rnd"),
        Column("Table"),
        Column("NS", 3),
        Column("EW", 3),
        Column("Contract", 8, "l", stretch=4, limit=12),
        Column("By", 2, stretch=1),
        Column("Lead", 4, stretch=1),
        Column("Tricks", stretch=1),
        Column("NS +", 4, "r", stretch=2),
        Column("NS −", 4, "r", stretch=2),
        Column(f"{unit} NS", 5, "r", stretch=1),
        Column(f"{unit} EW", 5, "r", stretch=1),
    ]
    if completed and unit == "MP":  # at IMPs there is no top, so no percentage
        columns += [Column("% NS", 5, "r"), Column("% EW", 5, "r")]
    cells_rows, notes = [], []
    for row in rows:
        cells = [
            f"{row.round or ''}{'↕' if row.switched else ''}",
            "" if row.table is None else str(row.table),
            row.ns,
            row.ew,
        ]
        scored = row.scored if completed else None
        if scored is not None:
            line = scored.line
            contract = contract_symbols(line.contract)
            if len(contract) > 12:
                notes.append(f"Table {row.table or '?'}, {row.ns} v {row.ew}: {contract}.")
            if line.score_ew is not None:
                notes.append(
                    f"Table {row.table or '?'}, {row.ns} v {row.ew}: split score, the EW pair "
                    f"scored as if NS had {line.score_ew:+d}."
                )
            cells += [
                contract,
                line.declarer,
                lead_symbols(line.lead),
                "" if line.tricks is None else str(line.tricks),
                *score_columns(row.ns_score),
                mp_text(results, scored.mp_ns),
                mp_text(results, scored.mp_ew),
            ]
            if unit == "MP":
                cells += [pct_text(scored.pct_ns), pct_text(scored.pct_ew)]
        else:
            cells += [""] * (len(columns) - 4)
        cells_rows.append((cells, "shade" if row.switched else ""))
    grid = typeset(
        columns,
        cells_rows,
        width_mm=width_mm,
        font_pt=9.5 if completed else 10.5,
        row_mm=5.6 if completed else 7.5,
        height_mm=height_mm,
    )
    return grid, tuple(notes)


def score_card_grid(
    rows: Sequence[CardRow],
    results: SessionResults | None,
    boards: Mapping[int, BoardInfo],
    *,
    width_mm: float,
    completed: bool,
    height_mm: float | None = None,
) -> Grid:
    """A personal score card's grid: round, table, seat, opponents and each board (dealer and
    vulnerability), room to write the contract and score, or the pair's own results."""
    imps = results is not None and results.imps
    columns = [
        Column("Rnd"),
        Column("Table"),
        Column("Sit"),
        Column("v Pair"),
        Column("Board"),
        Column("Dlr Vul", align="l"),
        Column("Contract", 8, "l", stretch=4, limit=12),
        Column("By", 2, stretch=1),
        Column("Lead", 4, stretch=1),
        Column("Tricks", stretch=1),
        Column("+", 4, "r", stretch=2),
        Column("−", 4, "r", stretch=2),
        Column("IMP" if imps else "MP", 5, "r", stretch=1),
    ]
    if completed and not imps:  # at IMPs there is no top, so no percentage
        columns.append(Column("%", 6, "r"))
    cells_rows = []
    for row in rows:
        head = [
            f"{row.round or ''}{'↕' if row.switched else ''}",
            "" if row.table is None else str(row.table),
            row.direction,
            "sit out" if row.opponent is None else row.opponent,
        ]
        if not row.first:
            head = ["", "", "", ""]
        if row.board is None:
            cells = [*head, *[""] * (len(columns) - 4)]
        else:
            info = boards.get(row.board) or BoardInfo.from_number(row.board)
            cells = [*head, str(row.board), f"{info.dealer} {info.vulnerability}"]
            scored = row.scored if completed else None
            if scored is not None:
                line = scored.line
                cells += [
                    contract_symbols(line.contract),
                    line.declarer,
                    lead_symbols(line.lead),
                    "" if line.tricks is None else str(line.tricks),
                    *score_columns(row.score),
                    mp_text(results, row.matchpoints),
                ]
                if not imps:
                    cells.append(pct_text(row.percentage))
            else:
                cells += [""] * (len(columns) - 6)
        css = " ".join(name for name, on in (("first", row.first), ("shade", row.switched)) if on)
        cells_rows.append((cells, css))
    return typeset(
        columns,
        cells_rows,
        width_mm=width_mm,
        font_pt=9.5,
        row_mm=5.2 if completed else 6.2,
        height_mm=height_mm,
    )


def table_card_grid(card: TableCard, *, width_mm: float, height_mm: float | None = None) -> Grid:
    columns = [
        Column("Round"),
        Column("NS", 3),
        Column("EW", 3),
        Column("Boards", stretch=2),
        Column("EW then to table", stretch=1),
        Column("Boards then to table", stretch=1),
    ]
    rows = [
        (
            [
                f"{row.round}{'↕' if row.switched else ''}",
                row.ns or "—",
                row.ew or "—",
                board_range(row.boards),
                "" if row.pair_to is None else str(row.pair_to),
                row.boards_to,
            ],
            "shade" if row.switched else "",
        )
        for row in card.rows
    ]
    return typeset(columns, rows, width_mm=width_mm, font_pt=12, row_mm=9, height_mm=height_mm)


def guide_card_grid(
    rows: Sequence[GuideRow], *, width_mm: float, height_mm: float | None = None
) -> Grid:
    columns = [
        Column("Round"),
        Column("Table", stretch=1),
        Column("Sit", stretch=1),
        Column("Against pair", stretch=1),
        Column("Boards", stretch=2),
    ]
    lines = [
        (
            [
                f"{row.round}{'↕' if row.switched else ''}",
                "—" if row.opponent is None else str(row.table),
                "sit out" if row.opponent is None else row.direction,
                row.opponent or "",
                board_range(row.boards),
            ],
            "shade" if row.switched else "",
        )
        for row in rows
    ]
    return typeset(columns, lines, width_mm=width_mm, font_pt=12, row_mm=9, height_mm=height_mm)


COMPASS = ("   N   ", " W   E ", "   S   ", "")


def holding_lines(hand: Mapping[str, str]) -> tuple[str, ...]:
    """A hand suit by suit: {"S": "KQ", "H": "AK85", "D": "AT4", "C": ""} -> ("♠ K Q",
    "♥ A K 8 5", "♦ A 10 4", "♣ —")."""
    return tuple(f"{SUIT_SYMBOLS[suit]} {cards_text(hand.get(suit, ''))}" for suit in "SHDC")


def cards_text(holding: str) -> str:
    """A suit's cards as printed: "AKT2" -> "A K 10 2"; a void -> "—"."""
    return " ".join("10" if card == "T" else card for card in holding) or "—"


def makeable_lines(record: HandRecord) -> tuple[str, ...]:
    """The double-dummy table as text: a header of strains, a line per declarer.

    Example: ("    NT  ♠  ♥  ♦  ♣", "N    –  4  4  –  –", ...)."""
    if not record.makeable:
        return ()
    head = "  " + "".join(f"{SUIT_SYMBOLS.get(strain, strain):>3}" for strain in STRAIN_ORDER)
    return (head, *(seat + " " + "".join(f"{level:>3}" for level in levels)
                    for seat, levels in record.makeable))  # fmt: skip


def deal_lines(record: HandRecord, *, table_beside: bool) -> tuple[str, ...]:
    """The hand diagram as lines of fixed-width text (North above West, compass and East,
    South below), with the double-dummy table beside it or under it.

    Set as text for speed: the four hands as positioned boxes cost WeasyPrint 40 ms a board.
    Example (demo board 8): line 0 is the North spades, "               ♠ K Q".
    """
    hands_ = {seat: holding_lines(record.hands[seat]) for seat in "NESW"}
    west = max(12, *(len(line) for line in hands_["W"]))
    indent = " " * (west + 2)
    diagram = [indent + line for line in hands_["N"]]
    diagram += [
        f"{w.ljust(west)}  {c.ljust(len(COMPASS[0]))}  {e}".rstrip()
        for w, c, e in zip(hands_["W"], COMPASS, hands_["E"], strict=True)
    ]
    diagram += [indent + line for line in hands_["S"]]
    table = makeable_lines(record)
    if not table_beside:
        return (*diagram, *(("", *table) if table else ()))
    width = max(len(line) for line in diagram) + 4
    return tuple(
        (line.ljust(width) + table[index]).rstrip() if index < len(table) else line
        for index, line in enumerate(diagram)
    )


def board_range(boards: Sequence[int]) -> str:
    """(7, 8, 9) -> "7–9"; (1, 5) -> "1, 5"; (4,) -> "4"."""
    boards = list(boards)
    if len(boards) > 2 and boards == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(map(str, boards))


# --------------------------------------------------------------------------------------------
# The documents: what each one holds (these read the database, then call the layout above)


@dataclass(frozen=True)
class SectionPlan:
    """A section as the documents need it: its scored result and its movement (if any)."""

    name: str
    result: SectionResult | None
    movement: Movement | None


def _sections(session: Session, results: SessionResults) -> list[SectionPlan]:
    plans = []
    for section in Section.objects.filter(session=session).order_by("name"):
        try:
            movement = section_movement(section)
        except ValueError:
            movement = None  # refused when saved; print as free-form meanwhile
        plans.append(SectionPlan(section.name, results.section(section.name), movement))
    return plans


def _hand_records(session: Session, results: SessionResults) -> dict[int, HandRecord]:
    records = {}
    boards = Board.objects.filter(session=session).exclude(deal="").order_by("number")
    for board in boards:
        info = results.boards.get(board.number) or BoardInfo(
            board.number, board.dealer, board.vulnerability
        )
        record = hand_record(
            info, board.deal, board.double_dummy, board.par_score, board.par_contracts
        )
        if record is not None:
            records[board.number] = record
    return records


@dataclass(frozen=True)
class HandSheet:
    record: HandRecord
    text: str  # the diagram and double-dummy table, lines of fixed-width text


@dataclass(frozen=True)
class TravellerSheet:
    section: str
    board: BoardInfo
    grid: Grid
    notes: tuple[str, ...] = ()
    top: int | None = None  # on the 2/1 scale, for a completed traveller
    hand: HandSheet | None = None
    switched: bool = False  # some row is in an arrow-switched round
    datum: int | None = None  # Butler IMPs: the NS score the results are compared with


def _travellers(session, results, options, *, completed: bool) -> dict[str, Any]:
    hand_records = _hand_records(session, results) if completed else {}
    width = options.content_width
    sheets = []
    for plan in _sections(session, results):
        pairs = tuple(plan.result.pairs.values()) if plan.result else ()
        for number in section_boards(plan.movement, plan.result, results.boards):
            scored = plan.result.board(number) if plan.result else None
            rows = traveller_rows(number, plan.movement, scored.lines if scored else (), pairs)
            record = hand_records.get(number)
            reserved = (HEADING_MM + DIAGRAM_MM) if record else HEADING_MM
            grid, notes = traveller_grid(
                rows,
                results,
                width_mm=width,
                completed=completed,
                height_mm=options.grid_height(reserved),
            )
            hand = None
            if record is not None:
                hand = HandSheet(record, "\n".join(deal_lines(record, table_beside=True)))
            sheets.append(
                TravellerSheet(
                    plan.name,
                    board_info(results, number),
                    grid,
                    notes,
                    scored.top if scored and not results.imps else None,
                    hand,
                    any(row.switched for row in rows),
                    scored.datum if scored and completed else None,
                )
            )
    return {"sheets": sheets, "completed": completed, "several": _several(results)}


def _blank_travellers(session, results, options):
    return _travellers(session, results, options, completed=False)


def _completed_travellers(session, results, options):
    return _travellers(session, results, options, completed=True)


@dataclass(frozen=True)
class ScoreCard:
    section: str
    label: str
    names: str
    home: str | None
    grid: Grid
    total: PairScore | None = None
    place: str = ""
    switched: bool = False


def _score_cards(session, results, options, *, completed: bool) -> dict[str, Any]:
    cards = []
    for plan in _sections(session, results):
        by_pair = lines_by_pair(plan.result) if plan.result and completed else {}
        places = _places(plan.result) if completed else {}
        numbers = section_boards(plan.movement, plan.result, results.boards)
        for label in section_labels(plan.movement, plan.result):
            entry = plan.result.pairs.get(label) if plan.result else None
            rows = score_card_rows(label, plan.movement, by_pair.get(label), numbers)
            grid = score_card_grid(
                rows,
                results,
                results.boards,
                width_mm=options.content_width,
                completed=completed,
                height_mm=options.grid_height(HEADING_MM + TOTAL_MM),
            )
            cards.append(
                ScoreCard(
                    plan.name,
                    label,
                    " & ".join(entry.names) if entry else "",
                    _home(plan.movement, entry, label),
                    grid,
                    results.scores.get((plan.name, label)) if completed else None,
                    places.get(label, ""),
                    any(row.switched for row in rows),
                )
            )
    return {"cards": cards, "completed": completed, "several": _several(results)}


def _home(movement: Movement | None, entry: PairEntry | None, label: str) -> str | None:
    if movement is not None:
        try:
            return movement.home_direction(label)
        except KeyError:
            pass
    return entry.direction if entry else None


def _places(section: SectionResult | None) -> dict[str, str]:
    if section is None:
        return {}
    return {s.score.label: s.place for field in section.fields for s in field.standings}


def _blank_score_cards(session, results, options):
    return _score_cards(session, results, options, completed=False)


def _completed_score_cards(session, results, options):
    return _score_cards(session, results, options, completed=True)


@dataclass(frozen=True)
class Card:
    """A table card (Mitchell: `label` is the table) or a guide card (Howell: the pair)."""

    section: str
    kind: str  # "table" or "pair"
    label: str
    names: str
    grid: Grid
    switched: tuple[TableCardRow, ...] = ()  # the arrow-switched rounds, for the note
    sit_out: bool = False  # a round with no pair at some seat (a half table)


def _table_cards(session, results, options) -> dict[str, Any]:
    cards, without = [], []
    width, height = options.content_width, options.grid_height(HEADING_MM)
    for plan in _sections(session, results):
        movement = plan.movement
        if movement is None:
            without.append(plan.name)
        elif movement.kind == "howell":
            for label in _natural(movement.pairs):
                entry = plan.result.pairs.get(label) if plan.result else None
                grid = guide_card_grid(
                    guide_rows(movement, label), width_mm=width, height_mm=height
                )
                names = " & ".join(entry.names) if entry else ""
                cards.append(Card(plan.name, "pair", label, names, grid))
        else:
            for card in table_cards(movement):
                switched = tuple(row for row in card.rows if row.switched)
                sit_out = any(row.ns is None or row.ew is None for row in card.rows)
                grid = table_card_grid(card, width_mm=width, height_mm=height)
                cards.append(Card(plan.name, "table", str(card.table), "", grid, switched, sit_out))
    return {"cards": cards, "without": without, "several": _several(results)}


def _results_sheet(session, results, options) -> dict[str, Any]:
    return {"several": _several(results)}


def _hand_record_pages(session, results, options) -> dict[str, Any]:
    records = [
        HandSheet(record, "\n".join(deal_lines(record, table_beside=False)))
        for record in _hand_records(session, results).values()
    ]
    return {"pages": chunked(records, 4)}


def _several(results: SessionResults) -> bool:
    return len(results.sections) > 1


Builder = Callable[[Session, SessionResults, Options], dict[str, Any]]


@dataclass(frozen=True)
class Document:
    slug: str  # in the URL: .../print/<slug>.pdf
    title: str
    template: str
    build: Builder = field(repr=False)
    director_only: bool = False  # blank forms for running the session
    per_page: tuple[int, ...] = (1,)  # the choices of items to a page; the first is the default

    @property
    def label(self) -> str:
        """The name for a link: "Travellers (blank)", "Score cards"."""
        return f"{self.title} (blank)" if self.slug.startswith("blank-") else self.title


DOCUMENTS = {
    document.slug: document
    for document in (
        Document(
            "blank-travellers",
            "Travellers",
            "sessions_app/print/travellers.html",
            _blank_travellers,
            director_only=True,
            per_page=(1, 2),
        ),
        Document(
            "travellers",
            "Travellers",
            "sessions_app/print/travellers.html",
            _completed_travellers,
            per_page=(1, 2),
        ),
        Document("results", "Results", "sessions_app/print/results.html", _results_sheet),
        Document(
            "blank-score-cards",
            "Score cards",
            "sessions_app/print/score_cards.html",
            _blank_score_cards,
            director_only=True,
            per_page=(1, 2),
        ),
        Document(
            "score-cards",
            "Score cards",
            "sessions_app/print/score_cards.html",
            _completed_score_cards,
            per_page=(1, 2),
        ),
        Document(
            "table-cards",
            "Table cards",
            "sessions_app/print/table_cards.html",
            _table_cards,
            director_only=True,
            per_page=(1, 2),
        ),
        Document(
            "hand-records",
            "Hand records",
            "sessions_app/print/hand_records.html",
            _hand_record_pages,
        ),
    )
}


def options_from_query(document: Document, query: Mapping[str, str]) -> Options:
    """The options of a request (`?paper=letter&per_page=2`); raises OptionError naming the
    choices for a value the document does not offer."""
    paper_key = (query.get("paper") or "a4").lower()
    paper = PAPERS.get(paper_key)
    if paper is None:
        raise OptionError(f"paper must be one of {', '.join(PAPERS)}, not {paper_key!r}")
    raw = query.get("per_page") or str(document.per_page[0])
    if not raw.isdigit() or int(raw) not in document.per_page:
        choices = " or ".join(map(str, document.per_page))
        raise OptionError(f"per_page must be {choices} for {document.slug}, not {raw!r}")
    return Options(paper, int(raw))


# --------------------------------------------------------------------------------------------
# Rendering and caching


def render_html(session: Session, document: Document, options: Options) -> str:
    results = session_results(session)
    context = document.build(session, results, options)
    context.update(
        session=session,
        results=results,
        document=document,
        options=options,
        paper=options.paper,
        draft=not session.is_published,
        footer=_footer(session),
    )
    return render_to_string(document.template, context)


def _footer(session: Session) -> str:
    """Printed at the foot of every page: "Riverside BC · Monday Pairs · 16 Nov 2026"."""
    parts = [session.club.name, session.name, date_format(session.date, "j M Y")]
    if not session.is_published:
        parts.append(f"{session.get_status_display()}, not published")
    return " · ".join(parts)


def render_pdf(session: Session, document: Document, options: Options) -> bytes:
    """The document as PDF bytes, rendered now (no cache)."""
    from weasyprint import CSS, HTML  # 1 s to import: only when a PDF is made

    stylesheet = finders.find("css/print.css")
    html = HTML(string=render_html(session, document, options), base_url=str(_static_dir()))
    return html.write_pdf(stylesheets=[CSS(filename=stylesheet)])


def _static_dir() -> Path:
    return Path(finders.find("css/print.css")).parent.parent


def stored_name(session: Session, document: Document, options: Options) -> str:
    """Where the PDF is kept: printing/<session>/<token>-<document>-<options>.pdf.

    The token is a keyed hash (SECRET_KEY) of everything the PDF depends on besides the
    document and its options: the session (its id and creation time, since an id can come back
    after a rollback), `results_version` (bumped by every write of a result or of the set-up),
    and the session's own fields (`updated_at`, status: name, date and publication appear in
    the PDF). A new version gets a new token, so a stored PDF is never stale; being secret, the
    token also keeps a draft's PDFs unguessable should MEDIA_ROOT ever be served directly.
    """
    return f"{_folder(session)}/{_token(session)}-{document.slug}-{options.key}.pdf"


def _folder(session: Session) -> str:
    return f"printing/{session.pk}"


def _token(session: Session) -> str:
    stamp = ":".join(
        (
            str(session.pk),
            f"{session.created_at.timestamp():.6f}",
            f"{session.updated_at.timestamp():.6f}",
            str(session.results_version),
            session.status,
        )
    )
    return salted_hmac("clubscorer.printing", stamp).hexdigest()[:24]


def document_pdf(session: Session, document: Document, options: Options) -> bytes:
    """The document as PDF bytes: read back when this version was made before, else rendered
    and stored (deleting the PDFs of the session's older versions)."""
    name = stored_name(session, document, options)
    cached = _read(name)
    if cached is not None:
        return cached
    pdf = render_pdf(session, document, options)
    _store(name, pdf, session)
    return pdf


def _read(name: str) -> bytes | None:
    try:
        with default_storage.open(name, "rb") as stored:
            pdf = stored.read()
    except OSError:  # not stored yet (FileNotFoundError), or unreadable
        return None
    # A file another request is still writing (or one whose writer died) does not end the way
    # a PDF ends: make our own.
    return pdf if pdf.rstrip().endswith(b"%%EOF") else None


def _store(name: str, pdf: bytes, session: Session) -> None:
    try:
        saved = default_storage.save(name, ContentFile(pdf))
        if saved != name:  # the name was taken: by the same PDF, or by an unfinished one
            default_storage.delete(saved)
            if _read(name) is None:
                default_storage.delete(name)
                if default_storage.save(name, ContentFile(pdf)) != name:
                    logger.warning("could not replace %s", name)
        _delete_older(session)
    except OSError as error:  # a full disk must not stop the PDF from being served
        logger.warning("could not store %s: %s", name, error)


def _delete_older(session: Session) -> None:
    """Delete the session's PDFs of any other version than the current one."""
    folder, token = _folder(session), _token(session)
    try:
        _, files = default_storage.listdir(folder)
    except FileNotFoundError:
        return
    for stale in files:
        if not stale.startswith(f"{token}-"):
            default_storage.delete(f"{folder}/{stale}")


def forget_stored(session_id: int) -> None:
    """Delete every stored PDF of a session (e.g. when it is deleted)."""
    folder = f"printing/{session_id}"
    try:
        _, files = default_storage.listdir(folder)
    except FileNotFoundError:
        return
    for name in files:
        default_storage.delete(f"{folder}/{name}")
