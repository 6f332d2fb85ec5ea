"""The club's grades, kept current as sessions are published and corrected (the rule:
scoring/grades.py, docs/rules.md §19).

Every public session scored at matchpoints counts, in a fixed order: its date, then its number
(`Session.pk`), whatever the order they were published in. Each counted session has a
`GradedSession` row carrying the `results_version` its steps were computed from, and one
`GradeStep` per registered player who played in it. `club_grades_refresh` compares those rows
with the club's public sessions: the first session that is new, corrected (its version moved
on: core/results.py `session_touch` bumps it on every change) or no longer public, and every
later one, are computed again from the grades stored before it; the sessions before it are
not read again. The grades are therefore the same as if the whole history were computed at
once (tests/players/test_grades.py checks it), and publishing the latest session computes
that session alone.

Example: sessions of 1, 8 and 15 June are graded; the 8 June one is corrected (version 4 -> 5).
The next refresh reads the grades stored after 1 June, deletes the steps of 8 and 15 June and
stores them again from the corrected percentages.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import cast

from django.db import transaction

from ..models import Club, GradedSession, GradeStep, Pair, Player, Session
from ..scoring.grades import PROVISIONAL, WINDOW, Entry, Grade, grade_history
from .standings import sessions_store_standings


@dataclass(frozen=True)
class PlayerGrade:
    """What a player's page shows: the grade, the boards behind it (at most 2,000), whether it
    is provisional, and each session's grade for the trend (oldest first)."""

    grade: Fraction  # exact: the stored four decimals
    boards: int
    provisional: bool
    trend: tuple[tuple[datetime.date, Fraction, str], ...]


def club_grades_refresh(*, club: Club) -> int:
    """Bring the club's stored grades up to date; the number of sessions (re)computed. Two
    queries when nothing changed; otherwise a fixed number more, whatever the history."""
    counted = list(
        Session.objects.public()
        .filter(club=club, method=Session.Method.MATCHPOINTS)
        .order_by("date", "pk")
        .values_list("pk", "date", "results_version")
    )
    graded = dict(
        GradedSession.objects.filter(session__club=club).values_list(
            "session_id", "results_version"
        )
    )
    first = next(
        (i for i, (pk, _, version) in enumerate(counted) if graded.get(pk) != version),
        len(counted),
    )
    shown = {pk for pk, _, _ in counted}
    gone = [pk for pk in graded if pk not in shown]
    if gone:
        earliest = min(Session.objects.filter(pk__in=gone).values_list("date", "pk"))
        later = (i for i, (pk, date, _) in enumerate(counted) if (date, pk) > earliest)
        first = min(first, next(later, len(counted)))
    if first == len(counted) and not gone:
        return 0
    with transaction.atomic():
        list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
        before = [pk for pk, _, _ in counted[:first]]
        again = [pk for pk, _, _ in counted[first:]]
        GradeStep.objects.filter(session__club=club).exclude(session__in=before).delete()
        GradedSession.objects.filter(session__club=club).exclude(session__in=before).delete()
        history, _ = grade_history(_entries(again), _grades_after(before))
        GradeStep.objects.bulk_create(
            GradeStep(
                player_id=cast(int, player),
                session_id=session,
                grade=step.after.grade,
                boards=step.after.boards,
                change=step.change,
                expected=_four(step.expected),
                percentage=_four(step.percentage),
            )
            for session, steps in zip(again, history, strict=True)
            for player, step in steps.items()
        )
        GradedSession.objects.bulk_create(
            GradedSession(session_id=pk, results_version=version)
            for pk, _, version in counted[first:]
        )
    return len(again)


def player_grade(*, player: Player) -> PlayerGrade | None:
    """The player's grade with its trend (one query), or None before their first graded
    session. Call `club_grades_refresh` first for a current one."""
    steps = list(
        GradeStep.objects.filter(player=player)
        .order_by("session__date", "session_id")
        .values_list("grade", "boards", "session__date", "session__name")
    )
    if not steps:
        return None
    grade, boards, _, _ = steps[-1]
    return PlayerGrade(
        grade=Fraction(grade),
        boards=min(boards, WINDOW),
        provisional=boards < PROVISIONAL,
        trend=tuple((date, Fraction(value), name) for value, _, date, name in steps),
    )


def _grades_after(sessions: list[int]) -> dict[Hashable, Grade]:
    """Each player's grade after the last of `sessions` they played (ordered oldest first)."""
    order = {pk: i for i, pk in enumerate(sessions)}
    latest: dict[Hashable, tuple[int, Grade]] = {}
    rows = GradeStep.objects.filter(session__in=sessions).values_list(
        "player_id", "session_id", "grade", "boards"
    )
    for player, session, grade, boards in rows:
        if player not in latest or latest[player][0] < order[session]:
            latest[player] = (order[session], Grade(grade, boards))
    return {player: grade for player, (_, grade) in latest.items()}


def _entries(sessions: list[int]) -> list[list[Entry]]:
    """Each session's pairs as grading entries, from their stored standings (stored anew where
    stale): the pairs of one field are those of one section and direction."""
    rows = list(
        Pair.objects.filter(section__session__in=sessions)
        .order_by("pk")
        .values_list(
            "pk",
            "section__session_id",
            "section__name",
            "player1_ref_id",
            "player2_ref_id",
            "section__session__results_version",
            "standing__results_version",
            "standing__percentage",
            "standing__boards",
            "standing__field",
        )
    )
    stale = {row[1] for row in rows if row[5] != row[6]}
    fresh = sessions_store_standings(stale) if stale else {}
    found: dict[int, list[Entry]] = defaultdict(list)
    for pk, session, section, player1, player2, _, _, percentage, boards, field in rows:
        if pk in fresh:
            stored = fresh[pk]
            percentage, boards, field = stored.percentage, stored.boards, stored.field
        if percentage is None or not boards:
            continue
        entry = Entry((player1, player2), Fraction(percentage), boards, (section, field))
        found[session].append(entry)
    return [found[pk] for pk in sessions]


def _four(value: Fraction) -> Decimal:
    return Decimal(round(value * 10_000)).scaleb(-4)
