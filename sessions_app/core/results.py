"""Score a session from the database, in a fixed number of queries, and cache the result.

`session_results(session)` is what every page, PDF and export reads. The cache key
(`cache_keys.cache_entry`) carries the session's `results_version`, which every write bumps in
its own transaction, so a cached result is never stale and is computed once per change, not
once per request.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from collections.abc import Sequence
from dataclasses import fields, replace
from fractions import Fraction

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.db.models import Case, Expression, F, Q, Value, When
from django.utils import timezone

from ..models import Board, Pair, Result, Section, Session
from ..scoring import (
    BoardInfo,
    EventInput,
    Line,
    PairEntry,
    SectionEntry,
    SessionResults,
    Settings,
    Traveller,
    score_session,
)
from ..scoring.event import (
    SCALES,
    choice,
    direction,
    settings_from,
)
from ..scoring.masterpoints import BODIES
from ..scoring.masterpoints.session import awards_for
from ..scoring.traveller_line import STORED_LINE, stored_lines
from .cache_keys import cache_entry
from .section_movement import section_plan


def forget_local_results() -> None:
    """Empty this process's copy of recent results (tests, after the database is reset)."""
    _LOCAL.clear()


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
        results = with_masterpoints(score_session(event_input(session)), session)
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


def session_touch(session: Session, *, amends: bool = True) -> None:
    """Mark the session's results as changed: call inside the transaction of every write.

    A change to the results of a session that has been published (`published_at` set, or
    published without it: an older row, a restored backup) also sets `amended_at`, which
    players see as "amended <time>": a line, a pair's names, a section or a scoring setting.
    `amends=False` for writes that correct nothing players were shown: storing the file a
    session is being created from, or hand records (deals are not results).
    Example: published at 22:15, line 4S N 10 corrected to 4S N 9 at 22:40 -> amended 22:40.
    """
    _touch(Session.objects.filter(pk=session.pk), amends=amends)
    session.refresh_from_db(fields=["results_version", "amended_at"])


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
    changes: dict[str, Expression] = {"results_version": F("results_version") + 1}
    if amends:
        published = Q(published_at__isnull=False) | Q(status=Session.Status.PUBLISHED)
        changes["amended_at"] = Case(
            When(published, then=Value(timezone.now())), default=F("amended_at")
        )
    sessions.update(**changes)


def event_input(session: Session) -> EventInput:
    """The session as plain data for the scoring engine: four queries whatever its size, each
    read as plain tuples (no model instance), each distinct result of the lines read once
    (scoring/traveller_line.py `stored_lines`)."""
    return event_inputs([session])[session.pk]


def event_inputs(sessions: Sequence[Session]) -> dict[int, EventInput]:
    """`event_input` of several sessions, by id, in the same four queries whatever their
    number (a club's page of sessions shows each one's winners)."""
    ids = [session.pk for session in sessions]
    handicapped = {session.pk for session in sessions if session.handicaps}
    sections: dict[int, list[Section]] = defaultdict(list)
    for section in Section.objects.filter(session__in=ids).order_by("session_id", "name"):
        sections[section.session_id].append(section)
    pairs: dict[int, list[PairEntry]] = defaultdict(list)
    labels: dict[int, str] = {}
    for pk, section_id, label, player1, player2, home, ref1, ref2, handicap, session_id in (
        Pair.objects.filter(section__session__in=ids)
        .order_by("id")
        .values_list(
            "id",
            "section_id",
            "label",
            "player1",
            "player2",
            "direction",
            "player1_ref_id",
            "player2_ref_id",
            "handicap",
            "section__session_id",
        )
    ):
        named = [(name, ref) for name, ref in ((player1, ref1), (player2, ref2)) if name]
        names = tuple(name for name, _ in named)
        refs = tuple(ref for _, ref in named)
        counted = Fraction(handicap) if handicap is not None and session_id in handicapped else None
        pairs[section_id].append(PairEntry(label, names, direction(home), refs, counted))
        labels[pk] = label
    boards: dict[int, list[BoardInfo]] = defaultdict(list)
    numbers: dict[int, int] = {}
    for pk, session_id, number, dealer, vulnerability in (
        Board.objects.filter(session__in=ids)
        .order_by("session_id", "number")
        .values_list("id", "session_id", "number", "dealer", "vulnerability")
    ):
        boards[session_id].append(BoardInfo(number, dealer, vulnerability))
        numbers[pk] = number
    section_ids = [section.pk for group in sections.values() for section in group]
    results = Result.objects.filter(section__in=section_ids)
    rows = list(results.order_by(*LINE_ORDER).values_list(*STORED_LINE, "section_id", "board_id"))
    lines: dict[int, dict[int, list[Line]]] = defaultdict(lambda: defaultdict(list))
    for row, line in zip(rows, stored_lines(rows, labels), strict=True):
        lines[row[-2]][numbers[row[-1]]].append(line)
    inputs = {}
    for session in sessions:
        entries = []
        for section in sections[session.pk]:
            plan = section_plan(section)
            travellers = tuple(
                Traveller(number, tuple(board_lines), plan.expected(number))
                for number, board_lines in sorted(lines[section.pk].items())
            )
            entries.append(
                SectionEntry(section.name, travellers, tuple(pairs[section.pk]), plan.winners)
            )
        inputs[session.pk] = EventInput(
            sections=tuple(entries),
            settings=session_settings(session),
            boards=tuple(boards[session.pk]),
            name=session.name,
            date=session.date,
            scale=choice(session.scale, SCALES),
        )
    return inputs


# The order of a board's lines, the same on every database (PostgreSQL would put a line without
# a round last, SQLite first); interchange/event.py reads a file's lines in this order too.
LINE_ORDER = (F("round").asc(nulls_first=True), F("table").asc(nulls_first=True), "id")


def session_settings(session: Session) -> Settings:
    """How the session is scored, for the engine (a session being imported is not stored yet:
    its file is scored with these before it is)."""
    return settings_from({name: getattr(session, name) for name in SETTING_NAMES})


SETTING_NAMES = tuple(field.name for field in fields(Settings))
