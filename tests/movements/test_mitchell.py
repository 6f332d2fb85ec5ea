"""Mitchell movements: every size is sound, and published positions come out as published."""

from __future__ import annotations

import pytest

from sessions_app.movements import Seating, board_set, check, full_rounds, mitchell

EVEN_METHODS = ("skip", "relay")


def _methods(tables: int) -> tuple[str | None, ...]:
    return (None,) if tables % 2 else EVEN_METHODS


def _seat(movement, round_number: int, table: int):
    return movement.rounds[round_number - 1].tables[table - 1]


@pytest.mark.parametrize("tables", range(3, 21))
def test_it_builds_a_sound_mitchell_for_every_size(tables):
    for method in _methods(tables):
        full = full_rounds(tables, method)
        chosen = (1, full // 2 + 1, full)
        for boards_per_round in (1, 2, 3, 4, 6, 8):
            for pairs in (2 * tables, 2 * tables - 1):
                for switch in (None, "last", chosen):
                    movement = mitchell(
                        tables, boards_per_round, method=method, pairs=pairs, arrow_switch=switch
                    )
                    assert check(movement) == [], (tables, boards_per_round, method, pairs, switch)
                    assert len(movement.rounds) == full
                    assert movement.boards == tables * boards_per_round


@pytest.mark.parametrize("tables", range(3, 21))
def test_it_stays_sound_when_cut_short(tables):
    for method in _methods(tables):
        if method == "relay":
            continue  # a relay cannot be cut short (see the next test)
        for rounds in range(1, full_rounds(tables, method) + 1):
            movement = mitchell(tables, 2, method=method, rounds=rounds, arrow_switch="last")
            assert check(movement) == [], (tables, method, rounds)
            # every board of a curtailed plain or skip Mitchell is played `rounds` times
            assert {movement.expected_plays(b) for b in range(1, movement.boards + 1)} == {rounds}


@pytest.mark.parametrize("tables", [4, 10, 20])
def test_it_is_sound_whichever_pair_is_missing(tables):
    for method in EVEN_METHODS:
        for missing in range(1, 2 * tables + 1):
            movement = mitchell(
                tables, 2, method=method, pairs=2 * tables - 1, missing_pair=missing
            )
            assert check(movement) == [], (method, missing)
            assert str(missing) not in movement.pairs


def test_it_reproduces_the_seven_table_example():
    movement = mitchell(7, 3)
    assert movement.to_dict()["rounds"][0]["tables"][2] == {
        "table": 3,
        "ns": "3",
        "ew": "10",
        "boards": [7, 8, 9],
    }
    # round 2: EW 10 has moved up to table 4, boards 7-9 down to table 2
    assert _seat(movement, 2, 4).ew == "10"
    assert _seat(movement, 2, 2).boards == (7, 8, 9)
    assert movement.winners == 2
    assert movement.pairs == tuple(str(p) for p in range(1, 15))


def test_it_lays_out_the_relay_and_bye_stand_as_published():
    # bridgecentral.com "Share and relay Mitchell", 8 tables: sets 1-4 on tables 1-4, set 5 on
    # the bye stand, sets 6-8 on tables 5-7, table 8 shares set 1 with table 1.
    movement = mitchell(8, 2, method="relay")
    first = [board_set_number(s.boards) for s in movement.rounds[0].tables]
    assert first == [1, 2, 3, 4, 6, 7, 8, 1]
    second = [board_set_number(s.boards) for s in movement.rounds[1].tables]
    # the bye-stand set 5 comes in at table 4; the shared set 1 goes down to table 7; set 6 from
    # table 5 rests on the bye stand; tables 1 and 8 now share set 2
    assert second == [2, 3, 4, 5, 7, 8, 1, 2]
    assert 6 not in second
    assert len(movement.rounds) == 8
    assert {movement.expected_plays(b) for b in range(1, 17)} == {8}


def test_it_matches_blakjaks_switched_relay_position():
    # docs/rules.md §9.8 (blakjak.org): 8 tables, one board a round, last round switched; "on board
    # 8 pair 1 sits EW against 12" (their EW pairs are 11-18, ours 9-16: their 12 is our 10).
    movement = mitchell(8, 1, method="relay", arrow_switch="last")
    last_round = [v for v in movement.board_schedule(8) if v.round == 8]
    # table 8 shares board 8 with table 1 in that round
    assert last_round == [(8, 1, "10", "1"), (8, 8, "9", "8")]
    assert movement.winners == 1
    assert movement.home_direction("1") == "NS"


def test_it_skips_halfway_as_published():
    # EBU club list (bridgewebs Exeter): 10 tables, 9 rounds of 3, skip after round 5.
    movement = mitchell(10, 3, method="skip")
    assert len(movement.rounds) == 9 and movement.boards == 30
    tables_of_11 = [row.table for row in movement.pair_schedule("11")]
    assert tables_of_11 == [1, 2, 3, 4, 5, 7, 8, 9, 10]  # never meets NS 6
    # 14 tables, 13 rounds of 2, skip after round 7: 28 boards in play, 26 played by each pair
    movement = mitchell(14, 2, method="skip")
    assert len(movement.rounds) == 13 and movement.boards == 28
    assert all(len(movement.pair_schedule(p)) * 2 == 26 for p in movement.pairs)


def test_it_seats_nobody_against_the_missing_pair():
    movement = mitchell(7, 3, pairs=13)
    assert "14" not in movement.pairs
    sit_outs = [s for _, s in movement.seatings() if not s.played]
    assert len(sit_outs) == 7 and all(s.ew is None for s in sit_outs)
    # each NS pair sits out once, and every board loses exactly one play
    assert sorted(s.ns for s in sit_outs) == sorted(str(t) for t in range(1, 8))
    assert {movement.expected_plays(b) for b in range(1, 22)} == {6}


def test_it_takes_the_last_ns_pair_out_of_a_relay_half_table():
    # Magee: with a relay, make the NS pair at the last table the missing pair (no sharing).
    movement = mitchell(8, 3, method="relay", pairs=15)
    assert "8" not in movement.pairs
    assert all(_seat(movement, r, 8).ns is None for r in range(1, 9))
    assert {movement.expected_plays(b) for b in range(1, 25)} == {7}


def test_a_skip_half_table_factors_the_set_the_missing_pair_would_skip():
    # 8 tables skip with EW 16 missing: 7 rounds; the set pair 16 never reaches is played by
    # all 7 tables, the others by 6 -> E differs by board and scoring must use expected_plays.
    movement = mitchell(8, 3, method="skip", pairs=15)
    plays = {movement.expected_plays(b) for b in range(1, 25)}
    assert plays == {6, 7}


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"tables": 2, "boards_per_round": 2}, "3 to 20 tables"),
        ({"tables": 21, "boards_per_round": 2}, "3 to 20 tables"),
        ({"tables": 7, "boards_per_round": 9}, "1 to 8 boards"),
        ({"tables": 7, "boards_per_round": 2, "method": "skip"}, "only for an even"),
        ({"tables": 8, "boards_per_round": 2}, "choose a skip or a relay"),
        ({"tables": 8, "boards_per_round": 2, "method": "bump"}, "unknown even-table"),
        ({"tables": 7, "boards_per_round": 2, "rounds": 8}, "1 to 7 rounds"),
        ({"tables": 8, "boards_per_round": 2, "method": "skip", "rounds": 8}, "1 to 7 rounds"),
        ({"tables": 8, "boards_per_round": 2, "method": "relay", "rounds": 6}, "cut short"),
        ({"tables": 7, "boards_per_round": 2, "pairs": 12}, "14 pairs, or 13"),
        ({"tables": 7, "boards_per_round": 2, "missing_pair": 3}, "odd number of pairs"),
        ({"tables": 7, "boards_per_round": 2, "pairs": 13, "missing_pair": 15}, "not in"),
        ({"tables": 7, "boards_per_round": 2, "arrow_switch": (8,)}, "round 8 does not exist"),
        ({"tables": 7, "boards_per_round": 2, "arrow_switch": (0,)}, "round 0 does not exist"),
        ({"tables": 7, "boards_per_round": 2, "arrow_switch": (3, 3)}, "twice"),
        ({"tables": 7, "boards_per_round": 2, "arrow_switch": "first"}, "not 'none'"),
    ],
)
def test_it_refuses_a_movement_that_would_not_work(arguments, message):
    tables = arguments.pop("tables")
    boards_per_round = arguments.pop("boards_per_round")
    with pytest.raises(ValueError, match=message):
        mitchell(tables, boards_per_round, **arguments)


def board_set_number(boards: tuple[int, ...]) -> int:
    """The set number of a tuple of boards (boards 3-4 with 2 a round -> set 2)."""
    number = (boards[0] - 1) // len(boards) + 1
    assert board_set(number, len(boards)) == boards
    return number


def test_a_small_club_plays_long_rounds():
    # 3 tables, 8 boards a round: 3 rounds, sets 1-3 of 8 boards = 24 boards, each played 3
    # times. The set at table t in round r is t + r - 1 (mod 3): table 2, round 2 -> set 3,
    # boards 17-24, where EW pair 4 (who started at table 1) meets NS pair 2.
    movement = mitchell(3, 8)
    assert (len(movement.rounds), movement.boards) == (3, 24)
    assert _seat(movement, 2, 2) == Seating(2, "2", "4", tuple(range(17, 25)))
    assert {movement.expected_plays(b) for b in range(1, 25)} == {3}
    assert check(movement) == []
    # 4 tables, 6 a round with the skip: 3 rounds (no revenge round), 4 sets = 24 boards in
    # play, each played by 3 tables; each pair plays 3 x 6 = 18 boards.
    skip = mitchell(4, 6, method="skip")
    assert (len(skip.rounds), skip.boards) == (3, 24)
    assert {skip.expected_plays(b) for b in range(1, 25)} == {3}
    assert sum(len(row.boards) for row in skip.pair_schedule("5")) == 18
    # with the relay and bye stand: 4 rounds, each of the 24 boards played 4 times
    relay = mitchell(4, 6, method="relay")
    assert (len(relay.rounds), relay.boards) == (4, 24)
    assert {relay.expected_plays(b) for b in range(1, 25)} == {4}
    assert check(skip) == [] and check(relay) == []
