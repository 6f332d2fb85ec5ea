"""The engine at speed, exactly: each distinct score of a board valued once, totals added up in
whole numbers of one common denominator, the board of table results scored by its own path
giving what the general path gives (issue 15)."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sessions_app.scoring import EventInput, SectionEntry, Traveller, played, score_session
from tests.scoring.real_lines import score_real_lines

from .test_properties import NS_SCORES

# Board 1, E = 4 but 3 results: 420, 420, 170. Among themselves 420 earns 2·1 + 2 - 1 = 3 (EW 1)
# and 170 earns 0 (EW 4) on the top 4; factored (M + 1)·4/3 - 1 to the top 6:
# 3 -> 13/3, 1 -> 5/3, 0 -> 1/3, 4 -> 17/3.
BOARD_1 = Traveller(1, (played("1", "11", 420), played("2", "12", 420), played("3", "13", 170)), 4)
# Board 2, E = 5 but 2 results: 100 earns 2 (EW 0) and 50 earns 0 (EW 2) on the top 2;
# factored (M + 1)·5/2 - 1 to the top 8: 2 -> 13/2, 0 -> 3/2.
BOARD_2 = Traveller(2, (played("1", "12", 100), played("2", "11", 50)), 5)


def _results():
    return score_session(EventInput((SectionEntry("A", (BOARD_1, BOARD_2)),)))


def test_a_factored_board_values_each_distinct_score_once():
    lines = _results().section("A").board(1).lines
    assert [(s.points_ns, s.points_ew) for s in lines] == [
        (Fraction(13, 3), Fraction(5, 3)),
        (Fraction(13, 3), Fraction(5, 3)),
        (Fraction(1, 3), Fraction(17, 3)),
    ]
    # the two 420s share one value: 1,000 tables with a dozen distinct scores make a dozen
    # fractions, not 2,000
    assert lines[0].points_ns is lines[1].points_ns
    assert lines[0].points_ew is lines[1].points_ew


def test_totals_over_boards_factored_differently_are_exact():
    scores = _results().scores
    # pair 1: 13/3 (board 1, NS 420) + 13/2 (board 2, NS 100) = 26/6 + 39/6 = 65/6 on 6 + 8
    one = scores[("A", "1")]
    assert (one.points, one.top, one.boards) == (Fraction(65, 6), 14, 2)
    assert one.percentage == Fraction(65, 6) * 100 / 14 == Fraction(1625, 21)  # 77.38%
    # pair 11: 5/3 (board 1, EW against 420) + 13/2 (board 2, EW against 50) = 49/6
    assert scores[("A", "11")].points == Fraction(49, 6)
    # pair 13: 17/3 on board 1 only; pair 2: 13/3 + 3/2 = 35/6
    assert (scores[("A", "13")].points, scores[("A", "13")].top) == (Fraction(17, 3), 6)
    assert scores[("A", "2")].points == Fraction(35, 6)


def test_totals_stay_whole_numbers_when_every_value_is():
    # E = A on both boards of a 2-table event: nothing is factored, every total an int
    lines = (played("1", "11", 420), played("2", "12", 170))
    event = EventInput((SectionEntry("A", (Traveller(1, lines), Traveller(2, lines))),))
    scores = score_session(event).scores
    assert scores[("A", "1")].points == 4 and type(scores[("A", "1")].points) is int
    assert scores[("A", "12")].points == 4 and type(scores[("A", "12")].points) is int


@settings(max_examples=60)
@given(
    st.lists(st.sampled_from(NS_SCORES), min_size=1, max_size=12),
    st.integers(min_value=0, max_value=4),
)
def test_a_board_of_table_results_scores_as_the_general_path_does(ns_scores, more):
    # The same results once as table results of group 0 (the board's own path: one value a
    # distinct score) and once all in fouled-board group 1 (the general path, line by line):
    # one group either way, so every value must be the same.
    expected = len(ns_scores) + more
    plain = [played(str(i + 1), str(i + 101), score) for i, score in enumerate(ns_scores)]
    general = [played(str(i + 1), str(i + 101), s, group=1) for i, s in enumerate(ns_scores)]
    assert score_real_lines(plain, expected) == score_real_lines(general, expected)
