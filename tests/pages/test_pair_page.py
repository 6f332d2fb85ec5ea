"""The personal score card: each board the pair played, as it sat, with its total."""

from __future__ import annotations

import pytest

from sessions_app.models import Session
from tests.pages.conftest import column, parse, row_for, table_headers, table_rows


def url(session, section: str, label: str) -> str:
    return f"/sessions/{session.pk}/pairs/{section}/{label}/"


@pytest.mark.django_db
def test_it_shows_an_ew_pairs_board_from_its_own_side(client, pagat):
    # docs/rules.md §9.1: pair 11 sat EW against 3 and went 3 down in 5C× (NS +500): 0 of 12.
    tree = parse(client.get(url(pagat, "A", "11")))
    assert tree.find("h1").text == "Pair 11"
    assert tree.find("p", class_="names-line").text == "Cy Dunn & Di Fox"
    assert table_headers(tree, "scorecard-card") == [
        "Board",
        "Round",
        "Dir",
        "Opponents",
        "Contract",
        "By",
        "Tricks",
        "Score",
        "MP",
        "%",
    ]
    assert table_rows(tree, "scorecard-card") == [
        ["1", "", "EW", "3 Ann Lee & Bob Ray", "5♣X", "E", "8", "-500", "0", "0.00"]
    ]
    assert table_rows(tree, "scorecard-card", "tfoot") == [
        ["", "", "", "Total", "", "", "", "", "0", "0.00"]
    ]
    summary = {dt.text: dd.text for dt, dd in _summary(tree)}
    assert summary == {"Place": "7 of 7 EW", "Matchpoints": "0 of 12", "Score": "0.00%"}


@pytest.mark.django_db
def test_it_shows_an_ns_pairs_top(client, pagat):
    tree = parse(client.get(url(pagat, "A", "3")))
    assert row_for(tree, "scorecard-card", "1")["Score"] == "+500"
    assert column(tree, "scorecard-card", "MP") == ["12"]
    summary = {dt.text: dd.text for dt, dd in _summary(tree)}
    assert summary["Place"] == "1 of 7 NS" and summary["Score"] == "100.00%"


def _summary(tree):
    return [
        (div.find("dt"), div.find("dd"))
        for div in tree.find("dl", class_="summary").find_all("div")
    ]


@pytest.mark.django_db
def test_it_follows_a_pair_turned_round_by_the_arrow_switch(client, demo):
    # Demo section A switches the last round: EW pair 10 sits NS in round 7, at table 2
    # against pair 2, on boards 1-3 (fixtures/demo/travellers.csv).
    tree = parse(client.get(url(demo, "A", "10")))
    rows = table_rows(tree, "scorecard-card")
    assert len(rows) == 21  # 7 rounds of 3 boards
    assert [row[1] for row in rows] == [str(r) for r in range(1, 8) for _ in range(3)]
    assert {row[2] for row in rows[:18]} == {"EW"} and {row[2] for row in rows[18:]} == {"NS"}
    board_1 = row_for(tree, "scorecard-card", "1")
    assert board_1["Round"] == "7" and board_1["Opponents"].split()[0] == "2"
    # 3NT by S making 11 tricks, not vulnerable: +460. Section A's NS scores on board 1 are
    # +210, +460, +450, +450, -50, +450 and this +460: it beats five (10) and ties one (1),
    # so 11 of a top of 12 = 91.67%. Board 5's A+/A- line leaves 6 real results factored to 7
    # (the best (10 + 1)·7/6 - 1 = 11.83), so every line of the session has 2 decimals: 11.00.
    assert [board_1[k] for k in ("Contract", "By", "Tricks", "Score", "MP", "%")] == [
        "3NT",
        "S",
        "11",
        "+460",
        "11.00",
        "91.67",
    ]
    # On a phone, the round and direction ride with the board number.
    first_cell = tree.find("table", id="scorecard-card").find("tbody").find_all("tr")[18].find("th")
    assert first_cell.find("span", class_="narrow").children == ["R7 NS"]


@pytest.mark.django_db
def test_it_totals_the_same_as_the_ranking(client, demo):
    ranking = parse(client.get(f"/sessions/{demo.pk}/"))
    for label in ("10", "3"):
        ranked = next(row for row in table_rows(ranking, "ranking-a") if row[1] == label)
        card = parse(client.get(url(demo, "A", label)))
        total = table_rows(card, "scorecard-card", "tfoot")[0]
        assert [total[-2], total[-1]] == ranked[3:5]


@pytest.mark.django_db
def test_it_sorts_the_score_card_by_matchpoints(client, demo):
    tree = parse(client.get(url(demo, "B", "1"), {"card-sort": "-mp"}))
    points = [float(mp) for mp in column(tree, "scorecard-card", "MP")]
    assert points == sorted(points, reverse=True) and len(points) == 21


@pytest.mark.django_db
def test_it_404s_for_an_unknown_pair_or_section(client, pagat):
    assert client.get(url(pagat, "A", "99")).status_code == 404
    assert client.get(url(pagat, "Z", "3")).status_code == 404


@pytest.mark.django_db
def test_it_hides_a_draft_score_card_from_the_public(client, pagat):
    Session.objects.filter(pk=pagat.pk).update(status=Session.Status.DRAFT)
    assert client.get(url(pagat, "A", "3")).status_code == 404
