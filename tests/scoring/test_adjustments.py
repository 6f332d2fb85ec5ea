"""Adjusted scores (Law 12C), boards played fewer times, ranking and scales (docs/rules.md §3-§6).

Every expected value is worked out by hand in the comments: matchpoints on the 2/1 scale (2 per
result beaten, 1 per tie), Neuberg M' = (M + 1)·E/A - 1, artificial = percentage x 2(E - 1).
"""

from fractions import Fraction

import pytest

from sessions_app.scoring import (
    Artificial,
    EventInput,
    Line,
    SectionEntry,
    Settings,
    Traveller,
    artificial,
    not_played,
    played,
    score_session,
    split,
    weighted,
)
from sessions_app.scoring.results import percentage as pct


def _score(boards, *, settings=None, expected=None, scale="2/1"):
    """Score one section given {board: [lines]}; `expected` sets E on every traveller."""
    travellers = tuple(
        Traveller(number, tuple(lines), expected) for number, lines in boards.items()
    )
    event = EventInput(
        sections=(SectionEntry("A", travellers),), settings=settings or Settings(), scale=scale
    )
    return score_session(event)


def _by_pair(board):
    """{(NS, EW): (NS matchpoints, EW matchpoints)} of a scored board."""
    return {(s.line.ns, s.line.ew): (s.points_ns, s.points_ew) for s in board.lines}


def _mp(results, label):
    return results.scores[("A", label)].points


# Six real results and one artificial line, E = 7 (top 12): the real results are matchpointed
# among themselves (M = 0, 2, ..., 10, top 10) and factored from A = 6 to E = 7:
# M' = (M + 1)·7/6 - 1 -> 0: 1/6, 2: 5/2, 4: 29/6, 6: 43/6, 8: 19/2, 10: 71/6.
SIX_REAL = [played(str(i), str(i + 10), 100 * i) for i in range(1, 7)]
SIX_REAL_NS = [Fraction(n, 6) for n in (1, 15, 29, 43, 57, 71)]  # 5/2 = 15/6, 19/2 = 57/6


@pytest.mark.parametrize(
    ("ns_kind", "ew_kind", "ns_mp", "ew_mp"),
    [
        # 60% of 12 = 36/5 (7.2), 50% = 6, 40% = 24/5 (4.8); the sides need not balance
        ("A+", "A-", Fraction(36, 5), Fraction(24, 5)),
        ("A-", "A+", Fraction(24, 5), Fraction(36, 5)),
        ("A", "A", 6, 6),
        ("A+", "A+", Fraction(36, 5), Fraction(36, 5)),
        ("A-", "A-", Fraction(24, 5), Fraction(24, 5)),
        ("A+", "A", Fraction(36, 5), 6),
    ],
)
def test_it_values_artificial_scores_on_the_full_top_and_factors_the_real_results(
    ns_kind, ew_kind, ns_mp, ew_mp
):
    # pairs 7 and 17 play no other board, so Law 12C2(c) has nothing to go on: plain 60/50/40
    results = _score({1: [*SIX_REAL, artificial("7", "17", ns_kind, ew_kind)]})
    board = results.section("A").board(1)
    assert board.expected == 7 and board.top == 12
    scored = _by_pair(board)
    assert scored[("7", "17")] == (ns_mp, ew_mp)
    assert [scored[(str(i), str(i + 10))][0] for i in range(1, 7)] == SIX_REAL_NS
    # each real table's sides still add up to the full top: (M+1)7/6 - 1 + (11-M)7/6 - 1 = 12
    assert all(
        scored[(str(i), str(i + 10))][0] + scored[(str(i), str(i + 10))][1] == 12
        for i in range(1, 7)
    )
    assert _mp(results, "7") == ns_mp
    assert results.scores[("A", "7")].top == 12


# Three boards, NS pairs 1-3 against EW pairs 11-13, E = 3 on every board (top 4).
# Board 1: 1-11 +420, 2-12 +170, 3-13 -50 -> NS 4, 2, 0; EW 0, 2, 4.
# Board 2: 1-12 A+/A- (12 at fault); 2-13 +100, 3-11 +400: two real results factored from 2 to 3:
#          M = 2 -> 3·3/2 - 1 = 7/2, M = 0 -> 1·3/2 - 1 = 1/2: 3 gets 7/2, 11 1/2, 2 1/2, 13 7/2.
# Board 3: 2-11 A+/A- (11 at fault); 1-13 -100, 3-12 -200: 1 gets 7/2, 13 1/2, 3 1/2, 12 7/2.
# Percentages on the boards played for real (Law 12C2(c) "other boards"):
#   1: (4 + 7/2)/8 = 93.75%   12: (2 + 7/2)/8 = 68.75%   2: (2 + 1/2)/8 = 31.25%
#   11: (0 + 1/2)/8 = 6.25%
THREE_BOARDS = {
    1: [played("1", "11", 420), played("2", "12", 170), played("3", "13", -50)],
    2: [artificial("1", "12", "A+", "A-"), played("2", "13", 100), played("3", "11", 400)],
    3: [artificial("2", "11", "A+", "A-"), played("1", "13", -100), played("3", "12", -200)],
}


def test_it_applies_law_12c2c_to_artificial_scores():
    results = _score(THREE_BOARDS)
    section = results.section("A")
    # Board 2: pair 1 (93.75% > 60%) keeps its own 93.75% of 4 = 15/4 for Ave+;
    # pair 12 (68.75%, not below 40%) gets the plain Ave- 40% of 4 = 8/5.
    assert _by_pair(section.board(2))[("1", "12")] == (Fraction(15, 4), Fraction(8, 5))
    # Board 3: pair 2 (31.25%, not above 60%) gets Ave+ 60% of 4 = 12/5;
    # pair 11 (6.25% < 40%) gets its own 6.25% of 4 = 1/4 for Ave-.
    assert _by_pair(section.board(3))[("2", "11")] == (Fraction(12, 5), Fraction(1, 4))
    # Totals over the three boards (top 12):
    assert _mp(results, "1") == Fraction(45, 4)  # 4 + 15/4 + 7/2 -> 93.75% still
    assert results.scores[("A", "1")].percentage == Fraction(375, 4)
    assert _mp(results, "12") == Fraction(71, 10)  # 2 + 8/5 + 7/2
    assert _mp(results, "2") == Fraction(49, 10)  # 2 + 1/2 + 12/5
    assert _mp(results, "11") == Fraction(3, 4)  # 0 + 1/2 + 1/4 -> 6.25% still
    assert _mp(results, "3") == 4  # 0 + 7/2 + 1/2
    assert _mp(results, "13") == 8  # 4 + 7/2 + 1/2
    assert all(score.top == 12 and score.boards == 3 for score in results.scores.values())


def test_it_gives_plain_percentages_with_law_12c2c_off():
    results = _score(THREE_BOARDS, settings=Settings(law_12c2c=False))
    section = results.section("A")
    # 60% of 4 = 12/5, 40% of 4 = 8/5 whatever the pairs scored elsewhere
    assert _by_pair(section.board(2))[("1", "12")] == (Fraction(12, 5), Fraction(8, 5))
    assert _by_pair(section.board(3))[("2", "11")] == (Fraction(12, 5), Fraction(8, 5))
    assert _mp(results, "1") == Fraction(99, 10)  # 4 + 12/5 + 7/2
    assert _mp(results, "11") == Fraction(21, 10)  # 0 + 1/2 + 8/5


def test_it_never_changes_an_average_under_law_12c2c():
    # Pair 1 is on 93.75% and pair 12 on 68.75% elsewhere, but Ave is 50% = 2 for both.
    boards = dict(THREE_BOARDS)
    boards[2] = [artificial("1", "12", "A", "A"), *THREE_BOARDS[2][1:]]
    results = _score(boards)
    assert _by_pair(results.section("A").board(2))[("1", "12")] == (2, 2)


def test_it_uses_the_settings_percentages_for_artificial_scores():
    # A club that gives Ave+ 65% / Ave- 35%: 65% of 12 = 39/5, 35% = 21/5
    settings = Settings(ave_plus=Fraction(65), ave_minus=Fraction(35), law_12c2c=False)
    results = _score({1: [*SIX_REAL, artificial("7", "17", "A+", "A-")]}, settings=settings)
    scored = _by_pair(results.section("A").board(1))
    assert scored[("7", "17")] == (Fraction(39, 5), Fraction(21, 5))


def test_it_leaves_a_not_played_board_out_of_both_totals():
    # Board 1: three results and a not-played line; E = 4 (the lines of the most-played board),
    # top 6. 100, 200, 300 -> M = 0, 2, 4 within 3, factored to 4: (M + 1)·4/3 - 1 = 1/3, 3, 17/3.
    # Board 2: four +420s: each ties 3 -> 3 both ways.
    results = _score(
        {
            1: [
                played("1", "11", 100),
                played("2", "12", 200),
                played("3", "13", 300),
                not_played("4", "14"),
            ],
            2: [
                played("1", "12", 420),
                played("2", "13", 420),
                played("3", "14", 420),
                played("4", "11", 420),
            ],
        }
    )
    board = results.section("A").board(1)
    assert board.expected == 4
    assert _by_pair(board) == {
        ("1", "11"): (Fraction(1, 3), Fraction(17, 3)),
        ("2", "12"): (3, 3),
        ("3", "13"): (Fraction(17, 3), Fraction(1, 3)),
        ("4", "14"): (None, None),
    }
    for label in ("4", "14"):  # board 2 only: 3 of 6 = 50%
        score = results.scores[("A", label)]
        assert (score.points, score.top, score.boards, score.percentage) == (3, 6, 1, 50)
    score = results.scores[("A", "1")]  # 1/3 + 3 of 12
    assert (score.points, score.top, score.boards) == (Fraction(10, 3), 12, 2)


def test_it_factors_a_board_played_fewer_times():
    # Board 1 has three lines where board 2 has four: E = 4 for both, board 1 factored as above.
    results = _score(
        {
            1: [played("1", "11", 100), played("2", "12", 200), played("3", "13", 300)],
            2: [played(str(p), str(10 + p % 4 + 1), 420) for p in range(1, 5)],
        }
    )
    board = results.section("A").board(1)
    assert (board.expected, board.top) == (4, 6)
    assert [s.points_ns for s in board.lines] == [Fraction(1, 3), 3, Fraction(17, 3)]
    assert results.scores[("A", "4")].boards == 1


def test_it_uses_the_expected_count_given_for_a_traveller():
    # E = 5 given (the movement schedules the board 5 times), 3 results: (M + 1)·5/3 - 1
    results = _score(
        {1: [played("1", "11", 100), played("2", "12", 200), played("3", "13", 300)]},
        expected=5,
    )
    board = results.section("A").board(1)
    assert (board.expected, board.top) == (5, 8)
    assert [s.points_ns for s in board.lines] == [Fraction(2, 3), 4, Fraction(22, 3)]


def test_it_factors_real_results_from_a_to_e_around_artificial_and_not_played_lines():
    # Seven lines: five real, one A+/A-, one not played; E = 7, top 12. The five real results
    # (M = 0, 2, 4, 6, 8) are factored from 5 to 7: (M + 1)·7/5 - 1 -> 2/5, 16/5, 6, 44/5, 58/5.
    lines = [played(str(i), str(i + 10), 100 * i) for i in range(1, 6)]
    lines += [artificial("6", "16", "A+", "A-"), not_played("7", "17")]
    board = _score({1: lines}).section("A").board(1)
    scored = _by_pair(board)
    assert [scored[(str(i), str(i + 10))][0] for i in range(1, 6)] == [
        Fraction(2, 5),
        Fraction(16, 5),
        6,
        Fraction(44, 5),
        Fraction(58, 5),
    ]
    assert scored[("6", "16")] == (Fraction(36, 5), Fraction(24, 5))
    assert scored[("7", "17")] == (None, None)


def test_it_matchpoints_an_assigned_score_like_any_other():
    # Pagat board 1 (docs/rules.md §9.1, §5.3), table 6-12's -50 replaced by an assigned 4S= N +420:
    # NS 420, 430, 500, 420, 450, 420, 170. 420 beats 170 and ties 2 -> 4; 430 beats 4 -> 8;
    # 500 -> 12; 450 -> 10; 170 -> 0. EW get 12 minus NS.
    scores = [420, 430, 500, 420, 450, 420, 170]
    lines = [played(str(i), str(i + 10), s) for i, s in enumerate(scores, start=1)]
    lines[5] = played("6", "16", 420, contract="4S", declarer="N")
    board = _score({1: lines}).section("A").board(1)
    assert [s.points_ns for s in board.lines] == [4, 8, 12, 4, 10, 4, 0]
    assert [s.points_ew for s in board.lines] == [8, 4, 0, 8, 2, 8, 12]


def test_it_scores_a_split_assigned_score():
    # docs/rules.md §9.7 (hermandw.be), again as a session: NS +480, +450 x3, split -50 / +450,
    # +420 x2, -50 x2, -100. Frequencies 480: 1, 450: 3½, 420: 2, -50: 2½, -100: 1 (top 18).
    # The split NS pair: -50 -> 2·1 + 2½ - 1 = 3½; the split EW pair: 18 - (2·5½ + 3½ - 1) = 4½.
    scores = [480, 450, 450, 450, 420, 420, -50, -50, -100]
    lines = [played(str(i), str(i + 20), s) for i, s in enumerate(scores, start=1)]
    lines.append(split("10", "30", -50, 450))
    results = _score({1: lines})
    assert (_mp(results, "10"), _mp(results, "30")) == (Fraction(7, 2), Fraction(9, 2))
    assert _mp(results, "2") == Fraction(27, 2)  # +450: 13½
    assert _mp(results, "22") == Fraction(9, 2)
    assert _mp(results, "5") == 8  # +420: 2·3½ + 2 - 1
    assert _mp(results, "7") == Fraction(7, 2)  # -50: 3½
    assert _mp(results, "9") == 0


def test_it_keeps_a_split_score_at_the_extremes_between_bottom_and_top():
    # Three tables (top 4): +420, +400, and a split line: NS -100 (below everything), EW +620
    # (above everything, the worst for EW). Half-weights: -100: ½, 400: 1, 420: 1, 620: ½.
    # NS -100 -> 2·0 + ½ - 1 = -½ and EW +620 -> 4 - (2·2½ + ½ - 1) = -½: both are held at
    # the bottom, 0, as no pair scores less than a bottom.
    # +400 -> 2·½ + 1 - 1 = 1; +420 -> 2·1½ + 1 - 1 = 3.
    board = (
        _score({1: [played("1", "11", 420), played("2", "12", 400), split("3", "13", -100, 620)]})
        .section("A")
        .board(1)
    )
    assert [(s.points_ns, s.points_ew) for s in board.lines] == [(3, 1), (1, 3), (0, 0)]


def test_it_scores_a_weighted_score():
    # 30% of 4S= (+420) and 70% of 3NT-1 (-50), None vul, against +420, -50 and +170 (top 6).
    # Frequencies: -50: 1 + 7/10 = 17/10, 170: 1, 420: 1 + 3/10 = 13/10.
    # MP = 2·W(below) + W(same) - 1: -50 -> 17/10 - 1 = 7/10; 170 -> 2·17/10 + 1 - 1 = 17/5;
    # 420 -> 2·27/10 + 13/10 - 1 = 57/10.
    # Weighted NS pair: 3/10 · 57/10 + 7/10 · 7/10 = 171/100 + 49/100 = 11/5;
    # its EW pair: 3/10 · (6 - 57/10) + 7/10 · (6 - 7/10) = 9/100 + 371/100 = 19/5.
    lines = [
        weighted("1", "11", [(Fraction(3, 10), 420), (Fraction(7, 10), -50)]),
        played("2", "12", 420),
        played("3", "13", -50),
        played("4", "14", 170),
    ]
    board = _score({1: lines}).section("A").board(1)
    assert _by_pair(board) == {
        ("1", "11"): (Fraction(11, 5), Fraction(19, 5)),
        ("2", "12"): (Fraction(57, 10), Fraction(3, 10)),
        ("3", "13"): (Fraction(7, 10), Fraction(53, 10)),
        ("4", "14"): (Fraction(17, 5), Fraction(13, 5)),
    }
    # the NS pairs share 4·3 = 12 matchpoints, as on any board of four results
    assert sum(s.points_ns for s in board.lines) == 12


def test_it_rejects_weights_that_do_not_add_up_to_one():
    with pytest.raises(ValueError):
        weighted("1", "11", [(Fraction(3, 10), 420), (Fraction(6, 10), -50)])


def test_it_rejects_a_line_real_for_one_side_only():
    with pytest.raises(ValueError):
        Line("1", "11", ((1, 420),), Artificial("A+"))


@pytest.mark.parametrize(
    ("scores", "ns_places", "ew_places"),
    [
        # 500 -> 6, 420 x2 -> 3 each, -50 -> 0 (top 6): docs/rules.md §6.4 "1", "2=", "2=", "4"
        ([500, 420, 420, -50], ["1", "2=", "2=", "4"], ["4", "2=", "2=", "1"]),
        # 420 x2 -> 5, 170 -> 2, -50 -> 0
        ([420, 420, 170, -50], ["1=", "1=", "3", "4"], ["3=", "3=", "2", "1"]),
        # everybody ties: 3 each
        ([420, 420, 420, 420], ["1="] * 4, ["1="] * 4),
        ([100, 200, 300, 400], ["4", "3", "2", "1"], ["1", "2", "3", "4"]),
    ],
)
def test_it_ranks_by_exact_percentage_with_shared_places(scores, ns_places, ew_places):
    lines = [played(str(i), str(i + 10), s) for i, s in enumerate(scores, start=1)]
    section = _score({1: lines}).section("A")
    assert section.winners == 2
    ns_field, ew_field = section.fields
    assert (ns_field.direction, ew_field.direction) == ("NS", "EW")
    assert {s.score.label: s.place for s in ns_field.standings} == {
        str(i): place for i, place in enumerate(ns_places, start=1)
    }
    assert {s.score.label: s.place for s in ew_field.standings} == {
        str(i + 10): place for i, place in enumerate(ew_places, start=1)
    }
    # standings are listed best first
    percentages = [s.score.percentage for s in ns_field.standings]
    assert percentages == sorted(percentages, reverse=True)


def test_it_ranks_pairs_by_their_percentage_over_the_boards_they_played():
    # Board 1 (E = 4 from board 2): 100, 200, 300 -> 1/3, 3, 17/3 (see the not-played test);
    # board 2: 1-12 +420 (6), 2-13 +170 (4), 3-14 -50 (2), 4-11 -100 (0) -> pair 1: 1/3 + 6 = 19/3
    # = 52.78%, pair 2: 3 + 4 = 7 = 58.33%, pair 3: 17/3 + 2 = 23/3 = 63.89%.
    results = _score(
        {
            1: [played("1", "11", 100), played("2", "12", 200), played("3", "13", 300)],
            2: [
                played("1", "12", 420),
                played("2", "13", 170),
                played("3", "14", -50),
                played("4", "11", -100),
            ],
        }
    )
    ns_field = results.section("A").fields[0]
    assert [(s.place, s.score.label) for s in ns_field.standings] == [
        ("1", "3"),  # 23/3 of 12 = 63.89%
        ("2", "2"),  # 7 of 12 = 58.33%
        ("3", "1"),  # 19/3 of 12 = 52.78%
        ("4", "4"),  # 0 of 6 = 0%
    ]
    assert results.scores[("A", "3")].percentage == Fraction(575, 9)  # 23/3 · 100/12


@pytest.mark.parametrize(
    ("mp", "top", "percentage"),
    [
        (9, 12, 75),  # 9 of 12
        (Fraction(45, 4), 12, Fraction(375, 4)),  # 93.75%
        (48, 112, Fraction(300, 7)),  # 42.857...%
        (0, 14, 0),
    ],
)
def test_it_computes_a_session_percentage_as_total_over_top(mp, top, percentage):
    assert pct(mp, top) == percentage


def test_it_has_no_percentage_without_a_top():
    assert pct(0, 0) is None
    assert pct(None, 12) is None


def test_it_shows_the_one_half_scale_as_exactly_half():
    # Weighted board above: 2/1 values 11/5, 57/10, 7/10, 17/5 -> 11/10, 57/20, 7/20, 17/10
    lines = [
        weighted("1", "11", [(Fraction(3, 10), 420), (Fraction(7, 10), -50)]),
        played("2", "12", 420),
        played("3", "13", -50),
        played("4", "14", 170),
    ]
    full = _score({1: lines})
    half = _score({1: lines}, scale="1/0.5")
    assert half.scale == "1/0.5"
    half_board = half.section("A").board(1)
    assert [half.scaled(s.points_ns) for s in half_board.lines] == [
        Fraction(11, 10),
        Fraction(57, 20),
        Fraction(7, 20),
        Fraction(17, 10),
    ]
    assert half.scaled(half_board.top) == 3  # top n - 1
    assert half.scaled(None) is None
    # the scale is display only: stored values, percentages and places are identical
    assert half.scores == full.scores
    assert half.section("A").fields == full.section("A").fields
    assert [full.scaled(s.points_ns) for s in full.section("A").board(1).lines] == [
        Fraction(11, 5),
        Fraction(57, 10),
        Fraction(7, 10),
        Fraction(17, 5),
    ]
