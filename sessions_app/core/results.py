"""Score a session from the database, in a fixed number of queries, and cache the result.

`session_results(session)` is what every page, PDF and export reads. The cache key
(`cache_keys.cache_entry`) carries the session's `results_version`, which every write bumps in
its own transaction, so a cached result is never stale and is computed once per change, not
once per request.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import replace

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.db.models import Case, Expression, F, Q, Value, When
from django.utils import timezone

from ..models import Board, Pair, Session
from ..models.sessions import random_stamp
from ..scoring import SessionResults
from ..scoring.masterpoints import BODIES
from ..scoring.masterpoints.session import awards_for
from .cache_keys import cache_entry
from .event_inputs import forget_kept_inputs, score_stored_session


def forget_local_results() -> None:
    """Empty this process's copy of recent results and what it kept of the sessions' lines
    (tests, after the database is reset)."""
    with _LOCAL_LOCK:
        _LOCAL.clear()
    forget_kept_inputs()


_LOCAL: OrderedDict[str, SessionResults] = OrderedDict()  # this process's recent results
_LOCAL_SIZE = 16
_LOCAL_LOCK = threading.Lock()  # a threaded server shares _LOCAL between requests


def session_results(session: Session) -> SessionResults:
    """The scored session, computed once per change of its results.

    Looked up first in this process (no unpickling: the results are immutable), then in the
    shared cache (several servers), and only then computed from the database.
    """
    key, seconds = cache_entry("results", session)
    with _LOCAL_LOCK:
        results = _LOCAL.get(key)
        if results is not None:
            _LOCAL.move_to_end(key)
            return results
    cache = caches["default"]
    shared = not isinstance(cache, LocMemCache)  # a local-memory cache is this process's
    results = cache.get(key) if shared else None
    if results is None:
        results = with_masterpoints(score_stored_session(session), session)
        if shared:
            cache.set(key, results, seconds)
    with _LOCAL_LOCK:
        _LOCAL[key] = results
        if len(_LOCAL) > _LOCAL_SIZE:
            _LOCAL.popitem(last=False)
    return results


def with_masterpoints(results: SessionResults, session: Session) -> SessionResults:
    """`results` with the master points of the club's national body at the session's scale,
    when it awards them (recomputed with every change of the results, as the ranking is)."""
    body = BODIES.get(session.club.national_body)
    if body is None or not session.masterpoint_scale:
        return results
    return replace(results, masterpoints=awards_for(results, body, session.masterpoint_scale))


def session_touch(
    session: Session, *, amends: bool = True, boards: Iterable[int] | None = None
) -> None:
    """Mark the session's results as changed: call inside the transaction of every write.

    `boards`: the ids of the only boards whose lines the write may have changed (a line
    saved, corrected, deleted or restored); they get a new lines stamp, and the session is
    scored again from their lines alone (event_inputs.py). Without it, every board of the
    session gets one: the next scoring reads every line, as a change of names, sections or
    settings needs.

    A change to the results of a session that has been published (`published_at` set, or
    published without it: an older row, a restored backup) also sets `amended_at`, which
    players see as "amended <time>": a line, a pair's names, a section or a scoring setting.
    `amends=False` for writes that correct nothing players were shown: storing the file a
    session is being created from, or hand records (deals are not results).
    Example: published at 22:15, line 4S N 10 corrected to 4S N 9 at 22:40 -> amended 22:40.
    """
    _touch(Session.objects.filter(pk=session.pk), amends=amends)
    changed = Board.objects.filter(session=session)
    if boards is not None:
        changed = changed.filter(pk__in=list(boards))
    changed.update(lines_stamp=random_stamp())
    session.refresh_from_db(fields=["results_version", "results_stamp", "amended_at"])


def club_touch(club, *, player=None) -> None:
    """Every session of `club` is shown anew (a club setting its pages show has changed); one
    query, and no session is amended by it. With `player`, only the sessions where one of
    its pairs plays: its names link elsewhere (players/merging.py).
    Example: Ann Lee merged into A. Lee, who played sessions 3 and 7 of the club's forty ->
    sessions 3 and 7 get a new version, their pages link her names to A. Lee."""
    sessions = Session.objects.filter(club=club)
    if player is not None:
        playing = Pair.objects.filter(Q(player1_ref=player) | Q(player2_ref=player))
        sessions = sessions.filter(pk__in=playing.values("section__session_id"))
    _touch(sessions, amends=False)


def _touch(sessions, *, amends: bool) -> None:
    changes: dict[str, Expression | int] = {
        "results_version": F("results_version") + 1,
        "results_stamp": random_stamp(),
    }
    if amends:
        published = Q(published_at__isnull=False) | Q(status=Session.Status.PUBLISHED)
        changes["amended_at"] = Case(
            When(published, then=Value(timezone.now())), default=F("amended_at")
        )
    sessions.update(**changes)
