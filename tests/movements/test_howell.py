"""Howell movements: complete and sound for 2-15 tables; published tables reproduced."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from sessions_app.movements import check, howell, howell_rounds


def _round(movement, number):
    return [(s.ns, s.ew, s.boards) for s in movement.rounds[number - 1].tables]


@pytest.mark.parametrize("tables", range(2, 16))
def test_it_builds_a_sound_complete_howell_for_every_size(tables):
    for boards_per_round in (1, 2, 3, 4, 7):
        for pairs in (2 * tables, 2 * tables - 1):
            movement = howell(tables, boards_per_round, pairs=pairs)
            assert check(movement) == [], (tables, boards_per_round, pairs)
            assert len(movement.rounds) == 2 * tables - 1
            assert movement.boards == (2 * tables - 1) * boards_per_round
            assert len(movement.pairs) == pairs


@pytest.mark.parametrize("tables", range(2, 16))
def test_every_pair_meets_every_other_and_plays_every_board_once(tables):
    movement = howell(tables, 2)
    met = Counter(frozenset((s.ns, s.ew)) for _, s in movement.seatings())
    assert all(met[frozenset(pair)] == 1 for pair in combinations(movement.pairs, 2))
    for label in movement.pairs:
        boards = [b for row in movement.pair_schedule(label) for b in row.boards]
        assert sorted(boards) == list(range(1, movement.boards + 1))
    # each board is played by T tables (2T pairs, each once); with a phantom by T-1
    assert {movement.expected_plays(b) for b in range(1, movement.boards + 1)} == {tables}
    phantom = howell(tables, 2, pairs=2 * tables - 1)
    assert {phantom.expected_plays(b) for b in range(1, phantom.boards + 1)} == {tables - 1}


def test_it_reproduces_bridgecentrals_four_table_howell():
    # bridgecentral.com "Producing Howell movements": 8-1 6-5 4-2 R 7-3 2R, i.e. round 1
    # table 1: 8 v 1 on set 1, table 2: 6 v 5 on set 2, table 3: 4 v 2 on set 3, a relay with
    # set 4, table 4: 7 v 3 on set 5, two relays with sets 6 and 7.
    movement = howell(4, 4)
    assert _round(movement, 1) == [
        ("8", "1", (1, 2, 3, 4)),
        ("6", "5", (5, 6, 7, 8)),
        ("4", "2", (9, 10, 11, 12)),
        ("7", "3", (17, 18, 19, 20)),
    ]
    # round 2: every moving pair number and set number goes up by one
    assert _round(movement, 2) == [
        ("8", "2", (5, 6, 7, 8)),
        ("7", "6", (9, 10, 11, 12)),
        ("5", "3", (13, 14, 15, 16)),
        ("1", "4", (21, 22, 23, 24)),
    ]
    assert "relay sets: 1 between tables 3 and 4, 2 between tables 4 and 1" in (
        movement.description
    )


def test_it_reproduces_the_acbl_two_table_howell():
    # ACBL "standard" 2-table Howell (bridgescoreplus recommendations): pair 4 stationary NS at
    # table 1; round 1 pair 3 NS v pair 2 EW at table 2; both tables share the boards.
    movement = howell(2, 8)
    assert [(s.ns, s.ew) for s in movement.rounds[0].tables] == [("4", "1"), ("3", "2")]
    assert all(s.ns == "4" for s in (rnd.tables[0] for rnd in movement.rounds))
    for rnd in movement.rounds:
        assert rnd.tables[0].boards == rnd.tables[1].boards
    assert len(movement.rounds) == 3 and movement.boards == 24


def test_it_reproduces_the_three_table_howell():
    # round 1 6-1, 4-3, 2-5; four sets go round in rounds 1-4; all share set 5 in round 5
    movement = howell(3, 3)
    assert _round(movement, 1) == [
        ("6", "1", (1, 2, 3)),
        ("4", "3", (4, 5, 6)),
        ("2", "5", (10, 11, 12)),
    ]
    assert {s.boards for s in movement.rounds[4].tables} == {(13, 14, 15)}


def test_the_phantom_makes_one_pair_sit_out_at_the_same_table_each_round():
    movement = howell(5, 3, pairs=9)
    assert "10" not in movement.pairs
    sit_outs = [(rnd.number, s.table, s.ns, s.ew) for rnd, s in movement.seatings() if not s.played]
    # pair r sits out in round r, always at table 3 (where pair 10 would have stayed)
    assert sit_outs == [(r, 3, None, str(r)) for r in range(1, 10)]


def test_a_howell_has_one_winner_and_no_home_direction():
    movement = howell(4, 3)
    assert movement.winners == 1
    assert movement.home_direction("3") is None


@pytest.mark.parametrize("tables", range(2, 16))
def test_moving_pairs_sit_ns_t_minus_1_times_and_ew_t_times(tables):
    movement = howell(tables, 2)
    stationary = str(2 * tables)
    for label in movement.pairs:
        directions = Counter(row.direction for row in movement.pair_schedule(label))
        if label == stationary:
            assert directions == {"NS": 2 * tables - 1}
        else:
            assert directions == {"NS": tables - 1, "EW": tables}


@pytest.mark.parametrize("tables", range(2, 16))
def test_comparisons_are_balanced(tables):
    # Two pairs are compared on a board when they sit the same direction on it. Each pair is
    # compared (2T-1)(T-1) times in all, T-1 per other pair on average: exactly that with an
    # even number of tables, within a spread of 2 with an odd number.
    movement = howell(tables, 1)
    compared = Counter()
    for board in range(1, movement.boards + 1):
        visits = movement.board_schedule(board)
        for line in ([v.ns for v in visits], [v.ew for v in visits]):
            compared.update(frozenset(pair) for pair in combinations(line, 2))
    counts = [compared[frozenset(pair)] for pair in combinations(movement.pairs, 2)]
    assert sum(counts) / len(counts) == tables - 1
    # 14 tables: 27 numbers have no cyclic (27, 14, 7) difference set (see howell.py)
    spread = 4 if tables == 14 else 0 if tables % 2 == 0 else 2
    assert max(counts) - min(counts) <= spread


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"tables": 1}, "2 to 15 tables"),
        ({"tables": 16}, "2 to 15 tables"),
        ({"tables": 5, "missing_pair": 11}, "pair 11 is not in a 5-table Howell"),
        ({"tables": 5, "missing_pair": 0}, "pair 0 is not in a 5-table Howell"),
        ({"tables": 5, "pairs": 10, "missing_pair": 3}, "needs an odd number of pairs"),
        ({"tables": 4, "boards_per_round": 0}, "at least one board"),
        ({"tables": 4, "arrow_switch": "last"}, "does not apply to a Howell"),
        ({"tables": 4, "arrow_switch": (2,)}, "does not apply to a Howell"),
        ({"tables": 4, "rounds": 5}, "played complete: 7 rounds"),
        ({"tables": 4, "pairs": 6}, "8 or 7 pairs"),
    ],
)
def test_it_refuses_what_a_howell_cannot_be(arguments, message):
    tables = arguments.pop("tables")
    boards_per_round = arguments.pop("boards_per_round", 2)
    with pytest.raises(ValueError, match=message):
        howell(tables, boards_per_round, **arguments)


def test_howell_rounds():
    assert [howell_rounds(t) for t in range(2, 9)] == [3, 5, 7, 9, 11, 13, 15]
    assert [howell_rounds(t) for t in range(9, 16)] == [17, 19, 21, 23, 25, 27, 29]
    assert howell(4, 2, arrow_switch="none").switched_rounds == ()


def test_it_builds_the_nine_table_howell_from_its_round_one():
    # round 1: table 1 is 11 v 3 on set 1 ... table 5 is 18 v 14 on set 5, the stationary
    # pair 18; the nine sets 1-9 are on tables 1-9 and sets 10-17 wait between tables 9 and 1.
    movement = howell(9, 2)
    assert [(s.ns, s.ew) for s in movement.rounds[0].tables] == [
        ("11", "3"),
        ("8", "6"),
        ("17", "4"),
        ("15", "12"),
        ("18", "14"),
        ("1", "2"),
        ("10", "5"),
        ("13", "7"),
        ("16", "9"),
    ]
    assert [s.boards[0] for s in movement.rounds[0].tables] == [1, 3, 5, 7, 9, 11, 13, 15, 17]
    # round 2: every pair but 18 goes up one (17 -> 1), every set up one: table 1 is 12 v 4 on
    # set 2 (boards 3-4), table 3 is 1 v 5, table 5 is 18 v 15.
    assert _round(movement, 2)[0] == ("12", "4", (3, 4))
    assert _round(movement, 2)[2][:2] == ("1", "5")
    assert _round(movement, 2)[4][:2] == ("18", "15")
    assert len(movement.rounds) == 17 and movement.boards == 34
    assert "pair 18 stays NS at table 5; relay sets: 8 between tables 9 and 1" in (
        movement.description
    )


def test_the_director_chooses_which_pair_is_missing():
    # 5 tables, round 1: (2 v 6), (5 v 8), (10 v 1), (3 v 4), (7 v 9); with pair 1 missing, its
    # opponent 10 sits out at table 3. In round 2 pair 1 has the seat pair 9 had (EW at table
    # 5, now against 7 + 1 = 8), so pair 8 sits out there.
    movement = howell(5, 3, missing_pair=1)
    assert "1" not in movement.pairs and "10" in movement.pairs and len(movement.pairs) == 9
    sit_outs = [(rnd.number, s.table, s.ns, s.ew) for rnd, s in movement.seatings() if not s.played]
    assert sit_outs[:2] == [(1, 3, "10", None), (2, 5, "8", None)]
    assert len(sit_outs) == 9  # one a round: each of the 9 others meets pair 1 once
    assert check(movement) == []
    assert {movement.expected_plays(b) for b in range(1, movement.boards + 1)} == {4}
    assert "pair 1 missing" in movement.description
