"""The Bridgemates' results and calls, fetched from the Data Connector's queues and stored as
every other line is (`entry.result_save`: the schedule, the law, the pairs free, the lead,
optimistic locking and an audit entry naming the table's Bridgemate, as a phone is named).

What comes back, and what becomes of it:
- a result for a board the line does not have yet: stored;
- the same result again (the terminal sent it twice, or the queue was read again after an
  outage before it was accepted): nothing changes;
- another result for a line the Bridgemate stored (corrected at the table): the line is
  changed; deleted at the table: the line is deleted;
- another result for a line the director (or a phone) changed since: the director's stays,
  and the table's result goes on the console as a call, so that nothing is lost;
- a result that cannot be stored (no such board, a pair not in the section ...): left out,
  on the console as a call with the reason;
- a TD call from a terminal: a call on the console, as a phone's.
The queue is accepted (told not to send again) only after everything read was handled, so an
outage between reading and accepting only sends the same items again, which change nothing.

Example: table A3 sends 4S by N, 10 tricks on board 5 twice, then 4S by N, 9 tricks: one
line, stored, then changed to 9 tricks, the audit naming "table A3 (Bridgemate)" both times.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from bridgemate_dataconnector.dto import DataConnectorResponseData, TdCallDTO
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import ngettext

from ..core.refusals import refusal_words
from ..entry.checks import ConfirmationNeeded, StaleLine
from ..entry.lines import LineInput, result_delete, result_save
from ..models import (
    Board,
    BridgemateEvent,
    Result,
    ResultChange,
    Section,
    TableCall,
    TableCode,
    TableDevice,
)
from ..models.table_devices import BRIDGEMATE
from ..scoring.traveller_line import to_columns
from ..table_scoring.access import codes_issue, token_hash
from .connector import BridgemateProblem, check_answer, connector
from .players import players_take
from .results import BridgemateLine, ResultRefused, line_of
from .sending import club_link


@dataclass
class Fetched:
    """What one fetch brought: lines stored or changed, results that changed nothing, calls
    put on the console (a TD call, a result kept out), in words."""

    stored: int = 0
    unchanged: int = 0
    calls: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """In the active language. Example: "1 line stored, 2 unchanged"."""
        return ngettext(
            "%(stored)s line stored, %(unchanged)s unchanged",
            "%(stored)s lines stored, %(unchanged)s unchanged",
            self.stored,
        ) % {"stored": self.stored, "unchanged": self.unchanged}


def bridgemates_fetch(*, event: BridgemateEvent) -> Fetched:
    """Read the Bridgemates' new results and TD calls for `event`'s session, store them and
    accept the queues; BridgemateProblem (also kept on the event for the director) when the
    Data Connector does not answer or refuses."""
    link = club_link(event.session)
    client = connector(link)
    try:
        check_answer(link, client.ping(), "asking for the tables' results")
        fetched = Fetched()
        results = client.poll_for_results(event.session_guid)
        sections = {s.name.upper(): s for s in Section.objects.filter(session=event.session)}
        boards = {b.number: b for b in Board.objects.filter(session=event.session)}
        for result in results:
            _take(sections, boards, result, fetched)
        if results:
            answer = client.accept_queue_data(event.session_guid, DataConnectorResponseData.Results)
            check_answer(link, answer, "accepting the results")
        named = players_take(event, client, link)
        if named:
            fetched.calls.append(f"{named} pairs named from the players' numbers")
        calls = client.poll_for_td_calls(event.session_guid)
        for call in calls:
            _call(event, call, fetched)
        if calls:
            answer = client.accept_queue_data(event.session_guid, DataConnectorResponseData.TdCalls)
            check_answer(link, answer, "accepting the calls")
    except BridgemateProblem as problem:
        BridgemateEvent.objects.filter(pk=event.pk).update(problem=str(problem))
        raise
    BridgemateEvent.objects.filter(pk=event.pk).update(polled_at=timezone.now(), problem="")
    return fetched


def _take(sections: dict[str, Section], boards: dict[int, Board], result, fetched: Fetched) -> None:
    """Store one result, or say on the console why it was not."""
    section = sections.get((result.section_letters or "").strip().upper())
    where = f"table {result.section_letters}{result.table_number}, board {result.board_number}"
    if section is None:  # renamed or deleted since: the call goes on the first section's
        said = f"{where}: a result for section {result.section_letters!r}, which is no more"
        if sections:
            first = min(sections.values(), key=lambda known: known.name)
            _kept_out(first, result.table_number, result.round_number, said, fetched)
        else:
            fetched.calls.append(said)
        return
    board = boards.get(result.board_number)
    try:
        if board is None:
            raise ResultRefused(f"the session has no board {result.board_number}")
        line = line_of(result, board.vulnerability)
    except ResultRefused as error:
        _kept_out(section, result.table_number, result.round_number, f"{where}: {error}", fetched)
        return
    try:
        device = _device(section, line.table)
    except ResultRefused as error:
        _kept_out(section, 1, line.round, f"{where}: {error}", fetched)
        return
    current = (
        Result.objects.filter(section=section, board=board, ns__label=line.ns, ew__label=line.ew)
        .select_related("board", "ns", "ew")
        .first()
    )
    # The console shows a Bridgemate's table in the round it sends, as a phone's
    TableCode.objects.filter(pk=device.table_code_id, round__lt=line.round).update(round=line.round)
    try:
        _store(section, board, line, device, current, fetched, where)
    except (ValidationError, ConfirmationNeeded, StaleLine, IntegrityError) as error:
        words = refusal_words(error) if isinstance(error, ValidationError) else str(error)
        _kept_out(section, line.table, line.round, f"{where}: {line.ruling.text}: {words}", fetched)


def _store(section, board, line: BridgemateLine, device, current, fetched, where) -> None:
    if current is None:
        if line.deleted:
            fetched.unchanged += 1
            return
        result_save(section=section, line=_input(board, line), device=device)
        fetched.stored += 1
        return
    if not line.deleted and _same(current, line):
        fetched.unchanged += 1
        return
    last = ResultChange.objects.filter(result=current).order_by("-pk").first()
    if last is None or last.device_id != device.pk:
        said = "deleted it" if line.deleted else f"sent {line.ruling.text}"
        _kept_out(
            section,
            line.table,
            line.round,
            f"{where}: the Bridgemate {said} after another change: the line is kept as it is",
            fetched,
        )
        return
    with transaction.atomic():
        if line.deleted:
            result_delete(section=section, result_id=current.pk, version=current.version)
        else:
            result_save(
                section=section,
                line=_input(board, line),
                device=device,
                result_id=current.pk,
                version=current.version,
            )
    fetched.stored += 1


def _input(board: Board, line: BridgemateLine) -> LineInput:
    return LineInput(
        board=board,
        ns=line.ns,
        ew=line.ew,
        ruling=line.ruling,
        round=line.round,
        table=line.table,
        lead=line.lead,
        verification=Result.Verification.NOT_ASKED,  # the terminal had the opponents accept
    )


def _same(current: Result, line: BridgemateLine) -> bool:
    """Whether the stored line says what the Bridgemate sent: every column of the result and
    the lead (a lead is stored as the card it is, `HK`)."""
    sent = {**to_columns(line.ruling), "lead": line.lead}
    return all(getattr(current, name) == value for name, value in sent.items())


def _device(section: Section, table: int) -> TableDevice:
    """The table's Bridgemate, made on its live code when it has none: a code re-issued for a
    phone revokes the devices of the old one, the Bridgemate's too."""
    code = TableCode.objects.filter(section=section, table=table, revoked_at=None).first()
    if code is None:
        codes = codes_issue(session=section.session)
        code = next((c for c in codes if (c.section_id, c.table) == (section.pk, table)), None)
        if code is None:
            raise ResultRefused(f"section {section.name}'s movement has no table {table}")
    device = TableDevice.objects.filter(table_code=code, label=BRIDGEMATE, revoked_at=None).first()
    if device is None:
        token = token_hash(secrets.token_urlsafe(32))
        device = TableDevice.objects.create(table_code=code, label=BRIDGEMATE, token=token)
    return device


def _kept_out(section: Section, table: int, round_: int, text: str, fetched: Fetched) -> None:
    """A result not stored as sent, on the console as a call about a score."""
    TableCall.objects.create(
        section=section,
        table=max(table, 1),
        round=max(round_, 1),
        reason=TableCall.Reason.SCORE,
        text=f"Bridgemate: {text}"[:200],
    )
    fetched.calls.append(text)


def _call(event: BridgemateEvent, call: TdCallDTO, fetched: Fetched) -> None:
    """A TD call from a terminal, once (the same call read again is the same call)."""
    if call.status != TdCallDTO.TdCallStatus_Launched:
        return
    section = Section.objects.filter(
        session=event.session, name__iexact=(call.section_letters or "").strip()
    ).first()
    if section is None:
        return
    cid = f"bm-{call.table_number}-{call.round_number}-{call.hour:02d}{call.minute:02d}"
    _, made = TableCall.objects.get_or_create(
        section=section,
        client_id=cid,
        defaults={
            "table": call.table_number,
            "round": call.round_number,
            "reason": TableCall.Reason.OTHER,
            "text": "Called from the Bridgemate",
        },
    )
    if made:
        fetched.calls.append(f"table {section.name}{call.table_number} calls the director")
