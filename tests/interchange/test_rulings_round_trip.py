"""Every kind of traveller line, through every file clubscorer writes and back (issue 12,
item 5): the travellers CSV (with its names file), PBN and USEBIO, each imported again by its
own command. What must come back is what the director entered — each line's ruling as typed
(`Ruling.text`), its fouled-board group and its reason — and every figure: each line's
matchpoints and each pair's total, top, percentage and place, exact.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sessions_app.core.results import session_results
from sessions_app.models import Result, Session
from sessions_app.scoring.rulings import KINDS
from sessions_app.scoring.traveller_line import ruling_of
from tests.conftest import export, run

from .conftest import results_without_ids, through_csv, through_pbn, through_usebio

THROUGH = [
    pytest.param(through_csv, id="travellers-csv"),
    pytest.param(through_pbn, id="pbn"),
    pytest.param(through_usebio, id="usebio"),
]


def stored_lines(session_id: int) -> dict:
    """What the director entered on each line: (ruling as typed, fouled-board group, reason)
    by (section, board, NS pair, EW pair)."""
    rows = Result.objects.filter(board__session_id=session_id).select_related(
        "section", "board", "ns", "ew"
    )
    return {
        (row.section.name, row.board.number, row.ns.label, row.ew.label): (
            ruling_of(row).text,
            row.foul_group,
            row.reason,
        )
        for row in rows
    }


def figures(session_id: int) -> tuple[dict, dict]:
    """Every line's matchpoints and every pair's total, top, percentage, place and field,
    exact (Fractions), as the engine gives them."""
    results = session_results(Session.objects.get(pk=session_id))
    lines = {
        (section.name, board.number, scored.line.ns, scored.line.ew): (
            scored.points_ns,
            scored.points_ew,
            scored.top,
        )
        for section in results.sections
        for board in section.boards
        for scored in board.lines
    }
    pairs = {
        (section.name, standing.score.label): (
            standing.score.points,
            standing.score.top,
            standing.score.percentage,
            standing.place,
            field.direction,
        )
        for section in results.sections
        for field in section.fields
        for standing in field.standings
    }
    return lines, pairs


@pytest.mark.django_db
def test_it_builds_a_session_with_every_kind_of_line(every_ruling):
    rows = list(Result.objects.filter(board__session=every_ruling))
    rulings = [ruling_of(row) for row in rows]
    assert {ruling.kind for ruling in rulings} == set(KINDS)
    played = [r.outcome for r in rulings if r.kind == "played"]
    assert any(o.contract is None for o in played)  # known only by its score
    assert any(o.contract is not None and o.contract.passed_out for o in played)
    splits = [r for r in rulings if r.kind == "split"]
    assert {r.outcome.contract is None for r in splits} == {True, False}  # scores, contracts
    weights = {weight for r in rulings for weight, _ in r.weights}
    assert {Fraction(3, 10), Fraction(1, 8), Fraction(1, 3), Fraction(2, 3)} <= weights
    assert {len(r.weights) for r in rulings if r.kind == "weighted"} == {2, 3}
    assert {row.foul_group for row in rows} == {0, 1, 2}
    assert sum(1 for row in rows if row.reason) == 9


@pytest.mark.django_db
def test_it_scores_the_weighted_line_as_worked_by_hand(every_ruling):
    # Section A, board 3 (EW vulnerable), E = 3 so the top is 4 on the 2/1 scale:
    #   2 v 5: 30% of 4S= by N (+420) and 70% of 3NT-1 by S (-50)
    #   1 v 6: 4S= by N (+420);  3 v 4: 3NT= by S (+400)
    # 2 v 5: +420 ties 420 (1) and beats 400 (2) = 3; -50 beats nothing = 0
    #        -> NS 3/10 x 3 + 7/10 x 0 = 0.9, EW 4 - 0.9 = 3.1
    # 1 v 6: beats 400 (2); against 2 v 5 ties 3/10 of the time (1) and beats 7/10 (2)
    #        -> 2 + 3/10 x 1 + 7/10 x 2 = 3.7
    # 3 v 4: loses to 420 (0); beats 7/10 of 2 v 5 (2) -> 1.4. NS in all: 0.9 + 3.7 + 1.4 = 6
    lines, _ = figures(every_ruling.pk)
    assert lines[("A", 3, "2", "5")] == (Fraction(9, 10), Fraction(31, 10), 4)
    assert lines[("A", 3, "1", "6")][:2] == (Fraction(37, 10), Fraction(3, 10))
    assert lines[("A", 3, "3", "4")][:2] == (Fraction(7, 5), Fraction(13, 5))


@pytest.mark.django_db
@pytest.mark.parametrize("through", THROUGH)
def test_it_keeps_every_ruling_and_every_figure_through_a_file(tmp_path, every_ruling, through):
    original = every_ruling.pk
    copy = through(tmp_path, original)
    assert stored_lines(copy) == stored_lines(original)
    assert len(stored_lines(copy)) == 27
    assert figures(copy) == figures(original)
    assert results_without_ids(copy) == results_without_ids(original)


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["pbn", "usebio"])
def test_it_finds_the_files_published_values_agree_on_the_way_back(tmp_path, every_ruling, fmt):
    path = tmp_path / f"session.{fmt}"
    path.write_text(export(every_ruling.pk, fmt))
    output = run(f"import_{fmt}", str(path))
    assert "Imported 27 traveller lines" in output
    assert "The file's matchpoints and percentages agree with clubscorer's." in output


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "discard", "scale"),
    [
        ("cross_imps", "1", "2/1"),
        ("butler", "0", "2/1"),
        ("butler", "1", "1/0.5"),
        ("butler", "1to1", "2/1"),
        ("butler", "2", "2/1"),
        ("butler", "3", "2/1"),
        ("butler", "median", "1/0.5"),
        ("butler", "10%", "2/1"),
    ],
)
def test_it_keeps_every_figure_at_imps_through_pbn(tmp_path, every_ruling, method, discard, scale):
    # Every kind of line (played, passed out, assigned, split, weighted, artificial, not played,
    # fouled), scored at cross-IMPs or Butler with each datum: the PBN names the datum in its
    # Scoring tag (IMP;Butler-2;Mean, IMP;Butler;Median), so the copy is scored the same way.
    Session.objects.filter(pk=every_ruling.pk).update(
        method=method, butler_discard=discard, scale=scale
    )
    copy = through_pbn(tmp_path, every_ruling.pk)
    assert stored_lines(copy) == stored_lines(every_ruling.pk)
    assert figures(copy) == figures(every_ruling.pk)
    session = Session.objects.get(pk=copy)
    assert session.method == method
    if method == "butler" and not discard.endswith("%"):
        assert session.butler_discard == discard
