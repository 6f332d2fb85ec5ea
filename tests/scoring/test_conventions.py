"""The scoring conventions a session chooses (docs/rules.md §4.4, §4.5, §5.8, §6.4, §6.5),
each against a small example worked out by hand in the comments. Matchpoints on the 2/1 scale.
"""

from fractions import Fraction

from sessions_app.scoring import (
    EventInput,
    PairScore,
    SectionEntry,
    Settings,
    Traveller,
    artificial,
    not_played,
    played,
    score_session,
    split,
)
from sessions_app.scoring.ranking import places

# Two boards, each expected 4 times (NS pairs 1-4 against EW pairs 11-14, two fields).
# Board 1: NS 420, 450, 400, 430 -> NS 2, 6, 0, 4 and EW 4, 0, 6, 2 (top 6).
# Board 2: NS 100, 110, 140 at tables 1-3 -> among the three, NS 0, 2, 4 and EW 4, 2, 0 (top 4);
# table 4 (pairs 4 and 14) is `fourth`: not played, or an artificial score.
BOARD_1 = (420, 450, 400, 430)
BOARD_2 = (100, 110, 140)


def _event(fourth=None, **settings) -> EventInput:
    board_1 = tuple(played(str(t), str(10 + t), s) for t, s in enumerate(BOARD_1, start=1))
    board_2 = tuple(played(str(t), str(10 + t), s) for t, s in enumerate(BOARD_2, start=1))
    board_2 += (fourth or not_played("4", "14"),)
    section = SectionEntry("A", (Traveller(1, board_1, 4), Traveller(2, board_2, 4)))
    return EventInput(sections=(section,), settings=Settings(**settings))


def _line(results, board, ns):
    return next(s for s in results.section("A").board(board).lines if s.line.ns == ns)


# docs/rules.md §5.8 — split scores matchpointed twice. hermandw.be's board (§9.7): NS +480,
# +450 x4, +420 x2, -50 x2, -100, top 18; table 2 (pairs 2 and 22) is split: NS -50, EW +450.
HERMAN = [480, 450, 450, 450, 450, 420, 420, -50, -50, -100]


def _herman(**settings):
    lines = [played(str(i), str(i + 20), s) for i, s in enumerate(HERMAN, start=1)]
    lines[1] = split("2", "22", -50, 450)
    event = EventInput((SectionEntry("A", (Traveller(1, tuple(lines)),)),), Settings(**settings))
    return score_session(event)


def test_it_matchpoints_a_split_board_twice():
    # NS comparison, the split table at its NS score -50: 480: 1, 450: 3, 420: 2, -50: 3, -100: 1
    #   480 -> 2·9 + 1 - 1 = 18; 450 -> 2·6 + 3 - 1 = 14; 420 -> 2·4 + 2 - 1 = 9;
    #   -50 -> 2·1 + 3 - 1 = 4; -100 -> 0.
    # EW comparison, the split table at its EW score +450: the board as played (§9.7):
    #   480: 18, 450: 13, 420: 7, -50: 3, -100: 0, so EW get 18 minus those: 0, 5, 11, 15, 18.
    results = _herman(split_scores="twice")
    expected = {480: (18, 0), 450: (14, 5), 420: (9, 11), -50: (4, 15), -100: (0, 18)}
    for scored in results.section("A").board(1).lines:
        if scored.line.ns != "2":
            assert (scored.points_ns, scored.points_ew) == expected[scored.line.score_ns]
    assert results.scores[("A", "2")].points == 4  # -50 among the NS scores
    assert results.scores[("A", "22")].points == 5  # +450 among the EW scores: 18 - 13


def test_it_keeps_the_half_weight_method_by_default():
    # §9.7: counted ½ under each score, NS 2 gets 3½ and EW 22 gets 18 - 13½ = 4½.
    results = _herman()
    assert results.scores[("A", "2")].points == Fraction(7, 2)
    assert results.scores[("A", "22")].points == Fraction(9, 2)


def test_a_board_without_a_split_scores_the_same_both_ways():
    # Both comparisons then hold the same scores: board 1 NS 2, 6, 0, 4 and EW 4, 0, 6, 2.
    twice = score_session(_event(split_scores="twice")).section("A").board(1).lines
    assert [(s.points_ns, s.points_ew) for s in twice] == [(2, 4), (6, 0), (0, 6), (4, 2)]


# docs/rules.md §4.4 — E per board (online events).
def test_it_scores_each_board_among_its_own_results():
    # Board 2 has 3 results: E = 3, top 4, no factoring: NS 1 gets 0, NS 3 gets 4.
    # Pair 1: 2 + 0 = 2 of 6 + 4 = 10 -> 20%. Pair 11: 4 + 4 = 8 of 10 -> 80%.
    results = score_session(_event(expected_from="board"))
    board = results.section("A").board(2)
    assert board.expected == 3 and board.top == 4
    assert (_line(results, 2, "3").points_ns, _line(results, 2, "3").top) == (4, 4)
    pair_1, pair_11 = results.scores[("A", "1")], results.scores[("A", "11")]
    assert (pair_1.points, pair_1.top, pair_1.percentage) == (2, 10, 20)
    assert (pair_11.points, pair_11.top, pair_11.percentage) == (8, 10, 80)


def test_e_from_the_movement_factors_the_same_board():
    # E = 4, top 6: Neuberg (M + 1)·4/3 - 1: 0 -> 1/3, 4 -> 17/3. Pair 1: 2 + 1/3 = 7/3 of 12.
    results = score_session(_event())
    assert _line(results, 2, "3").points_ns == Fraction(17, 3)
    assert results.scores[("A", "1")].points == Fraction(7, 3)
    assert results.scores[("A", "1")].top == 12


def test_an_artificial_score_per_board_is_a_share_of_that_boards_top():
    # Table 4 of board 2 gets A+/A- (Law 12C2(c) off). Per board: E = 3 real results, top 4:
    # NS 4 gets 60% of 4 = 12/5, EW 14 gets 40% of 4 = 8/5. From the movement: top 6 -> 18/5 and
    # 12/5.
    fourth = artificial("4", "14", "A+", "A-")
    per_board = score_session(_event(fourth, expected_from="board", law_12c2c=False))
    line = _line(per_board, 2, "4")
    assert (line.points_ns, line.points_ew, line.top) == (Fraction(12, 5), Fraction(8, 5), 4)
    movement = score_session(_event(fourth, law_12c2c=False))
    line = _line(movement, 2, "4")
    assert (line.points_ns, line.points_ew, line.top) == (Fraction(18, 5), Fraction(12, 5), 6)


# docs/rules.md §4.5 — unfactored line matchpoints, the pair's total scaled.
def test_it_scales_the_total_of_unfactored_matchpoints():
    # Board 2's lines keep their matchpoints among 3 on a top of 4 (NS 3: 4 of 4).
    # Pair 1: 2 + 0 = 2 earned on tops 6 + 4 = 10 -> 20%; the full tops of those boards are
    # 6 + 6 = 12, so its total is shown as 2 × 12/10 = 12/5 of 12.
    # Pair 3: 0 + 4 = 4 of 10 -> 40%, shown 4 × 12/10 = 24/5. Pair 11: 4 + 4 = 8 -> 80%, 48/5.
    # Pair 4 did not play board 2: 4 of 6 -> 66.67%, 4 of 6 (nothing to scale).
    results = score_session(_event(factoring="total"))
    line = _line(results, 2, "3")
    assert (line.points_ns, line.points_ew, line.top) == (4, 0, 4)
    scores = results.scores
    assert (scores[("A", "1")].points, scores[("A", "1")].top) == (Fraction(12, 5), 12)
    assert scores[("A", "1")].percentage == 20
    assert (scores[("A", "3")].points, scores[("A", "3")].percentage) == (Fraction(24, 5), 40)
    assert (scores[("A", "11")].points, scores[("A", "11")].percentage) == (Fraction(48, 5), 80)
    assert (scores[("A", "4")].points, scores[("A", "4")].top) == (4, 6)


def test_neuberg_gives_a_different_percentage_on_the_same_boards():
    # Pair 3 with Neuberg: 0 + 17/3 = 17/3 of 12 = 47.22%, against 40% unfactored.
    results = score_session(_event())
    assert results.scores[("A", "3")].percentage == Fraction(17 * 100, 3 * 12)


# docs/rules.md §6.5 — totals scaled to the full number of boards.
def test_it_scales_totals_to_the_full_number_of_boards():
    # The largest top of the section is 12 (two boards). Pair 4 played only board 1: 4 of 6 =
    # 66.67% -> scaled 4 × 12/6 = 8. Pair 14 (EW, board 1 only): 2 of 6 -> 4. Pair 1 played both:
    # 7/3 of 12, scaled 7/3 (unchanged).
    results = score_session(_event(scaled_totals=True))
    assert results.scores[("A", "4")].scaled == 8
    assert results.scores[("A", "14")].scaled == 4
    assert results.scores[("A", "1")].scaled == Fraction(7, 3)
    assert score_session(_event()).scores[("A", "4")].scaled is None  # off by default


# docs/rules.md §6.4 — ties written as the places they share.
def _score(label, pct):
    return PairScore("A", label, 0, 0, 0, Fraction(pct))


def test_it_writes_ties_as_the_places_they_share():
    scores = [_score("1", 60), _score("2", 55), _score("3", 55), _score("4", 55), _score("5", 40)]
    assert [s.place for s in places(scores, "range")] == ["1", "2/4", "2/4", "2/4", "5"]
    assert [s.place for s in places(scores)] == ["1", "2=", "2=", "2=", "5"]


def test_a_session_writes_its_ties_as_it_is_set():
    # Pagat's board (§9.1): NS 1 and 4 tie on 5 (4th and 5th); EW 8 and 9 tie on 7 (3rd, 4th).
    pagat = [(1, 8, 420), (2, 13, 430), (3, 11, 500), (4, 9, 420), (5, 14, 450), (6, 12, -50)]
    lines = tuple(played(str(ns), str(ew), s) for ns, ew, s in [*pagat, (7, 10, 170)])
    event = EventInput((SectionEntry("A", (Traveller(1, lines),)),), Settings(tie_places="range"))
    ns, ew = score_session(event).section("A").fields
    assert [(s.score.label, s.place) for s in ns.standings][3:5] == [("1", "4/5"), ("4", "4/5")]
    assert [(s.score.label, s.place) for s in ew.standings][2:4] == [("8", "3/4"), ("9", "3/4")]
