"""IMP pairs: the Law 78B scale, cross-IMPs and Butler, as a session's scoring method."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sessions_app.scoring import EventInput, SectionEntry, Settings, Traveller, played
from sessions_app.scoring.imps import butler_datum, discard_count, imps, score_real_lines_imps
from sessions_app.scoring.lines import artificial, not_played, split, weighted
from sessions_app.scoring.session import score_session


@pytest.mark.parametrize(
    ("difference", "expected"),
    # Each band of docs/rules.md §8.1 at both ends, and the sign.
    [
        (0, 0),
        (10, 0),
        (20, 1),
        (40, 1),
        (50, 2),
        (80, 2),
        (90, 3),
        (120, 3),
        (130, 4),
        (160, 4),
        (170, 5),
        (210, 5),
        (220, 6),
        (260, 6),
        (270, 7),
        (310, 7),
        (320, 8),
        (360, 8),
        (370, 9),
        (420, 9),
        (430, 10),
        (490, 10),
        (500, 11),
        (590, 11),
        (600, 12),
        (740, 12),
        (750, 13),
        (890, 13),
        (900, 14),
        (1090, 14),
        (1100, 15),
        (1290, 15),
        (1300, 16),
        (1490, 16),
        (1500, 17),
        (1740, 17),
        (1750, 18),
        (1990, 18),
        (2000, 19),
        (2240, 19),
        (2250, 20),
        (2490, 20),
        (2500, 21),
        (2990, 21),
        (3000, 22),
        (3490, 22),
        (3500, 23),
        (3990, 23),
        (4000, 24),
        (7600, 24),
        (-430, -10),
        (-20, -1),
        (-10, 0),
    ],
)
def test_it_follows_the_imp_scale(difference, expected):
    assert imps(difference) == expected


def _board(scores, method, discard="1"):
    lines = [played(str(i), str(i + 20), s) for i, s in enumerate(scores, start=1)]
    values, datums = score_real_lines_imps(lines, method, discard)
    return [values[i] for i in range(len(lines))], datums


def test_it_reproduces_the_published_cross_imps():
    # docs/rules.md §9.9: NS 620, 170, 140, 140, -100 -> 10.50, -0.25, -1.25, -1.25, -7.75.
    # 620: v 170 (450) 10, v 140 (480) 10 twice, v -100 (720) 12 -> 42 / 4 = 10.50.
    values, _ = _board([620, 170, 140, 140, -100], "cross_imps")
    assert [ns for ns, _ in values] == [
        Fraction(21, 2),
        Fraction(-1, 4),
        Fraction(-5, 4),
        Fraction(-5, 4),
        Fraction(-31, 4),
    ]
    assert [ew for _, ew in values] == [-ns for ns, _ in values]


def test_it_reproduces_the_published_butler():
    # docs/rules.md §9.10: -650, -170, -1440, +100, -170, -200, one discarded at each end (+100 and
    # -1440): mean of -650, -170, -170, -200 = -297.5 -> datum -300 -> -8, +4, -15, +9, +4, +3.
    values, datums = _board([-650, -170, -1440, 100, -170, -200], "butler", "1")
    assert datums == {0: -300}
    assert [ns for ns, _ in values] == [-8, 4, -15, 9, 4, 3]


@pytest.mark.parametrize(
    ("results", "discard", "count"),
    [
        (6, "1", 1),
        (6, "0", 0),
        (3, "1", 0),
        (4, "1", 1),
        (30, "5%", 2),
        (30, "10%", 3),
        (9, "5%", 0),
        (10, "5%", 1),
    ],  # 5% of 9 = 0.45 -> 0; of 10 = 0.5 -> 1 (half up)
)
def test_it_discards_as_the_setting_says(results, discard, count):
    assert discard_count(results, discard) == count


def test_it_rounds_the_datum_to_the_nearest_ten():
    assert butler_datum([420, 450], "0") == 440  # 435 -> 440, half-way away from zero
    assert butler_datum([-420, -450], "0") == -440
    assert butler_datum([100, 110, 120], "0") == 110
    assert butler_datum([0, 10], "0") == 10  # 5 -> 10


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [-1430, -620, -200, -100, -50, 0, 90, 110, 140, 170, 420, 450, 620, 660, 1430]
        ),
        min_size=2,
        max_size=12,
    )
)
def test_a_boards_cross_imps_sum_to_zero(scores):
    values, _ = _board(scores, "cross_imps")
    assert sum(ns for ns, _ in values) == 0  # each comparison counts once each way round


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-200, 200).map(lambda n: n * 10), min_size=1, max_size=12))
def test_butler_without_discards_imps_against_the_rounded_mean(scores):
    values, datums = _board(scores, "butler", "0")
    mean = Fraction(sum(scores), len(scores))
    # The rounded mean, computed here in another way: nearest multiple of 10, half away from 0.
    tens = int(abs(mean) / 10 + Fraction(1, 2))
    datum = tens * 10 * (1 if mean >= 0 else -1)
    assert datums == {0: datum}
    assert [ns for ns, _ in values] == [imps(s - datum) for s in scores]


def _session(lines, **options):
    return score_session(
        EventInput((SectionEntry("A", (Traveller(1, tuple(lines)),)),), Settings(**options))
    )


def test_it_gives_artificial_scores_three_imps():
    # Law 12C2 at IMPs: Ave+ +3, Ave 0, Ave- -3, whatever the pair's own average.
    results = _session(
        [
            played("1", "11", 420),
            played("2", "12", 450),
            artificial("3", "13", "A+", "A-"),
            artificial("4", "14", "A", "A"),
            not_played("5", "15"),
        ],
        method="butler",
        butler_discard="0",
    )
    lines = results.section("A").board(1).lines
    # Datum of 420 and 450 = 435 -> 440: 420 - 440 = -20 -> -1; 450 - 440 = 10 -> 0.
    assert [(line.points_ns, line.points_ew) for line in lines] == [
        (-1, 1),
        (0, 0),
        (3, -3),
        (0, 0),
        (None, None),
    ]
    assert results.section("A").board(1).datum == 440
    assert results.scores[("A", "5")].boards == 0 and results.scores[("A", "3")].percentage is None


def test_it_takes_a_datum_for_each_group_of_a_fouled_board():
    results = _session(
        [
            played("1", "11", 420),
            played("2", "12", 400),
            played("3", "13", 100, group=1),
            played("4", "14", 140, group=1),
        ],
        method="butler",
        butler_discard="0",
    )
    board = results.section("A").board(1)
    # Group 0: mean 410 -> datum 410, +10 / -10 -> 0 IMPs. Group 1: mean 120 -> 120, -20 / +20.
    assert board.datums == (410, 120) and board.datum is None
    assert [line.points_ns for line in board.lines] == [0, 0, -1, 1]


def test_it_ranks_pairs_by_imps_and_scales_those_with_fewer_boards_when_asked():
    travellers = (
        Traveller(1, (played("1", "11", 620), played("2", "12", 170))),  # 450 -> 10 IMPs
        Traveller(2, (played("1", "12", 110), played("2", "11", -100))),  # 210 -> 5 IMPs
        Traveller(3, (played("2", "11", 420),)),  # pair 1 missed board 3: alone, 0 IMPs
    )
    total = score_session(
        EventInput((SectionEntry("A", travellers),), Settings(method="cross_imps"))
    )
    ns = {s.score.label: (s.place, s.score.points) for s in total.section("A").fields[0].standings}
    # Pair 1: 10 + 5 = 15 in 2 boards; pair 2: -10 - 5 + 0 = -15 in 3 boards.
    assert ns == {"1": ("1", 15), "2": ("2", -15)}
    scaled = score_session(
        EventInput(
            (SectionEntry("A", travellers),), Settings(method="cross_imps", imp_totals="scaled")
        )
    )
    pair_1 = scaled.scores[("A", "1")]
    assert pair_1.points == 15 and pair_1.rank_key == Fraction(45, 2)  # 15 x 3/2


def test_it_weighs_split_and_weighted_scores_at_cross_imps():
    # A split line against two others: NS is scored with 420, EW with -50; the others compare
    # with half of each. 420 v 170 (250: 6), v 450 (-30: -1) -> 5 / 2 = 5/2 for the split NS.
    # EW of the split: -50 v 170 (-220: -6), v 450 (-500: -11) -> -17 / 2, and EW gets +17/2.
    results = _session(
        [split("1", "11", 420, -50), played("2", "12", 170), played("3", "13", 450)],
        method="cross_imps",
    )
    split_line = results.section("A").board(1).lines[0]
    assert (split_line.points_ns, split_line.points_ew) == (Fraction(5, 2), Fraction(17, 2))
    mixed = _session(
        [
            weighted("1", "11", [("0.5", 420), ("0.5", -50)]),
            played("2", "12", 170),
            played("3", "13", 450),
        ],
        method="cross_imps",
    )
    # The weighted NS pair: half of (5/2) and half of (-17/2) -> -3.
    assert mixed.section("A").board(1).lines[0].points_ns == -3
