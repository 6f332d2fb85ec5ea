"""The session page: every field's ranking, sortable, with links; the ranking as CSV."""

from __future__ import annotations

import pytest

from sessions_app.models import Session
from tests.conftest import PAGAT_BOARD_1
from tests.pages.conftest import column, parse, row_for, table_headers, table_rows


def url(session) -> str:
    return f"/sessions/{session.pk}/"


@pytest.mark.django_db
def test_it_ranks_each_field_of_the_pagat_traveller(client, pagat):
    # docs/rules.md §9.1, one board, no pair sat both ways -> two fields (NS 1-7, EW 8-14).
    # NS: 3 = 12 (100%), 5 = 10, 2 = 8, 1 and 4 = 5 each (tied 4th), 7 = 2, 6 = 0; top 12.
    tree = parse(client.get(url(pagat)))
    assert table_headers(tree, "ranking-a-ns") == ["Place", "Pair", "Names", "MP", "%", "Boards"]
    assert table_rows(tree, "ranking-a-ns") == [
        ["1", "3", "Ann Lee & Bob Ray", "12", "100.00", "1"],
        ["2", "5", "", "10", "83.33", "1"],
        ["3", "2", "", "8", "66.67", "1"],
        ["4=", "1", "", "5", "41.67", "1"],
        ["4=", "4", "", "5", "41.67", "1"],
        ["6", "7", "", "2", "16.67", "1"],
        ["7", "6", "", "0", "0.00", "1"],
    ]
    # EW takes 12 minus NS: 12 = 12, 10 = 10, 8 and 9 = 7 (58.33%, tied 3rd), 13 = 4, 14 = 2.
    assert table_rows(tree, "ranking-a-ew")[:4] == [
        ["1", "12", "", "12", "100.00", "1"],
        ["2", "10", "", "10", "83.33", "1"],
        ["3=", "8", "", "7", "58.33", "1"],
        ["3=", "9", "", "7", "58.33", "1"],
    ]
    assert row_for(tree, "ranking-a-ew", "7")["Pair"] == "11"
    headings = [h.text for h in tree.find_all("h2")]
    assert headings[:2] == ["NS", "EW"]


@pytest.mark.django_db
def test_it_shows_matchpoints_on_the_sessions_scale(client, make_session):
    session = make_session(PAGAT_BOARD_1, scale=Session.Scale.ONE_HALF, publish=True)
    tree = parse(client.get(url(session)))
    # On the 1/½ scale every matchpoint is halved; percentages do not change. Pair 1's 2.5
    # gives every total one decimal (docs/rules.md §3.4): pair 3's 6 reads 6.0.
    rows = {row[1]: row for row in table_rows(tree, "ranking-a-ns")}
    assert rows["3"][3:] == ["6.0", "100.00", "1"]
    assert rows["1"][3:] == ["2.5", "41.67", "1"]


@pytest.mark.django_db
def test_it_links_every_pair_to_its_score_card_and_every_board(client, pagat):
    tree = parse(client.get(url(pagat)))
    pair_cell = tree.find("table", id="ranking-a-ns").find("tbody").find("th")
    assert pair_cell.attrs["scope"] == "row"
    assert pair_cell.find("a").attrs["href"] == f"/sessions/{pagat.pk}/pairs/A/3/"
    boards = tree.find("nav", **{"aria-label": "Boards"})
    assert [a.attrs["href"] for a in boards.find_all("a")] == [f"/sessions/{pagat.pk}/boards/1/"]


@pytest.mark.django_db
def test_it_sorts_a_field_by_pair_number_as_people_count(client, pagat):
    tree = parse(client.get(url(pagat), {"a-ew-sort": "label"}))
    assert column(tree, "ranking-a-ew", "Pair") == ["8", "9", "10", "11", "12", "13", "14"]
    # The other field keeps its ranking order.
    assert column(tree, "ranking-a-ns", "Pair") == ["3", "5", "2", "1", "4", "7", "6"]
    header = tree.find("table", id="ranking-a-ew").find("th", **{"aria-sort": "ascending"})
    assert header.text == "Pair"


@pytest.mark.django_db
def test_it_sorts_by_percentage_best_first_from_the_heading_link(client, pagat):
    tree = parse(client.get(url(pagat)))
    table = tree.find("table", id="ranking-a-ns")
    link = next(a for a in table.find("thead").find_all("a") if a.text == "%")
    assert link.attrs["href"] == "?a-ns-sort=-percentage#ranking-a-ns"
    tree = parse(client.get(url(pagat) + link.attrs["href"].split("#")[0]))
    assert column(tree, "ranking-a-ns", "%")[0] == "100.00"
    tree = parse(client.get(url(pagat), {"a-ns-sort": "percentage"}))
    assert column(tree, "ranking-a-ns", "%") == [
        "0.00",
        "16.67",
        "41.67",
        "41.67",
        "66.67",
        "83.33",
        "100.00",
    ]


@pytest.mark.django_db
def test_it_ranks_the_demo_sections_in_one_field_each(client, demo):
    # Section A: a Mitchell with an arrow switch (one field of 14); B: a Howell (8 pairs).
    tree = parse(client.get(url(demo)))
    assert [h.text for h in tree.find_all("h2")][:2] == ["Section A", "Section B"]
    assert len(table_rows(tree, "ranking-a")) == 14
    assert len(table_rows(tree, "ranking-b")) == 8
    assert column(tree, "ranking-b", "Pair") != []
    links = tree.find("nav", **{"aria-label": "Boards"}).find_all("a")
    assert [a.text for a in links] == [str(n) for n in range(1, 22)]


@pytest.mark.django_db
def test_it_downloads_the_ranking_as_csv(client, pagat):
    response = client.get(f"/sessions/{pagat.pk}/ranking.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    lines = response.content.decode().splitlines()
    # The UTF-8 mark first, so that Excel shows the names' accents (docs/formats.md).
    assert lines[0] == "\ufeffsection,field,place,pair,names,matchpoints,max,percentage,boards"
    assert lines[1] == "A,NS,1,3,Ann Lee & Bob Ray,12,12,100.00,1"
    link = parse(client.get(url(pagat))).find("a", download="")
    assert link.attrs["href"] == f"/sessions/{pagat.pk}/ranking.csv"


# Pairs 3 and 13 miss board 2 (E 3, from board 1, the most-played). Board 1, top 4: NS +420,
# +420, +480 -> pairs 1 and 2 1 each, pair 3 4. Board 2, two results factored to E 3 (Neuberg,
# (M + 1)·3/2 - 1): +450 -> 2 -> 3.5, +420 -> 0 -> 0.5. Pair 1: 1 + 3.5 = 4.5 of 8 (56.25%);
# pair 3: 4 of 4 (100%), first with the lower total: the Boards column says why. 4.5 needs a
# decimal, so every total has one (docs/rules.md §3.4): 4.0.
FEWER_BOARDS = """\
    board,ns,ew,contract,declarer,tricks
    1,1,11,4S,N,10
    1,2,12,4S,N,10
    1,3,13,4H,N,12
    2,1,11,4S,N,11
    2,2,12,4S,N,10
"""


@pytest.mark.django_db
def test_it_shows_how_many_boards_each_pair_played(client, make_session):
    session = make_session(FEWER_BOARDS, publish=True)
    tree = parse(client.get(url(session)))
    assert table_headers(tree, "ranking-a-ns") == ["Place", "Pair", "Names", "MP", "%", "Boards"]
    assert table_rows(tree, "ranking-a-ns") == [
        ["1", "3", "", "4.0", "100.00", "1"],
        ["2", "1", "", "4.5", "56.25", "2"],
        ["3", "2", "", "1.5", "18.75", "2"],
    ]
    assert {row[1]: row[-1] for row in table_rows(tree, "ranking-a-ew")} == {
        "13": "1",
        "11": "2",
        "12": "2",
    }
    # Sortable by it, fewest first: pair 3 (1 board) before pairs 1 and 2.
    tree = parse(client.get(url(session) + "?a-ns-sort=boards"))
    assert table_rows(tree, "ranking-a-ns")[0][1] == "3"
