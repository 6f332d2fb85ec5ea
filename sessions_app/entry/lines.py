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
from django.db.models import Field
from django.utils import timezone
from django.utils.translation import gettext

from ..core.audit import change_for, snapshot
from ..core.moments import moment
from ..core.results import session_touch
from ..core.scope import NotInSession, in_session, scoped
from ..models import Board, Pair, Result, ResultChange, Section, Session
from ..scoring.rulings import Ruling
from ..scoring.traveller_line import LINE_COLUMNS, to_columns
from .checks import (
    StaleLine,
    changed_message,
    check_lead,
    check_pairs_free,
    check_ruling_kept,
    check_schedule,
    section_pairs,
    session_board,
)


@dataclass(frozen=True)
class LineInput:
    """A traveller line to store: its board, the pairs as they sat, the result or ruling
    (`Ruling`), and the fouled-board group (Law 87) and the director's reason. `foul_group`
    and `reason` left None keep what an updated line has (the entry grid does not show them).

    `board` is the Board when the caller has it already (the entry forms read its
    vulnerability to parse the result, the table's phone its round's boards): it travels with
    the line and is not looked up again; else its number, looked up by `result_save`.
    Example: LineInput(board_7, "3", "10", parse_ruling("4S N 10", "All")) stores 4S by N,
    10 tricks (+620) on board 7 with one query fewer than LineInput(7, ...)."""

    board: Board | int
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
    # The Pairs `ns` and `ew` when the caller has read them already (a table's phone: its
    # round's pairs), else None: looked up by label in the line's section.
    pairs: tuple[Pair, Pair] | None = None

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
        board = session_board(section, line.board)
        ns, ew = line.pairs or section_pairs(section, line.ns, line.ew)
        check_pairs_free(board, ns, ew, current.pk if current else None)
        check_lead(line.lead, line.ruling)
        if not confirmed:
            check_schedule(section, board.number, line.ns, line.ew)
            if current is not None:
                check_ruling_kept(current, line.ruling)
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
                gettext("pair %(ns)s or %(ew)s already has a line on board %(board)s")
                % {"ns": ns.label, "ew": ew.label, "board": board.number}
            ) from None
        session_touch(section.session, boards={board.pk, current.board_id if current else board.pk})
        return result


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
        session_touch(section.session, boards={result.board_id})
        return result


def result_restore(*, session: Session, change_id: int | str, user=None) -> Result:
    """Put back the line that delete record `change_id` of `session` removed, as it was."""
    with transaction.atomic():
        change = in_session(ResultChange.objects.select_for_update(), session, pk=change_id)
        if change.action != ResultChange.Action.DELETE or not change.before:
            raise ValidationError(gettext("only a deleted line can be restored"))
        if change.restored:
            raise ValidationError(gettext("this line has already been restored"))
        before = change.before
        section = scoped(Section, session).filter(name=before["section"]).first()
        if section is None:
            raise ValidationError(
                gettext("section %(section)s is no longer in this session")
                % {"section": before["section"]}
            )
        board = session_board(section, before["board"])
        ns, ew = section_pairs(section, before["ns"], before["ew"])
        check_pairs_free(board, ns, ew, None)
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
        session_touch(session, boards={board.pk})
        return result


def _default(name: str) -> object:
    """A column's value for a snapshot taken before the column existed."""
    field = Result._meta.get_field(name)
    assert isinstance(field, Field)  # one of LINE_COLUMNS
    return field.get_default()


# The links result_save has just read in its transaction: full_clean would look each one up
# again (a query each), and the database's foreign keys hold them anyway.
FETCHED_LINKS = ("board", "section", "ns", "ew", "updated_by")


def _create(section: Section, board: Board, fields: dict, user, device) -> Result:
    result = Result(board=board, section=section, **fields)
    result.full_clean(exclude=FETCHED_LINKS, validate_constraints=False)
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
            gettext(
                "this line is no longer on this section's travellers (deleted meanwhile?);"
                " see the session's changes"
            )
        ) from None


def _user(user):
    return user if user is not None and user.is_authenticated else None
