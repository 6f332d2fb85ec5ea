"""The checker passes sound movements and reports, in words, what is wrong with broken ones."""

from __future__ import annotations

from dataclasses import replace

from sessions_app.movements import Movement, Round, Seating, check, howell, mitchell


def _change(movement: Movement, round_number: int, table: int, **changes) -> Movement:
    """The movement with one seating changed (a hand-made mistake)."""
    rounds = []
    for rnd in movement.rounds:
        if rnd.number == round_number:
            tables = tuple(replace(s, **changes) if s.table == table else s for s in rnd.tables)
            rnd = replace(rnd, tables=tables)
        rounds.append(rnd)
    return replace(movement, rounds=tuple(rounds))


def test_a_sound_movement_has_no_problem():
    assert check(mitchell(3, 2)) == []
    assert check(howell(3, 2)) == []


def test_it_reports_a_pair_playing_a_board_twice():
    # 7-table Mitchell, 2 a round: round 2 table 1 (NS 1 v EW 14) gets boards 1-2 again
    # instead of 3-4
    broken = _change(mitchell(7, 2), 2, 1, boards=(1, 2))
    problems = check(broken)
    assert "pair 1 plays board 1 twice (rounds 1 and 2)" in problems
    assert "pair 1 plays board 2 twice (rounds 1 and 2)" in problems
    assert "board 1 goes to 8 tables, the others to 7 tables" in problems
    assert "board 3 goes to 6 tables, the others to 7 tables" in problems


def test_it_reports_pairs_meeting_twice():
    # round 2: EW 6 and EW 4 change tables, so NS 1 meets EW 4 again
    movement = mitchell(3, 2)
    broken = _change(_change(movement, 2, 1, ew="4"), 2, 2, ew="6")
    problems = check(broken)
    assert "pairs 1 and 4 meet twice (rounds 1 and 2)" in problems


def test_it_reports_a_missing_meeting_in_a_complete_howell():
    # 2-table Howell: swap the EW pairs of round 1 -> 4 meets 2 twice and never meets 1
    movement = howell(2, 2)
    broken = _change(_change(movement, 1, 1, ew="2"), 1, 2, ew="1")
    problems = check(broken)
    assert "pairs 2 and 4 meet twice (rounds 1 and 2)" in problems
    assert "pairs 1 and 4 never meet in this complete Howell" in problems


def test_it_reports_a_pair_seated_at_two_tables():
    broken = _change(mitchell(3, 2), 1, 2, ew="4")  # pair 4 is at table 1 already
    problems = check(broken)
    assert "pair 4 is seated twice in round 1 (1 and 2)" in problems
    assert "pair 5 has no seat in round 1" in problems


def test_it_reports_a_board_played_too_few_times():
    broken = _change(mitchell(3, 2), 1, 1, boards=(2,))  # board 1 left off table 1
    assert check(broken) == ["board 1 goes to 2 tables, the others to 3 tables"]


def test_it_reports_a_board_never_played():
    movement = mitchell(3, 2)
    broken = replace(movement, boards=8)  # says 8 boards but only 6 travel
    problems = check(broken)
    assert "board 7 goes to 0 tables, the others to 3 tables" in problems
    assert "board 8 goes to 0 tables, the others to 3 tables" in problems


def test_it_reports_a_pair_missing_from_the_pair_list():
    movement = mitchell(3, 2)
    broken = replace(movement, pairs=movement.pairs[:-1])  # pair 6 left out of the list
    problems = check(broken)
    assert problems == [
        "pair 6 is seated (round 1 table 3, round 2 table 1, round 3 table 2) but is not in the"
        " pair list"
    ]


def test_it_reports_a_mitchell_pair_changing_direction():
    # round 2, table 2 seated the wrong way round in an unswitched round
    broken = _change(mitchell(3, 2), 2, 2, ns="4", ew="2")
    problems = check(broken)
    assert "pair 2 is an NS pair but plays as EW in round 2" in problems
    assert "pair 4 is an EW pair but plays as NS in round 2" in problems


def test_it_reports_two_pairs_of_one_direction_meeting():
    # NS 2 sits EW against NS 1 at table 1 in round 1 (and pair 4 is left without a seat)
    broken = _change(_change(mitchell(3, 2), 1, 1, ew="2"), 1, 2, ns=None)
    problems = check(broken)
    assert "pairs 1 and 2 are both NS pairs but meet in round 1" in problems
    assert "pair 2 is an NS pair but plays as EW in round 1" in problems
    assert "pair 4 has no seat in round 1" in problems


def test_it_reports_tables_and_boards_out_of_range():
    movement = Movement(
        kind="mitchell",
        tables=1,
        boards_per_round=1,
        rounds=(
            Round(1, (Seating(1, "1", "2", (1,)), Seating(2, None, None, (5,)))),
            Round(2, (Seating(1, "1", "1", (1,)), Seating(1, None, None, ()))),
        ),
        pairs=("1", "2", "2"),
        boards=1,
    )
    problems = check(movement)
    assert "pair 2 is listed 2 times" in problems
    assert "table 2 in round 1 is not one of tables 1 to 1" in problems
    assert "board 5 at table 2 in round 1 is not one of boards 1 to 1" in problems
    assert "table 1 appears 2 times in round 2" in problems
    assert "pair 1 sits both NS and EW at table 1 in round 2" in problems
