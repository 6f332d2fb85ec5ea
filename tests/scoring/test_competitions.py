"""The competition rules (docs/rules.md §15), each figure worked by hand in the test."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from sessions_app.scoring.competitions import (
    Entrant,
    Rule,
    SessionScore,
    entrant_value,
    shared_place,
    standings,
)


def entrant(name: str, *scores: tuple[int, float | F | None, int | F]) -> Entrant:
    return Entrant(
        name.lower(),
        name,
        tuple(
            SessionScore(session, None if pct is None else F(pct), points)
            for session, pct, points in scores
        ),
    )


# The module's example: three sessions, ids 1, 2, 3.
ANN = entrant("Ann", (1, 60, 30), (2, 50, 25), (3, 70, 35))
BOB = entrant("Bob", (1, 65, 39), (2, 55, 33))
CY = entrant("Cy", (1, 72, 36))
FIELD = (CY, BOB, ANN)


def table(result):
    return [(s.place, s.entrant.name, s.value) for s in result]


def test_it_adds_the_best_n_percentages():
    # Ann: 70 + 60 = 130 (her 50 is dropped); Bob 65 + 55 = 120; Cy has one session: 72.
    assert table(standings(FIELD, Rule("best", best=2))) == [
        ("1", "Ann", 130),
        ("2", "Bob", 120),
        ("3", "Cy", 72),
    ]


def test_it_counts_the_sessions_the_best_n_come_from():
    value, counted = entrant_value(ANN, Rule("best", best=2))
    assert (value, counted) == (130, frozenset({1, 3}))


def test_an_entrant_with_fewer_sessions_than_n_has_the_sum_of_those_it_has():
    # best 3 of 3: Ann 60 + 50 + 70 = 180; Bob only 65 + 55 = 120; Cy 72.
    result = standings(FIELD, Rule("best", best=3))
    assert table(result) == [("1", "Ann", 180), ("2", "Bob", 120), ("3", "Cy", 72)]
    assert [s.played for s in result] == [3, 2, 1]


def test_n_larger_than_every_entrants_sessions_still_ranks():
    # best 5 of 3: nobody has five; the sums are those of the best 3 test.
    assert [s.value for s in standings(FIELD, Rule("best", best=5))] == [180, 120, 72]


def test_the_average_ranks_only_entrants_with_the_minimum_and_shows_the_others():
    # Ann (60 + 50 + 70) / 3 = 60; Bob (65 + 55) / 2 = 60: a tie. Cy: 72 after one session,
    # shown below them, with no place, though her average is the highest.
    result = standings(FIELD, Rule("average", minimum=2))
    assert table(result) == [("1=", "Ann", 60), ("1=", "Bob", 60), ("", "Cy", 72)]
    assert [s.ranked for s in result] == [True, True, False]


def test_the_average_ties_written_as_a_range():
    result = standings(FIELD, Rule("average", minimum=2), tie_places="range")
    assert [s.place for s in result] == ["1/2", "1/2", ""]


def test_a_minimum_of_one_ranks_everybody():
    # Cy's 72 now leads: 1 Cy, then Ann and Bob share 2nd, and the next would be 4th.
    assert table(standings(FIELD, Rule("average", minimum=1))) == [
        ("1", "Cy", 72),
        ("2=", "Ann", 60),
        ("2=", "Bob", 60),
    ]


def test_the_average_is_exact():
    # 55.5 and 60.25 -> 115.75 / 2 = 57.875, exactly 463/8.
    dee = entrant("Dee", (1, F(111, 2), 10), (2, F(241, 4), 11))
    (standing,) = standings([dee], Rule("average", minimum=2))
    assert standing.value == F(463, 8)


def test_the_total_adds_every_sessions_matchpoints():
    # Ann 30 + 25 + 35 = 90; Bob 39 + 33 = 72; Cy 36.
    assert table(standings(FIELD, Rule("total"))) == [
        ("1", "Ann", 90),
        ("2", "Bob", 72),
        ("3", "Cy", 36),
    ]


def test_the_total_counts_a_session_without_a_percentage():
    # Session 2 gave no percentage (every board had a top of 0): 0 MP still counts for the
    # total, but for no percentage rule.
    eve = entrant("Eve", (1, 50, F(25, 2)), (2, None, 0))
    assert entrant_value(eve, Rule("total")) == (F(25, 2), frozenset({1, 2}))
    assert entrant_value(eve, Rule("average")) == (50, frozenset({1}))
    assert entrant_value(eve, Rule("best", best=2)) == (50, frozenset({1}))


def test_an_entrant_without_any_percentage_is_listed_unranked():
    nobody = entrant("Nil", (1, None, 0))
    result = standings([nobody, CY], Rule("best", best=2))
    assert table(result) == [("1", "Cy", 72), ("", "Nil", None)]


def test_three_way_ties_skip_the_places_they_take():
    # 50, 50, 50, 40 -> 1=, 1=, 1=, 4; listed by name.
    field = [
        entrant(n, (1, pct, 0)) for n, pct in [("Zed", 50), ("Al", 50), ("Mo", 40), ("Di", 50)]
    ]
    assert [(s.place, s.entrant.name) for s in standings(field, Rule("best", best=1))] == [
        ("1=", "Al"),
        ("1=", "Di"),
        ("1=", "Zed"),
        ("4", "Mo"),
    ]


def test_an_exact_difference_beyond_rounding_decides():
    # 149/268 = 55.597% beats 154/277 = 55.596%, though both print 55.60% (rules §6.4).
    high = entrant("High", (1, F(14900, 268), 149))
    low = entrant("Low", (1, F(15400, 277), 154))
    assert [s.place for s in standings([low, high], Rule("average"))] == ["1", "2"]
    assert [s.entrant.name for s in standings([low, high], Rule("average"))] == ["High", "Low"]


def test_of_equal_percentages_the_earlier_session_counts():
    dup = entrant("Dup", (3, 60, 1), (1, 60, 2), (2, 40, 3))
    assert entrant_value(dup, Rule("best", best=1)) == (60, frozenset({1}))


def test_two_scores_in_one_session_are_refused():
    twice = entrant("Twice", (1, 50, 1), (1, 60, 2))
    with pytest.raises(ValueError, match="Twice has two scores in one session"):
        standings([twice], Rule("total"))


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (dict(kind="best", best=0), "best N of M needs N of 1 or more"),
        (dict(kind="average", minimum=0), "minimum number of sessions is 1 or more"),
        (dict(kind="median"), "Unknown rule 'median'"),
    ],
)
def test_a_rule_that_cannot_rank_is_refused(rule, message):
    with pytest.raises(ValueError, match=message):
        Rule(**rule)


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        (Rule("best", best=2), "best 2 of 3 percentages, added"),
        (Rule("average", minimum=2), "average percentage (ranked from 2 sessions on)"),
        (Rule("average", minimum=1), "average percentage (ranked from 1 session on)"),
        (Rule("total"), "total matchpoints"),
    ],
)
def test_it_describes_the_rule(rule, words):
    assert rule.describe(3) == words


def test_shared_places():
    assert [shared_place(1, 1), shared_place(2, 2), shared_place(2, 3, "range")] == [
        "1",
        "2=",
        "2/4",
    ]
