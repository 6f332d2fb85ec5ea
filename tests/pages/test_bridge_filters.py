"""The template filters that write bridge for people (pure: no database)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sessions_app.templatetags import bridge


@pytest.mark.parametrize(
    ("contract", "tricks", "expected"),
    [
        ("4S", 10, "="),
        ("3NT", 11, "+2"),
        ("5CX", 8, "-3"),
        ("7H", 13, "="),
        ("PASS", None, ""),
        ("A+/A-", None, ""),
        ("2D", None, ""),
    ],
)
def test_it_writes_the_result_as_players_say_it(contract, tricks, expected):
    assert bridge.result(tricks, contract) == expected


@pytest.mark.parametrize(
    ("lead", "expected"),
    [
        ("H3", '<span class="suit heart" role="img" aria-label="hearts">♥</span>3'),
        ("st", '<span class="suit spade" role="img" aria-label="spades">♠</span>10'),
        ("QD", '<span class="suit diamond" role="img" aria-label="diamonds">♦</span>Q'),
        ("?", "?"),
        ("", ""),
    ],
)
def test_it_writes_a_lead_with_its_suit_symbol(lead, expected):
    assert bridge.card(lead) == expected


def test_it_writes_a_holding_with_tens_and_voids():
    assert bridge.holding("AKT2") == "A\u2009K\u200910\u20092"
    assert bridge.holding("") == "—"


@pytest.mark.parametrize(("tricks", "level"), [(13, "7"), (10, "4"), (7, "1"), (6, "–"), (0, "–")])
def test_it_turns_double_dummy_tricks_into_the_level_that_makes(tricks, level):
    assert bridge.dd_level(tricks) == level


def test_it_writes_par_contracts_with_suit_symbols():
    assert bridge.par_contracts("4S N=, 3NT S+2") == (
        '4<span class="suit spade" role="img" aria-label="spades">♠</span>&nbsp;N=, 3NT&nbsp;S+2'
    )
    assert bridge.par_contracts("") == ""
    assert bridge.par_contracts("<b>") == "&lt;b&gt;"


def test_it_keeps_the_existing_filters():
    assert bridge.contract("4SX") == (
        '4<span class="suit spade" role="img" aria-label="spades">♠</span>X'
    )
    assert bridge.contract("PASS") == "PASS"
    assert bridge.pct(Fraction(2, 3) * 100) == "66.67"
    assert bridge.signed(-50) == "-50" and bridge.signed(0) == "0" and bridge.signed(420) == "+420"
    assert bridge.matchpoints(Fraction(25, 3)) == "8.33"
    assert bridge.seat("E") == "East" and bridge.vulnerable("NS") == "N-S"
