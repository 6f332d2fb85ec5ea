"""What each document's template gets: its sheets, laid out from the pages' own rows.

A builder here reads the session's sections and stored deals (`selectors`), builds the rows
the results pages show from the scored results (`rows`), arranges them as the movement seats
the pairs (`layout`) and sets their grids (`grids`), and returns the template's context.
Everything about one sheet is decided here, so the templates (templates/sessions_app/print/)
only place it on the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil
from typing import Any

from ..core import selectors
from ..core.section_movement import usable_movement
from ..models import Session
from ..movements import Movement
from ..rows import (
    HandRecord,
    ScoreCard,
    hand_record,
    pair_names,
    section_score_cards,
    section_traveller,
    session_rankings,
)
from ..scoring import BoardInfo, PairEntry, SectionResult, SessionResults
from ..scoring.results import Value
from .codes import CODE_MM, CodeMark, code_marks
from .grids import (
    guide_card_grid,
    score_card_grid,
    table_card_grid,
    traveller_grid,
    traveller_notes,
)
from .hands import deal_lines
from .layout import (
    TableCardRow,
    guide_rows,
    natural_sorted,
    score_card_rows,
    section_boards,
    section_labels,
    table_cards,
    traveller_rows,
)
from .monospace import Grid
from .options import Options

# What a part keeps for itself besides its grid when two share a page (print.css sizes).
HEADING_MM = 26  # title, board or pair line, one line of notes under the grid
DIAGRAM_MM = 52  # the hand diagram of a completed traveller
TOTAL_MM = 8  # a completed score card's total line
DRAFT_MM = 7  # "Draft — not published" under a completed form's heading
NOTE_LINE_MM = 3.7  # each further line of notes: 8 pt at a line height of 1.3
NOTE_CHAR_MM = 1.75  # a character of the notes, a little wider than DejaVu Sans's average


def notes_mm(text: str, width_mm: float) -> float:
    """The height the notes under a grid take beyond the one line HEADING_MM allows, so that
    a traveller with rulings said in words still fits its share of the page.

    Example: 300 characters across 186 mm (A4) -> 300 x 1.75 / 186 = 2.8, so 3 lines: 2 more
    than HEADING_MM's, 7.4 mm.
    """
    lines = max(1, ceil(len(text) * NOTE_CHAR_MM / width_mm))
    return (lines - 1) * NOTE_LINE_MM


HANDS_A_PAGE = 4


@dataclass(frozen=True)
class PrintedSection:
    """A section as the documents need it: its scored result and its movement (if any)."""

    name: str
    result: SectionResult | None
    movement: Movement | None

    def entry(self, label: str) -> PairEntry | None:
        return self.result.pairs.get(label) if self.result else None


def _sections(session: Session, results: SessionResults) -> list[PrintedSection]:
    return [
        PrintedSection(section.name, results.section(section.name), usable_movement(section))
        for section in selectors.session_sections(session=session)
    ]


def _hand_records(session: Session, results: SessionResults) -> dict[int, HandRecord]:
    records = {}
    for board in selectors.dealt_boards(session=session):
        info = results.boards.get(board.number) or BoardInfo(
            board.number, board.dealer, board.vulnerability
        )
        record = hand_record(
            info, board.deal, board.double_dummy, board.par_score, board.par_contracts
        )
        if record is not None:
            records[board.number] = record
    return records


def _several(results: SessionResults) -> bool:
    return len(results.sections) > 1


def chunked(items: Sequence, size: int) -> list[tuple]:
    """`items` in groups of `size` (the last may be shorter): chunked([1, 2, 3], 2) ->
    [(1, 2), (3,)]."""
    return [tuple(items[start : start + size]) for start in range(0, len(items), size)]


@dataclass(frozen=True)
class HandSheet:
    record: HandRecord
    text: str  # the diagram and double-dummy table, lines of fixed-width text


@dataclass(frozen=True)
class TravellerSheet:
    section: str
    board: BoardInfo
    grid: Grid
    note: str = ""  # under the grid: the rulings in words, the arrow switch, whose scores
    top: Value | None = None  # on the session's scale, for a completed traveller
    hand: HandSheet | None = None
    switched: bool = False  # some row is in an arrow-switched round
    datum: int | None = None  # Butler IMPs: the NS score the results are compared with


def travellers_context(
    session: Session, results: SessionResults, options: Options, *, completed: bool
) -> dict[str, Any]:
    hand_records = _hand_records(session, results) if completed else {}
    draft_mm = DRAFT_MM if completed and not session.is_published else 0
    sheets = []
    for plan in _sections(session, results):
        pairs = tuple(plan.result.pairs.values()) if plan.result else ()
        for number in section_boards(plan.movement, plan.result, results.boards):
            played = section_traveller(results, plan.result, number) if plan.result else None
            rows = traveller_rows(number, plan.movement, played.rows if played else (), pairs)
            record = hand_records.get(number)
            switched = any(row.switched for row in rows)
            notes = traveller_notes(rows, completed=completed)
            note = " ".join(
                [
                    *notes,
                    *(["↕ Arrow switch: the pairs sit as printed."] if switched else []),
                    "Scores are North-South's.",
                ]
            )
            reserved = HEADING_MM + draft_mm + notes_mm(note, options.content_width)
            grid = traveller_grid(
                rows,
                results,
                width_mm=options.content_width,
                completed=completed,
                height_mm=options.grid_height(reserved + (DIAGRAM_MM if record else 0)),
            )
            hand = None
            if record is not None:
                hand = HandSheet(record, "\n".join(deal_lines(record, table_beside=True)))
            sheets.append(
                TravellerSheet(
                    plan.name,
                    results.boards.get(number) or BoardInfo.from_number(number),
                    grid,
                    note,
                    played.top if played and not results.imps else None,
                    hand,
                    switched,
                    played.datum if played and completed else None,
                )
            )
    return {"sheets": sheets, "completed": completed, "several": _several(results)}


@dataclass(frozen=True)
class PrintedScoreCard:
    section: str
    label: str
    names: str
    home: str | None
    grid: Grid
    total: ScoreCard | None = None  # the pair's card as its page shows it, once it has a total
    switched: bool = False


def score_cards_context(
    session: Session, results: SessionResults, options: Options, *, completed: bool
) -> dict[str, Any]:
    cards = []
    draft_mm = DRAFT_MM if completed and not session.is_published else 0
    for plan in _sections(session, results):
        played = section_score_cards(results, plan.name) if completed else {}
        numbers = section_boards(plan.movement, plan.result, results.boards)
        for label in section_labels(plan.movement, plan.result):
            card = played.get(label)
            by_board = {row.board: row for row in card.rows} if card else None
            rows = score_card_rows(label, plan.movement, by_board, numbers)
            grid = score_card_grid(
                rows,
                results,
                results.boards,
                width_mm=options.content_width,
                completed=completed,
                height_mm=options.grid_height(HEADING_MM + TOTAL_MM + draft_mm),
            )
            cards.append(
                PrintedScoreCard(
                    plan.name,
                    label,
                    pair_names(plan.result, label),
                    _home(plan.movement, plan.entry(label), label),
                    grid,
                    card if card and card.points is not None else None,
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
    code: CodeMark | None = None  # the table's sign-in code for the phones (printing/codes.py)
    howell: bool = False  # a Howell's table card: its pairs move as their guide cards say


def table_cards_context(
    session: Session, results: SessionResults, options: Options
) -> dict[str, Any]:
    cards, without = [], []
    marks = code_marks(session, options)
    width = options.content_width
    height = options.grid_height(HEADING_MM + (CODE_MM if marks else 0))
    for plan in _sections(session, results):
        movement = plan.movement
        if movement is None:
            without.append(plan.name)
        elif movement.kind == "howell":
            for label in natural_sorted(movement.pairs):
                rows = guide_rows(movement, label)
                grid = guide_card_grid(rows, width_mm=width, height_mm=height)
                cards.append(Card(plan.name, "pair", label, pair_names(plan.result, label), grid))
        if movement is not None:
            howell = movement.kind == "howell"
            for card in table_cards(movement):
                switched = tuple(row for row in card.rows if row.switched)
                sit_out = any(row.ns is None or row.ew is None for row in card.rows)
                grid = table_card_grid(card, width_mm=width, height_mm=height, movers=not howell)
                code = marks.get((plan.name, card.table))
                cards.append(
                    Card(
                        plan.name,
                        "table",
                        str(card.table),
                        "",
                        grid,
                        switched,
                        sit_out,
                        code,
                        howell,
                    )
                )
    return {"cards": cards, "without": without, "several": _several(results)}


def results_context(session: Session, results: SessionResults, options: Options) -> dict[str, Any]:
    return {"rankings": session_rankings(results)}


def hand_records_context(
    session: Session, results: SessionResults, options: Options
) -> dict[str, Any]:
    records = [
        HandSheet(record, "\n".join(deal_lines(record, table_beside=False)))
        for record in _hand_records(session, results).values()
    ]
    return {"pages": chunked(records, HANDS_A_PAGE)}
