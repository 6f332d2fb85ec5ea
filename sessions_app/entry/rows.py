"""What the director's entry screens show: one row per table that should have played a board
(from the movement), the lines already entered, and what is still missing.

Reads only; writes go through `entry.lines`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from ..core.results import session_results
from ..core.section_movement import usable_movement
from ..models import Board, Result, Section
from ..rows.words import decimal_mark, described, marked
from ..scoring.display import points
from ..scoring.ranking import natural_key
from ..scoring.traveller_line import ruling_of
from .board_scores import board_results
from .notation import club_notation

FREE_ROWS = 2  # blank lines under a traveller for pairs the movement does not seat there
# How a board's lines are listed: as the board travels (round by round), or by NS pair
# number as a paper traveller lists them.
ENTRY_ORDERS = {"round": _("round order"), "ns": _("NS pair order")}


@dataclass
class EntryRow:
    """One line of a traveller as the entry screen shows it."""

    board: int
    round: int | None
    table: int | None
    ns: str
    ew: str
    scheduled: bool  # the movement seats these pairs here
    result: Result | None = None
    typed: dict[str, str] | None = None  # what was posted for this row, when it was refused

    @property
    def key(self) -> str:
        """A stable id for the row in the page."""
        if self.result:
            return f"r{self.result.pk}"
        return f"b{self.board}-{self.round or 0}-{self.table or 0}-{self.ns}-{self.ew}"


def section_boards(section: Section) -> list[int]:
    """The boards section `section` plays: its movement's, else every board of the session.

    Example: a 5-table Mitchell of 3 boards a round plays boards 1-15 even when another
    section of the session plays 16 boards."""
    movement = usable_movement(section)
    if movement is not None:
        return list(range(1, movement.boards + 1))
    return list(
        Board.objects.filter(session_id=section.session_id)
        .order_by("number")
        .values_list("number", flat=True)
    )


def board_rows(
    section: Section, number: int, free_rows: int = FREE_ROWS, order: str = "round"
) -> list[EntryRow]:
    """The traveller of board `number`: scheduled tables in the order the board travels, then
    lines entered for other pairs, then blank free lines; with `order="ns"` the lines (the
    scheduled and the others) by NS pair number, then EW, as a paper traveller lists them.

    Example: board 1 of a 7-table Mitchell whose last round is switched travels to NS 1, 7,
    6, 5, 4, 3 and, switched, 10 (against 2); in NS order it is 1, 3, 4, 5, 6, 7, 10."""
    movement = usable_movement(section)
    results = list(
        Result.objects.filter(
            section=section, board__session=section.session_id, board__number=number
        )
        .select_related("ns", "ew", "board")
        .order_by("round", "table", "id")
    )
    by_pairs = {(r.ns.label, r.ew.label): r for r in results}
    rows = []
    if movement and 1 <= number <= movement.boards:
        for visit in movement.board_schedule(number):
            if visit.ns is None or visit.ew is None:
                continue  # a sit-out
            rows.append(
                EntryRow(
                    number,
                    visit.round,
                    visit.table,
                    visit.ns,
                    visit.ew,
                    True,
                    by_pairs.pop((visit.ns, visit.ew), None),
                )
            )
    for result in by_pairs.values():
        rows.append(
            EntryRow(
                number, result.round, result.table, result.ns.label, result.ew.label, False, result
            )
        )
    if order == "ns":
        rows.sort(key=lambda row: (natural_key(row.ns), natural_key(row.ew)))
    rows += [EntryRow(number, None, None, "", "", False) for _ in range(free_rows)]
    return rows


def table_rows(section: Section, round_number: int, table: int) -> list[EntryRow]:
    """A pickup slip: the boards played at `table` in `round_number`, with their lines."""
    movement = usable_movement(section)
    if movement is None:
        return []
    current = next((r for r in movement.rounds if r.number == round_number), None)
    seating = current and current.seating(table)
    if not seating or seating.ns is None or seating.ew is None:
        return []
    results = {
        r.board.number: r
        for r in Result.objects.filter(
            section=section, board__number__in=seating.boards, ns__label=seating.ns
        ).select_related("ns", "ew", "board")
    }
    return [
        EntryRow(board, round_number, table, seating.ns, seating.ew, True, results.get(board))
        for board in seating.boards
    ]


def row_values(session, section, rows: list[EntryRow], errors: dict[int, str]) -> list[dict]:
    """The rows with what to show in them: scores and matchpoints of saved lines, what each
    ruling is, and for rows that could not be saved what was typed and why it was refused."""
    results = session_results(session)
    scored = scored_lines(results, section.name)
    notation = club_notation(session.club)
    mark = decimal_mark()
    shown = []
    for index, row in enumerate(rows):
        line = scored.get(row.result.pk) if row.result else None
        typed = (row.typed if index in errors else None) or {}
        ruling = ruling_of(row.result) if row.result else None
        text = ruling.text_in(notation) if ruling else ""
        verification = row.result.verification if row.result else Result.Verification.NOT_ASKED
        shown.append(
            {
                "index": index,
                "row": row,
                "entry": typed.get("entry", text),
                "saved": text,  # what Esc puts back
                "lead": typed.get("lead", row.result.lead if row.result else ""),
                "ns": typed.get("ns") or row.ns,
                "ew": typed.get("ew") or row.ew,
                "score": score_text(ruling) if ruling else "",
                "points_ns": _points(results, line.points_ns, mark) if line else "",
                "points_ew": _points(results, line.points_ew, mark) if line else "",
                "error": errors.get(index, ""),
                "kind": ruling.kind if ruling else "",
                "describe": described(row.result) if ruling and ruling.is_ruling else "",
                # Entered at the table: waiting for EW to accept it, or rejected by EW.
                "verification": verification,
                "pending": verification == Result.Verification.PENDING,
                "rejected": verification == Result.Verification.REJECTED,
            }
        )
    return shown


def _points(results, value, mark: str) -> str:
    """A line's matchpoints on the session's scale, or its IMPs, as the players' pages write
    them (scoring/display.py `points`) with the page's decimal `mark`: 7.5, or 10.50 at IMPs;
    7,5 in French."""
    return marked(points(results.scaled(value), imps=results.imps), mark)


def score_text(ruling) -> str:
    """The score column of a line: `+420`, `+420 / -50` for a split; empty for a weighted,
    artificial or not-played line (its words say it)."""
    ns, ew = ruling.awards
    if not isinstance(ns, tuple) or len(ns) != 1:
        return ""
    both = [ns[0][1]] if ns == ew else [ns[0][1], ew[0][1]]
    return " / ".join(f"{score:+d}" if score else "0" for score in both)


def scored_lines(results, section_name: str) -> dict:
    """The section's scored lines by result id."""
    section = results.section(section_name)
    if section is None:
        return {}
    return {line.line.ref: line for board in section.boards for line in board.lines}


def board_values(session, section, number: int) -> dict:
    """The matchpoints (or IMPs) of every line of board `number` in `section`, by line id,
    under the keys the entry script reads from the grid's answer (`mp_ns`, `mp_ew`): the
    board scored alone when it can be (entry/board_scores.py), not the whole session."""
    results = board_results(session, number)
    scored_section = results.section(section.name)
    board = scored_section.board(number) if scored_section else None
    mark = decimal_mark()
    return {
        str(scored.line.ref): {
            "mp_ns": _points(results, scored.points_ns, mark),
            "mp_ew": _points(results, scored.points_ew, mark),
        }
        for scored in (board.lines if board else ())
    }
