"""What the scorer and printer read from a movement: E, winners, schedules, to_dict()."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sessions_app.movements import (
    board_set,
    howell,
    mitchell,
    movement_text,
    parse_arrow_switch,
    switch_rounds,
)


def test_board_sets_hold_consecutive_boards():
    assert board_set(1, 3) == (1, 2, 3)
    assert board_set(3, 3) == (7, 8, 9)
    assert board_set(5, 1) == (5,)


def test_to_dict_has_exactly_the_agreed_shape():
    data = mitchell(7, 3).to_dict()
    assert set(data) == {"kind", "tables", "boards", "rounds"}
    assert (data["kind"], data["tables"], data["boards"]) == ("mitchell", 7, 21)
    assert [r["round"] for r in data["rounds"]] == list(range(1, 8))
    for rnd in data["rounds"]:
        assert set(rnd) == {"round", "tables"}
        assert [t["table"] for t in rnd["tables"]] == list(range(1, 8))
        for table in rnd["tables"]:
            assert set(table) == {"table", "ns", "ew", "boards"}
            assert isinstance(table["ns"], str) and isinstance(table["ew"], str)
            assert len(table["boards"]) == 3
    assert json.loads(json.dumps(data)) == data


def test_to_dict_shows_a_switched_round_as_the_pairs_sit():
    plain = mitchell(7, 3).to_dict()["rounds"][6]["tables"][0]
    switched = mitchell(7, 3, arrow_switch="last").to_dict()["rounds"][6]["tables"][0]
    assert (plain["ns"], plain["ew"]) == ("1", "9")
    assert (switched["ns"], switched["ew"]) == ("9", "1")
    assert switched["boards"] == plain["boards"]


def test_to_dict_shows_an_empty_seat_as_none():
    data = mitchell(7, 3, pairs=13).to_dict()
    empty = [t for r in data["rounds"] for t in r["tables"] if t["ew"] is None]
    assert len(empty) == 7
    assert '"ew": null' in json.dumps(data)


@pytest.mark.parametrize(
    ("movement", "winners"),
    [
        (mitchell(7, 3), 2),
        (mitchell(8, 3, method="skip"), 2),
        (mitchell(7, 3, arrow_switch="last"), 1),
        (mitchell(8, 3, method="relay", arrow_switch=(2, 5)), 1),
        (howell(4, 3), 1),
    ],
)
def test_winners(movement, winners):
    # two fields (NS and EW) only for a Mitchell without any switched round (docs/rules.md §6.2)
    assert movement.winners == winners


def test_expected_plays_per_board():
    # E for Neuberg: 7 tables play every board 7 times; with 13 pairs one play is a sit-out
    assert {mitchell(7, 3).expected_plays(b) for b in range(1, 22)} == {7}
    assert {mitchell(7, 3, pairs=13).expected_plays(b) for b in range(1, 22)} == {6}
    assert {mitchell(10, 2, method="skip").expected_plays(b) for b in range(1, 21)} == {9}
    with pytest.raises(ValueError, match="boards are 1 to 21"):
        mitchell(7, 3).expected_plays(22)


def test_board_schedule_follows_the_board_down_the_room():
    schedule = mitchell(7, 3).board_schedule(7)
    assert schedule[:4] == [
        (1, 3, "3", "10"),
        (2, 2, "2", "8"),
        (3, 1, "1", "13"),
        (4, 7, "7", "11"),
    ]
    assert [v.round for v in schedule] == list(range(1, 8))


def test_pair_schedule_gives_table_direction_opponent_and_boards():
    schedule = mitchell(7, 3, arrow_switch="last").pair_schedule("10")
    assert schedule[0] == (1, 3, "EW", "3", (7, 8, 9))
    assert schedule[1] == (2, 4, "EW", "4", (13, 14, 15))
    assert schedule[-1].direction == "NS"  # switched last round: pair 10 sits NS at table 2
    assert schedule[-1].table == 2
    assert len(schedule) == 7
    with pytest.raises(KeyError):
        mitchell(7, 3).pair_schedule("15")


def test_pair_schedule_shows_a_sit_out():
    schedule = mitchell(7, 3, pairs=13).pair_schedule("1")
    assert [row.opponent for row in schedule].count(None) == 1


def test_home_direction_survives_the_arrow_switch():
    movement = mitchell(7, 3, arrow_switch=(1, 7))
    assert movement.home_direction("3") == "NS"
    assert movement.home_direction("10") == "EW"
    assert movement.rounds[0].tables[2].ns == "10"  # seated NS in the switched round 1
    with pytest.raises(KeyError):
        movement.home_direction("15")


def test_switch_rounds_and_their_command_line_form():
    assert switch_rounds(None, 7) == ()
    assert switch_rounds("none", 7) == ()
    assert switch_rounds("last", 7) == (7,)
    assert switch_rounds((5, 2), 7) == (2, 5)
    assert parse_arrow_switch("LAST") == "last"
    assert parse_arrow_switch("2, 5") == (2, 5)
    with pytest.raises(ValueError, match="round numbers"):
        parse_arrow_switch("2,,5")
    assert mitchell(7, 3, arrow_switch=(2, 5)).switched_rounds == (2, 5)


def test_movement_text_shows_rounds_tables_and_switches():
    text = movement_text(mitchell(3, 2, arrow_switch="last"))
    lines = text.splitlines()
    assert lines[0] == "Mitchell, 3 tables; 3 rounds of 2; arrow switch in round 3"
    assert lines[1] == "6 pairs, 6 boards, 1 winner"
    assert "Round 3 (arrow switch: NS and EW pairs change seats)" in lines
    assert "      1   1   4  1-2" in lines  # round 1, table 1
    assert "      1   5   1  5-6" in lines  # round 3, table 1, switched
    assert "Round 1 (arrow" not in text
    sit_out = movement_text(mitchell(7, 1, pairs=13))
    assert "      7   7   -  7" in sit_out.splitlines()  # round 1: pair 14 would start at 7


def test_the_movements_package_imports_nothing_from_django():
    code = (
        "import sys, sessions_app.movements\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django')\n"
        "print(', '.join(bad))\n"
        "sys.exit(1 if bad else 0)\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
