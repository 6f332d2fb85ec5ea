"""A table's round and what else its phone may ask: moving on to the next round, the players'
names at round 1, calling the director (docs/table-scoring.md; a board's results so far are in
table_scoring/boards.py, the director closing a round in table_scoring/director.py).

Why a table moves on only when its boards are in: a result not entered before the players
leave is the one the director has to chase after the session. The director may close a round
(`Section.closed_round`): its lines are then the director's only, and a table still on it may
move on with boards missing.

Example: table 3 in round 1 with boards 7 and 8 entered and accepted but not 9:
round_finish(device=device, number=1) -> TableRefused(403, "board 9 has no result yet"); once 9
is in (and accepted), the table is on round 2 and the state's `next` of round 1 said where
everyone went.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..core.refusals import refusal_words
from ..models import TableCall, TableDevice, TableWrite
from ..players.name_matching import clean_name
from ..players.session_names import pairs_set_names
from .access import TableRefused, check_in_play, lock_code
from .state import missing_boards, table_at, table_lines
from .view import TableView, table_view
from .writes import write_check, write_digest, write_known, write_record


def round_finish(*, device: TableDevice, number: int) -> TableView:
    """POST /api/table/round-done: the table moves on from round `number` when its boards are
    in (or the director closed the round). The round it already left again: the state,
    unchanged."""
    with transaction.atomic():
        code = lock_code(device)
        at = table_at(code)
        if number < at.round:
            return table_view(at)
        if at.finished:
            raise TableRefused(
                400, _("table %(table)s has played every round") % {"table": code.table}, "round"
            )
        if number > at.round:
            raise TableRefused(
                400,
                _("table %(table)s is on round %(round)s")
                % {"table": code.table, "round": at.round},
                "round",
            )
        check_in_play(at.session)
        if at.round > at.section.closed_round:
            missing = missing_boards(at, table_lines(at))
            if missing:
                raise TableRefused(403, "; ".join(missing))
        code.round = at.round + 1
        code.save(update_fields=["round"])
        return table_view(table_at(code))


def players_set(
    *, device: TableDevice, ns: Sequence[str] | None = None, ew: Sequence[str] | None = None
) -> TableView:
    """POST /api/table/players: the players' names (or member numbers) of this table's pairs,
    at round 1 only; a side left out keeps its names.

    A phone's names are anyone's words: they are cleaned (`player_names.clean_name`: no
    control or invisible characters) and wait for the director to match them to the register
    (`Pair.names_from_table`), so a name typed at a table never links a pair to a register
    entry, whose name would then show on the public pages. Example: {"ns": ["Ann\u200b Lee",
    "Bob\x00 Ross"]} -> pair 3 is "Ann Lee & Bob Ross", linked to nobody, even when the
    register has an Ann Lee."""
    with transaction.atomic():
        at = table_at(lock_code(device))
        check_in_play(at.session)
        if at.round != 1:
            raise TableRefused(403, _("names are given at round 1 only: ask the director"))
        seating = at.seating
        names = []
        for typed, label in (
            (ns, seating.ns if seating else None),
            (ew, seating.ew if seating else None),
        ):
            if typed is None or label is None:
                continue
            player1, player2 = ([clean_name(name) for name in typed] + ["", ""])[:2]
            names.append((label, player1, player2))
        try:
            pairs_set_names(section=at.section, names=names, add_missing=False, from_table=True)
        except ValidationError as error:
            raise TableRefused(400, refusal_words(error)) from None
        return table_view(table_at(at.code))


def call_create(
    *, device: TableDevice, client_id: str, reason: str, text: str = ""
) -> tuple[TableCall, bool]:
    """POST /api/table/calls: the table calls the director for `reason` (one of
    `TableCall.Reason`; anything else is kept as the call's text, the reason then OTHER), with
    `text` in words; True when new, False for a retry of a call already stored (same
    client_id), or a call the table has made already and the director not yet answered (same
    reason and text: the players tapped again).

    Why limits, counted from the table's calls in the database under its code's lock: one
    table calling a thousand times would bury the other tables' calls on the console. A table
    has at most TABLE_OPEN_CALLS calls waiting and makes at most TABLE_CALLS_PER_MINUTE calls
    a minute; beyond, TableRefused(429) in words. Example (3 and 2): table 3 calls for a
    ruling, then about the movement: both are stored; a third call within the minute is
    "table 3 has called the director 2 times in the last minute: the director is on the way";
    the ruling called again is answered with the first call, stored once."""
    cid = client_id
    if reason not in TableCall.Reason.values:
        reason, text = TableCall.Reason.OTHER, (text or reason)
    text = printable(text)
    digest = write_digest({"reason": reason, "text": text})
    with transaction.atomic():
        at = table_at(lock_code(device))
        known = write_known(at.section, at.code.table, cid, TableWrite.Kind.CALL)
        if known is not None:
            return _retried(known, digest), False
        check_in_play(at.session)
        call = TableCall(
            section=at.section,
            table=at.code.table,
            round=min(at.round, at.rounds),
            reason=reason,
            text=text,
            client_id=cid,
            device=device,
        )
        said = f"{reason}: {text}" if text else reason
        open_call = _open_call_like(call)
        if open_call is not None:
            write_record(at.section, at.code.table, cid, digest, said, call=open_call)
            return open_call, False
        _check_call_limits(call)
        try:
            with transaction.atomic():
                call.save()
                write_record(at.section, at.code.table, cid, digest, said, call=call)
        except IntegrityError:
            known = write_known(at.section, at.code.table, cid, TableWrite.Kind.CALL)
            if known is None:
                raise
            return _retried(known, digest), False
        return call, True


def _retried(write: TableWrite, digest: str) -> TableCall:
    """The answer to a retry of call `write`: the call as it now is."""
    write_check(write, digest)
    assert write.call is not None  # write_check refuses a write whose call is gone
    return write.call


def _open_call_like(call: TableCall) -> TableCall | None:
    """The table's waiting call with `call`'s reason and text, if there is one."""
    like = Q(reason=call.reason, text=call.text, answered_at__isnull=True)
    calls = TableCall.objects.filter(like, section=call.section, table=call.table)
    return calls.order_by("created_at", "id").first()


def _check_call_limits(call: TableCall) -> None:
    """TableRefused(429) when `call`'s table has TABLE_OPEN_CALLS calls waiting, or has made
    TABLE_CALLS_PER_MINUTE in the last minute."""
    waiting, allowed = settings.TABLE_OPEN_CALLS, settings.TABLE_CALLS_PER_MINUTE
    made = TableCall.objects.filter(section=call.section, table=call.table).aggregate(
        waiting=Count("pk", filter=Q(answered_at__isnull=True)),
        recent=Count("pk", filter=Q(created_at__gt=timezone.now() - timedelta(minutes=1))),
    )
    if made["waiting"] >= waiting:
        raise TableRefused(
            429,
            ngettext(
                "table %(table)s has %(count)s call waiting for the director: the director is"
                " on the way",
                "table %(table)s has %(count)s calls waiting for the director: the director is"
                " on the way",
                waiting,
            )
            % {"table": call.table, "count": waiting},
        )
    if made["recent"] >= allowed:
        raise TableRefused(
            429,
            ngettext(
                "table %(table)s has called the director %(count)s time in the last minute: the"
                " director is on the way",
                "table %(table)s has called the director %(count)s times in the last minute: the"
                " director is on the way",
                allowed,
            )
            % {"table": call.table, "count": allowed},
        )


def printable(text: str) -> str:
    """Free text as it may be stored and shown: control characters (a NUL, which PostgreSQL
    refuses) become spaces. Example: "revoke\x00 on 7\n" -> "revoke  on 7"."""
    return "".join(c if c.isprintable() else " " for c in text).strip()
