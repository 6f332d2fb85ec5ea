"""The published examples of docs/rules.md §9 (items 1-8), through the public engine.

They were published by others, so they check the engine against numbers it did not produce.
Matchpoints are exact on the 2/1 scale; where a source prints rounded values the exact value is
written out and its rounding compared with the published figure.
"""

from fractions import Fraction

import pytest

from sessions_app.scoring import (
    EventInput,
    SectionEntry,
    Settings,
    Traveller,
    played,
    score_session,
    split,
)
from sessions_app.scoring.contract import ns_score, parse_contract
from sessions_app.scoring.matchpoints import matchpoints, neuberg
from tests.scoring.real_lines import score_real_lines


def _score_board(lines, *, expected=None, settings=None, scale="2/1"):
    """Score a one-board session; returns the results and its scored lines."""
    event = EventInput(
        sections=(SectionEntry("A", (Traveller(1, tuple(lines), expected),)),),
        settings=settings or Settings(),
        scale=scale,
    )
    results = score_session(event)
    return results, results.section("A").board(1).lines


def _one_decimal(value):
    return round(Fraction(value), 1)


# docs/rules.md §9.1, Pagat board 1 (None vul): NS-EW, contract, declarer, tricks, NS score,
# NS/EW MP.
PAGAT = [
    ("1", "8", "4S", "N", 10, 420, 5, 7),
    ("2", "13", "3NT", "S", 10, 430, 8, 4),
    ("3", "11", "5CX", "E", 8, 500, 12, 0),
    ("4", "9", "4S", "N", 10, 420, 5, 7),
    ("5", "14", "4S", "N", 11, 450, 10, 2),
    ("6", "12", "5S", "N", 10, -50, 0, 12),
    ("7", "10", "3S", "N", 10, 170, 2, 10),
]

# docs/rules.md §9.2, No Fear Bridge board 1 (None vul), same columns.
NO_FEAR = [
    ("1", "8", "3NT", "N", 10, 430, 6, 6),
    ("2", "9", "3NT", "S", 10, 430, 6, 6),
    ("3", "10", "4S", "N", 10, 420, 2, 10),
    ("4", "11", "3NT", "N", 11, 460, 12, 0),
    ("5", "12", "3NT", "S", 10, 430, 6, 6),
    ("6", "13", "4S", "S", 11, 450, 10, 2),
    ("7", "14", "3NT", "S", 8, -50, 0, 12),
]


@pytest.mark.parametrize("traveller", [PAGAT, NO_FEAR], ids=["pagat", "nofearbridge"])
def test_it_reproduces_a_published_traveller(traveller):
    for _, _, contract, declarer, tricks, score, _, _ in traveller:
        assert ns_score(parse_contract(contract), declarer, tricks, "None") == score
    lines = [played(ns, ew, score) for ns, ew, _, _, _, score, _, _ in traveller]
    results, scored = _score_board(lines)
    assert [(s.points_ns, s.points_ew) for s in scored] == [(row[6], row[7]) for row in traveller]
    assert all(s.top == 12 for s in scored)  # 7 results: top 2 x 6
    for ns, ew, *_, mp_ns, mp_ew in traveller:
        assert results.scores[("A", ns)].points == mp_ns
        assert results.scores[("A", ew)].points == mp_ew


def test_it_matchpoints_the_pagat_scores_with_the_plain_function():
    assert matchpoints([420, 430, 500, 420, 450, -50, 170]) == [5, 8, 12, 5, 10, 0, 2]


def test_it_reproduces_the_one_half_scale_example():
    # docs/rules.md §9.3: NS 650, 620 x4, 170 x2, 140, 110 -> 8, 5.5, 2.5, 1, 0 on the 1/½ scale.
    # On the 2/1 scale (9 results, top 16): 650 beats 8 = 16; 620 beats 4, ties 3 = 11;
    # 170 beats 2, ties 1 = 5; 140 beats 1 = 2; 110 = 0.
    scores = [650, 620, 620, 620, 620, 170, 170, 140, 110]
    lines = [played(str(i), str(i + 20), score) for i, score in enumerate(scores, start=1)]
    results, scored = _score_board(lines, scale="1/0.5")
    by_score = {s.line.score_ns: s for s in scored}
    published = {
        650: (Fraction(8), Fraction(100)),
        620: (Fraction(11, 2), Fraction(6875, 100)),
        170: (Fraction(5, 2), Fraction(3125, 100)),
        140: (Fraction(1), Fraction(25, 2)),
        110: (Fraction(0), Fraction(0)),
    }
    for score, (half_mp, pct) in published.items():
        assert results.scaled(by_score[score].points_ns) == half_mp
        assert by_score[score].pct_ns == pct
    assert results.scaled(scored[0].top) == 8  # top n - 1 on the 1/½ scale


def test_it_reproduces_the_two_one_scale_example():
    # docs/rules.md §9.4: 8 results, top 14.
    scores = [-50, 150, 120, 120, 110, -100, -50, 120]
    published = [3, 14, 10, 10, 6, 0, 3, 10]
    assert matchpoints(scores) == published
    lines = [played(str(i), str(i + 20), score) for i, score in enumerate(scores, start=1)]
    _, scored = _score_board(lines)
    assert [s.points_ns for s in scored] == published
    assert [s.points_ew for s in scored] == [14 - mp for mp in published]


# docs/rules.md §9.5: 10 results where 11 expected. Within the 10 the NS matchpoints are 18,
# 16, ..., 0; M' = (M + 1) x 11/10 - 1, e.g. 18 -> 19 x 1.1 - 1 = 19.9, 0 -> 1.1 - 1 = 0.1.
NEUBERG_SCORES = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
NEUBERG_PUBLISHED = ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]


def test_it_reproduces_the_ebu_neuberg_example_with_the_formula():
    within = matchpoints(NEUBERG_SCORES)
    assert within == [18, 16, 14, 12, 10, 8, 6, 4, 2, 0]
    factored = [neuberg(mp, 10, 11) for mp in within]
    assert factored == [Fraction(value) for value in NEUBERG_PUBLISHED]


def test_it_reproduces_the_ebu_neuberg_example_through_the_session():
    lines = [played(str(i), str(i + 20), s) for i, s in enumerate(NEUBERG_SCORES, start=1)]
    _, scored = _score_board(lines, expected=11)
    assert [s.points_ns for s in scored] == [Fraction(value) for value in NEUBERG_PUBLISHED]
    # EW: the -50 pair's opponents had M = 18 too -> 19.9; top 2 x (11 - 1) = 20
    assert [s.points_ew for s in scored] == [20 - Fraction(v) for v in NEUBERG_PUBLISHED]
    assert all(s.top == 20 for s in scored)


# docs/rules.md §9.6: E = 10, a group of 7 and a group of 3.
# Group of 7: (M + 1) x 10/7 - 1, e.g. 12 -> 130/7 - 1 = 123/7 = 17.57 -> 17.6.
# Group of 3: (M + 1) x 10/3 - 1: 4 -> 47/3 = 15.7, 2 -> 9, 0 -> 7/3 = 2.3.
FOULED_SEVEN = [
    (Fraction(123, 7), "17.6"),
    (Fraction(103, 7), "14.7"),
    (Fraction(83, 7), "11.9"),
    (Fraction(63, 7), "9.0"),
    (Fraction(43, 7), "6.1"),
    (Fraction(23, 7), "3.3"),
    (Fraction(3, 7), "0.4"),
]
FOULED_THREE = [(Fraction(47, 3), "15.7"), (Fraction(9), "9.0"), (Fraction(7, 3), "2.3")]


def _fouled_board_lines():
    # Seven distinct scores in group 0 (matchpoints 12, 10, ..., 0) and three in group 1 (4, 2, 0).
    seven = [played(str(i), str(i + 20), 700 - 100 * i, group=0) for i in range(1, 8)]
    three = [played(str(i), str(i + 20), 300 - 100 * (i - 7), group=1) for i in range(8, 11)]
    return seven + three


def test_it_reproduces_the_ebu_fouled_board_example():
    # the example predates the EBU small-group rule: plain Neuberg for both groups
    settings = Settings(small_groups=False)
    _, scored = _score_board(_fouled_board_lines(), expected=10, settings=settings)
    ns = [s.points_ns for s in scored]
    assert ns == [exact for exact, _ in FOULED_SEVEN + FOULED_THREE]
    assert [_one_decimal(mp) for mp in ns] == [Fraction(p) for _, p in FOULED_SEVEN + FOULED_THREE]
    # each group is compared only within itself: EW get the mirror image of NS in their group,
    # and each table's two sides add up to the full top 18 ((M+1)E/A - 1 + (top_A-M+1)E/A - 1)
    ew = [s.points_ew for s in scored]
    assert ew == [e for e, _ in reversed(FOULED_SEVEN)] + [e for e, _ in reversed(FOULED_THREE)]
    assert all(s.points_ns + s.points_ew == 18 for s in scored)


def test_it_factors_each_fouled_group_with_score_real_lines():
    scored = score_real_lines(_fouled_board_lines(), 10, small_groups=False)
    assert [scored[i][0] for i in range(10)] == [e for e, _ in FOULED_SEVEN + FOULED_THREE]


def test_it_applies_the_ebu_small_group_rule_to_a_group_of_three():
    # EBU White Book 4.2.3.3: A = 3 and E = 10 >= 3 x 3, so the group of three is not factored:
    # it scores 60% + (M - 2) x 5% of the full top 18: M = 4 -> 70% = 12.6, 2 -> 60% = 10.8,
    # 0 -> 50% = 9. The group of seven (7 > 10/3) is still Neuberg-factored.
    settings = Settings(small_groups=True)
    _, scored = _score_board(_fouled_board_lines(), expected=10, settings=settings)
    assert [s.points_ns for s in scored[:7]] == [exact for exact, _ in FOULED_SEVEN]
    assert [s.points_ns for s in scored[7:]] == [Fraction(63, 5), Fraction(54, 5), Fraction(9)]
    assert [s.pct_ns for s in scored[7:]] == [70, 60, 50]
    # EW of the group: M = 0, 2, 4 -> 50%, 60%, 70%; both sides of a table add up to 120%
    assert [s.pct_ew for s in scored[7:]] == [50, 60, 70]


def test_it_gives_a_group_of_two_65_and_55_percent():
    # E = 8, a group of 6 and a group of 2 (8 >= 3 x 2): the pair that wins the group of two
    # gets 65% of 14 = 9.1, the other 55% = 7.7.
    lines = [played(str(i), str(i + 20), 100 * i, group=0) for i in range(1, 7)]
    lines += [played("7", "27", 420, group=1), played("8", "28", 450, group=1)]
    _, scored = _score_board(lines, expected=8, settings=Settings(small_groups=True))
    assert [(s.pct_ns, s.pct_ew) for s in scored[6:]] == [(55, 65), (65, 55)]
    assert [(s.points_ns, s.points_ew) for s in scored[6:]] == [
        (Fraction(77, 10), Fraction(91, 10)),
        (Fraction(91, 10), Fraction(77, 10)),
    ]
    # the group of six: (M + 1) x 8/6 - 1, e.g. the top, M = 10: 11 x 4/3 - 1 = 41/3
    assert scored[5].points_ns == Fraction(41, 3)


def test_it_factors_small_groups_with_neuberg_when_e_is_below_three_a():
    # E = 5, groups of 3 and 2: 5 < 3 x 2, so the rule does not apply to either group.
    # Group of two, top result M = 2: (2 + 1) x 5/2 - 1 = 13/2.
    lines = [played(str(i), str(i + 20), 100 * i, group=0) for i in range(1, 4)]
    lines += [played("4", "24", 420, group=1), played("5", "25", 450, group=1)]
    _, scored = _score_board(lines, expected=5, settings=Settings(small_groups=True))
    assert scored[4].points_ns == Fraction(13, 2)
    assert scored[3].points_ns == Fraction(3, 2)  # M = 0: 5/2 - 1


def test_it_does_not_apply_the_small_group_rule_to_an_unfouled_board():
    # Two results on a board expected 8 times is a board played fewer times, not a fouled board:
    # Neuberg, M = 2 -> 3 x 8/2 - 1 = 11.
    lines = [played("1", "21", 420), played("2", "22", 450)]
    _, scored = _score_board(lines, expected=8, settings=Settings(small_groups=True))
    assert scored[1].points_ns == 11
    assert scored[0].points_ns == 3  # M = 0: 8/2 - 1


# docs/rules.md §9.7 (hermandw.be): NS +480, +450 x4, +420 x2, -50 x2, -100; top 18.
SPLIT_SCORES = [480, 450, 450, 450, 450, 420, 420, -50, -50, -100]


def test_it_reproduces_the_split_score_example_before_the_split():
    # 480 beats 9 = 18; 450 beats 5, ties 3 = 13; 420 beats 3, ties 1 = 7; -50 beats 1, ties 1 = 3
    assert matchpoints(SPLIT_SCORES) == [18, 13, 13, 13, 13, 7, 7, 3, 3, 0]


def test_it_reproduces_the_split_score_example():
    # One +450 table becomes -50 for NS / +450 for EW: in the frequency table the line counts ½
    # under each, so 480: 1, 450: 3½, 420: 2, -50: 2½, -100: 1.
    # 450: 2 x (2 + 2½ + 1) + 3½ - 1 = 13½; 420: 2 x 3½ + 2 - 1 = 8; -50: 2 x 1 + 2½ - 1 = 3½.
    lines = [played(str(i), str(i + 20), s) for i, s in enumerate(SPLIT_SCORES, start=1)]
    lines[1] = split("2", "22", -50, 450)
    results, scored = _score_board(lines)
    half = Fraction(1, 2)
    expected_ns = {480: 18, 450: 13 + half, 420: 8, -50: 3 + half, -100: 0}
    for s in scored:
        if s.line.ns != "2":
            assert s.points_ns == expected_ns[s.line.score_ns]
            assert s.points_ew == 18 - expected_ns[s.line.score_ns]
    # the split table: NS scored with -50 -> 3½, EW with +450 -> 18 - 13½ = 4½
    assert results.scores[("A", "2")].points == Fraction(7, 2)
    assert results.scores[("A", "22")].points == Fraction(9, 2)
    assert scored[1].line.score_ns is None and scored[1].line.score_ew == 450


# docs/rules.md §9.8 (blakjak.org "Why only 1 in 8?", John Probst): an 8-table Mitchell of 1-board
# rounds, 8 rounds, NS pairs 1-8 stationary, EW pairs 11-18 (EW pair 10 + t starts at table t) move
# up one table a round: table t meets EW pair 10 + ((t - r) mod 8) + 1 in round r.
# The article uses the 8-round *share-and-relay* Mitchell: boards move down, tables 1 and 8 share a
# board and a relay stand between tables 5 and 4 holds one, so a board travels
#     tables 1 & 8 -> 7 -> 6 -> 5 -> relay -> 4 -> 3 -> 2 -> tables 1 & 8
# and board b is at step (r - b) mod 8 of that cycle in round r. Every pair then plays every
# board exactly once, pair 1 plays board r in round r, and the travellers of boards 1 and 8 are
# the published ones (board 8: 7-17, 6-15, 5-13, 4-18, 3-16, 2-14, 1*-12, 8*-11).
# A plain "boards down one table" schedule cannot do this with 8 tables: the EW pairs would meet
# only the odd or only the even boards, each twice (why even Mitchells need a skip or a relay).
SHARE_AND_RELAY = ((1, 8), (7,), (6,), (5,), (), (4,), (3,), (2,))  # tables at each step; () relay


def _arrow_switch_event(*, switch_last_round):
    by_board = {board: [] for board in range(1, 9)}
    for rnd in range(1, 9):
        for board in range(1, 9):
            for table in SHARE_AND_RELAY[(rnd - board) % 8]:
                ns, ew = str(table), str(10 + (table - rnd) % 8 + 1)
                # pair 1 plays 1NT making 7 tricks, +90 to its side; every other table passes out
                score = 90 if table == 1 else 0
                if switch_last_round and rnd == 8:
                    ns, ew, score = ew, ns, -score  # the EW pair sits NS; pair 1 declares as EW
                by_board[board].append(played(ns, ew, score, round=rnd, table=table))
    travellers = tuple(Traveller(board, tuple(lines)) for board, lines in by_board.items())
    return EventInput(sections=(SectionEntry("A", travellers),))


def _meetings(event):
    """(round, board, NS, EW) of every line, by round."""
    return sorted(
        (line.round, traveller.board, line.ns, line.ew)
        for traveller in event.sections[0].travellers
        for line in traveller.lines
    )


def test_it_schedules_the_share_and_relay_movement_of_the_article():
    meetings = _meetings(_arrow_switch_event(switch_last_round=False))
    assert len(meetings) == 64  # 8 tables x 8 rounds; every board played 8 times (E = 8)
    for pair in [str(p) for p in range(1, 9)] + [str(p) for p in range(11, 19)]:
        boards = [board for _, board, ns, ew in meetings if pair in (ns, ew)]
        assert sorted(boards) == list(range(1, 9))  # every pair plays every board once
    assert [(board, ew) for rnd, board, ns, ew in meetings if ns == "1"] == [
        (1, "11"),
        (2, "18"),
        (3, "17"),
        (4, "16"),
        (5, "15"),
        (6, "14"),
        (7, "13"),
        (8, "12"),
    ]


def test_it_reproduces_the_published_travellers_of_boards_1_and_8():
    results = score_session(_arrow_switch_event(switch_last_round=True))
    section = results.section("A")
    # the article's travellers: pairs, then the matchpoints with the last round switched (*)
    board_one = {
        ("1", "11"): (14, 0),  # round 1: pair 1 +90 beats 7 pass-outs
        ("8", "18"): (6, 8),  # a pass-out beats nobody, ties 6
        ("7", "16"): (6, 8),
        ("6", "14"): (6, 8),
        ("5", "12"): (6, 8),
        ("4", "17"): (6, 8),
        ("3", "15"): (6, 8),
        ("13", "2"): (6, 8),  # 2*-13, switched: 13 sits NS and gets 6, 2 sits EW and gets 8
    }
    board_eight = {
        # pair 1 switched: 12 sits NS with -90, beaten by all 7 pass-outs -> 0; pair 1 gets 14
        ("12", "1"): (0, 14),
        # every pass-out beats the -90 and ties 6 -> 8 for the pair sitting NS, 6 for EW
        ("11", "8"): (8, 6),
        ("7", "17"): (8, 6),
        ("6", "15"): (8, 6),
        ("5", "13"): (8, 6),
        ("4", "18"): (8, 6),
        ("3", "16"): (8, 6),
        ("2", "14"): (8, 6),
    }
    for number, published in ((1, board_one), (8, board_eight)):
        board = section.board(number)
        assert {
            (s.line.ns, s.line.ew): (s.points_ns, s.points_ew) for s in board.lines
        } == published
        assert board.top == 14


def test_it_reproduces_the_arrow_switch_example_without_a_switch():
    # Every board: pair 1's +90 beats the 7 pass-outs -> 14; each other NS pair beats nobody and
    # ties 6 -> 6; pair 1's opponents get 0, every other EW pair 14 - 6 = 8.
    # Pair 1: 8 x 14 = 112 of 112 = 100%; pairs 2-8: 8 x 6 = 48 = 42.86%;
    # each EW pair meets pair 1 once: 7 x 8 = 56 = 50%.
    results = score_session(_arrow_switch_event(switch_last_round=False))
    scores = results.scores
    assert (scores[("A", "1")].points, scores[("A", "1")].percentage) == (112, 100)
    for pair in "2345678":
        assert scores[("A", pair)].points == 48
        assert scores[("A", pair)].percentage == Fraction(300, 7)  # 48/112 = 42.857...%
        assert round(scores[("A", pair)].percentage, 2) == Fraction("42.86")
    for pair in ("11", "12"):
        assert (scores[("A", pair)].points, scores[("A", pair)].percentage) == (56, 50)
    for pair in range(13, 19):
        assert scores[("A", str(pair))].percentage == 50
    section = results.section("A")
    assert section.winners == 2
    assert [field.direction for field in section.fields] == ["NS", "EW"]
    ns_field, ew_field = section.fields
    assert [(s.place, s.score.label) for s in ns_field.standings][:2] == [("1", "1"), ("2=", "2")]
    assert {s.place for s in ew_field.standings} == {"1="}  # eight EW pairs on 50%


def test_it_reproduces_the_arrow_switch_example_with_the_last_round_switched():
    # Max Bavin (blakjak.org, "Arrow-switching: a further proof"): the other NS pairs score 6 when
    # they sit the same way as pair 1 and 8 when they sit the other way, which they do on 2 boards
    # (their own switched round, and board 8 which pair 1 played switched): 6 x 6 + 2 x 8 = 52.
    # EW pairs: 8 on 5 boards, 6 on 2, 0 against pair 1: also 52. The lucky exceptions:
    # 12 (switched against pair 1: 0 on board 8, 8 on the other 7 = 56), 11 (0 against pair 1 in
    # round 1, 8 everywhere else, sitting NS on board 8 in round 8 = 56) and the sharer 8 (always
    # sits the way pair 1 sits: 8 x 6 = 48). Check total: 112 + 6 x 52 + 48 + 2 x 56 + 6 x 52
    # = 896 = 8 boards x 8 tables x 14.
    results = score_session(_arrow_switch_event(switch_last_round=True))
    expected = {"1": 112, "8": 48, "11": 56, "12": 56}
    expected |= {str(p): 52 for p in [*range(2, 8), *range(13, 19)]}
    assert {label: score.points for (_, label), score in results.scores.items()} == expected
    assert results.scores[("A", "1")].percentage == 100
    assert round(results.scores[("A", "2")].percentage, 2) == Fraction("46.43")  # 52/112
    # Some pairs sat both ways: one field, one winner, all 16 pairs ranked together.
    section = results.section("A")
    assert section.winners == 1
    (field,) = section.fields
    assert field.direction is None
    places = {s.score.label: s.place for s in field.standings}
    assert places == {"1": "1", "11": "2=", "12": "2=", "8": "16"} | {
        str(p): "4=" for p in [*range(2, 8), *range(13, 19)]
    }
