"""Club grades (scoring/grades.py, docs/rules.md §19): three players over three sessions,
each step worked by hand."""

from decimal import Decimal
from fractions import Fraction
from itertools import permutations

import pytest

from sessions_app.scoring.grades import (
    START,
    WINDOW,
    Entry,
    Grade,
    expected,
    grade_history,
    pair_grade,
    session_steps,
)

F = Fraction
VISITORS = (None, None)

# Session 1, 24 boards, one field of three pairs.
ONE = [
    Entry(("A", "B"), F(60), 24),
    Entry(("C", None), F(45), 24),
    Entry(VISITORS, F(45), 24),
]
# Session 2, 24 boards, one field: A partners C, B partners a visitor.
TWO = [
    Entry(("A", "C"), F(55), 24),
    Entry(("B", None), F(50), 24),
    Entry(VISITORS, F(45), 24),
]
# Session 3, 12 boards, a Mitchell: two fields of two pairs.
THREE = [
    Entry(("A", "B"), F(52), 12, "NS"),
    Entry(VISITORS, F(48), 12, "NS"),
    Entry(("C", None), F(57), 12, "EW"),
    Entry(VISITORS, F(43), 12, "EW"),
]


def test_it_grades_three_players_over_three_sessions():
    history, grades = grade_history([ONE, TWO, THREE])
    one, two, three = history

    # Session 1: everyone new at 50, every pair grade 50, every field 50: expected 50.
    # A, B: 60 - 50 = +10, f = 24/24 = 1 -> 60.  C: 45 - 50 = -5, f = 1 -> 45.
    assert {p: s.expected for p, s in one.items()} == {"A": 50, "B": 50, "C": 50}
    assert {p: s.after for p, s in one.items()} == {
        "A": Grade(Decimal("60.0000"), 24),
        "B": Grade(Decimal("60.0000"), 24),
        "C": Grade(Decimal("45.0000"), 24),
    }

    # Session 2: A 60 + C 45 -> pair 52.5; B 60 + visitor 50 -> 55; visitors 50.
    # A-C expected 50 + 52.5 - (55 + 50)/2 = 50; surplus 55 - 50 = +5; f = 24/48 = 1/2.
    #   A 60 + 2.5 = 62.5; C 45 + 2.5 = 47.5.
    # B expected 50 + 55 - (52.5 + 50)/2 = 53.75; surplus 50 - 53.75 = -3.75; f = 1/2.
    #   B 60 - 1.875 = 58.125.
    assert two["A"].expected == 50 and two["B"].expected == F("53.75")
    assert two["A"].after == Grade(Decimal("62.5000"), 48)
    assert two["C"].after == Grade(Decimal("47.5000"), 48)
    assert two["B"].after == Grade(Decimal("58.1250"), 48)

    # Session 3, NS: A-B pair (62.5 + 58.125)/2 = 60.3125 against visitors 50:
    #   expected 50 + 60.3125 - 50 = 60.3125; surplus 52 - 60.3125 = -8.3125;
    #   f = 12 / 60 = 1/5 -> -1.6625: A 60.8375, B 56.4625.
    # EW: C-visitor (47.5 + 50)/2 = 48.75 against 50: expected 48.75; surplus 57 - 48.75 =
    #   +8.25; f = 1/5 -> +1.65: C 49.15.
    assert three["A"].expected == F("60.3125")
    assert three["C"].expected == F("48.75")
    assert grades == {
        "A": Grade(Decimal("60.8375"), 60),
        "B": Grade(Decimal("56.4625"), 60),
        "C": Grade(Decimal("49.1500"), 60),
    }
    assert three["A"].change == Decimal("-1.6625")
    assert all(grade.provisional for grade in grades.values())  # 60 boards < 150


def test_it_gives_the_same_grades_whatever_the_order_of_the_pairs():
    wanted = grade_history([ONE, TWO, THREE])[1]
    for order in permutations(TWO):
        assert grade_history([ONE, list(order), THREE])[1] == wanted


def test_it_recomputes_the_same_from_stored_grades():
    # Stored after session 2, then session 3 alone: as computing all three at once.
    _, after_two = grade_history([ONE, TWO])
    assert grade_history([THREE], after_two)[1] == grade_history([ONE, TWO, THREE])[1]


def test_a_mature_grade_moves_by_one_two_thousandth_a_board():
    # 3,000 boards behind: f = 24 / 2000; 10 points above par -> +0.12.
    grades = {"A": Grade(Decimal("55.0000"), 3000), "B": Grade(Decimal("55.0000"), 3000)}
    entries = [Entry(("A", "B"), F(60), 24), Entry(VISITORS, F(40), 24)]
    # expected 50 + 55 - 50 = 55; surplus +5; 5 * 24/2000 = 0.06
    steps = session_steps(entries, grades)
    assert steps["A"].after == Grade(Decimal("55.0600"), 3024)
    assert steps["A"].after.behind == WINDOW and not steps["A"].after.provisional


def test_it_rounds_once_to_four_decimals_half_to_even():
    # A (50, 48 boards behind) with a visitor, 51% against one visitor pair: expected 50,
    # surplus +1, f = 24 / 72 = 1/3 -> 50.33333... -> 50.3333.
    grades = {"A": Grade(START, 48)}
    entries = [Entry(("A", None), F(51), 24), Entry(VISITORS, F(49), 24)]
    assert session_steps(entries, grades)["A"].after.grade == Decimal("50.3333")


@pytest.mark.parametrize(
    "players, field, wanted",
    [
        (("A", "B"), [("C", None), VISITORS], F(55)),  # pair 55 (60, 50); field (50+50)/2
        (("C", None), [("A", "B"), VISITORS], F(50) + 50 - F(105, 2)),  # 47.5
    ],
)
def test_it_expects_more_of_a_stronger_pair(players, field, wanted):
    grades = {"A": Grade(Decimal(60), 200), "B": Grade(Decimal(50), 200)}
    entry = Entry(players, F(50), 24)
    others = [Entry(p, F(50), 24) for p in field]
    assert expected(entry, [entry, *others], grades) == wanted
    assert pair_grade(("A", None), grades) == 55
