"""Writing single traveller lines: the director's entry, corrections, deletes and restores.

Every change is one transaction that checks the line, stores it, records it in the audit trail
(before and after) and bumps the session's results version. Nothing is ever overwritten
silently: an update names the version it was made from, and a line changed by someone else
since then is refused (`StaleLine`) with what it says now.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Field, Q
from django.utils import timezone

from ..core.audit import change_for, snapshot
from ..core.moments import moment
from ..core.results import session_touch
from ..core.scope import NotInSession, in_session, scoped
from ..core.section_movement import usable_movement
from ..models import Board, Pair, Result, ResultChange, Section, Session
from ..scoring.cards import parse_card
from ..scoring.rulings import Ruling
from ..scoring.traveller_line import LINE_COLUMNS, describe, ruling_of, to_columns


class StaleLine(Exception):
    """The line changed (or was deleted) since the director opened it."""


class ConfirmationNeeded(Exception):
    """The line may be right but looks wrong (the movement seats other pairs there, or it
    would replace a ruling by a plain result): saved only when confirmed."""


@dataclass(frozen=True)
class LineInput:
    """A traveller line to store: the pairs as they sat, the result or ruling (`Ruling`), and
    the fouled-board group (Law 87) and the director's reason. `foul_group` and `reason` left
    None keep what an updated line has (the entry grid does not show them)."""

    board: int
    ns: str
    ew: str
    ruling: Ruling
    round: int | None = None
    table: int | None = None
    lead: str = ""
    foul_group: int | None = None
    reason: str | None = None
    # Scoring at the table (table_scoring/lines.py): the phone's id for this write and the
    # opponents' check; None keeps what an updated line has.
    client_id: str | None = None
    verification: str | None = None

    def fields(self) -> dict:
        """The Result columns for this line (pairs and board apart)."""
        fields = {
            **to_columns(self.ruling),
            "round": self.round,
            "table": self.table,
            "lead": self.lead.strip().upper(),
        }
        if self.foul_group is not None:
            fields["foul_group"] = self.foul_group
        if self.reason is not None:
            fields["reason"] = self.reason.strip()[:200]
        if self.client_id is not None:
            fields["client_id"] = self.client_id
        if self.verification is not None:
            fields["verification"] = self.verification
        return fields


def result_save(
    *,
    section: Section,
    line: LineInput,
    result_id: int | str | None = None,
    version: int | None = None,
    user=None,
    confirmed: bool = False,
    device=None,
) -> Result:
    """Create a traveller line, or update line `result_id` (of `section`) made from `version`.
    `device` is the table's phone (a TableDevice) that sent it, named in the audit trail; a
    change by the director (no device) settles the opponents' check of a table's line.

    Raises ValidationError (the line cannot be right), ConfirmationNeeded (it may be right:
    save again with `confirmed`) or StaleLine (someone else changed or deleted it first).
    """
    with transaction.atomic():
        current = None if result_id is None else _line(section, result_id)
        if current is not None and current.version != version:
            raise StaleLine(changed_message(current))
        board, ns, ew = _board_and_pairs(section, line)
        _check_pairs_free(board, ns, ew, current.pk if current else None)
        _check_lead(line.lead)
        if not confirmed:
            _check_schedule(section, line)
            if current is not None:
                _check_ruling_kept(current, line)
        fields = {**line.fields(), "ns": ns, "ew": ew, "updated_by": _user(user)}
        if device is None and current is not None and line.verification is None:
            fields["verification"] = Result.Verification.NOT_ASKED
        try:
            if current is None:
                result = _create(section, board, fields, user, device)
            else:
                result = _update(section, current, fields, user, device)
        except IntegrityError:
            raise ValidationError(
                f"pair {ns.label} or {ew.label} already has a line on board {board.number}"
            ) from None
        session_touch(section.session)
        return result


def _check_lead(lead: str) -> None:
    """A lead is a card (H3, 3H, S10, ST), or none: never cut or stored as something else.

    Example: "KING" -> ValidationError "the lead 'KING' is not a card like HK, S10 or CT"."""
    if lead.strip() and parse_card(lead) is None:
        raise ValidationError(f"the lead {lead.strip()[:10]!r} is not a card like HK, S10 or CT")


def result_delete(*, section: Section, result_id: int | str, version: int, user=None) -> Result:
    """Delete line `result_id` of `section` made from `version`; the audit trail keeps it for
    `result_restore`. Returns the line as it was."""
    with transaction.atomic():
        result = _line(section, result_id)
        if result.version != version:
            raise StaleLine(changed_message(result))
        change_for(result, ResultChange.Action.DELETE, before=snapshot(result), user=user).save()
        deleted, _ = Result.objects.filter(pk=result.pk, version=version).delete()
        if not deleted:
            raise StaleLine(changed_message(_line(section, result.pk)))
        session_touch(section.session)
        return result


def result_restore(*, session: Session, change_id: int | str, user=None) -> Result:
    """Put back the line that delete record `change_id` of `session` removed, as it was."""
    with transaction.atomic():
        change = in_session(ResultChange.objects.select_for_update(), session, pk=change_id)
        if change.action != ResultChange.Action.DELETE or not change.before:
            raise ValidationError("only a deleted line can be restored")
        if change.restored:
            raise ValidationError("this line has already been restored")
        before = change.before
        section = scoped(Section, session).filter(name=before["section"]).first()
        if section is None:
            raise ValidationError(f"section {before['section']} is no longer in this session")
        board, ns, ew = _board_and_pairs(
            section, LineInput(before["board"], before["ns"], before["ew"], ruling_of(before))
        )
        _check_pairs_free(board, ns, ew, None)
        fields = {name: before.get(name, _default(name)) for name in LINE_COLUMNS}
        result = Result(
            board=board, section=section, ns=ns, ew=ew, updated_by=_user(user), **fields
        )
        result.full_clean()
        result.save()
        change_for(
            result,
            ResultChange.Action.RESTORE,
            after=snapshot(result),
            user=user,
            note=f"restored the line deleted at {moment(change.at)}",
        ).save()
        change.restored = True
        change.save(update_fields=["restored"])
        session_touch(session)
        return result


def _default(name: str) -> object:
    """A column's value for a snapshot taken before the column existed."""
    field = Result._meta.get_field(name)
    assert isinstance(field, Field)  # one of LINE_COLUMNS
    return field.get_default()


def _board_and_pairs(section: Section, line: LineInput) -> tuple[Board, Pair, Pair]:
    board = scoped(Board, section.session).filter(number=line.board).first()
    if board is None:
        raise ValidationError(f"board {line.board} is not one of this session's boards")
    if line.ns == line.ew:
        raise ValidationError(f"pair {line.ns} cannot play against itself")
    pairs = {p.label: p for p in Pair.objects.filter(section=section, label__in=[line.ns, line.ew])}
    missing = [label for label in (line.ns, line.ew) if label not in pairs]
    if missing:
        raise ValidationError(
            " and ".join(f"there is no pair {label} in section {section.name}" for label in missing)
        )
    return board, pairs[line.ns], pairs[line.ew]


def _check_pairs_free(board: Board, ns: Pair, ew: Pair, result_id: int | None) -> None:
    """A pair plays a board once: no other line of this board may have either pair."""
    both = [ns.pk, ew.pk]
    others = Result.objects.filter(board=board).filter(Q(ns__in=both) | Q(ew__in=both))
    if result_id is not None:  # the line being changed does not clash with itself
        others = others.exclude(pk=result_id)
    clash = others.select_related("ns", "ew").first()
    if clash:
        pair = ns if ns.pk in (clash.ns_id, clash.ew_id) else ew
        where = f" in round {clash.round}" if clash.round else ""
        raise ValidationError(
            f"pair {pair.label} already has a result on board {board.number}"
            f" (NS {clash.ns.label} v EW {clash.ew.label}{where})"
        )


def _check_schedule(section: Section, line: LineInput) -> None:
    """With a movement, the pairs should be the ones it seats at this board."""
    movement = usable_movement(section)
    if movement is None:
        return
    if not 1 <= line.board <= movement.boards:
        raise ConfirmationNeeded(
            f"board {line.board} is not in the movement of section {section.name}"
            f" (boards 1-{movement.boards})"
        )
    visits = movement.board_schedule(line.board)
    if any(v.ns == line.ns and v.ew == line.ew for v in visits):
        return
    if any(v.ns == line.ew and v.ew == line.ns for v in visits):
        raise ConfirmationNeeded(
            f"the movement seats {line.ew} NS and {line.ns} EW on board {line.board}:"
            " are the pairs the right way round?"
        )
    raise ConfirmationNeeded(
        f"the movement does not have {line.ns} v {line.ew} playing board {line.board}"
    )


def _check_ruling_kept(current: Result, line: LineInput) -> None:
    """Typing a plain result over a ruling (or one kind of ruling over another) replaces the
    ruling: asked first, so that a split or weighted score is never lost by a slip."""
    if current.kind == Result.Kind.PLAYED or current.kind == line.ruling.kind:
        return
    raise ConfirmationNeeded(
        f"this line is a ruling ({describe(current)}); saving replaces it with {line.ruling.words}"
    )


def _create(section: Section, board: Board, fields: dict, user, device) -> Result:
    result = Result(board=board, section=section, **fields)
    result.full_clean(validate_constraints=False)
    result.save()
    change_for(
        result, ResultChange.Action.CREATE, after=snapshot(result), user=user, device=device
    ).save()
    return result


def _update(section: Section, current: Result, fields: dict, user, device) -> Result:
    before = snapshot(current)
    updated = Result.objects.filter(pk=current.pk, version=current.version).update(
        **fields, version=current.version + 1, updated_at=timezone.now()
    )
    if not updated:  # changed between our read and our write
        raise StaleLine(changed_message(_line(section, current.pk)))
    result = _line(section, current.pk)
    change_for(
        result,
        ResultChange.Action.UPDATE,
        before=before,
        after=snapshot(result),
        user=user,
        device=device,
    ).save()
    return result


def _line(section: Section, result_id: int | str) -> Result:
    """Line `result_id` of `section` (and so of its session); StaleLine when there is none:
    deleted meanwhile, or never one of this section's."""
    lines = Result.objects.select_related("board", "section__session", "ns", "ew", "updated_by")
    try:
        return in_session(lines.filter(section=section), section.session, pk=result_id)
    except NotInSession:
        raise StaleLine(
            "this line is no longer on this section's travellers (deleted meanwhile?);"
            " see the session's changes"
        ) from None


def changed_message(result: Result) -> str:
    """Who changed the line: the director by name, else the table's phone the audit names."""
    who = result.updated_by.get_username() if result.updated_by else _device_name(result)
    when = moment(result.updated_at, time_only=True)
    return (
        f"{who} changed this line at {when} since you opened it; it now reads"
        f" {describe(result)}. Your change was not saved: check it and enter it again."
    )


def _device_name(result: Result) -> str:
    change = (
        ResultChange.objects.filter(result=result, device__isnull=False)
        .select_related("device__table_code__section")
        .first()  # the latest: ordered by -at
    )
    return change.device.name if change and change.device else "someone"


def _user(user):
    return user if user is not None and user.is_authenticated else None
