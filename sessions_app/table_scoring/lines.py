"""A table's own lines: entered, corrected and verified from the players' phone, through the
director's one path in (`entry.result_save`: schedule, legality, duplicates, audit naming the
device, optimistic locking, live scoring).

What a table may write is narrower than what the director may: its own table's lines of its
current round (its boards, its pairs as the movement seats them), of a session in play, in a
round the director has not closed, and not a line the director has ruled on. Every write
carries the phone's `client_id`: a retry of a write that was stored returns the stored line
(docs/table-scoring.md "Offline and retries").

Example: table 3 in round 2 (NS 3 v EW 8, boards 4-6, board 4 All vulnerable) posts
{"client_id": "c1", "board": 4, "level": 4, "strain": "S", "doubled": 0, "declarer": "N",
"tricks": 10} -> line 4S by N, 10 tricks, NS +620 (4 × 30 for the tricks + 500 for a vulnerable
game), stored once; the same post again returns that line; board 7 -> TableRefused(403).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from ..core.json_shapes import shown
from ..core.refusals import refusal_words
from ..core.scope import in_session
from ..entry.checks import ConfirmationNeeded, StaleLine, changed_message
from ..entry.lines import LineInput, result_save
from ..models import Board, Result, TableDevice, TableWrite
from ..scoring.contract import PASSED_OUT, Contract, ContractError
from ..scoring.line_words import describe
from ..scoring.notation import outcome_from_contract
from ..scoring.rulings import Ruling, played
from ..scoring.traveller_line import to_columns
from .access import TableRefused, check_in_play, lock_code
from .state import TableAt, line_json, table_at, table_lines
from .writes import line_digest, write_check, write_known, write_record

CONTRACT_FIELDS = ("level", "strain", "doubled", "declarer", "tricks", "lead")


def ruling_from(data: dict, vulnerability: str) -> tuple[Ruling, str]:
    """The played result a phone posted (its fields already of their shape,
    table_scoring/views/shapes.py), with its lead: what the fields say together is checked here.

    A passed-out board says nothing else (`level` 0, the other fields empty or left out, as the
    screen sends it); any other board needs a level from 1, a strain, a declarer and the
    tricks. Example: {"passed_out": true, "level": 4} -> TableRefused(400, 'a passed-out board
    has no level: send 0 or "" or leave it out, not 4', "level")."""
    if data.get("passed_out", False):
        given = next((name for name in CONTRACT_FIELDS if data.get(name)), None)
        if given is not None:
            raise TableRefused(
                400,
                f'a passed-out board has no {given}: send 0 or "" or leave it out, not'
                f" {shown(data[given])}",
                given,
            )
        return played(outcome_from_contract(PASSED_OUT, "", 0, vulnerability)), ""
    for name, means in _NEEDED:
        if data.get(name) in (None, 0, "") and (name, data.get(name)) != ("tricks", 0):
            raise TableRefused(400, f"{name} must be {means}, not {shown(data.get(name))}", name)
    try:
        contract = Contract(data["level"], data["strain"], data.get("doubled", 0))
        outcome = outcome_from_contract(contract, data["declarer"], data["tricks"], vulnerability)
    except ContractError as error:
        raise TableRefused(400, str(error), "tricks") from None
    return played(outcome), data.get("lead", "")


_NEEDED = (
    ("level", "a whole number from 1 to 7 (or passed_out true)"),
    ("strain", "one of C, D, H, S, NT"),
    ("declarer", "N, E, S or W"),
    ("tricks", "a whole number from 0 to 13"),
)


def _digest(data: dict, board: int) -> str:
    """The digest of a line's write (table_scoring/writes.py): its board and its result as
    stored (the score, which the board's vulnerability gives, is left out)."""
    ruling, lead = ruling_from(data, "None")
    return line_digest({**to_columns(ruling), "lead": lead, "board": board})


def line_submit(device: TableDevice, data: dict) -> tuple[dict[str, Any], bool]:
    """POST /api/table/lines: the new line as LINE and True, or the stored line of a known
    client_id and False (a retry)."""
    cid, number = data["client_id"], data["board"]
    with transaction.atomic():
        at = table_at(lock_code(device))
        known = write_known(at.section, at.code.table, cid, TableWrite.Kind.LINE)
        if known is not None:
            return _retried(at, known, _digest(data, number)), False
        _check_open(at)
        if number not in at.boards:
            raise TableRefused(403, f"board {number} is not played at {_where(at)}", "board")
        for line in _lines(at):
            if line.board.number == number:
                shown_line = line_json(line, at)
                raise TableRefused(
                    409,
                    f"board {number} already has a result from this table: {shown_line['text']};"
                    " correct it instead",
                    "board",
                    shown_line,
                )
        board = at.session.boards.filter(number=number).first()
        ruling, lead = ruling_from(data, board.vulnerability if board else "None")
        return _save(at, device, cid, board if board is not None else number, ruling, lead), True


def line_correct(device: TableDevice, line_id: str, data: dict) -> tuple[dict[str, Any], bool]:
    """POST /api/table/lines/<id>: the corrected line made from `version`; a retry of a stored
    correction returns the line (False)."""
    cid = data["client_id"]
    with transaction.atomic():
        at = table_at(lock_code(device))
        known = write_known(at.section, at.code.table, cid, TableWrite.Kind.LINE)
        if known is not None:  # a retry is answered even once the table has moved on
            if known.result_id is not None and str(known.result_id) != str(line_id).strip():
                raise TableRefused(409, f"client_id {cid} was used for another line", "client_id")
            digest = _digest(data, known.result.board.number) if known.result else None
            return _retried(at, known, digest), False
        current = _own_line(at, line_id)
        _check_open(at)
        _check_version(at, current, data)
        if current.kind != Result.Kind.PLAYED:
            raise TableRefused(403, f"the director ruled on this line: {describe_line(current)}")
        ruling, lead = ruling_from(data, current.board.vulnerability)
        return _save(at, device, cid, current.board, ruling, lead, current), False


def line_verify(device: TableDevice, line_id: str, data: dict) -> dict[str, Any]:
    """POST /api/table/lines/<id>/verify: an opponent accepts or rejects the line. The result
    (and its version) is unchanged; only its `verification`."""
    accept = data["accept"]
    with transaction.atomic():
        at = table_at(lock_code(device))
        current = _own_line(at, line_id)
        if not at.session.table_verification:
            raise TableRefused(403, "this club does not ask the opponents to verify results")
        _check_open(at)
        _check_version(at, current, data)
        if not current.verification:
            raise TableRefused(403, "the director entered this line: there is nothing to verify")
        current.verification = (
            Result.Verification.ACCEPTED if accept else Result.Verification.REJECTED
        )
        if not Result.objects.filter(pk=current.pk, version=current.version).update(
            verification=current.verification
        ):  # the director changed it between our read and our write
            _check_version(at, _own_line(at, current.pk), data)
        return line_json(current, at)


def describe_line(line: Result) -> str:
    return line_json(line)["text"]


def _retried(at: TableAt, write: TableWrite, digest: str | None) -> dict[str, Any]:
    """The answer to a retry of `write`: its line as it now is (TableRefused when it said
    something else, or its line was deleted; `digest` None: not known, the line being gone)."""
    line = line_json(write.result, at) if write.result is not None else None
    write_check(write, digest, line)
    assert line is not None  # write_check refuses a write whose line is gone
    return line


def _save(
    at: TableAt, device, cid, board: Board | int, ruling, lead, current=None
) -> dict[str, Any]:
    """Store the table's line on `board` (the Board found already, which travels with the
    line; its number when the session has no such board, which `result_save` refuses) through
    the director's path, and its write's identity, in one transaction; it waits for the
    opponents when the club asks them to verify ("pending"), else it needs no check ("")."""
    number = board.number if isinstance(board, Board) else board
    verification = (
        Result.Verification.PENDING
        if at.session.table_verification
        else Result.Verification.NOT_ASKED
    )
    seating = at.seating
    assert seating is not None and seating.ns and seating.ew  # at.boards is empty otherwise
    line = LineInput(
        board=board,
        ns=seating.ns,
        ew=seating.ew,
        ruling=ruling,
        round=at.round,
        table=at.code.table,
        lead=lead,
        client_id=cid,
        verification=verification,
    )
    digest = line_digest({**to_columns(ruling), "lead": lead, "board": number})
    try:
        with transaction.atomic():
            saved = result_save(
                section=at.section,
                line=line,
                device=device,
                result_id=current.pk if current else None,
                version=current.version if current else None,
            )
            write_record(at.section, at.code.table, cid, digest, describe(saved), result=saved)
    except StaleLine as error:
        lines = Result.objects.select_related("board", "ns", "ew")
        now = lines.filter(pk=current.pk).first() if current is not None else None
        raise TableRefused(409, str(error), None, line_json(now, at) if now else None) from None
    except ConfirmationNeeded as error:
        raise TableRefused(403, str(error)) from None
    except (ValidationError, IntegrityError) as error:
        known = write_known(at.section, at.code.table, cid, TableWrite.Kind.LINE)
        if known is not None:  # a copy of this write, stored by another request meanwhile
            return _retried(at, known, digest)
        if isinstance(error, IntegrityError):
            message = "this write met another one at the same moment: send it again"
            raise TableRefused(409, message) from None
        raise TableRefused(409, refusal_words(error)) from None
    return line_json(saved, at)


def _lines(at: TableAt) -> list[Result]:
    return list(table_lines(at).values())


def _own_line(at: TableAt, line_id: object) -> Result:
    lines = Result.objects.select_related("board", "ns", "ew")
    line = in_session(lines.filter(section=at.section), at.session, pk=line_id)
    if not at.owns(line):
        raise TableRefused(
            403, f"line {line.pk} is not one of table {at.code.table}'s lines of round {at.round}"
        )
    return line


def _check_open(at: TableAt) -> None:
    check_in_play(at.session)
    if at.finished:
        raise TableRefused(403, f"table {at.code.table} has played every round")
    if at.round <= at.section.closed_round:
        raise TableRefused(403, f"round {at.round} is closed: ask the director to change a result")
    if not at.boards:
        raise TableRefused(403, f"{_where(at)} sits out: there are no boards to enter")


def _check_version(at: TableAt, line: Result, data: dict) -> None:
    if data["version"] != line.version:
        raise TableRefused(409, changed_message(line), "version", line_json(line, at))


def _where(at: TableAt) -> str:
    boards = ", ".join(str(n) for n in at.boards)
    shown = f" (boards {boards})" if boards else ""
    return f"table {at.code.table} in round {at.round}{shown}"
