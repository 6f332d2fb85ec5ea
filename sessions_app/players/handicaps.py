"""A session's handicaps (the rule: scoring/handicaps.py, docs/rules.md §20): each pair's from
its players' club grades as they stood before the session, unless the director set the
pair's own; stored on the pair, so that the handicapped ranking is part of the session's
results and changes only when a handicap does.

They are taken from the grades when the director chooses a handicapped ranking (or changes
its mode), when the session is published and when the director saves the handicaps page;
a correction of an earlier session moves later grades but not a handicap already taken, as
a club's printed handicaps stay what they were on the night.

Example: Ann (grade 44 after the club's last session before this one) and Bob (40), 50% mode
-> pair 3's handicap 8.00; the director types 5 for pair 3 -> 5.00, kept whatever the
grades do, until the box is emptied again.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.db.models import Q

from ..core.results import session_touch
from ..models import GradeStep, Pair, Session
from ..scoring.handicaps import pair_handicap


def grades_before(session: Session, players: set[int]) -> dict[int, Fraction]:
    """Each of `players`' club grade after the last of the club's sessions before `session`
    (by date, then number), by player id; a player with none is left out. One query."""
    earlier = Q(session__date__lt=session.date) | Q(
        session__date=session.date, session_id__lt=session.pk
    )
    steps = (
        GradeStep.objects.filter(earlier, player_id__in=players, session__club_id=session.club_id)
        .order_by("session__date", "session_id")
        .values_list("player_id", "grade")
    )
    return {player: Fraction(grade) for player, grade in steps}


@transaction.atomic
def session_handicaps_refresh(*, session: Session, amends: bool = True) -> int:
    """Take every pair's handicap from its players' grades, except those the director set;
    how many changed. Nothing when the session ranks no handicapped ranking. `amends`
    False: the handicaps taken as the session is published, no correction of it."""
    if not session.handicaps:
        return 0
    pairs = list(Pair.objects.filter(section__session=session, handicap_by_director=False))
    players = {ref for pair in pairs for ref in (pair.player1_ref_id, pair.player2_ref_id) if ref}
    grades = grades_before(session, players)
    changed = []
    for pair in pairs:
        refs = (pair.player1_ref_id, pair.player2_ref_id)
        handicap = pair_handicap(
            [grades.get(ref) if ref else None for ref in refs],
            session.handicaps,  # type: ignore[arg-type]  # a value of Session.Handicaps
        )
        if pair.handicap != handicap:
            pair.handicap = handicap
            changed.append(pair)
    Pair.objects.bulk_update(changed, ["handicap"])
    if changed:
        session_touch(session, amends=amends)
    return len(changed)


@transaction.atomic
def session_handicaps_set(*, session: Session, handicaps: dict[int, Decimal | None]) -> int:
    """The director's own handicap for each pair by id (None: back to the grades'); the
    others then taken from the grades again. How many pairs the director's values changed."""
    pairs = Pair.objects.filter(section__session=session, pk__in=list(handicaps))
    changed = []
    for pair in pairs:
        wanted = handicaps[pair.pk]
        by_director = wanted is not None
        if (pair.handicap_by_director, pair.handicap if by_director else None) != (
            by_director,
            wanted,
        ):
            pair.handicap_by_director = by_director
            if by_director:
                pair.handicap = wanted
            changed.append(pair)
    Pair.objects.bulk_update(changed, ["handicap", "handicap_by_director"])
    if changed:
        session_touch(session)
    session_handicaps_refresh(session=session)
    return len(changed)
