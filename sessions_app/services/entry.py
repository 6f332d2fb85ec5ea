"""Writing single traveller lines: the director's entry, corrections, deletes and restores.

Every change is one transaction that checks the line, stores it, records it in the audit trail
(before and after) and bumps the session's results version. Nothing is ever overwritten
silently: an update names the version it was made from, and a line changed by someone else
since then is refused (`StaleLine`) with what it says now.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from ..models import Board, Pair, Result, ResultChange, Section
from ..scoring.notation import Outcome
from .audit import change_for, snapshot
from .imports import outcome_fields
from .movements import usable_movement
from .results import contract_text, session_touch


class StaleLine(Exception):
    """The line changed (or was deleted) since the director opened it."""


class ScheduleWarning(Exception):
    """The pairs or the board do not match the movement; saved only when confirmed."""


@dataclass(frozen=True)
class LineInput:
    """A traveller line to store. Beyond a table result (`outcome`), the director's rulings:
    `assigned` (Law 12C1: `outcome` replaces the table result), `ew_outcome` (a split score:
    the EW pair is scored with it, the NS pair with `outcome`), `weights` (Law 12C1(c):
    outcomes with their weights, adding up to 1) and `foul_group` (Law 87)."""

    board: int
    ns: str
    ew: str
    outcome: Outcome
    round: int | None = None
    table: int | None = None
    lead: str = ""
    assigned: bool = False
    ew_outcome: Outcome | None = None
    weights: tuple[tuple[Fraction, Outcome], ...] = ()
    foul_group: int = 0

    def fields(self) -> dict:
        """The Result columns for this line (pairs and board apart)."""
        fields = {
            **outcome_fields(self.outcome),
            "round": self.round,
            "table": self.table,
            "lead": self.lead.strip().upper()[:3],
            "foul_group": self.foul_group,
            "split_score_ns": None,
            "weights": None,
        }
        if self.weights:
            if sum(weight for weight, _ in self.weights) != 1:
                raise ValidationError("the weights of a weighted score must add up to 100%")
            if any(o.kind != "played" for _, o in self.weights):
                raise ValidationError("a weighted score is made of real results only")
            fields.update(
                kind=Result.Kind.WEIGHTED, level=None, strain="", doubled=0, declarer="",
                tricks=None, score_ns=None,
                weights=[{"weight": str(w), "score": o.score_ns, "result": o.token
                          + (f" {o.declarer} {o.tricks}" if o.declarer else "")}
                         for w, o in self.weights],
            )  # fmt: skip
        elif self.ew_outcome is not None:
            if self.outcome.kind != "played" or self.ew_outcome.kind != "played":
                raise ValidationError("a split score gives each side a real result")
            fields.update(kind=Result.Kind.SPLIT, split_score_ns=self.ew_outcome.score_ns)
        elif self.assigned:
            if self.outcome.kind != "played":
                raise ValidationError("an assigned score is a real result, e.g. 4S N 10")
            fields["kind"] = Result.Kind.ASSIGNED
        return fields


def result_save(
    *,
    section: Section,
    line: LineInput,
    result_id: int | None = None,
    version: int | None = None,
    user=None,
    confirmed: bool = False,
) -> Result:
    """Create a traveller line, or update line `result_id` made from `version`.

    Raises ValidationError (the line cannot be right), ScheduleWarning (it may be right: save
    again with `confirmed`) or StaleLine (someone else changed it first).
    """
    with transaction.atomic():
        board, ns, ew = _board_and_pairs(section, line)
        _check_pairs_free(board, ns, ew, result_id)
        if not confirmed:
            _check_schedule(section, line)
        fields = {**line.fields(), "ns": ns, "ew": ew, "updated_by": _user(user)}
        try:
            if result_id is None:
                result = _create(section, board, fields, user)
            else:
                result = _update(result_id, version, fields, user)
        except IntegrityError:
            raise ValidationError(
                f"pair {ns.label} or {ew.label} already has a line on board {board.number}"
            ) from None
        session_touch(section.session)
        return result


def result_delete(*, result_id: int, version: int, user=None) -> None:
    """Delete a line made from `version`; the audit trail keeps it for `result_restore`."""
    with transaction.atomic():
        result = _line(result_id)
        if result.version != version:
            raise StaleLine(_changed_message(result))
        change_for(result, ResultChange.Action.DELETE, before=snapshot(result), user=user).save()
        deleted, _ = Result.objects.filter(pk=result_id, version=version).delete()
        if not deleted:
            raise StaleLine(_changed_message(_line(result_id)))
        session_touch(result.section.session)


def result_restore(*, change: ResultChange, user=None) -> Result:
    """Put back the line a delete removed, as it was before the delete."""
    if change.action != ResultChange.Action.DELETE or not change.before:
        raise ValidationError("only a deleted line can be restored")
    before = change.before
    with transaction.atomic():
        section = Section.objects.select_related("session").get(
            session=change.session, name=before["section"]
        )
        board, ns, ew = _board_and_pairs(
            section, LineInput(before["board"], before["ns"], before["ew"], Outcome("played"))
        )
        _check_pairs_free(board, ns, ew, None)
        fields = {name: before[name] for name in _RESTORED_FIELDS}
        result = Result(
            board=board, section=section, ns=ns, ew=ew, updated_by=_user(user), **fields
        )
        result.full_clean()
        result.save()
        change_for(
            result, ResultChange.Action.RESTORE, after=snapshot(result), user=user,
            note=f"restored the line deleted at {timezone.localtime(change.at):%H:%M %d/%m}",
        ).save()  # fmt: skip
        session_touch(section.session)
        return result


_RESTORED_FIELDS = (
    "round", "table", "kind", "level", "strain", "doubled", "declarer", "tricks", "lead",
    "score_ns", "split_score_ns", "weights", "ns_artificial", "ew_artificial", "foul_group",
)  # fmt: skip


def _board_and_pairs(section: Section, line: LineInput) -> tuple[Board, Pair, Pair]:
    board = Board.objects.filter(session_id=section.session_id, number=line.board).first()
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
    clash = (
        Result.objects.filter(board=board)
        .filter(Q(ns__in=both) | Q(ew__in=both))
        .exclude(pk=result_id)
        .select_related("ns", "ew")
        .first()
    )
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
        raise ScheduleWarning(
            f"board {line.board} is not in the movement of section {section.name}"
            f" (boards 1-{movement.boards})"
        )
    visits = movement.board_schedule(line.board)
    if any(v.ns == line.ns and v.ew == line.ew for v in visits):
        return
    if any(v.ns == line.ew and v.ew == line.ns for v in visits):
        raise ScheduleWarning(
            f"the movement seats {line.ew} NS and {line.ns} EW on board {line.board}:"
            " are the pairs the right way round?"
        )
    raise ScheduleWarning(
        f"the movement does not have {line.ns} v {line.ew} playing board {line.board}"
    )


def _create(section: Section, board: Board, fields: dict, user) -> Result:
    result = Result(board=board, section=section, **fields)
    result.full_clean(validate_constraints=False)
    result.save()
    change_for(result, ResultChange.Action.CREATE, after=snapshot(result), user=user).save()
    return result


def _update(result_id: int, version: int | None, fields: dict, user) -> Result:
    current = _line(result_id)
    if version is None or current.version != version:
        raise StaleLine(_changed_message(current))
    before = snapshot(current)
    updated = Result.objects.filter(pk=result_id, version=version).update(
        **fields, version=version + 1, updated_at=timezone.now()
    )
    if not updated:  # changed between our read and our write
        raise StaleLine(_changed_message(_line(result_id)))
    result = _line(result_id)
    change_for(
        result, ResultChange.Action.UPDATE, before=before, after=snapshot(result), user=user
    ).save()
    return result


def _line(result_id: int) -> Result:
    result = (
        Result.objects.select_related("board", "section__session", "ns", "ew", "updated_by")
        .filter(pk=result_id)
        .first()
    )
    if result is None:
        raise StaleLine("this line has been deleted meanwhile; see the session's changes")
    return result


def _changed_message(result: Result) -> str:
    who = result.updated_by.get_username() if result.updated_by else "someone"
    when = timezone.localtime(result.updated_at).strftime("%H:%M:%S")
    return (
        f"{who} changed this line at {when} since you opened it; it now reads"
        f" {describe(result)}. Your change was not saved: check it and enter it again."
    )


def describe(result: Result) -> str:
    """A line in words, for messages and the audit trail: `4S by N, 10 tricks (+420)`."""
    kind = result.kind
    if kind == Result.Kind.ARTIFICIAL:
        return f"{result.ns_artificial}/{result.ew_artificial}"
    if kind == Result.Kind.NOT_PLAYED:
        return "not played"
    if kind == Result.Kind.WEIGHTED:
        return "weighted: " + " + ".join(weighted_parts(result))
    if kind == Result.Kind.SPLIT:
        return f"split: NS scored with {result.score_ns:+d}, EW with {result.split_score_ns:+d}"
    if result.level == 0:
        return "passed out"
    if result.level is None:
        return f"{result.score_ns:+d}"
    contract = contract_text(result.level, result.strain, result.doubled)
    return f"{contract} by {result.declarer}, {result.tricks} tricks ({result.score_ns:+d})"


def weighted_parts(result: Result) -> list[str]:
    """A weighted score's components as the director writes them: `30% 4S N 10`."""
    return [f"{Fraction(part['weight']) * 100:g}% {part['result']}" for part in result.weights]


def _user(user):
    return user if user is not None and user.is_authenticated else None
