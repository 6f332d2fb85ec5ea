"""The director's checks of the results to check (`scoring/review.py`): a line that looks wrong and
is right (a -1240 redouble that really happened) is marked as checked and leaves the list,
until the line or the reasons it was flagged for change (`LineCheck`).

The acknowledgement is a digest of the line's seats and result and of the reasons, stored
when the director checks it. Example: board 3, 5 v 12, `2SXX by E, 9 tricks`, EW vulnerable
(-1240 NS: 2 x 30 x 4 = 240, game 500, redoubled 100, an overtrick 400) is far from the other
scores; checked, it leaves the list; typed again with 10 tricks, or flagged for another
reason once a hand record is attached, its digest differs and it is listed again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from ..core.scope import in_session
from ..models import LineCheck, Result, Session
from ..scoring.review import Flag
from ..scoring.traveller_line import LINE_COLUMNS
from .checks import session_flags

# What a check is of: who sat where on which board, and every column of its result.
CHECKED_FIELDS = ("board_id", "ns_id", "ew_id", *LINE_COLUMNS)


@dataclass(frozen=True, slots=True)
class ToCheck:
    """The flags still to check, and how many lines the director has checked already."""

    flags: tuple[Flag, ...]
    checked: int

    @property
    def lines(self) -> tuple[Flag, ...]:
        """The first flag of each line still to check, in the list's order: one "checked"
        button a line."""
        first: dict[object, Flag] = {}
        for flag in self.flags:
            first.setdefault(flag.ref, flag)
        return tuple(first.values())


def line_fingerprint(line: Mapping[str, object], reasons: Iterable[str]) -> str:
    """The digest of a line's CHECKED_FIELDS and the reasons it is flagged for (in any
    order): equal exactly when neither has changed."""
    document = {
        "line": {name: line[name] for name in CHECKED_FIELDS},
        "reasons": sorted(reasons),
    }
    text = json.dumps(document, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def flags_to_check(*, session: Session, flags: Sequence[Flag]) -> ToCheck:
    """`flags` (the session's, `session_flags`) less those of lines checked as they are now
    (one query)."""
    reasons = _reasons(flags)
    checked_lines = Result.objects.filter(
        section__session=session, pk__in=list(reasons), line_check__isnull=False
    ).values("pk", "line_check__fingerprint", *CHECKED_FIELDS)
    checked = {
        line["pk"]
        for line in checked_lines
        if line["line_check__fingerprint"] == line_fingerprint(line, reasons[line["pk"]])
    }
    return ToCheck(tuple(flag for flag in flags if flag.ref not in checked), len(checked))


@transaction.atomic
def line_check(*, session: Session, result_id: int | str, user=None) -> Result:
    """Mark line `result_id` of `session` as checked, as it is now and for the reasons it is
    flagged for now; ValidationError when it is not among the results to check (changed
    meanwhile so that it no longer looks wrong)."""
    result = in_session(Result.objects.select_related("board", "ns", "ew"), session, pk=result_id)
    reasons = _reasons(session_flags(session)).get(result.pk)
    if not reasons:
        raise ValidationError(
            f"board {result.board.number}, {result.ns.label} v {result.ew.label} no longer looks"
            " wrong: there is nothing to check"
        )
    line = {name: getattr(result, name) for name in CHECKED_FIELDS}
    LineCheck.objects.update_or_create(
        result=result,
        defaults={"fingerprint": line_fingerprint(line, reasons), "checked_by": _user(user)},
    )
    return result


def _reasons(flags: Iterable[Flag]) -> dict[int, list[str]]:
    """The texts each flagged line (by id) is flagged with."""
    found: dict[int, list[str]] = {}
    for flag in flags:
        assert isinstance(flag.ref, int)  # core/results.py keys lines by their ids
        found.setdefault(flag.ref, []).append(flag.text)
    return found


def _user(user):
    return user if user is not None and user.is_authenticated else None
