"""What is checked before and after publishing: the traveller lines still missing (the rule of
`completeness`), the results that look wrong (`scoring/review.py`), and what players are
told about the results (provisional while lines are missing, amended after a correction, and
on a pair's score card the rounds it sits out and its lines not entered yet).

Each is computed once per results version and cached under a key made like the results' own
(`cache_keys.cache_entry`): every write bumps the version, so a cached answer is never stale and
a page asks again only after a change. Reads only.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache

from ..core.cache_keys import cache_entry
from ..core.results import session_results
from ..core.section_movement import usable_movement
from ..models import Board, Section, Session
from ..movements import Movement
from ..rows import Gap, not_entered, sat_out
from ..scoring.review import BoardFacts, Flag, parse_deal, review
from .completeness import completeness_of


@dataclass(frozen=True, slots=True)
class MissingLine:
    """A line the movement seats and nobody has entered: enter it on board `board`'s
    traveller or on the pickup slip of `round` and `table`."""

    section: str
    board: int
    round: int
    table: int
    ns: str
    ew: str


@dataclass(frozen=True, slots=True)
class ShortBoard:
    """A board of a section without a movement that has fewer lines than its most-played
    board: what is missing there is not known, only how many."""

    section: str
    board: int
    entered: int
    expected: int


@dataclass(frozen=True, slots=True)
class SitOut:
    """A round the movement seats pair `label` against nobody (a half table, a Howell with an
    odd number of pairs): nothing is missing there, but its score card says so."""

    section: str
    label: str
    round: int
    table: int
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Missing:
    lines: tuple[MissingLine, ...] = ()
    boards: tuple[ShortBoard, ...] = ()
    sit_outs: tuple[SitOut, ...] = ()  # read with the movements: not missing, not counted

    @property
    def count(self) -> int:
        """How many lines are missing. Example: two lines of a Mitchell and a free-form
        board with 5 of 7 lines: 2 + 2 = 4."""
        return len(self.lines) + sum(short.expected - short.entered for short in self.boards)


@dataclass(frozen=True, slots=True)
class ResultsState:
    """What players are told of a session's results."""

    missing: int  # lines still missing
    published_at: datetime.datetime | None
    amended_at: datetime.datetime | None

    @property
    def provisional(self) -> bool:
        return self.missing > 0


def session_missing(session: Session) -> Missing:
    """The lines still to enter in every section, by section, round and table: the rule of
    `completeness` applied to the lines of the scored results (one query for the
    sections' movements when not cached); and, read from the same movements, the rounds each
    pair sits out."""
    key, seconds = cache_entry("missing", session)
    missing = cache.get(key)
    if missing is None:
        results = session_results(session)
        session_boards = sorted(results.boards)
        lines, boards, sit_outs = [], [], []
        for section in Section.objects.filter(session=session).order_by("name"):
            scored = results.section(section.name)
            entered: dict[int, set[tuple[str, str]]] = defaultdict(set)
            for board in scored.boards if scored else ():
                entered[board.number] = {(s.line.ns, s.line.ew) for s in board.lines}
            movement = usable_movement(section)
            sit_outs += _sit_outs(section.name, movement)
            done = completeness_of(movement, entered, lambda: session_boards)
            for round_number, table, ns, ew, numbers in done.missing:
                lines += [
                    MissingLine(section.name, number, round_number, table, ns, ew)
                    for number in numbers
                ]
            if not done.missing:
                boards += [
                    ShortBoard(section.name, number, entered, expected)
                    for number, entered, expected in done.boards
                    if entered < expected
                ]
        missing = Missing(tuple(lines), tuple(boards), tuple(sit_outs))
        cache.set(key, missing, seconds)
    return missing


def _sit_outs(section: str, movement: Movement | None) -> list[SitOut]:
    """Every round of `movement` where a pair sits against an empty seat.
    Example: a 3-table Mitchell without pair 3 (1 board a round) -> pair 6 at table 3 in
    round 1 (board 3), pair 5 in round 2 (board 1), pair 4 in round 3 (board 2)."""
    if movement is None:
        return []
    return [
        SitOut(section, label, round_.number, seating.table, seating.boards)
        for round_, seating in movement.seatings()
        if not seating.played
        for label in (seating.ns, seating.ew)
        if label is not None
    ]


def pair_gaps(session: Session, section: str, label: str) -> list[Gap]:
    """What pair `label`'s movement gives it no line for: the rounds it sits out and the
    lines still to enter (`session_missing`, cached), for its score card."""
    missing = session_missing(session)
    gaps = [
        sat_out(rest.round, rest.table, rest.boards)
        for rest in missing.sit_outs
        if rest.section == section and rest.label == label
    ]
    gaps += [
        not_entered(line.board, line.round, line.table, line.ew if line.ns == label else line.ns)
        for line in missing.lines
        if line.section == section and label in (line.ns, line.ew)
    ]
    return gaps


def results_state(session: Session) -> ResultsState:
    """Provisional (lines missing) and amended (changed after publication), for banners."""
    return ResultsState(session_missing(session).count, session.published_at, session.amended_at)


def session_flags(session: Session) -> tuple[Flag, ...]:
    """The results of the session that look wrong (scoring/review.py), for the director to check."""
    key, seconds = cache_entry("flags", session)
    flags = cache.get(key)
    if flags is None:
        facts = {
            number: BoardFacts(parse_deal(deal) if deal else None, double_dummy or None)
            for number, deal, double_dummy in Board.objects.filter(session=session).values_list(
                "number", "deal", "double_dummy"
            )
        }
        flags = review(session_results(session), facts)
        cache.set(key, flags, seconds)
    return flags
