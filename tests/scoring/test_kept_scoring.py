"""A session scored again after each change, building on what its last scoring kept
(scoring/kept.py), gives exactly the figures of a whole re-score — after any sequence of edits,
at matchpoints on either scale (Neuberg, unfactored totals, E from the board), at cross-IMPs and
Butler, per section and across the field, with every kind of ruling (hypothesis).
"""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sessions_app.scoring import (
    EventInput,
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
from sessions_app.scoring.session import score_session_kept
from tests.scoring.test_properties import NS_SCORES

SECTIONS = ("A", "B")
BOARDS = (1, 2, 3)
TABLES = 5  # pairs 1-5 NS, 101-105 EW in each section


def _line(table, kind, score, other, group):
    ns, ew = str(table), str(100 + table)
    details = {"group": group}
    if kind == "played":
        return played(ns, ew, score, **details)
    if kind == "split":
        return split(ns, ew, score, other, **details)
    if kind == "weighted":
        return weighted(ns, ew, [(Fraction(1, 3), score), (Fraction(2, 3), other)], **details)
    if kind == "np":
        return not_played(ns, ew, **details)
    return artificial(ns, ew, *kind, **details)


kinds = st.sampled_from(
    ["played"] * 8 + ["split", "weighted", "np", ("A+", "A-"), ("A", "A"), ("A-", "A-")]
)
lines = st.builds(
    _line,
    st.integers(1, TABLES),
    kinds,
    st.sampled_from(NS_SCORES),
    st.sampled_from(NS_SCORES),
    st.sampled_from([0] * 5 + [1]),  # now and then a fouled board's second group (Law 87)
)
# An edit: the section and board it is on, and what it does there: put a line at its table
# (a new line, or a correction of the table's line), take the table's line away, or take
# the whole traveller away.
edits = st.tuples(
    st.sampled_from(SECTIONS),
    st.sampled_from(BOARDS),
    st.one_of(
        st.tuples(st.just("put"), lines),
        st.tuples(st.just("remove"), st.integers(1, TABLES)),
        st.just(("drop", None)),
    ),
)
scorings = st.builds(
    Settings,
    across_the_field=st.booleans(),
    method=st.sampled_from(["mp", "mp", "cross_imps", "butler"]),
    factoring=st.sampled_from(["neuberg", "neuberg", "total"]),
    expected_from=st.sampled_from(["movement", "movement", "board"]),
    split_scores=st.sampled_from(["half", "twice"]),
    imp_totals=st.sampled_from(["sum", "scaled"]),
    scaled_totals=st.booleans(),
    overall_ranking=st.sampled_from(["off", "on"]),
)


def _event(state, scoring, scale, expected):
    return EventInput(
        sections=tuple(
            SectionEntry(
                name,
                tuple(
                    Traveller(board, state[(name, board)], expected)
                    for board in BOARDS
                    if (name, board) in state
                ),
            )
            for name in SECTIONS
        ),
        settings=scoring,
        scale=scale,
    )


def _apply(state, edit):
    """The travellers after `edit`: only the traveller it touches is a new tuple, as the
    database's reader gives only a changed board's lines anew."""
    name, board, (action, what) = edit
    key = (name, board)
    current = state.get(key, ())
    if action == "drop":
        state.pop(key, None)
        return
    table = what.ns if action == "put" else str(what)
    kept = tuple(line for line in current if line.ns != table)
    changed = (*kept, what) if action == "put" else kept
    if changed:
        state[key] = tuple(sorted(changed, key=lambda line: int(line.ns)))
    else:
        state.pop(key, None)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(edits, min_size=4, max_size=12),
    st.lists(edits, min_size=1, max_size=10),
    scorings,
    st.sampled_from(["2/1", "1/0.5"]),
    st.sampled_from([None, 5]),
)
def test_rescoring_after_each_edit_gives_a_whole_re_score_s_figures(
    start, changes, scoring, scale, expected
):
    state: dict = {}
    for edit in start:
        _apply(state, edit)
    _, kept = score_session_kept(_event(state, scoring, scale, expected), None)
    for edit in changes:
        _apply(state, edit)
        event = _event(state, scoring, scale, expected)
        results, kept = score_session_kept(event, kept)
        assert results == score_session(event)


def test_an_unchanged_board_is_taken_as_it_was_and_a_changed_one_scored_anew():
    """Two boards of five tables; board 2's line at table 3 corrected from +420 to +450:
    board 1's scored traveller is the very object kept, board 2's is new, with table 3's NS
    now on top (8 of 8: +450 beats the four others' +420, +420, +400, -50)."""
    board_1 = tuple(
        played(str(t), str(100 + t), s) for t, s in zip(range(1, 6), NS_SCORES[:5], strict=True)
    )
    board_2 = tuple(
        played(str(t), str(100 + t), s)
        for t, s in zip(range(1, 6), (420, 420, 420, 400, -50), strict=True)
    )
    before = EventInput((SectionEntry("A", (Traveller(1, board_1), Traveller(2, board_2))),))
    first, kept = score_session_kept(before, None)
    corrected = (*board_2[:2], played("3", "103", 450), *board_2[3:])
    after = EventInput((SectionEntry("A", (Traveller(1, board_1), Traveller(2, corrected))),))
    second, _ = score_session_kept(after, kept)
    assert second.section("A").board(1) is first.section("A").board(1)
    assert second.section("A").board(2) is not first.section("A").board(2)
    assert second.section("A").board(2).lines[2].points_ns == 8
    assert second == score_session(after)
    # On board 2 before, each +420 beat +400 and -50 (2 + 2) and tied the two other +420s
    # (1 + 1): 6. After, table 3's +450 beats all four: 8; table 1's +420 beats +400 and -50
    # (4), ties table 2 (1) and loses to +450 (0): 5. Board 1 gives each the same as before.
    assert first.section("A").board(2).lines[2].points_ns == 6
    assert second.scores[("A", "3")].points == first.scores[("A", "3")].points - 6 + 8
    assert second.scores[("A", "1")].points == first.scores[("A", "1")].points - 6 + 5
