"""A table's own lines: entered, corrected and verified from the players' phone, through the
director's one path in (`entry.result_save`: schedule, legality, duplicates, the lead checked,
audit naming the device, optimistic locking, live scoring).

What a table may write is narrower than what the director may: its own table's lines of its
current round (its boards, its pairs as the movement seats them), of a session in play, in a
round the director has not closed, and not a line the director has ruled on. Every write
carries the phone's `client_id`: a retry of a write that was stored returns the stored line
(docs/table-scoring.md "Offline and retries").

Example: table 3 in round 2 (NS 3 v EW 8, boards 4-6, board 4 All vulnerable) submits board 4,
4S by N, 10 tricks, client_id "c1" -> line 4S by N, 10 tricks, NS +620 (4 × 30 for the tricks
+ 500 for a vulnerable game), stored once; the same write again returns that line; board 7 ->
TableRefused(403).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ..core.refusals import refusal_words
from ..core.scope import in_session
from ..entry.checks import ConfirmationNeeded, StaleLine, changed_message
from ..entry.lines import LineInput, result_save
from ..models import Board, Result, TableDevice, TableWrite
from ..rows.words import described
from ..scoring.line_words import describe
from ..scoring.rulings import Ruling
from ..scoring.traveller_line import to_columns
from .access import TableRefused, check_in_play, lock_code
from .entries import TableLineInput, TableResult, table_ruling
from .state import TableAt, TableLine, table_at, table_line, table_lines
from .writes import line_digest, write_check, write_known, write_record

NO_VULNERABILITY = "None"  # a write's digest leaves the score out, so any vulnerability does


def _digest(result: TableResult, board: int) -> str:
    """The digest of a line's write (table_scoring/writes.py): its board and its result as
    stored (the score, which the board's vulnerability gives, is left out)."""
    ruling = table_ruling(result, NO_VULNERABILITY)
    return line_digest({**to_columns(ruling), "lead": result.opening_lead, "board": board})


def line_submit(*, device: TableDevice, line: TableLineInput) -> tuple[TableLine, bool]:
    """POST /api/table/lines: the new line and True, or the stored line of a known client_id
    and False (a retry)."""
    cid, number = line.client_id, line.board
    with transaction.atomic():
        at = table_at(lock_code(device))
        known = write_known(at.section, at.code.table, cid, TableWrite.Kind.LINE)
        if known is not None:
            return _retried(at, known, _digest(line.result, number)), False
        _check_open(at)
        if number not in at.boards:
            raise TableRefused(
                403,
                _("board %(board)s is not played at %(where)s")
                % {"board": number, "where": _where(at)},
                "board",
            )
        for stored in _lines(at):
            if stored.board.number == number:
                raise TableRefused(
                    409,
                    _(
                        "board %(board)s already has a result from this table: %(line)s;"
                        " correct it instead"
                    )
                    % {"board": number, "line": described(stored)},
                    "board",
                    table_line(stored, at),
                )
        board = at.session.boards.filter(number=number).first()
        ruling = table_ruling(line.result, board.vulnerability if board else NO_VULNERABILITY)
        found = board if board is not None else number
        return _save(at, device, cid, found, ruling, line.result.opening_lead), True


def line_correct(
    *, device: TableDevice, line_id: str, client_id: str, version: int, result: TableResult
) -> TableLine:
    """POST /api/table/lines/<id>: line `line_id` corrected to `result`, made from its
    `version`; a retry of a stored correction returns the line as it now is."""
    cid = client_id
    with transaction.atomic():
        at = table_at(lock_code(device))
        known = write_known(at.section, at.code.table, cid, TableWrite.Kind.LINE)
        if known is not None:  # a retry is answered even once the table has moved on
            if known.result_id is not None and str(known.result_id) != str(line_id).strip():
                raise TableRefused(
                    409,
                    _("client_id %(client_id)s was used for another line") % {"client_id": cid},
                    "client_id",
                )
            digest = _digest(result, known.result.board.number) if known.result else None
            return _retried(at, known, digest)
        current = _own_line(at, line_id)
        _check_open(at)
        _check_version(at, current, version)
        if current.kind != Result.Kind.PLAYED:
            raise TableRefused(
                403,
                _("the director ruled on this line: %(line)s") % {"line": described(current)},
            )
        ruling = table_ruling(result, current.board.vulnerability)
        return _save(at, device, cid, current.board, ruling, result.opening_lead, current)


def line_verify(*, device: TableDevice, line_id: str, accept: bool, version: int) -> TableLine:
    """POST /api/table/lines/<id>/verify: an opponent accepts or rejects line `line_id` as of
    its `version`. The result (and its version) is unchanged; only its `verification`."""
    with transaction.atomic():
        at = table_at(lock_code(device))
        current = _own_line(at, line_id)
        if not at.session.table_verification:
            raise TableRefused(403, "this club does not ask the opponents to verify results")
        _check_open(at)
        _check_version(at, current, version)
        if not current.verification:
            raise TableRefused(403, "the director entered this line: there is nothing to verify")
        current.verification = (
            Result.Verification.ACCEPTED if accept else Result.Verification.REJECTED
        )
        if not Result.objects.filter(pk=current.pk, version=current.version).update(
            verification=current.verification
        ):  # the director changed it between our read and our write
            _check_version(at, _own_line(at, current.pk), version)
        return table_line(current, at)


def _retried(at: TableAt, write: TableWrite, digest: str | None) -> TableLine:
    """The answer to a retry of `write`: its line as it now is (TableRefused when it said
    something else, or its line was deleted; `digest` None: not known, the line being gone)."""
    line = table_line(write.result, at) if write.result is not None else None
    write_check(write, digest, line)
    assert line is not None  # write_check refuses a write whose line is gone
    return line


def _save(
    at: TableAt,
    device: TableDevice,
    cid: str,
    board: Board | int,
    ruling: Ruling,
    lead: str,
    current: Result | None = None,
) -> TableLine:
    """Store the table's line on `board` (the Board found already, which travels with the
    line; its number when the session has no such board, which `result_save` refuses) through
    the director's path, and its write's identity, in one transaction; it waits for the
    opponents when the club asks them to verify (`Result.Verification.PENDING`), else it needs
    no check (`NOT_ASKED`)."""
    number = board.number if isinstance(board, Board) else board
    verification = (
        Result.Verification.PENDING
        if at.session.table_verification
        else Result.Verification.NOT_ASKED
    )
    seating = at.seating
    assert seating is not None and seating.ns and seating.ew  # at.boards is empty otherwise
    ns, ew = at.pairs.get(seating.ns), at.pairs.get(seating.ew)
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
        pairs=(ns, ew) if ns is not None and ew is not None and ns != ew else None,
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
        raise TableRefused(409, str(error), None, table_line(now, at) if now else None) from None
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
    return table_line(saved, at)


def _lines(at: TableAt) -> list[Result]:
    return list(table_lines(at).values())


def _own_line(at: TableAt, line_id: object) -> Result:
    lines = Result.objects.select_related("board", "ns", "ew")
    line = in_session(lines.filter(section=at.section), at.session, pk=line_id)
    if not at.owns(line):
        raise TableRefused(
            403,
            _("line %(line)s is not one of table %(table)s's lines of round %(round)s")
            % {"line": line.pk, "table": at.code.table, "round": at.round},
        )
    return line


def _check_open(at: TableAt) -> None:
    check_in_play(at.session)
    if at.finished:
        raise TableRefused(
            403, _("table %(table)s has played every round") % {"table": at.code.table}
        )
    if at.round <= at.section.closed_round:
        raise TableRefused(
            403,
            _("round %(round)s is closed: ask the director to change a result")
            % {"round": at.round},
        )
    if not at.boards:
        raise TableRefused(
            403, _("%(where)s sits out: there are no boards to enter") % {"where": _where(at)}
        )


def _check_version(at: TableAt, line: Result, version: int) -> None:
    """TableRefused(409) with the line as it now is unless the phone's `version` is the
    line's: a change made from an older reading would undo what the director wrote since."""
    if version != line.version:
        raise TableRefused(409, changed_message(line), "version", table_line(line, at))


def _where(at: TableAt) -> str:
    boards = ", ".join(str(n) for n in at.boards)
    values = {"table": at.code.table, "round": at.round, "boards": boards}
    if not boards:
        return _("table %(table)s in round %(round)s") % values
    # Translators: "boards" is followed by the list of the round's board numbers, e.g. "4, 5, 6".
    return _("table %(table)s in round %(round)s (boards %(boards)s)") % values
