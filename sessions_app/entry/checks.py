"""What a traveller line must be before `entry.lines` stores it: its board one of the session's,
its pairs two different pairs of the section, neither with another line of the board, its
lead a card; and what it should be unless the director confirms it (the pairs the movement
seats there, a ruling not replaced by a slip). A line changed by someone else since it was
opened is refused with what it says now (`StaleLine`, `changed_message`).

Example (7-table Mitchell, board 1 played by NS 1 v EW 8 in round 1): NS 8 v EW 1 on board 1
-> ConfirmationNeeded "the movement seats 1 NS and 8 EW on board 1: are the pairs the right
way round?"; NS 1 v EW 1 -> ValidationError "pair 1 cannot play against itself".
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from ..core.moments import moment
from ..core.scope import scoped
from ..core.section_movement import usable_movement
from ..models import Board, Pair, Result, ResultChange, Section
from ..rows.words import described, worded
from ..scoring.cards import parse_card
from ..scoring.rulings import Ruling


class StaleLine(Exception):
    """The line changed (or was deleted) since the director opened it."""


class ConfirmationNeeded(Exception):
    """The line may be right but looks wrong (the movement seats other pairs there, or it
    would replace a ruling by a plain result): saved only when confirmed."""


def check_lead(lead: str, ruling: Ruling) -> None:
    """A lead is a card (H3, 3H, S10, ST), or none: never cut or stored as something else; and
    a board passed out had no lead (a table's phone is refused it too, by table_scoring).

    Examples: "KING" -> ValidationError "the lead 'KING' is not a card like HK, S10 or CT";
    "HK" on a passed-out line -> "a passed-out board has no opening lead, not 'HK'"."""
    if not lead.strip():
        return
    if parse_card(lead) is None:
        raise ValidationError(
            _("the lead %(lead)s is not a card like HK, S10 or CT")
            % {"lead": repr(lead.strip()[:10])}
        )
    contract = ruling.outcome.contract if ruling.kind == "played" and ruling.outcome else None
    if contract is not None and contract.passed_out:
        raise ValidationError(
            _("a passed-out board has no opening lead, not %(lead)s") % {"lead": repr(lead.strip())}
        )


def session_board(section: Section, board: Board | int) -> Board:
    """The line's board: the Board a form or the table's phone found already (no second
    query), or the one of that number; one of `section`'s session's boards or ValidationError.

    Example: board 33 of a 32-board session -> "board 33 is not one of this session's boards"."""
    if isinstance(board, Board):
        if board.session_id == section.session_id:
            return board
        board = board.number
    found = scoped(Board, section.session).filter(number=board).first()
    if found is None:
        raise ValidationError(
            _("board %(board)s is not one of this session's boards") % {"board": board}
        )
    return found


def section_pairs(section: Section, ns: str, ew: str) -> tuple[Pair, Pair]:
    """Pairs `ns` and `ew` of `section`, two different ones, or ValidationError in words."""
    if ns == ew:
        raise ValidationError(_("pair %(pair)s cannot play against itself") % {"pair": ns})
    pairs = {p.label: p for p in Pair.objects.filter(section=section, label__in=[ns, ew])}
    missing = [label for label in (ns, ew) if label not in pairs]
    if len(missing) == 1:
        raise ValidationError(
            _("there is no pair %(pair)s in section %(section)s")
            % {"pair": missing[0], "section": section.name}
        )
    if missing:
        raise ValidationError(
            _(
                "there is no pair %(ns)s in section %(section)s and there is no pair %(ew)s in"
                " section %(section)s"
            )
            % {"ns": ns, "ew": ew, "section": section.name}
        )
    return pairs[ns], pairs[ew]


def check_pairs_free(board: Board, ns: Pair, ew: Pair, result_id: int | None) -> None:
    """A pair plays a board once: no other line of this board may have either pair."""
    both = [ns.pk, ew.pk]
    others = Result.objects.filter(board=board).filter(Q(ns__in=both) | Q(ew__in=both))
    if result_id is not None:  # the line being changed does not clash with itself
        others = others.exclude(pk=result_id)
    # asked first without the pairs' rows: a clash is rare, and only it needs their labels
    clash = others.select_related("ns", "ew").first() if others.exists() else None
    if clash:
        pair = ns if ns.pk in (clash.ns_id, clash.ew_id) else ew
        words = {
            "pair": pair.label,
            "board": board.number,
            "ns": clash.ns.label,
            "ew": clash.ew.label,
            "round": clash.round,
        }
        if clash.round:
            raise ValidationError(
                _(
                    "pair %(pair)s already has a result on board %(board)s"
                    " (NS %(ns)s v EW %(ew)s in round %(round)s)"
                )
                % words
            )
        raise ValidationError(
            _("pair %(pair)s already has a result on board %(board)s (NS %(ns)s v EW %(ew)s)")
            % words
        )


def check_schedule(section: Section, number: int, ns: str, ew: str) -> None:
    """With a movement, pairs `ns` and `ew` should be the ones it seats at board `number`."""
    movement = usable_movement(section)
    if movement is None:
        return
    if not 1 <= number <= movement.boards:
        raise ConfirmationNeeded(
            _("board %(board)s is not in the movement of section %(section)s (boards 1-%(last)s)")
            % {"board": number, "section": section.name, "last": movement.boards}
        )
    visits = movement.board_schedule(number)
    if any(v.ns == ns and v.ew == ew for v in visits):
        return
    if any(v.ns == ew and v.ew == ns for v in visits):
        raise ConfirmationNeeded(
            _(
                "the movement seats %(ew)s NS and %(ns)s EW on board %(board)s:"
                " are the pairs the right way round?"
            )
            % {"ns": ns, "ew": ew, "board": number}
        )
    raise ConfirmationNeeded(
        _("the movement does not have %(ns)s v %(ew)s playing board %(board)s")
        % {"ns": ns, "ew": ew, "board": number}
    )


def check_ruling_kept(current: Result, ruling: Ruling) -> None:
    """Typing a plain result over a ruling (or one kind of ruling over another) replaces the
    ruling: asked first, so that a split or weighted score is never lost by a slip."""
    if current.kind == Result.Kind.PLAYED or current.kind == ruling.kind:
        return
    raise ConfirmationNeeded(
        _("this line is a ruling (%(line)s); saving replaces it with %(ruling)s")
        % {"line": described(current), "ruling": worded(ruling.message)}
    )


def changed_message(result: Result) -> str:
    """Who changed the line: the director by name, else the table's phone the audit names."""
    who = result.updated_by.get_username() if result.updated_by else _device_name(result)
    when = moment(result.updated_at, time_only=True)
    return _(
        "%(who)s changed this line at %(when)s since you opened it; it now reads"
        " %(line)s. Your change was not saved: check it and enter it again."
    ) % {"who": who, "when": when, "line": described(result)}


def _device_name(result: Result) -> str:
    change = (
        ResultChange.objects.filter(result=result, device__isnull=False)
        .select_related("device__table_code__section")
        .first()  # the latest: ordered by -at
    )
    return change.device.name if change and change.device else _("someone")
