"""What a table's phone shows of its round (docs/table-scoring.md, "GET /api/table/state"): its
pairs, its boards with the lines entered so far, the director's calls it is waiting on, and
where pairs and boards go next. The API shapes it as JSON (table_scoring/views/answers.py).

Example (7-table Mitchell, 3 boards a round): table 3 in round 1 has NS 3 v EW 10 on boards
7-9; `next` says NS 3 stay at table 3 NS, EW 10 go to table 4 EW, boards 7-9 go to table 2.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Board, TableCall
from ..movements import Round
from .state import TableAt, TableLine, complete, round_of, table_line, table_lines

NS, EW = "NS", "EW"  # a pair's direction at its table, as the phone shows it


@dataclass(frozen=True)
class Place:
    """Where a pair sits in a round: its table and its direction ("NS" or "EW")."""

    table: int
    direction: str  # NS or EW


@dataclass(frozen=True)
class NextMoves:
    """Where this round's pairs and boards go in the next round, and the same in words."""

    round: int
    ns_to: Place | None  # None: the pair sits out (or there is no such pair)
    ew_to: Place | None
    boards_to: int | None  # None: no boards, or they go to the relay
    words: str


@dataclass(frozen=True)
class TableBoard:
    """One board of the table's round: the Board (None when the session has no such board
    yet) and the table's line on it, if entered."""

    number: int
    board: Board | None
    line: TableLine | None


@dataclass(frozen=True)
class TableView:
    """The whole state a table's phone shows."""

    at: TableAt
    complete: bool  # every board in, and accepted when the club asks the opponents
    boards: tuple[TableBoard, ...]
    next: NextMoves | None  # None in the last round
    calls: tuple[TableCall, ...]  # the table's calls the director has not answered


def table_view(at: TableAt) -> TableView:
    """The state of table `at` (5 queries)."""
    lines = table_lines(at)
    boards = {b.number: b for b in Board.objects.filter(session=at.session, number__in=at.boards)}
    calls = TableCall.objects.filter(
        section=at.section, table=at.code.table, answered_at=None
    ).select_related("section")
    return TableView(
        at=at,
        complete=complete(at, lines),
        boards=tuple(
            TableBoard(
                number,
                boards.get(number),
                table_line(lines[number], at) if number in lines else None,
            )
            for number in at.boards
        ),
        next=next_moves(at),
        calls=tuple(calls),
    )


def next_moves(at: TableAt) -> NextMoves | None:
    """Where this round's pairs and boards go in the next round; None in the last round.

    Example (7-table Mitchell, table 3, round 1: NS 3 v EW 10, boards 7-9): round 2, NS to
    table 3 NS, EW to table 4 EW, boards to table 2, in words "NS 3 stay at table 3 NS; EW 10
    go to table 4 EW; boards 7-9 go to table 2"."""
    seating = at.seating
    following = round_of(at.movement, at.round + 1)
    if seating is None or following is None:
        return None
    words = []
    places = {}
    for side, label in ((NS, seating.ns), (EW, seating.ew)):
        place = places[side] = _place(following, label)
        if label is None:
            continue
        if place is None:
            words.append(f"{side} {label} sit out")
        elif place.table == at.code.table:
            words.append(f"{side} {label} stay at table {place.table} {place.direction}")
        else:
            words.append(f"{side} {label} go to table {place.table} {place.direction}")
    target = next((s.table for s in following.tables if set(s.boards) == set(seating.boards)), None)
    if seating.boards:
        shown = _board_range(seating.boards)
        words.append(f"{shown} go to table {target}" if target else f"{shown} go to the relay")
    return NextMoves(
        round=following.number,
        ns_to=places[NS],
        ew_to=places[EW],
        boards_to=target if seating.boards else None,
        words="; ".join(words),
    )


def _place(rnd: Round, label: str | None) -> Place | None:
    for seating in rnd.tables:
        if label is not None and label == seating.ns:
            return Place(seating.table, NS)
        if label is not None and label == seating.ew:
            return Place(seating.table, EW)
    return None


def _board_range(boards: tuple[int, ...]) -> str:
    """ "boards 4-6", "board 4", "boards 1, 5"."""
    ordered = sorted(boards)
    if len(ordered) == 1:
        return f"board {ordered[0]}"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"boards {ordered[0]}-{ordered[-1]}"
    return "boards " + ", ".join(str(n) for n in ordered)
