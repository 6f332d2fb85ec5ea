"""What a table's phone shows of its round (docs/table-scoring.md, "GET /api/table/state"): its
pairs, its boards with the lines entered so far, the director's calls it is waiting on, and
where pairs and boards go next. The API shapes it as JSON (table_scoring/views/answers.py).

Example (7-table Mitchell, 3 boards a round): table 3 in round 1 has NS 3 v EW 10 on boards
7-9; `next` says NS 3 stay at table 3 NS, EW 10 go to table 4 EW, boards 7-9 go to table 2.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop, ngettext

from ..models import Board, TableCall
from ..movements import Round
from .state import TableAt, TableLine, complete, round_of, table_line, table_lines

NS, EW = "NS", "EW"  # a pair's direction at its table, as the phone shows it


# Where each of the table's pairs goes next, by its direction this round: whole sentences,
# marked here and translated where they are said (`direction` is NS or EW at the next table).
SIT_OUT = {NS: gettext_noop("NS %(pair)s sit out"), EW: gettext_noop("EW %(pair)s sit out")}
STAY = {
    NS: gettext_noop("NS %(pair)s stay at table %(table)s %(direction)s"),
    EW: gettext_noop("EW %(pair)s stay at table %(table)s %(direction)s"),
}
GO = {
    NS: gettext_noop("NS %(pair)s go to table %(table)s %(direction)s"),
    EW: gettext_noop("EW %(pair)s go to table %(table)s %(direction)s"),
}


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
        said: dict[str, object] = {"pair": label}
        if place is not None:
            said.update(table=place.table, direction=place.direction)
        if place is None:
            sentence = SIT_OUT[side]
        elif place.table == at.code.table:
            sentence = STAY[side]
        else:
            sentence = GO[side]
        words.append(gettext(sentence) % said)
    target = next((s.table for s in following.tables if set(s.boards) == set(seating.boards)), None)
    if seating.boards:
        count, shown = len(seating.boards), _board_range(seating.boards)
        if target:
            words.append(
                ngettext(
                    "board %(boards)s go to table %(table)s",
                    "boards %(boards)s go to table %(table)s",
                    count,
                )
                % {"boards": shown, "table": target}
            )
        else:
            words.append(
                ngettext(
                    "board %(boards)s go to the relay", "boards %(boards)s go to the relay", count
                )
                % {"boards": shown}
            )
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
    """The numbers of "boards 4-6", "board 4", "boards 1, 5": "4-6", "4", "1, 5"."""
    ordered = sorted(boards)
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(str(n) for n in ordered)
