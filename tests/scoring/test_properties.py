"""Properties of matchpointing that hold for every traveller (hypothesis).

Each property is a fact of the 2/1 scale: with n results a result beats or ties each of the
other n - 1, so NS + EW = 2(n - 1) = top on every unadjusted line; Neuberg gives each of the A
results frequency E/A, so the A factored results share what E results would.
"""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sessions_app.scoring import (
    EventInput,
    SectionEntry,
    Traveller,
    artificial,
    not_played,
    played,
    score_session,
    split,
    weighted,
)
from sessions_app.scoring.matchpoints import matchpoints, neuberg
from tests.scoring.real_lines import score_real_lines

# Realistic NS scores (every one a possible bridge score): part-scores, games, slams, penalties.
NS_SCORES = [
    -1430,
    -800,
    -650,
    -620,
    -500,
    -420,
    -300,
    -200,
    -150,
    -140,
    -110,
    -100,
    -50,
    0,
    50,
    90,
    100,
    110,
    120,
    140,
    150,
    170,
    200,
    300,
    400,
    420,
    430,
    450,
    460,
    480,
    500,
    620,
    630,
    650,
    660,
    800,
    990,
    1430,
]

scores = st.sampled_from(NS_SCORES)


def _event(boards, *, scale="2/1"):
    travellers = tuple(Traveller(number, tuple(lines)) for number, lines in boards.items())
    return EventInput(sections=(SectionEntry("A", travellers),), scale=scale)


def _lines(ns_scores):
    return [played(str(i), str(100 + i), s) for i, s in enumerate(ns_scores, start=1)]


@settings(max_examples=60)
@given(st.lists(scores, min_size=2, max_size=13))
def test_it_gives_ns_plus_ew_the_top_on_every_unadjusted_line(ns_scores):
    board = score_session(_event({1: _lines(ns_scores)})).section("A").board(1)
    top = 2 * (len(ns_scores) - 1)
    assert board.top == top
    assert all(s.points_ns + s.points_ew == top for s in board.lines)
    # the NS pairs share n(n - 1) matchpoints: each of the n(n-1)/2 comparisons hands out 2
    assert sum(s.points_ns for s in board.lines) == len(ns_scores) * (len(ns_scores) - 1)


@settings(max_examples=60)
@given(st.lists(scores, min_size=1, max_size=13, unique=True))
def test_it_gives_n_distinct_scores_0_2_and_so_on_up_to_the_top(ns_scores):
    mps = matchpoints(ns_scores)
    assert sorted(mps) == list(range(0, 2 * len(ns_scores), 2))
    # the best score gets the most: matchpoints follow the order of the scores
    assert sorted(ns_scores) == [s for _, s in sorted(zip(mps, ns_scores, strict=True))]


def _any_line(index, kind, score, other):
    ns, ew = str(index), str(100 + index)
    if kind == "played":
        return played(ns, ew, score)
    if kind == "split":
        return split(ns, ew, score, other)
    if kind == "weighted":
        return weighted(ns, ew, [(Fraction(1, 3), score), (Fraction(2, 3), other)])
    if kind == "np":
        return not_played(ns, ew)
    return artificial(ns, ew, *kind)


line_kinds = st.sampled_from(
    ["played"] * 6 + ["split", "weighted", "np", ("A+", "A-"), ("A", "A"), ("A+", "A+")]
)


@settings(max_examples=60)
@given(
    st.lists(st.tuples(line_kinds, scores, scores), min_size=2, max_size=12),
    st.randoms(use_true_random=False),
)
def test_it_does_not_depend_on_the_order_of_the_lines(specs, rnd):
    lines = [_any_line(i, *spec) for i, spec in enumerate(specs, start=1)]
    # a second board that every pair plays for real, so Law 12C2(c) has percentages to use
    second = _lines([NS_SCORES[(7 * i) % len(NS_SCORES)] for i in range(1, len(specs) + 1)])
    shuffled = lines[:]
    rnd.shuffle(shuffled)
    in_order = score_session(_event({1: lines, 2: second}))
    reordered = score_session(_event({1: shuffled, 2: list(reversed(second))}))
    assert in_order.scores == reordered.scores
    for number in (1, 2):
        first = {
            s.line: (s.points_ns, s.points_ew) for s in in_order.section("A").board(number).lines
        }
        again = {
            s.line: (s.points_ns, s.points_ew) for s in reordered.section("A").board(number).lines
        }
        assert first == again


@settings(max_examples=40)
@given(st.lists(st.tuples(line_kinds, scores, scores), min_size=2, max_size=12))
def test_it_shows_the_one_half_scale_as_exactly_half_the_two_one_scale(specs):
    lines = [_any_line(i, *spec) for i, spec in enumerate(specs, start=1)]
    full = score_session(_event({1: lines}))
    half = score_session(_event({1: lines}, scale="1/0.5"))
    for whole, halved in zip(
        full.section("A").board(1).lines, half.section("A").board(1).lines, strict=True
    ):
        for value, shown in (
            (whole.points_ns, halved.points_ns),
            (whole.points_ew, halved.points_ew),
        ):
            if value is None:
                assert half.scaled(shown) is None
            else:
                assert half.scaled(shown) * 2 == value
                assert full.scaled(value) == value
    # percentages and places do not change with the scale
    assert half.scores == full.scores
    assert half.section("A").fields == full.section("A").fields


@settings(max_examples=40)
@given(st.sampled_from([3, 5, 7]), st.data())
def test_it_averages_fifty_percent_in_each_field_of_a_complete_mitchell(tables, data):
    # An odd Mitchell, one board a round: NS t stays at table t, EW 100 + t moves up a table and
    # the boards down a table each round, so every pair plays every board once and each board n
    # times. Each board hands n(n - 1) matchpoints to the NS field of n pairs, each on a top of
    # 2(n - 1): the field's percentages average exactly 50 (and the same for EW).
    boards = {board: [] for board in range(1, tables + 1)}
    for rnd in range(1, tables + 1):
        for table in range(1, tables + 1):
            ew = 100 + (table - rnd) % tables + 1
            board = (table + rnd - 2) % tables + 1
            boards[board].append(played(str(table), str(ew), data.draw(scores)))
    section = score_session(_event(boards)).section("A")
    assert section.winners == 2
    for field in section.fields:
        assert len(field.standings) == tables
        percentages = [standing.score.percentage for standing in field.standings]
        assert sum(percentages) / len(percentages) == 50


@settings(max_examples=60)
@given(st.lists(scores, min_size=1, max_size=10), st.integers(min_value=0, max_value=6))
def test_it_factors_a_board_so_its_results_share_what_e_results_would(ns_scores, missing):
    # Σ over the A results of M' = Σ (M + 1)·E/A - A = (A(A - 1) + A)·E/A - A = A(E - 1),
    # in each direction.
    actual = len(ns_scores)
    expected = actual + missing
    factored = [neuberg(mp, actual, expected) for mp in matchpoints(ns_scores)]
    assert sum(factored) == actual * (expected - 1)
    scored = score_real_lines(_lines(ns_scores), expected)
    assert sum(ns for ns, _ in scored.values()) == actual * (expected - 1)
    assert sum(ew for _, ew in scored.values()) == actual * (expected - 1)
    assert all(ns + ew == 2 * (expected - 1) for ns, ew in scored.values())
    assert [ns for _, (ns, _) in sorted(scored.items())] == factored


@settings(max_examples=40)
@given(
    st.lists(scores, min_size=1, max_size=6),
    st.lists(scores, min_size=1, max_size=6),
    st.integers(min_value=0, max_value=3),
)
def test_it_factors_each_fouled_group_to_the_same_total(group_a, group_b, missing):
    # Every group of a fouled board is factored from its own size A to E: A(E - 1) each.
    lines = [played(str(i), str(100 + i), s, group=0) for i, s in enumerate(group_a)]
    lines += [played(str(50 + i), str(150 + i), s, group=1) for i, s in enumerate(group_b)]
    expected = len(lines) + missing
    scored = score_real_lines(lines, expected, small_groups=False)
    for group, size in ((0, len(group_a)), (1, len(group_b))):
        members = [value for index, value in scored.items() if lines[index].group == group]
        assert sum(ns for ns, _ in members) == size * (expected - 1)
