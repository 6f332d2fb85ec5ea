"""show_movement prints a movement as JSON or text, and refuses bad arguments in words."""

from __future__ import annotations

import json
import shlex
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from sessions_app.movements import howell, mitchell


def _run(command_line: str) -> str:
    """Output of `manage.py show_movement <command_line>`."""
    out = StringIO()
    call_command("show_movement", *shlex.split(command_line), stdout=out)
    return out.getvalue()


def test_it_prints_a_mitchell_as_json():
    data = json.loads(_run("--kind mitchell --tables 7 --boards-per-round 3 --format json"))
    assert data == mitchell(7, 3).to_dict()
    assert data["rounds"][0]["tables"][2] == {
        "table": 3,
        "ns": "3",
        "ew": "10",
        "boards": [7, 8, 9],
    }


def test_it_passes_every_option_through():
    output = _run(
        "--kind mitchell --tables 8 --boards-per-round 2 --skip --pairs 15 --rounds 6"
        " --arrow-switch 2,6 --format json"
    )
    expected = mitchell(8, 2, method="skip", pairs=15, rounds=6, arrow_switch=(2, 6))
    assert json.loads(output) == expected.to_dict()
    output = _run(
        "--kind mitchell --tables 8 --boards-per-round 2 --relay --pairs 15 --missing-pair 16"
        " --format json"
    )
    expected = mitchell(8, 2, method="relay", pairs=15, missing_pair=16)
    assert json.loads(output) == expected.to_dict()


def test_it_prints_a_howell_as_json():
    output = _run("--kind howell --tables 5 --boards-per-round 3 --pairs 9 --format json")
    assert json.loads(output) == howell(5, 3, pairs=9).to_dict()


def test_it_prints_a_readable_text_table():
    output = _run("--kind mitchell --tables 7 --boards-per-round 3 --arrow-switch last")
    lines = output.splitlines()
    assert lines[0] == "Mitchell, 7 tables; 7 rounds of 3; arrow switch in round 7"
    assert lines[1] == "14 pairs, 21 boards, 1 winner"
    assert "Round 7 (arrow switch: NS and EW pairs change seats)" in lines
    assert "      3   3  10  7-9" in lines  # round 1, table 3
    assert output.count("  Table  NS  EW  Boards") == 7


def test_it_prints_a_howell_as_text():
    output = _run("--kind howell --tables 4 --boards-per-round 2 --format text")
    lines = output.splitlines()
    assert lines[0].startswith("Howell, 4 tables; 7 rounds of 2; pair 8 stays NS at table 1")
    assert "      4   7   3  9-10" in lines  # round 1, table 4: 7 v 3 on set 5


def test_it_prints_a_howell_with_the_missing_pair_the_director_chose():
    # 4 tables, round 1: 8 v 1, 6 v 5, 4 v 2, 7 v 3; without pair 3, pair 7 sits out at table 4
    output = _run("--kind howell --tables 4 --boards-per-round 2 --missing-pair 3")
    lines = output.splitlines()
    assert "pair 3 missing" in lines[0] and lines[1].startswith("7 pairs, 14 boards")
    assert "      4   7   -  9-10" in lines


@pytest.mark.parametrize(
    ("command_line", "message"),
    [
        ("--kind mitchell --tables 2", "3 to 20 tables"),
        ("--kind mitchell --tables 7 --skip", "only for an even number of tables"),
        ("--kind mitchell --tables 8", "add --skip"),
        ("--kind mitchell --tables 7 --arrow-switch 9", "round 9 does not exist"),
        ("--kind mitchell --tables 7 --arrow-switch 2,9", "round 9 does not exist"),
        ("--kind mitchell --tables 7 --arrow-switch final", "not 'none', 'last'"),
        ("--kind mitchell --tables 8 --relay --rounds 5", "cut short"),
        ("--kind mitchell --tables 7 --rounds 9", "1 to 7 rounds"),
        ("--kind mitchell --tables 7 --pairs 10", "14 pairs, or 13"),
        ("--kind howell --tables 4 --arrow-switch last", "does not apply"),
        ("--kind howell --tables 4 --skip", "not a Howell"),
        ("--kind howell --tables 4 --pairs 7 --missing-pair 9", "pair 9 is not in a 4-table"),
        ("--kind howell --tables 4 --pairs 8 --missing-pair 3", "an odd number of pairs"),
        ("--kind howell --tables 16", "2 to 15 tables"),
        ("--kind swiss --tables 4", "invalid choice"),
        ("--kind mitchell --tables x", "invalid int value"),
        ("--kind mitchell --tables 8 --skip --relay", "not allowed with"),
    ],
)
def test_it_refuses_bad_arguments_with_a_clear_message(command_line, message):
    with pytest.raises(CommandError, match=message):
        _run(command_line + " --boards-per-round 2")
