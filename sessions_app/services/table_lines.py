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

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from ..deals import STRAINS
from ..models import Result, ResultChange, TableDevice
from ..scope import in_session
from ..scoring.contract import PASSED_OUT, Contract, ContractError
from ..scoring.notation import outcome_from_contract
from ..scoring.rulings import Ruling, played
from ..traveller_line import describe, to_columns
from .entry import ConfirmationNeeded, LineInput, StaleLine, changed_message, result_save
from .table_access import TableRefused, check_in_play, lock_code
from .table_state import TableAt, line_json, table_at, table_lines

CLIENT_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,40}$")
LEAD = re.compile(r"^[SHDC](?:[2-9TJQKA]|10)$")


def client_id(data: dict) -> str:
    """The write's client_id: 1-40 letters, digits, `-`, `_`, `.`, `:` (a UUID is fine)."""
    value = data.get("client_id")
    if not isinstance(value, str) or not CLIENT_ID.match(value):
        raise TableRefused(
            400, "client_id must be 1-40 letters, digits, '-', '_', '.' or ':' (a UUID)",
            "client_id",
        )  # fmt: skip
    return value


def whole(data: dict, name: str, low: int, high: int, *, default: int | None = None) -> int:
    """A whole number from `low` to `high` (a JSON number, or its digits as text)."""
    value = data.get(name, default)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = "nothing" if value is None else repr(value)[:20]
        raise TableRefused(
            400, f"{name} must be a whole number from {low} to {high}, not {shown}", name
        )
    return value


def ruling_from(data: dict, vulnerability: str) -> tuple[Ruling, str]:
    """The played result a phone posted, with its lead: ContractError's words as a 400."""
    lead = data.get("lead") or ""
    if not isinstance(lead, str) or (lead and not LEAD.match(lead.strip().upper())):
        raise TableRefused(400, f"lead {str(lead)[:10]!r} is not a card like HK, S10 or CT", "lead")
    if data.get("passed_out") is True:
        return played(outcome_from_contract(PASSED_OUT, "", 0, vulnerability)), ""
    if data.get("passed_out") not in (None, False):
        raise TableRefused(400, "passed_out must be true or false", "passed_out")
    level = whole(data, "level", 1, 7)
    strain = str(data.get("strain") or "").strip().upper()
    strain = "NT" if strain == "N" else strain
    if strain not in STRAINS:
        raise TableRefused(400, f"strain must be one of C, D, H, S, NT, not {strain!r}", "strain")
    doubled = data.get("doubled") or 0
    doubled = {"X": 1, "XX": 2}.get(doubled, doubled) if isinstance(doubled, str) else doubled
    doubled = whole({"doubled": doubled}, "doubled", 0, 2)
    declarer = str(data.get("declarer") or "").strip().upper()
    if declarer not in ("N", "E", "S", "W"):
        raise TableRefused(400, "declarer must be N, E, S or W", "declarer")
    tricks = whole(data, "tricks", 0, 13)
    try:
        contract = Contract(level, strain, doubled)
        outcome = outcome_from_contract(contract, declarer, tricks, vulnerability)
    except ContractError as error:
        raise TableRefused(400, str(error), "tricks") from None
    return played(outcome), lead.strip().upper()


def line_submit(device: TableDevice, data: dict) -> tuple[dict[str, Any], bool]:
    """POST /api/table/lines: the new line as LINE and True, or the stored line of a known
    client_id and False (a retry)."""
    cid = client_id(data)
    with transaction.atomic():
        at = table_at(lock_code(device))
        known = _known(at, cid)
        if known is not None:
            return _retry(at, known, cid, data) or line_json(known, at), False
        _check_open(at)
        number = whole(data, "board", 1, 32767)
        if number not in at.boards:
            raise TableRefused(403, f"board {number} is not played at {_where(at)}", "board")
        lines = {line.board.number: line for line in _lines(at) if line.board.number == number}
        if number in lines:
            retried = _retry(at, lines[number], cid, data)  # stored, then changed by a later write
            if retried is not None:
                return retried, False
            shown = line_json(lines[number], at)
            raise TableRefused(
                409, f"board {number} already has a result from this table: {shown['text']};"
                " correct it instead", "board", shown,
            )  # fmt: skip
        board = at.session.boards.filter(number=number).first()
        ruling, lead = ruling_from(data, board.vulnerability if board else "None")
        line = _save(at, device, cid, number, ruling, lead)
        return line_json(line, at), True


def line_correct(device: TableDevice, line_id: str, data: dict) -> tuple[dict[str, Any], bool]:
    """POST /api/table/lines/<id>: the corrected line made from `version`; a retry of a stored
    correction returns the line (False)."""
    cid = client_id(data)
    with transaction.atomic():
        at = table_at(lock_code(device))
        known = _known(at, cid)  # a retry is answered even once the table has moved on
        if known is not None:
            if str(known.pk) != str(line_id).strip():
                raise TableRefused(409, f"client_id {cid} was used for another line", "client_id")
            return _retry(at, known, cid, data) or line_json(known, at), False
        current = _own_line(at, line_id)
        retried = _retry(at, current, cid, data)  # stored, then changed by a later write
        if retried is not None:
            return retried, False
        _check_open(at)
        _check_version(at, current, data)
        if current.kind != Result.Kind.PLAYED:
            raise TableRefused(403, f"the director ruled on this line: {describe_line(current)}")
        ruling, lead = ruling_from(data, current.board.vulnerability)
        line = _save(at, device, cid, current.board.number, ruling, lead, current)
        return line_json(line, at), False


def line_verify(device: TableDevice, line_id: str, data: dict) -> dict[str, Any]:
    """POST /api/table/lines/<id>/verify: an opponent accepts or rejects the line. The result
    (and its version) is unchanged; only its `verification`."""
    accept = data.get("accept")
    if not isinstance(accept, bool):
        raise TableRefused(400, "accept must be true or false", "accept")
    with transaction.atomic():
        at = table_at(lock_code(device))
        current = _own_line(at, line_id)
        if not at.session.table_verification:
            raise TableRefused(403, "this club does not ask the opponents to verify results")
        _check_open(at)
        _check_version(at, current, data)
        if not current.verification:
            raise TableRefused(403, "the director entered this line: there is nothing to verify")
        current.verification = "accepted" if accept else "rejected"
        if not Result.objects.filter(pk=current.pk, version=current.version).update(
            verification=current.verification
        ):  # the director changed it between our read and our write
            _check_version(at, _own_line(at, current.pk), data)
        return line_json(current, at)


def describe_line(line: Result) -> str:
    return line_json(line)["text"]


def _save(at: TableAt, device, cid, number, ruling, lead, current=None) -> Result:
    """Store the table's line through the director's path; it waits for the opponents when
    the club asks them to verify ("pending"), else it needs no check ("")."""
    verification = "pending" if at.session.table_verification else ""
    seating = at.seating
    assert seating is not None and seating.ns and seating.ew  # at.boards is empty otherwise
    line = LineInput(
        board=number, ns=seating.ns, ew=seating.ew, ruling=ruling, round=at.round,
        table=at.code.table, lead=lead, client_id=cid, verification=verification,
    )  # fmt: skip
    try:
        with transaction.atomic():
            return result_save(
                section=at.section, line=line, device=device,
                result_id=current.pk if current else None,
                version=current.version if current else None,
            )  # fmt: skip
    except StaleLine as error:
        lines = Result.objects.select_related("board", "ns", "ew")
        now = lines.filter(pk=current.pk).first() if current is not None else None
        raise TableRefused(409, str(error), None, line_json(now, at) if now else None) from None
    except ConfirmationNeeded as error:
        raise TableRefused(403, str(error)) from None
    except ValidationError as error:
        known = _known(at, cid)  # a retry that raced with the first try: stored once
        if known is not None:
            return known
        raise TableRefused(409, " ".join(error.messages)) from None


def _lines(at: TableAt) -> list[Result]:
    return list(table_lines(at).values())


def _known(at: TableAt, cid: str) -> Result | None:
    """The line a write with client_id `cid` stored in this section; a client_id of another
    table's line is refused (ids are random: it is not a retry).

    A write's identity outlives its line: the audit trail keeps every write's client_id after
    the director deletes the line, so a phone retrying that write (its answer was lost) is told
    the line was deleted and nothing is stored again. Example: "c1" stored 4S by N, 10 tricks;
    the director deleted it; "c1" sent again -> 410 "the line client_id c1 wrote was deleted
    by the director: it is not stored again".
    """
    line = (
        Result.objects.filter(section=at.section, client_id=cid)
        .select_related("board", "ns", "ew")
        .first()
    )
    if line is not None and line.table != at.code.table:
        raise TableRefused(409, f"client_id {cid} was used for another line", "client_id")
    if line is None and _deleted_write(at, cid):
        raise TableRefused(
            410,
            f"the line client_id {cid} wrote was deleted by the director: it is not stored again",
            "client_id",
        )
    return line


def _deleted_write(at: TableAt, cid: str) -> bool:
    """Whether a write with client_id `cid` made a line of this section that is gone (its
    changes keep no line: deleting a line leaves its audit trail without one)."""
    return ResultChange.objects.filter(
        session=at.session,
        section_name=at.section.name,
        result__isnull=True,
        after__client_id=cid,
    ).exists()


def _retry(at: TableAt, line: Result, cid: str, data: dict) -> dict[str, Any] | None:
    """The answer to a retry: `line` as it now is, if a write with client_id `cid` made it
    what it was at some point (its audit trail says so); None if none did. Asked only for a
    known client_id or before refusing a write, so a fresh write costs nothing.

    A retry is the same write again: the same client_id with another result is refused (409),
    or a change queued under the id of a write already stored would be lost without a word.
    Example: "c1" stored 4S by N, 10 tricks; {"client_id": "c1", ... "tricks": 9} -> 409
    "client_id c1 was stored with another result (4S by N, 10 tricks (+620)) ...".
    """
    write = (
        ResultChange.objects.filter(result=line, after__client_id=cid).order_by("at", "pk").first()
    )
    if write is None or not write.after:
        return None
    ruling, lead = ruling_from(data, line.board.vulnerability)
    sent = {**to_columns(ruling), "lead": lead}
    if any(write.after.get(name) != sent[name] for name in _RESULT_COLUMNS):
        raise TableRefused(
            409, f"client_id {cid} was stored with another result ({describe(write.after)}):"
            " send a change as a correction, with a new client_id", "client_id",
            line_json(line, at),
        )  # fmt: skip
    return line_json(line, at)


_RESULT_COLUMNS = ("level", "strain", "doubled", "declarer", "tricks", "lead")


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
    version = whole(data, "version", 1, 2**31 - 1)
    if version != line.version:
        raise TableRefused(409, changed_message(line), "version", line_json(line, at))


def _where(at: TableAt) -> str:
    boards = ", ".join(str(n) for n in at.boards)
    shown = f" (boards {boards})" if boards else ""
    return f"table {at.code.table} in round {at.round}{shown}"
