"""Where a table is: its round from the movement, its pairs, its boards and the lines it has
entered on them, and what keeps it on its round (what the phone shows is built from these in
table_scoring/view.py).

Why from the movement: the players type nothing the movement knows already (who sits where,
which boards), so a line can only be one the movement schedules at that table.

Example (7-table Mitchell, 3 boards a round, arrow switch on round 7): table 3 in round 2 has
NS 3 v EW 9 on boards 10-12. In round 7 the table is `switched`: it has NS 11 v EW 3 (EW's
home pair sits NS).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _

from ..core.section_movement import usable_movement
from ..models import Pair, Result, Session, TableCode
from ..movements import Movement, Round, Seating
from .access import TableRefused


@dataclass(frozen=True)
class TableAt:
    """One table of a section in its current round, as the movement seats it."""

    code: TableCode
    movement: Movement
    round: int  # the table's round; rounds + 1 once it has played them all
    seating: Seating | None  # None: finished, or no such table this round
    switched: bool
    pairs: dict[str, Pair]  # the seated pairs, by label

    @property
    def section(self):
        return self.code.section

    @property
    def session(self) -> Session:
        return self.code.section.session

    @property
    def rounds(self) -> int:
        return len(self.movement.rounds)

    @property
    def finished(self) -> bool:
        return self.round > self.rounds

    @property
    def boards(self) -> tuple[int, ...]:
        seating = self.seating
        return seating.boards if seating is not None and seating.played else ()

    @property
    def open(self) -> bool:
        """Whether the table may still write its lines of this round."""
        return (
            self.session.status == Session.Status.IN_PLAY
            and not self.finished
            and self.round > self.section.closed_round
        )

    def owns(self, line: Result) -> bool:
        """Whether `line` is this table's line of its current round (its board, its pairs)."""
        seating = self.seating
        return (
            seating is not None
            and line.board.number in self.boards
            and {line.ns.label, line.ew.label} == {seating.ns, seating.ew}
        )


def table_at(code: TableCode) -> TableAt:
    """The table of `code` in its current round; TableRefused(403) when its section has no
    movement any more (the director changed it to free-form)."""
    movement = usable_movement(code.section)
    if movement is None:
        raise TableRefused(
            403,
            _("section %(section)s has no movement: the director enters its results")
            % {"section": code.section.name},
        )
    number = code.round
    rnd = round_of(movement, number)
    seating = rnd.seating(code.table) if rnd is not None else None
    labels = [label for label in (seating.ns, seating.ew) if label] if seating else []
    pairs = {p.label: p for p in Pair.objects.filter(section=code.section, label__in=labels)}
    return TableAt(code, movement, number, seating, bool(rnd and rnd.switched), pairs)


def round_of(movement: Movement, number: int) -> Round | None:
    return next((rnd for rnd in movement.rounds if rnd.number == number), None)


def table_lines(at: TableAt) -> dict[int, Result]:
    """This table's lines of its current round, by board number (one query)."""
    if not at.boards:
        return {}
    ids = [pair.pk for pair in at.pairs.values()]
    lines = Result.objects.filter(
        Q(ns__in=ids) | Q(ew__in=ids), section=at.section, board__number__in=at.boards
    ).select_related("board", "ns", "ew")
    return {line.board.number: line for line in lines if at.owns(line)}


@dataclass(frozen=True)
class TableLine:
    """A stored line as a table's phone sees it: `editable` when the table may still correct
    it (its own played line of its current round, the round still open). A line the director
    ruled on, or a line of a closed round, is shown but not editable."""

    result: Result
    editable: bool = False


def table_line(line: Result, at: TableAt | None = None) -> TableLine:
    """`line` as table `at` sees it (no table: as anyone sees it, not editable).

    Example: table 3's 4S by N on board 7 in its open round 1 -> editable; the same line once
    the director has closed round 1 -> not editable."""
    editable = at is not None and at.open and line.kind == Result.Kind.PLAYED and at.owns(line)
    return TableLine(line, editable)


def complete(at: TableAt, lines: dict[int, Result]) -> bool:
    """Every board of the round has its line, accepted when the club asks the opponents."""
    return not missing_boards(at, lines)


def missing_boards(at: TableAt, lines: dict[int, Result]) -> list[str]:
    """What keeps the table on its round, board by board, in words."""
    missing = []
    for number in at.boards:
        line = lines.get(number)
        if line is None:
            missing.append(_("board %(board)s has no result yet") % {"board": number})
        elif line.verification == Result.Verification.PENDING:
            missing.append(
                _("board %(board)s waits for the opponents to accept it") % {"board": number}
            )
        elif line.verification == Result.Verification.REJECTED:
            missing.append(
                _("board %(board)s was rejected by the opponents: correct it") % {"board": number}
            )
    return missing
