"""The table API's answers: the services' typed values (a line, the table's state, a call, a
board's results) shaped as the JSON docs/table-scoring.md defines and the phone's screen
(static/js/table/) reads. Nothing here queries or decides: it only writes out.

Example: a stored line 4S by N, 10 tricks on board 7 (All vulnerable), editable -> LINE
{"board": 7, "level": 4, "strain": "S", "doubled": 0, "declarer": "N", "tricks": 10,
"passed_out": false, "score_ns": 620, "text": "4S by N, 10 tricks (+620)", "editable": true,
...}.
"""

from __future__ import annotations

from typing import Any

from ...models import TableCall
from ...rows.words import worded
from ...scoring.awards import Award
from ...scoring.display import number as percent_number
from ...scoring.line_words import ruling_message
from ...scoring.traveller_line import ruling_of
from ..boards import BoardView
from ..state import TableAt, TableLine
from ..view import NextMoves, Place, TableView

UTC_OFFSET, UTC_MARK = "+00:00", "Z"  # times as JavaScript's Date.toISOString writes them


def line_json(line: TableLine) -> dict[str, Any]:
    """LINE of docs/table-scoring.md: a stored line as the API shows it. Read through its
    Ruling (scoring/traveller_line.py): the contract fields are those of the result a
    traveller shows (NS's part of a split), empty for an adjustment or a weighted score.

    Example: 4S by N, 10 tricks on an All board -> level 4, strain "S", doubled 0, declarer
    "N", tricks 10, passed_out false, score_ns 620, text "4S by N, 10 tricks (+620)"."""
    result = line.result
    ruling = ruling_of(result)
    shown = ruling.shown
    bid = shown.contract if shown is not None else None
    return {
        "id": result.pk,
        "version": result.version,
        "client_id": result.client_id,
        "board": result.board.number,
        "ns": result.ns.label,
        "ew": result.ew.label,
        "round": result.round,
        "table": result.table,
        "kind": ruling.kind,
        "level": bid.level if bid is not None else None,
        "strain": bid.strain if bid is not None else "",
        "doubled": bid.doubled if bid is not None else 0,
        "declarer": shown.declarer if shown is not None else "",
        "tricks": shown.tricks if shown is not None else None,
        "lead": result.lead,
        "passed_out": bid is not None and bid.passed_out,
        "text": worded(ruling_message(ruling, result.foul_group)),
        "score_ns": shown.score_ns if shown is not None and not ruling.is_ruling else None,
        "verification": result.verification,
        "editable": line.editable,
    }


def state_json(view: TableView) -> dict[str, Any]:
    """The whole state of GET /api/table/state."""
    at = view.at
    session, section, seating = at.session, at.section, at.seating
    return {
        "session": {"id": session.pk, "name": session.name, "status": session.status},
        "section": section.name,
        "table": at.code.table,
        "round": min(at.round, at.rounds),
        "rounds": at.rounds,
        "closed_round": section.closed_round,
        "switched": at.switched,
        "finished": at.finished,
        "complete": view.complete,
        "ns": _side(at, seating.ns if seating else None),
        "ew": _side(at, seating.ew if seating else None),
        "boards": [
            {
                "number": board.number,
                "dealer": board.board.dealer if board.board else "",
                "vulnerability": board.board.vulnerability if board.board else "",
                "line": line_json(board.line) if board.line else None,
            }
            for board in view.boards
        ],
        "settings": {"verification": session.table_verification, "shows": session.table_shows},
        "next": _next_json(view.next),
        "calls": [call_json(call) for call in view.calls],
    }


def _side(at: TableAt, label: str | None) -> dict[str, Any] | None:
    if label is None or at.finished:
        return None
    pair = at.pairs.get(label)
    players = [pair.player1, pair.player2] if pair else ["", ""]
    return {"label": label, "names": pair.names if pair else "", "players": players}


def _next_json(moves: NextMoves | None) -> dict[str, Any] | None:
    """Example (7-table Mitchell, table 3, round 1): {"round": 2, "ns_to": {"table": 3,
    "direction": "NS"}, "ew_to": {"table": 4, "direction": "EW"}, "boards_to": 2, "words":
    "NS 3 stay at table 3 NS; EW 10 go to table 4 EW; boards 7-9 go to table 2"}."""
    if moves is None:
        return None
    return {
        "round": moves.round,
        "ns_to": _place_json(moves.ns_to),
        "ew_to": _place_json(moves.ew_to),
        "boards_to": moves.boards_to,
        "words": moves.words,
    }


def _place_json(place: Place | None) -> dict[str, Any] | None:
    return {"table": place.table, "direction": place.direction} if place else None


def call_json(call: TableCall) -> dict[str, Any]:
    return {
        "id": call.pk,
        "client_id": call.client_id,
        "section": call.section.name if call.section_id else "",
        "table": call.table,
        "round": call.round,
        "reason": call.reason,
        "text": call.text,
        "created_at": _time(call.created_at),
        "answered_at": _time(call.answered_at) if call.answered_at else None,
    }


def _time(moment) -> str:
    return moment.isoformat().replace(UTC_OFFSET, UTC_MARK)


def board_json(view: BoardView) -> dict[str, Any]:
    """GET /api/table/boards/<number>: the board's lines, each with its NS score (none for an
    adjusted score) and, when the club shows them, the pairs' percentages rounded to 2
    places; with them, the board's top and the table's own percentages."""
    board, percent = view.scored, view.percent
    results = []
    for scored in board.lines if board else ():
        line = scored.line
        row: dict[str, Any] = {
            "ns": line.ns,
            "ew": line.ew,
            "text": worded(ruling_message(line.ruling)) if line.ruling else "",
            "score_ns": _single_score(line.ns_award),
            "yours": line.ref == view.yours,
        }
        if percent:
            row.update(
                ns_percent=percent_number(scored.pct_ns), ew_percent=percent_number(scored.pct_ew)
            )
        results.append(row)
    answer: dict[str, Any] = {"board": view.number, "shows": view.shows, "results": results}
    if percent:
        mine = next((row for row in results if row["yours"]), None)
        answer.update(
            top=board.top if board else 0,
            ns_percent=mine["ns_percent"] if mine else None,
            ew_percent=mine["ew_percent"] if mine else None,
        )
    return answer


def _single_score(award: Award) -> int | None:
    """The NS score of a table result; None for an adjusted score (no single score).
    Example: ((1, 620),) -> 620; a weighted score ((3/10, 420), (7/10, -50)) -> None."""
    if isinstance(award, tuple) and len(award) == 1:
        return award[0][1]
    return None
