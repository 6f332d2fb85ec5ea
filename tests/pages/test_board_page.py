"""The board page: traveller, dealer and vulnerability, hand record, previous and next."""

from __future__ import annotations

import re

import pytest

from sessions_app.models import Session
from tests.pages.conftest import parse, row_for, table_headers, table_rows


def url(session, number: int) -> str:
    return f"/sessions/{session.pk}/boards/{number}/"


@pytest.mark.django_db
def test_it_shows_the_pagat_traveller_with_matchpoints_and_percentages(client, pagat):
    tree = parse(client.get(url(pagat, 1)))
    assert table_headers(tree, "traveller-a") == [
        "NS",
        "EW",
        "Contract",
        "By",
        "Lead",
        "Tricks",
        "Score",
        "NS MP",
        "EW MP",
        "NS %",
        "EW %",
    ]
    # docs/rules.md §9.1: 3-11 5C× by E, 8 tricks: NS +500 -> 12/0; 6-12 5S N 10 tricks -50 -> 0/12;
    # 2-13 3NT S 10 tricks +430 -> 8/4 (66.67% / 33.33%).
    assert row_for(tree, "traveller-a", "3") == {
        "NS": "3",
        "EW": "11",
        "Contract": "5♣X",
        "By": "E",
        "Lead": "",
        "Tricks": "8",
        "Score": "+500",
        "NS MP": "12",
        "EW MP": "0",
        "NS %": "100.00",
        "EW %": "0.00",
    }
    assert row_for(tree, "traveller-a", "6")["Score"] == "-50"
    assert [row_for(tree, "traveller-a", "6")[k] for k in ("NS MP", "EW MP")] == ["0", "12"]
    two = row_for(tree, "traveller-a", "2")
    assert [two["Contract"], two["NS MP"], two["EW MP"], two["NS %"], two["EW %"]] == [
        "3NT",
        "8",
        "4",
        "66.67",
        "33.33",
    ]
    assert "Top 12 MP" in tree.find("section", class_="traveller").text


@pytest.mark.django_db
def test_it_writes_contracts_with_suit_symbols_and_red_hearts_and_diamonds(client, demo):
    tree = parse(client.get(url(demo, 1)))
    suits = tree.find("table", id="traveller-a").find_all("span", class_="suit")
    assert {(s.text, tuple(sorted(s.classes))) for s in suits} >= {
        ("♠", ("spade", "suit")),
        ("♥", ("heart", "suit")),  # the lead ♥3
    }
    # 1-8: 2NT by S, 11 tricks, lead H3 (fixtures/demo/travellers.csv).
    row = row_for(tree, "traveller-a", "1")
    assert [row["Contract"], row["By"], row["Lead"], row["Tricks"]] == ["2NT", "S", "♥3", "11"]
    # On a phone the declarer and result ride with the contract (2NT made with 3 over).
    cell = tree.find("table", id="traveller-a").find("tbody").find("tr").find_all("td")[1]
    assert cell.find("span", class_="narrow").children == [" S +3"]


@pytest.mark.django_db
def test_it_names_dealer_and_vulnerability_by_law_2(client, demo):
    # Law 2: board 2 is dealt by East with NS vulnerable; board 7 by South, all vulnerable.
    assert "Dealer East · Vulnerable: N-S" in parse(client.get(url(demo, 2))).text
    assert "Dealer South · Vulnerable: All" in parse(client.get(url(demo, 7))).text


@pytest.mark.django_db
def test_it_shows_the_hand_record_of_a_known_deal(client, demo):
    tree = parse(client.get(url(demo, 1)))
    record = tree.find("section", class_="hand-record")
    hands = {h.find("h3").text.split()[0]: h for h in record.find_all("div", class_="hand")}
    assert set(hands) == {"North", "East", "South", "West"}
    # fixtures/demo/deals.pbn board 1: N:J9743.J.98.KQJT8 Q.QT96.Q765.9542 AK6.AK5.KT432.73 ...
    north = [li.text for li in hands["North"].find_all("li")]
    assert north == ["♠ J 9 7 4 3", "♥ J", "♦ 9 8", "♣ K Q J 10 8"]
    assert [li.text for li in hands["South"].find_all("li")][2] == "♦ K 10 4 3 2"
    for hand in hands.values():  # 13 cards a hand
        cards = sum(len(li.text.split()) - 1 for li in hand.find_all("li"))
        assert cards == 13
    assert "Dealer" in hands["North"].find("h3").text
    # Its OptimumResultTable: North makes 10 tricks in NT and spades (4NT, 4♠), South 11 (5).
    analysis = tree.find("section", class_="analysis")
    dd = analysis.find("table", class_="double-dummy")
    assert [th.text for th in dd.find("thead").find_all("th")] == [
        "Decl.",
        "NT",
        "♠",
        "♥",
        "♦",
        "♣",
    ]
    rows = {row[0]: row[1:] for row in _rows(dd)}
    assert rows["North"] == ["4", "4", "–", "2", "3"]
    assert rows["South"] == ["5", "5", "–", "2", "3"]
    assert rows["East"] == ["–", "–", "1", "–", "–"]
    # OptimumScore "NS 460", ParContract "3NT S+2".
    assert analysis.find("p", class_="par").text == "Par NS +460 · 3NT S+2"


def _rows(table):
    return [
        [c.text for c in tr.children if not isinstance(c, str)]
        for tr in table.find("tbody").find_all("tr")
    ]


@pytest.mark.django_db
def test_it_has_no_hand_record_without_a_deal(client, pagat):
    tree = parse(client.get(url(pagat, 1)))
    assert tree.find("section", class_="hand-record") is None
    assert tree.find("section", class_="analysis") is None
    assert "Dealer North · Vulnerable: None" in tree.text


@pytest.mark.django_db
def test_it_links_the_previous_and_next_boards(client, demo):
    def pager(number):
        nav = parse(client.get(url(demo, number))).find("nav", class_="pager")
        return {a.attrs["rel"]: a.attrs["href"] for a in nav.find_all("a")}

    assert pager(1) == {"next": url(demo, 2)}
    assert pager(11) == {"prev": url(demo, 10), "next": url(demo, 12)}
    assert pager(21) == {"prev": url(demo, 20)}


@pytest.mark.django_db
def test_it_shows_each_sections_traveller_and_links_the_pairs(client, demo):
    tree = parse(client.get(url(demo, 4)))
    # The deal straight above the travellers, the double-dummy table after them.
    headings = ["Hand record", "Section A", "Section B", "Double dummy"]
    assert [h.text for h in tree.find_all("h2")] == headings
    assert len(table_rows(tree, "traveller-a")) == 7  # a 7-table Mitchell
    assert len(table_rows(tree, "traveller-b")) == 4  # a 4-table Howell
    link = tree.find("table", id="traveller-b").find("tbody").find("a")
    assert re.fullmatch(rf"/sessions/{demo.pk}/pairs/B/\w+/", link.attrs["href"])


@pytest.mark.django_db
def test_it_404s_for_a_board_not_in_the_session(client, pagat):
    assert client.get(url(pagat, 2)).status_code == 404


@pytest.mark.django_db
def test_it_hides_a_draft_board_from_the_public(client, pagat):
    Session.objects.filter(pk=pagat.pk).update(status=Session.Status.FINAL)
    assert client.get(url(pagat, 1)).status_code == 404
