"""Which sessions' Bridgemates are fetched, and by whom: every session in play that was sent
to the Bridgemates, each by one worker at a time however many run (`manage.py bridgemates`
beside several app servers, or the director's *Fetch now*).

A worker claims a session for LEASE by writing `busy_until` only where it has passed (one
UPDATE, atomic in every database), fetches, and lets it go. A worker that dies holding it
only delays the next fetch by the lease: nothing was accepted on the Data Connector that was
not stored first (receiving.py), so the next fetch reads the same items again.

Example: two workers at once: the first UPDATE claims session 7, the second finds
`busy_until` in the future, changes nothing and goes on to the next session.
"""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from ..models import BridgemateEvent
from .connector import BridgemateProblem
from .receiving import Fetched, bridgemates_fetch
from .sending import bridgemates_continue

LEASE = timedelta(seconds=60)


def claimed(event: BridgemateEvent) -> bool:
    """Whether this worker now holds `event` (nobody else held it)."""
    now = timezone.now()
    free = Q(busy_until__isnull=True) | Q(busy_until__lt=now)
    return bool(BridgemateEvent.objects.filter(free, pk=event.pk).update(busy_until=now + LEASE))


def fetch_claimed(event: BridgemateEvent) -> Fetched | None:
    """Fetch `event`'s results if no other worker is at it (None when one is); the lease
    let go whatever happens."""
    if not claimed(event):
        return None
    try:
        return bridgemates_fetch(event=event)
    finally:
        BridgemateEvent.objects.filter(pk=event.pk).update(busy_until=None)


def in_play():
    """The sessions in play that were sent to the Bridgemates."""
    return BridgemateEvent.objects.filter(session__status="in_play").select_related("session")


def continue_all() -> list[tuple[BridgemateEvent, str]]:
    """ContinueEvent for every session in play on the Bridgemates, as the worker starts
    (clubscorer was restarted): the problems met, by session."""
    problems = []
    for event in in_play():
        try:
            bridgemates_continue(event=event)
        except BridgemateProblem as problem:
            problems.append((event, str(problem)))
    return problems


def fetch_all() -> list[tuple[BridgemateEvent, Fetched | str]]:
    """One round of fetching: each session in play on the Bridgemates, with what it brought
    or the problem met (the others are fetched all the same)."""
    done: list[tuple[BridgemateEvent, Fetched | str]] = []
    for event in in_play():
        try:
            fetched = fetch_claimed(event)
        except BridgemateProblem as problem:
            done.append((event, str(problem)))
            continue
        if fetched is not None:
            done.append((event, fetched))
    return done
