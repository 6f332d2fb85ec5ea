"""What a table's phone shows: its round from the movement, its pairs with their names, its
boards with the lines entered so far, where pairs and boards go next (docs/table-scoring.md,
"GET /api/table/state").

Why from the movement: the players type nothing the movement knows already (who sits where,
which boards), so a line can only be one the movement schedules at that table.

Example (7-table Mitchell, 3 boards a round, arrow switch on round 7): table 3 in round 2 has
NS 3 v EW 9 on boards 10-12; `next` says NS 3 stay, EW 9 go to table 4, the boards to table 2.
In round 7 the table is `switched`: it has NS 11 v EW 3 (EW's home pair sits NS).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from ..core.section_movement import usable_movement
from ..models import Board, Pair, Result, Session, TableCall, TableCode
from ..movements import Movement, Round, Seating
from ..scoring.line_words import ruling_words
from ..scoring.traveller_line import ruling_of
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
            403, f"section {code.section.name} has no movement: the director enters its results"
        )
    number = code.round
    rnd = _round(movement, number)
    seating = rnd.seating(code.table) if rnd is not None else None
    labels = [label for label in (seating.ns, seating.ew) if label] if seating else []
    pairs = {p.label: p for p in Pair.objects.filter(section=code.section, label__in=labels)}
    return TableAt(code, movement, number, seating, bool(rnd and rnd.switched), pairs)


def _round(movement: Movement, number: int) -> Round | None:
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


def line_json(line: Result, at: TableAt | None = None) -> dict[str, Any]:
    """LINE of docs/table-scoring.md: a stored line as the API shows it; `editable` when the
    table `at` may still correct it. Read through its Ruling (scoring/traveller_line.py): the
    contract fields are those of the result a traveller shows (NS's part of a split), empty
    for an adjustment or a weighted score.

    Example: 4S by N, 10 tricks on an All board -> level 4, strain "S", doubled 0, declarer
    "N", tricks 10, passed_out false, score_ns 620, text "4S by N, 10 tricks (+620)"."""
    ruling = ruling_of(line)
    shown = ruling.shown
    bid = shown.contract if shown is not None else None
    return {
        "id": line.pk,
        "version": line.version,
        "client_id": line.client_id,
        "board": line.board.number,
        "ns": line.ns.label,
        "ew": line.ew.label,
        "round": line.round,
        "table": line.table,
        "kind": ruling.kind,
        "level": bid.level if bid is not None else None,
        "strain": bid.strain if bid is not None else "",
        "doubled": bid.doubled if bid is not None else 0,
        "declarer": shown.declarer if shown is not None else "",
        "tricks": shown.tricks if shown is not None else None,
        "lead": line.lead,
        "passed_out": bid is not None and bid.passed_out,
        "text": ruling_words(ruling, line.foul_group),
        "score_ns": shown.score_ns if shown is not None and not ruling.is_ruling else None,
        "verification": line.verification,
        "editable": bool(
            at is not None and at.open and line.kind == Result.Kind.PLAYED and at.owns(line)
        ),
    }


def complete(at: TableAt, lines: dict[int, Result]) -> bool:
    """Every board of the round has its line, accepted when the club asks the opponents."""
    return not missing_boards(at, lines)


def missing_boards(at: TableAt, lines: dict[int, Result]) -> list[str]:
    """What keeps the table on its round, board by board, in words."""
    missing = []
    for number in at.boards:
        line = lines.get(number)
        if line is None:
            missing.append(f"board {number} has no result yet")
        elif line.verification == Result.Verification.PENDING:
            missing.append(f"board {number} waits for the opponents to accept it")
        elif line.verification == Result.Verification.REJECTED:
            missing.append(f"board {number} was rejected by the opponents: correct it")
    return missing


def table_state(at: TableAt) -> dict[str, Any]:
    """The whole state of GET /api/table/state (5 queries)."""
    session, section = at.session, at.section
    lines = table_lines(at)
    boards = {b.number: b for b in Board.objects.filter(session=session, number__in=at.boards)}
    seating = at.seating
    calls = TableCall.objects.filter(
        section=section, table=at.code.table, answered_at=None
    ).select_related("section")
    return {
        "session": {"id": session.pk, "name": session.name, "status": session.status},
        "section": section.name,
        "table": at.code.table,
        "round": min(at.round, at.rounds),
        "rounds": at.rounds,
        "closed_round": section.closed_round,
        "switched": at.switched,
        "finished": at.finished,
        "complete": complete(at, lines),
        "ns": _side(at, seating.ns if seating else None),
        "ew": _side(at, seating.ew if seating else None),
        "boards": [
            {
                "number": number,
                "dealer": boards[number].dealer if number in boards else "",
                "vulnerability": boards[number].vulnerability if number in boards else "",
                "line": line_json(lines[number], at) if number in lines else None,
            }
            for number in at.boards
        ],
        "settings": {"verification": session.table_verification, "shows": session.table_shows},
        "next": next_moves(at),
        "calls": [call_json(call) for call in calls],
    }


def _side(at: TableAt, label: str | None) -> dict[str, Any] | None:
    if label is None or at.finished:
        return None
    pair = at.pairs.get(label)
    players = [pair.player1, pair.player2] if pair else ["", ""]
    return {"label": label, "names": pair.names if pair else "", "players": players}


def next_moves(at: TableAt) -> dict[str, Any] | None:
    """Where this round's pairs and boards go in the next round; None in the last round.

    Example (7-table Mitchell, table 3, round 1: NS 3 v EW 10, boards 7-9): {"round": 2,
    "ns_to": {"table": 3, "direction": "NS"}, "ew_to": {"table": 4, "direction": "EW"},
    "boards_to": 2, "words": "NS 3 stay at table 3 NS; EW 10 go to table 4 EW; boards 7-9 go
    to table 2"}."""
    seating = at.seating
    following = _round(at.movement, at.round + 1)
    if seating is None or following is None:
        return None
    moves: dict[str, Any] = {"round": following.number}
    words = []
    for key, label in (("ns_to", seating.ns), ("ew_to", seating.ew)):
        place = _place(following, label)
        moves[key] = place
        if label is None:
            continue
        side = key[:2].upper()
        if place is None:
            words.append(f"{side} {label} sit out")
        elif place["table"] == at.code.table:
            words.append(f"{side} {label} stay at table {place['table']} {place['direction']}")
        else:
            words.append(f"{side} {label} go to table {place['table']} {place['direction']}")
    target = next((s.table for s in following.tables if set(s.boards) == set(seating.boards)), None)
    moves["boards_to"] = target if seating.boards else None
    if seating.boards:
        shown = _board_range(seating.boards)
        words.append(f"{shown} go to table {target}" if target else f"{shown} go to the relay")
    moves["words"] = "; ".join(words)
    return moves


def _place(rnd: Round, label: str | None) -> dict[str, Any] | None:
    for seating in rnd.tables:
        if label is not None and label == seating.ns:
            return {"table": seating.table, "direction": "NS"}
        if label is not None and label == seating.ew:
            return {"table": seating.table, "direction": "EW"}
    return None


def _board_range(boards: tuple[int, ...]) -> str:
    """ "boards 4-6", "board 4", "boards 1, 5"."""
    ordered = sorted(boards)
    if len(ordered) == 1:
        return f"board {ordered[0]}"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"boards {ordered[0]}-{ordered[-1]}"
    return "boards " + ", ".join(str(n) for n in ordered)


def call_json(call: TableCall) -> dict[str, Any]:
    return {
        "id": call.pk,
        "client_id": call.client_id,
        "section": call.section.name if call.section_id else "",
        "table": call.table,
        "round": call.round,
        "reason": call.reason,
        "text": call.text,
        "created_at": call.created_at.isoformat().replace("+00:00", "Z"),
        "answered_at": call.answered_at.isoformat().replace("+00:00", "Z")
        if call.answered_at
        else None,
    }
