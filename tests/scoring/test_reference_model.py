"""The engine against an independent, deliberately naive calculation of the same session.

The reference below is written from docs/rules.md alone and shares no code with the engine: every
result is compared with every other result of its board one pair at a time (2 for each result
beaten, 1 for each tie), boards with fewer real results are factored with Neuberg
M' = (M + 1)·E/A - 1, artificial scores are a percentage of the full top 2(E - 1) with
Law 12C2(c), and pairs are ranked by exact percentage. Random Mitchell sessions of 3-9 tables,
with and without an arrow switch on the last round, with missing results, not-played boards and
artificial scores, must come out the same to the last fraction.
"""

import random
from dataclasses import dataclass
from fractions import Fraction

import pytest

from sessions_app.scoring import (
    EventInput,
    SectionEntry,
    Settings,
    Traveller,
    artificial,
    not_played,
    played,
    score_session,
)
from tests.scoring.test_properties import NS_SCORES

ARTIFICIAL_PAIRS = [("A+", "A-"), ("A-", "A+"), ("A", "A"), ("A+", "A+"), ("A-", "A-"), ("A", "A-")]
PERCENT = {"A+": 60, "A": 50, "A-": 40}


# --- the session: a Mitchell built here, with random results -----------------------------------


@dataclass(frozen=True)
class Seat:
    """One table in one round of the movement: who sits NS and EW, and which boards they play."""

    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]


def mitchell(tables: int, boards_per_round: int, *, switch_last_round: bool) -> list[Seat]:
    """NS pair t stays at table t; EW pair 100 + t starts at table t and moves up one table a
    round; the boards move down one table a round. With an even number of tables the EW pairs
    skip a table after half the rounds, so that every pair still plays every board once.
    With an arrow switch the pairs of the last round swap seats."""
    seats = []
    for rnd in range(1, tables + 1):
        skip = 1 if tables % 2 == 0 and rnd > tables // 2 else 0
        for table in range(1, tables + 1):
            ew = 100 + (table - rnd - skip) % tables + 1
            board_set = (table + rnd - 2) % tables
            boards = tuple(board_set * boards_per_round + k for k in range(1, boards_per_round + 1))
            ns, ew = str(table), str(ew)
            if switch_last_round and rnd == tables:
                ns, ew = ew, ns
            seats.append(Seat(rnd, table, ns, ew, boards))
    return seats


def random_session(seed: int):
    """A random Mitchell session and the movement it was built from."""
    rnd = random.Random(seed)
    tables = rnd.randint(3, 9)
    boards_per_round = rnd.choice([1, 1, 2, 3])
    switch = rnd.random() < 0.5
    seats = mitchell(tables, boards_per_round, switch_last_round=switch)
    adjusted_rate = rnd.choice([0, 0.05, 0.15, 0.3])
    missing_rate = rnd.choice([0, 0.05, 0.1])
    # A few likely scores per board make ties common, with the odd outlier.
    pools = {b: rnd.sample(NS_SCORES, rnd.randint(2, 5)) for b in range(1, 1 + tables * 3)}
    lines: dict[int, list] = {}
    for seat in seats:
        for board in seat.boards:
            draw = rnd.random()
            details = {"round": seat.round, "table": seat.table}
            if draw < missing_rate:
                continue  # the result was never recorded: the board was played fewer times
            if draw < missing_rate + adjusted_rate / 3:
                line = not_played(seat.ns, seat.ew, **details)
            elif draw < missing_rate + adjusted_rate:
                line = artificial(seat.ns, seat.ew, *rnd.choice(ARTIFICIAL_PAIRS), **details)
            else:
                score = rnd.choice(pools[board]) if rnd.random() < 0.85 else rnd.choice(NS_SCORES)
                line = played(seat.ns, seat.ew, score, **details)
            lines.setdefault(board, []).append(line)
    expected = tables if rnd.random() < 0.5 else None  # from the movement, or the most played
    travellers = tuple(
        Traveller(board, tuple(board_lines), expected)
        for board, board_lines in sorted(lines.items())
    )
    settings = Settings(law_12c2c=rnd.random() < 0.7)
    event = EventInput(sections=(SectionEntry("A", travellers),), settings=settings)
    return event, tables, switch


# --- the reference calculation ------------------------------------------------------------------


def reference(event: EventInput, tables: int, switch: bool):
    """Per-line matchpoints, pair totals and places, computed from the rules one step at a time."""
    (section,) = event.sections
    settings = event.settings
    most_lines = max(len(t.lines) for t in section.travellers)

    # 1. Real results: pairwise comparisons within the board, then Neuberg from A to E.
    line_mp = {}  # (board, round, table) -> [NS mp, EW mp]
    tops = {}
    for traveller in section.travellers:
        expected = traveller.expected or most_lines
        tops[traveller.board] = 2 * (expected - 1)
        real = [line for line in traveller.lines if isinstance(line.ns_award, tuple)]
        actual = len(real)
        for line in real:
            mine = line.ns_award[0][1]
            ns = ew = 0
            for other in real:
                if other is line:
                    continue
                theirs = other.ns_award[0][1]
                if mine > theirs:
                    ns += 2
                elif mine < theirs:
                    ew += 2
                else:
                    ns += 1
                    ew += 1
            factor = Fraction(expected, actual)
            line_mp[(traveller.board, line.round, line.table)] = [
                (ns + 1) * factor - 1,
                (ew + 1) * factor - 1,
            ]

    # 2. Each pair's percentage on the boards it played for real (Law 12C2(c) needs it).
    real_mp, real_top = {}, {}
    for traveller in section.travellers:
        for line in traveller.lines:
            key = (traveller.board, line.round, line.table)
            if key in line_mp:
                for pair, mp in ((line.ns, line_mp[key][0]), (line.ew, line_mp[key][1])):
                    real_mp[pair] = real_mp.get(pair, 0) + mp
                    real_top[pair] = real_top.get(pair, 0) + tops[traveller.board]

    def artificial_mp(kind, pair, top):
        percent = Fraction(PERCENT[kind])
        if settings.law_12c2c and real_top.get(pair):
            own = Fraction(real_mp[pair] * 100, real_top[pair])
            if kind == "A+":
                percent = max(percent, own)
            elif kind == "A-":
                percent = min(percent, own)
        return percent * top / 100

    # 3. Artificial scores; not-played lines get nothing and count for nobody.
    for traveller in section.travellers:
        top = tops[traveller.board]
        for line in traveller.lines:
            key = (traveller.board, line.round, line.table)
            if key not in line_mp and line.ns_award is not None:
                line_mp[key] = [
                    artificial_mp(line.ns_award.kind, line.ns, top),
                    artificial_mp(line.ew_award.kind, line.ew, top),
                ]

    # 4. Totals over the boards each pair has a score on.
    totals = {}  # pair -> [mp, top, boards]
    for traveller in section.travellers:
        for line in traveller.lines:
            key = (traveller.board, line.round, line.table)
            if key not in line_mp:
                continue
            for pair, mp in ((line.ns, line_mp[key][0]), (line.ew, line_mp[key][1])):
                total = totals.setdefault(pair, [0, 0, 0])
                total[0] += mp
                total[1] += tops[traveller.board]
                total[2] += 1

    # 5. Places by exact percentage, in one field (switched) or an NS and an EW field.
    percentages = {pair: Fraction(mp * 100, top) for pair, (mp, top, _) in totals.items()}
    ns_pairs = {str(t) for t in range(1, tables + 1)}
    if switch:
        fields = {None: set(totals)}
    else:
        fields = {"NS": set(totals) & ns_pairs, "EW": set(totals) - ns_pairs}
    places = {}
    for direction, members in fields.items():
        for pair in members:
            mine = percentages[pair]
            better = sum(1 for other in members if percentages[other] > mine)
            tied = sum(1 for other in members if percentages[other] == mine) > 1
            places[pair] = (direction, f"{better + 1}{'=' if tied else ''}")
    return line_mp, totals, places


# --- the comparison -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(150))
def test_it_agrees_with_the_reference_model_on_random_sessions(seed):
    event, tables, switch = random_session(seed)
    line_mp, totals, places = reference(event, tables, switch)
    results = score_session(event)
    section = results.section("A")

    engine_mp = {}
    for board in section.boards:
        for scored in board.lines:
            if scored.points_ns is not None:
                engine_mp[(board.number, scored.line.round, scored.line.table)] = [
                    scored.points_ns,
                    scored.points_ew,
                ]
    assert engine_mp == line_mp

    engine_totals = {
        label: [score.points, score.top, score.boards]
        for (_, label), score in results.scores.items()
        if score.boards
    }
    assert engine_totals == totals
    for label, (mp, top, _) in totals.items():
        assert results.scores[("A", label)].percentage == Fraction(mp * 100, top)

    assert section.winners == (1 if switch else 2)
    engine_places = {
        standing.score.label: (field.direction, standing.place)
        for field in section.fields
        for standing in field.standings
    }
    assert engine_places == places


def test_it_builds_a_mitchell_where_every_pair_plays_every_board_once():
    # the movement the random sessions use, checked for 3-9 tables, with and without a switch
    for tables in range(3, 10):
        for switch in (False, True):
            seats = mitchell(tables, 2, switch_last_round=switch)
            boards = range(1, 2 * tables + 1)
            pairs = {s.ns for s in seats} | {s.ew for s in seats}
            assert len(pairs) == 2 * tables
            for pair in pairs:
                played_boards = sorted(b for s in seats if pair in (s.ns, s.ew) for b in s.boards)
                assert played_boards == list(boards)
            for board in boards:
                assert sum(board in s.boards for s in seats) == tables


def test_it_covers_the_cases_the_reference_model_is_for():
    # the random sessions do exercise switches, missing results, not-played and artificial lines
    seen = set()
    for seed in range(150):
        event, tables, switch = random_session(seed)
        travellers = event.sections[0].travellers
        seen.add("switch" if switch else "two fields")
        seen.add("even" if tables % 2 == 0 else "odd")
        lines = [line for t in travellers for line in t.lines]
        if any(line.is_not_played for line in lines):
            seen.add("not played")
        if any(not line.is_real and not line.is_not_played for line in lines):
            seen.add("artificial")
        if any(len(t.lines) < tables for t in travellers):
            seen.add("fewer results")
        if not event.settings.law_12c2c:
            seen.add("12C2(c) off")
    assert seen == {
        "switch",
        "two fields",
        "even",
        "odd",
        "not played",
        "artificial",
        "fewer results",
        "12C2(c) off",
    }
