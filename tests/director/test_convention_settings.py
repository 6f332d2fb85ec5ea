"""The scoring conventions as a director sets them: the settings page, saved, the redirect
followed to the session's page, and the players' results page, its CSV and text export
(docs/rules.md §4.4, §4.5, §5.8, §6.4, §6.5). The arithmetic is in the comments; the same
boards are worked through the engine in tests/scoring/test_conventions.py."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.interchange.results_export import ranking_csv
from sessions_app.interchange.results_text import results_text
from sessions_app.models import Session
from tests.conftest import PAGAT_BOARD_1
from tests.director.test_set_up_forms import read_form
from tests.pages.conftest import parse, row_for, table_headers, table_rows

# Board 1 (None): NS 420, 450, 400, 430 -> NS 2, 6, 0, 4 (top 6).
# Board 2 (NS vul): NS +100, +110, +140 at tables 1-3 -> 0, 2, 4 among three (top 4); table 4
# did not play it. No movement: E = 4 for both boards (the most lines on a board).
TWO_BOARDS = """\
    board,ns,ew,contract,declarer,tricks
    1,1,11,4S,N,10
    1,2,12,4S,N,11
    1,3,13,3NT,N,9
    1,4,14,3NT,N,10
    2,1,11,2H,E,6
    2,2,12,2S,N,8
    2,3,13,3S,N,9
    2,4,14,NP,,
"""
# The same, with table 4 of board 1 given a split score: NS 3NT N 10 (+430), EW 3NT N 9 (+400).
SPLIT = TWO_BOARDS.replace("1,4,14,3NT,N,10", "1,4,14,3NT N 10 / 3NT N 9,,")


def _set(client, session, **changes):
    """Post the settings page as a browser would, with `changes`; follow the redirect."""
    url = reverse("sessions_app:session_edit", args=[session.pk])
    posted = read_form(client.get(url).text).data
    response = client.post(url, {**posted, **changes}, follow=True)
    assert response.redirect_chain[-1][0] == reverse(
        "sessions_app:director_session", args=[session.pk]
    )
    assert "Settings saved" in response.text
    return response


def _ranking(client, session, field="a-ns"):
    return parse(client.get(f"/sessions/{session.pk}/")), f"ranking-{field}"


def _pair(tree, table, label):
    """The ranking row of pair `label`, as {header: text}."""
    headers = table_headers(tree, table)
    rows = [dict(zip(headers, row, strict=True)) for row in table_rows(tree, table)]
    return next(row for row in rows if row["Pair"] == label)


@pytest.mark.django_db
def test_split_scores_matchpointed_twice(director_client, make_session):
    # Half weight (§5.4): 400: 1½, 420: 1, 430: ½, 450: 1 -> 430 earns 2·2½ + ½ - 1 = 4½ for
    # NS 4 (75% of 6); 400 earns 2·0 + 1½ - 1 = ½, so EW 14 gets 6 - ½ = 5½ (91.67%).
    # Twice (§5.8): NS 4 among 420, 450, 400, 430 -> 4 (66.67%); EW 14 among 420, 450, 400,
    # 400 -> 400 earns 2·0 + 2 - 1 = 1, EW 6 - 1 = 5 (83.33%). Board 2, factored from 3 to 4,
    # gives NS 3 17/3 = 5.67, so every total has 2 decimals (docs/rules.md §3.4).
    session = make_session(SPLIT)
    tree, table = _ranking(director_client, session)
    assert (_pair(tree, table, "4")["MP"], _pair(tree, table, "4")["%"]) == ("4.50", "75.00")
    _set(director_client, session, split_scores="twice")
    assert Session.objects.get().split_scores == "twice"
    tree, table = _ranking(director_client, session)
    assert (_pair(tree, table, "4")["MP"], _pair(tree, table, "4")["%"]) == ("4.00", "66.67")
    ew = _pair(*_ranking(director_client, session, "a-ew"), "14")
    assert (ew["MP"], ew["%"]) == ("5.00", "83.33")


@pytest.mark.django_db
def test_e_per_board(director_client, make_session):
    # From the movement: board 2 factored from 3 to 4: NS 3's 4 -> (4 + 1)·4/3 - 1 = 17/3;
    # NS 3: 0 + 17/3 = 5.67 of 12 = 47.22%. Per board: 0 + 4 = 4 of 6 + 4 = 10 -> 40%.
    session = make_session(TWO_BOARDS)
    tree, table = _ranking(director_client, session)
    assert _pair(tree, table, "3")["MP"] == "5.67"
    _set(director_client, session, expected_from="board")
    tree, table = _ranking(director_client, session)
    assert "Each board scored among its own results" in tree.text
    assert (_pair(tree, table, "3")["MP"], _pair(tree, table, "3")["%"]) == ("4", "40.00")


@pytest.mark.django_db
def test_unfactored_matchpoints_with_totals_scaled(director_client, make_session):
    # NS 3: 0 + 4 = 4 earned on tops 6 + 4 = 10 -> 40%; shown 4 × 12/10 = 4.8 of 12.
    # NS 1: 2 + 0 = 2 -> 20%, shown 2.4. EW 11: 4 + 4 = 8 -> 80%, shown 9.6.
    session = make_session(TWO_BOARDS)
    _set(director_client, session, factoring="total")
    tree, table = _ranking(director_client, session)
    assert (_pair(tree, table, "3")["MP"], _pair(tree, table, "3")["%"]) == ("4.8", "40.00")
    assert _pair(tree, table, "1")["MP"] == "2.4"
    csv = ranking_csv(session_results(Session.objects.get()))
    assert "A,EW,1,11,,9.6,12,80.00,2" in csv


@pytest.mark.django_db
def test_totals_scaled_to_the_full_number_of_boards(director_client, make_session):
    # NS 4 played board 1 only: 4 of 6 = 66.67%; the largest top is 12 -> score 8.
    # NS 2: 6 + 3 = 9 of 12 = 75% -> score 9 (it played both boards). NS 3's 17/3 = 5.67 on
    # board 2 (factored from 3 to 4) gives every total and score 2 decimals (rules §3.4);
    # every top is whole.
    session = make_session(TWO_BOARDS)
    _set(director_client, session, scaled_totals="on")
    tree, table = _ranking(director_client, session)
    assert table_headers(tree, table) == ["Place", "Pair", "Names", "MP", "%", "Score", "Boards"]
    fourth = _pair(tree, table, "4")
    assert (fourth["MP"], fourth["%"], fourth["Score"]) == ("4.00", "66.67", "8.00")
    assert _pair(tree, table, "2")["Score"] == "9.00"
    results = session_results(Session.objects.get())
    assert "A,NS,2,4,,4.00,6,66.67,8.00,1" in ranking_csv(results)
    assert "Score" in results_text(results).splitlines()[3]


@pytest.mark.django_db
def test_ties_written_as_the_places_they_share(director_client, make_session):
    # Pagat's board (§9.1): NS 1 and 4 tie on 5 for 4th and 5th; EW 8 and 9 on 7, 3rd and 4th.
    session = make_session(PAGAT_BOARD_1)
    response = _set(director_client, session, tie_places="range")
    assert "<td>4/5</td>" in response.text  # the director's ranking after the redirect
    tree, table = _ranking(director_client, session)
    assert row_for(tree, table, "4/5")["Pair"] == "1"
    results = session_results(Session.objects.get())
    assert "A,EW,3/4,8,,7,12,58.33,1" in ranking_csv(results)
    assert any(line.startswith("4/5   1 ") for line in results_text(results).splitlines())
