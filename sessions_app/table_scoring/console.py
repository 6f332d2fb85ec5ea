"""What the director's live console shows: per section, each table's round and progress, the
calls waiting, the lines the opponents have not accepted, the phones signed in, and the running
ranking (README.md, "Scoring at the table").

Everything comes from the database and the shared cache (the scored results), in a fixed number
of queries whatever the number of tables, so any of several app servers answers the console's
poll alike, and a page of 30 tables costs what a page of 3 does.

A table's round is the round its live code is on (round 1 before it has one). It is *late* when
it is behind the section's pace (`pace`: the round most of its tables have reached), or still on
a round the director has closed; a table that finishes first makes nobody late. Its progress
counts the boards of its round that have a line for the pairs the movement seats there, except a
line the opponents rejected (to be entered again). Its phones are those signed in with its live
code, not signed out, and heard from in the last `PHONE_GONE_AFTER` (a phone put away, or signed
in again and so left its old sign-in behind, stops counting).

Example (7-table Mitchell, 3 boards a round): tables 1-6 are on round 3 and table 7 is still on
round 2, where it plays boards 1-3 (board set 1 moves down from table 1), with lines for boards
1 and 2: table 7 shows round 2, 2 of 3 boards, late; tables 1-6 round 3, not late. Had table 1
alone moved on to round 2, the pace would be round 1 and no table late.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.utils import timezone

from ..core.results import session_results
from ..core.section_movement import usable_movement
from ..models import Result, Section, Session, TableCall, TableCode
from ..movements import Movement
from ..rows.rankings import section_rankings
from ..rows.words import marked
from ..scoring import display

# A phone not heard from for this long is no longer counted on its table's tile. A phone on the
# round's screen asks for the table's state every 10 s (static/js/table/main.js), and each
# request marks it seen at most every 30 s (table_access.SEEN_EVERY).
PHONE_GONE_AFTER = timedelta(minutes=10)
PENDING, REJECTED = (
    Result.Verification.PENDING,
    Result.Verification.REJECTED,
)  # the opponents' check


@dataclass(frozen=True)
class ConsoleCall:
    id: int
    section: str
    table: int
    round: int
    reason: str  # in words: "A ruling"
    text: str
    created_at: str  # ISO 8601, in the server's TIME_ZONE


@dataclass(frozen=True)
class ConsoleLine:
    """A line waiting for the opponents (`pending`) or refused by them (`rejected`)."""

    id: int
    section: str
    board: int
    table: int | None
    round: int | None
    ns: str
    ew: str
    verification: str


@dataclass(frozen=True)
class ConsoleTable:
    table: int
    round: int
    ns: str | None  # the pairs as they sit this round; None: an empty seat (sit-out)
    ew: str | None
    boards: tuple[int, ...]
    entered: int  # boards of this round with a line the opponents have not rejected
    late: bool  # behind the section's pace, or on a closed round
    devices: int  # phones signed in with the table's live code, seen lately
    code: str  # "" before codes are issued
    calls: int  # waiting
    pending: int  # lines of this table waiting for the opponents
    rejected: int  # lines of this table the opponents refused


@dataclass(frozen=True)
class ConsoleRanking:
    title: str  # "NS", "EW", "" (one field)
    rows: tuple[tuple[str, str, str, str], ...]  # place, pair, names, score ("56.25%", "+7")


@dataclass(frozen=True)
class ConsoleSection:
    name: str
    rounds: int
    closed_round: int
    leading_round: int  # the furthest round a table is on
    pace: int  # the round most tables have reached (`pace`)
    tables: tuple[ConsoleTable, ...]
    rankings: tuple[ConsoleRanking, ...]


@dataclass(frozen=True)
class ConsoleState:
    session: int
    status: str
    sections: tuple[ConsoleSection, ...]
    calls: tuple[ConsoleCall, ...]  # every call waiting, oldest first
    lines: tuple[ConsoleLine, ...]  # every line pending or rejected, by board

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def in_play(self) -> bool:
        """Whether the tables may score on their phones now (else the page warns)."""
        return self.status == Session.Status.IN_PLAY

    @property
    def rejected(self) -> tuple[ConsoleLine, ...]:
        return tuple(line for line in self.lines if line.verification == REJECTED)

    @property
    def pending(self) -> tuple[ConsoleLine, ...]:
        return tuple(line for line in self.lines if line.verification == PENDING)

    @property
    def stamp(self) -> str:
        """A digest of everything shown: the page redraws only when it changes."""
        text = json.dumps(self.as_dict(), sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def console_state(session: Session) -> ConsoleState:
    """The console of `session` now, in 4 queries (sections, codes with their devices, calls,
    lines) plus the scored results (from the cache once a result has been scored)."""
    sections = list(Section.objects.filter(session=session).order_by("name"))
    seen = Q(
        devices__revoked_at__isnull=True,
        devices__last_seen_at__gte=timezone.now() - PHONE_GONE_AFTER,
    )
    codes = {
        (code.section_id, code.table): code
        for code in TableCode.objects.filter(section__session=session, revoked_at__isnull=True)
        .annotate(live_devices=Count("devices", filter=seen))
        .order_by()
    }
    calls = tuple(
        TableCall.objects.filter(section__session=session, answered_at__isnull=True).order_by(
            "created_at", "id"
        )
    )
    lines = list(
        Result.objects.filter(section__session=session)
        .values_list(
            "id",
            "section_id",
            "board__number",
            "ns__label",
            "ew__label",
            "round",
            "table",
            "verification",
        )
        .order_by("board__number", "id")
    )
    rankings = _rankings(session) if sections else {}
    waiting = Counter((call.section_id, call.table) for call in calls)
    by_section: dict[int, list[tuple]] = defaultdict(list)
    for line in lines:
        by_section[line[1]].append(line)
    built = tuple(
        _section(
            section,
            usable_movement(section),
            codes,
            waiting,
            by_section[section.pk],
            rankings.get(section.name, ()),
        )
        for section in sections
    )
    names = {section.pk: section.name for section in sections}
    return ConsoleState(
        session=session.pk,
        status=session.status,
        sections=built,
        calls=tuple(
            ConsoleCall(
                call.id,
                names[call.section_id],
                call.table,
                call.round,
                call.get_reason_display(),
                call.text,
                timezone.localtime(call.created_at).isoformat(),
            )
            for call in calls
        ),
        lines=tuple(
            ConsoleLine(pk, names[section_id], board, table, rnd, ns, ew, verification)
            for pk, section_id, board, ns, ew, rnd, table, verification in lines
            if verification in (PENDING, REJECTED)
        ),
    )


def _section(section, movement: Movement | None, codes, waiting, lines, rankings) -> ConsoleSection:
    if movement is None:  # free-form: no tables to follow, only the ranking
        return ConsoleSection(section.name, 0, section.closed_round, 0, 0, (), rankings)
    played = {(board, ns) for _, _, board, ns, _, _, _, v in lines if v != REJECTED}
    verifying = Counter((table, v) for *_, table, v in lines if v in (PENDING, REJECTED))
    rounds = {rnd.number: rnd for rnd in movement.rounds}
    last = max(rounds)
    codes_at = {
        table: _round_of(code, last)
        for (section_id, table), code in codes.items()
        if section_id == section.pk
    }
    where = {seating.table: codes_at.get(seating.table, 1) for seating in movement.rounds[0].tables}
    leading, on_pace = max(where.values(), default=1), pace(list(where.values()))
    tables = []
    for seating in movement.rounds[0].tables:
        number = seating.table
        current = where[number]
        now = rounds[current].seating(number)
        assert now is not None  # every round seats every table of the movement's first
        code = codes.get((section.pk, number))
        boards = now.boards if now.played else ()
        tables.append(
            ConsoleTable(
                table=number,
                round=current,
                ns=now.ns,
                ew=now.ew,
                boards=boards,
                entered=sum((board, now.ns) in played for board in boards),
                late=current < on_pace or current <= section.closed_round,
                devices=code.live_devices if code else 0,
                code=code.code if code else "",
                calls=waiting[section.pk, number],
                pending=verifying[number, PENDING],
                rejected=verifying[number, REJECTED],
            )
        )
    return ConsoleSection(
        section.name, last, section.closed_round, leading, on_pace, tuple(tables), rankings
    )


def pace(rounds: Sequence[int]) -> int:
    """The round a section's play has reached: the furthest round that more than half of its
    tables are on or past (the lower median of the tables' rounds). A table behind it is late;
    one table finishing its round first, or a few lagging, does not move it.

    Examples: rounds [2, 1, 1, 1, 1, 1, 1] (table 1 first to finish) -> 1, nobody late;
    [3, 3, 3, 3, 3, 3, 2] -> 3, the table on round 2 late (6 of 7 tables are on round 3 or
    past); [2, 2, 1, 1] -> 1 (2 of 4 tables is not more than half)."""
    if not rounds:
        return 1
    return sorted(rounds, reverse=True)[len(rounds) // 2]


def table_round(section: Section, table: int) -> int:
    """The round table `table` of `section` is on (its live code's; 1 before it has one), for
    taking it over from the keyboard. ValidationError, in words, for a table the section's
    movement does not have. Example: table 9 of a 7-table Mitchell -> "section A has tables 1
    to 7"."""
    movement = usable_movement(section)
    if movement is None:
        raise ValidationError(f"section {section.name} has no movement: enter it by board")
    if not 1 <= table <= movement.tables:
        raise ValidationError(f"section {section.name} has tables 1 to {movement.tables}")
    code = TableCode.objects.filter(section=section, table=table, revoked_at__isnull=True).first()
    return _round_of(code, len(movement.rounds)) if code else 1


def _round_of(code: TableCode, last: int) -> int:
    """The round a table's code is on, within the movement's 1 to `last` (a code moved on
    past a shortened movement shows its last round). Example: round 9 of 7 -> 7."""
    return min(max(code.round, 1), last)


def _rankings(session: Session) -> dict[str, tuple[ConsoleRanking, ...]]:
    """Each section's rankings as text: place, pair, names and the score as pages show it."""
    results = session_results(session)
    found: dict[str, list[ConsoleRanking]] = defaultdict(list)
    for field in section_rankings(results):
        rows = tuple((row.place, row.label, row.names, _score(row, results)) for row in field.rows)
        found[field.section].append(ConsoleRanking(field.direction or "", rows))
    return {name: tuple(fields) for name, fields in found.items()}


def _score(row, results) -> str:
    """A pair's score as the ranking pages write it, in the console's language: IMPs with the
    session's decimals of totals, else the percentage. Example, in French: "56,27%"."""
    if results.imps:
        return marked(display.fixed(row.points, results.decimals.totals))
    percentage = display.percent(row.percentage)
    return percentage and f"{marked(percentage)}%"
