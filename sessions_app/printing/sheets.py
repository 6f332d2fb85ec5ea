"""What each results document's template gets: travellers, score cards, the results and the
hand records, laid out from the pages' own rows.

A builder here reads the session's sections and stored deals (`selectors`), builds the rows
the results pages show from the scored results (`rows`), arranges them as the movement seats
the pairs (`layout`) and sets their grids (`grids`), and returns the template's context.
Everything about one sheet is decided here, so the templates (templates/sessions_app/print/)
only place it on the page. The table cards, which show no result, are built by `card_sheets`
with the same sections (`printed_sections`); what a part keeps beside its grid is `heights`.

Example: `travellers_context(session, results, Options(PAPERS["a4"], 2), completed=False)` ->
{"sheets": a `TravellerSheet` per board of each section, "completed": False, "several":
whether to name the section on each sheet}.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

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
from ..rows.handicapped import handicapped_rankings
from ..scoring import BoardInfo, PairEntry, SectionResult, SessionResults
from ..scoring.results import Value
from .grids import score_card_grid, traveller_grid, traveller_notes
from .hands import deal_lines
from .heights import DIAGRAM_MM, DRAFT_MM, HEADING_MM, TOTAL_MM, notes_mm
from .layout import score_card_rows, section_boards, section_labels, traveller_rows
from .monospace import Grid
from .options import Options

HANDS_A_PAGE = 4


@dataclass(frozen=True)
class PrintedSection:
    """A section as the documents need it: its scored result and its movement (if any)."""

    name: str
    result: SectionResult | None
    movement: Movement | None

    def entry(self, label: str) -> PairEntry | None:
        return self.result.pairs.get(label) if self.result else None


def printed_sections(session: Session, results: SessionResults) -> list[PrintedSection]:
    """The session's sections in name order, each with its result and usable movement: what
    every builder lays out, read once a document."""
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


def several_sections(results: SessionResults) -> bool:
    """Whether the sheets name their section: only when there is more than one to tell apart
    (a one-section session's "A" says nothing)."""
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
    for plan in printed_sections(session, results):
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
                    *([_("↕ Arrow switch: the pairs sit as printed.")] if switched else []),
                    _("Scores are North-South's."),
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
    return {"sheets": sheets, "completed": completed, "several": several_sections(results)}


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
    for plan in printed_sections(session, results):
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
    return {"cards": cards, "completed": completed, "several": several_sections(results)}


def _home(movement: Movement | None, entry: PairEntry | None, label: str) -> str | None:
    if movement is not None:
        try:
            return movement.home_direction(label)
        except KeyError:
            pass
    return entry.direction if entry else None


def results_context(session: Session, results: SessionResults, options: Options) -> dict[str, Any]:
    return {"rankings": session_rankings(results), "handicapped": handicapped_rankings(results)}


def hand_records_context(
    session: Session, results: SessionResults, options: Options
) -> dict[str, Any]:
    records = [
        HandSheet(record, "\n".join(deal_lines(record, table_beside=False)))
        for record in _hand_records(session, results).values()
    ]
    return {"pages": chunked(records, HANDS_A_PAGE)}
