"""A session as the scoring engine's input, read from the database in a fixed number of
queries, and what this process keeps of it between changes so that a change costs what its
board costs, not what the session costs.

Every write that may change lines gives the boards it touches a new random stamp
(`Board.lines_stamp`, set by `results.session_touch`; every board when the write does not say
which). A session read again finds each board's stamp: a board whose stamp is the one kept has
its lines taken as they were, the others are read anew — one query for just their lines. The
engine then re-scores only the comparisons whose lines changed (scoring/kept.py). The pairs,
sections, boards and settings are read every time (a few hundred rows at most); if a pair's
label or the sections are not what the kept lines were read with, every line is read anew.

Example: a 1,000-table event of 26 boards, a line of board 7 corrected: the next page reads
board 7's 1,000 lines instead of the event's 26,000, and matchpoints board 7 alone.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, fields
from fractions import Fraction

from django.db.models import F, Q

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
)
from ..scoring.event import SCALES, choice, direction, settings_from
from ..scoring.kept import KeptScoring
from ..scoring.session import score_session_kept
from ..scoring.traveller_line import STORED_LINE, stored_lines
from .section_movement import section_plan

# The order of a board's lines, the same on every database (PostgreSQL would put a line without
# a round last, SQLite first); interchange/event.py reads a file's lines in this order too.
LINE_ORDER = (F("round").asc(nulls_first=True), F("table").asc(nulls_first=True), "id")


@dataclass(frozen=True)
class KeptLines:
    """A session's lines as read: each board's stamp, its lines by section id, and the pair
    labels and sections they were read with."""

    stamps: dict[int, int]  # by board id
    lines: dict[int, dict[int, tuple[Line, ...]]]  # board id -> section id -> lines
    labels: dict[int, str]  # pair id -> label
    sections: frozenset[int]


@dataclass(frozen=True)
class _Kept:
    lines: KeptLines
    scoring: KeptScoring


_KEPT: OrderedDict[int, _Kept] = OrderedDict()  # by session id, the most recent last
_KEPT_SIZE = 16
_KEPT_LOCK = threading.Lock()  # a threaded server shares _KEPT between requests


def forget_kept_inputs() -> None:
    """Empty this process's kept lines and scorings (tests, after the database is reset)."""
    with _KEPT_LOCK:
        _KEPT.clear()


def score_stored_session(session: Session) -> SessionResults:
    """`session` scored from the database, building on what this process kept of it."""
    with _KEPT_LOCK:
        kept = _KEPT.get(session.pk)
    ((event, lines),) = _read([session], {session.pk: kept.lines} if kept else {}).values()
    results, scoring = score_session_kept(event, kept.scoring if kept else None)
    with _KEPT_LOCK:
        _KEPT[session.pk] = _Kept(lines, scoring)
        _KEPT.move_to_end(session.pk)
        if len(_KEPT) > _KEPT_SIZE:
            _KEPT.popitem(last=False)
    return results


def event_input(session: Session) -> EventInput:
    """The session as plain data for the scoring engine, read whole: four queries whatever
    its size, each read as plain tuples (no model instance), each distinct result of the
    lines read once (scoring/traveller_line.py `stored_lines`)."""
    return event_inputs([session])[session.pk]


def event_inputs(sessions: Sequence[Session]) -> dict[int, EventInput]:
    """`event_input` of several sessions, by id, in the same four queries whatever their
    number (a club's page of sessions shows each one's winners)."""
    return {pk: event for pk, (event, _) in _read(sessions, {}).items()}


def _read(
    sessions: Sequence[Session], kept: dict[int, KeptLines]
) -> dict[int, tuple[EventInput, KeptLines]]:
    """Each session's input and its lines as read, reading only the lines of the boards
    whose stamps are not those `kept` (every line of a session not kept)."""
    ids = [session.pk for session in sessions]
    sections: dict[int, list[Section]] = defaultdict(list)
    for section in Section.objects.filter(session__in=ids).order_by("session_id", "name"):
        sections[section.session_id].append(section)
    pairs, labels = _pairs(ids, {session.pk for session in sessions if session.handicaps})
    boards, numbers, stamps = _boards(ids)
    stale = {
        session.pk: _stale(
            kept.get(session.pk), stamps[session.pk], labels[session.pk], sections[session.pk]
        )
        for session in sessions
    }
    whole = {pk for pk, boards_read in stale.items() if len(boards_read) == len(stamps[pk])}
    read = _stored_lines(sessions, sections, stale, labels, whole)
    inputs = {}
    for session in sessions:
        known = kept.get(session.pk)
        by_board = {
            board: known.lines[board]
            if known is not None and board not in stale[session.pk]
            else read.get(board, {})
            for board in stamps[session.pk]
        }
        in_order = sorted(by_board.items(), key=lambda item: numbers[item[0]])
        entries = []
        for section in sections[session.pk]:
            plan = section_plan(section)
            travellers = tuple(
                Traveller(numbers[board], lines[section.pk], plan.expected(numbers[board]))
                for board, lines in in_order
                if section.pk in lines
            )
            entries.append(
                SectionEntry(section.name, travellers, tuple(pairs[section.pk]), plan.winners)
            )
        event = EventInput(
            sections=tuple(entries),
            settings=session_settings(session),
            boards=tuple(boards[session.pk]),
            name=session.name,
            date=session.date,
            scale=choice(session.scale, SCALES),
        )
        their_sections = frozenset(section.pk for section in sections[session.pk])
        read_as = KeptLines(stamps[session.pk], by_board, labels[session.pk], their_sections)
        inputs[session.pk] = (event, read_as)
    return inputs


def _pairs(
    ids: list[int], handicapped: set[int]
) -> tuple[defaultdict[int, list[PairEntry]], defaultdict[int, dict[int, str]]]:
    """The sessions' pairs by section id, and each session's pair labels by pair id (one
    query). A pair's handicap counts only in a session ranked with handicaps."""
    pairs: defaultdict[int, list[PairEntry]] = defaultdict(list)
    labels: defaultdict[int, dict[int, str]] = defaultdict(dict)
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
        labels[session_id][pk] = label
    return pairs, labels


def _boards(
    ids: list[int],
) -> tuple[defaultdict[int, list[BoardInfo]], dict[int, int], defaultdict[int, dict[int, int]]]:
    """The sessions' boards by session id, each board's number by board id, and each
    session's lines stamps by board id (one query)."""
    boards: defaultdict[int, list[BoardInfo]] = defaultdict(list)
    numbers: dict[int, int] = {}
    stamps: defaultdict[int, dict[int, int]] = defaultdict(dict)
    for pk, session_id, number, dealer, vulnerability, stamp in (
        Board.objects.filter(session__in=ids)
        .order_by("session_id", "number")
        .values_list("id", "session_id", "number", "dealer", "vulnerability", "lines_stamp")
    ):
        boards[session_id].append(BoardInfo(number, dealer, vulnerability))
        numbers[pk] = number
        stamps[session_id][pk] = stamp
    return boards, numbers, stamps


def _stale(
    known: KeptLines | None, stamps: dict[int, int], labels: dict[int, str], sections: list[Section]
) -> set[int]:
    """The boards whose lines are read anew: those whose stamp is not the one `known` was read
    with; every board when nothing is known, or the pairs' labels or the sections have
    changed since (the lines name their pairs by label). Example: boards 1-26 known, board 7
    given a new stamp by a saved line -> {board 7's id}."""
    if known is None or known.labels != labels or known.sections != {s.pk for s in sections}:
        return set(stamps)
    return {board for board, stamp in stamps.items() if known.stamps.get(board) != stamp}


def _stored_lines(
    sessions: Sequence[Session],
    sections: dict[int, list[Section]],
    stale: dict[int, set[int]],
    labels: dict[int, dict[int, str]],
    whole: set[int],
) -> dict[int, dict[int, tuple[Line, ...]]]:
    """The lines of the `stale` boards, by board id and section id, in one query (none when
    no board is stale): the sessions read `whole` by their sections, the others by their
    stale boards."""
    where = Q()
    by_sections = [section.pk for pk in whole for section in sections[pk]]
    if by_sections:
        where |= Q(section__in=by_sections)
    by_boards = [
        board for session in sessions if session.pk not in whole for board in stale[session.pk]
    ]
    if by_boards:
        where |= Q(board__in=by_boards)
    if not where:
        return {}
    rows = list(
        Result.objects.filter(where)
        .order_by(*LINE_ORDER)
        .values_list(*STORED_LINE, "section_id", "board_id")
    )
    every_label = {pk: label for session in sessions for pk, label in labels[session.pk].items()}
    read: defaultdict[int, defaultdict[int, list[Line]]] = defaultdict(lambda: defaultdict(list))
    for row, line in zip(rows, stored_lines(rows, every_label), strict=True):
        read[row[-1]][row[-2]].append(line)
    return {
        board: {section: tuple(lines) for section, lines in by_section.items()}
        for board, by_section in read.items()
    }


def session_settings(session: Session) -> Settings:
    """How the session is scored, for the engine (a session being imported is not stored yet:
    its file is scored with these before it is)."""
    return settings_from({name: getattr(session, name) for name in SETTING_NAMES})


SETTING_NAMES = tuple(field.name for field in fields(Settings))
