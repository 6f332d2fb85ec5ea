"""Acting on the results to check (issue 23, point 6): the link marks and focuses the line on
the board page it opens, that page shows the hand record, and a line the director checks as
right leaves the list until it changes."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from sessions_app.hands.boards import session_set_deals
from sessions_app.models import LineCheck
from sessions_app.review.line_checks import CHECKED_FIELDS, ToCheck, line_fingerprint
from sessions_app.scoring.review import Flag
from sessions_app.setup.sessions import section_save, session_create
from tests.director.test_review_list import ANALYSIS, save
from tests.pages.conftest import parse
from tests.test_review import DEAL

# Board 3 (dealer S, EW vulnerable). NS +420 (4S=), +450 (4S+1), +420, +400 (3NT=), and EW's
# redoubled overtrick: 2SXX by E, 9 tricks = 2 x 30 x 4 = 240, vulnerable game 500, redoubled
# 100, the overtrick redoubled vulnerable 400: -1240 NS, 1640 from +400, its nearest.
FAR = (
    "Board 3, 5 v 12: NS -1240: 1640 points from every other score on the board"
    " (the nearest is +400) — a wrong sign, side or contract?"
)


def board_3(section):
    lines = [("1", "8", "4sn10"), ("2", "9", "4sn11"), ("3", "10", "4sn10"), ("4", "11", "3nts9")]
    for ns, ew, typed in lines:
        save(section, 3, ns, ew, typed)
    return save(section, 3, "5", "12", "2sxxe9")


def review(client, session):
    page = parse(client.get(reverse("sessions_app:director_session", args=[session.pk])))
    return page.find("section", id="review")


@pytest.mark.django_db
def test_it_opens_the_board_with_the_flagged_line_marked_and_focused(director_client, mitchell):
    odd = board_3(mitchell)
    link = review(director_client, mitchell.session).find("ul", class_="flags").find("a")
    assert link.text == "Board 3, 5 v 12"
    assert link.attrs["href"].endswith(f"?line={odd.pk}")
    page = parse(director_client.get(link.attrs["href"], follow=True))
    marked = page.find_all("tr", class_="marked")
    assert [row.attrs["id"] for row in marked] == [f"line-{odd.pk}"]
    assert marked[0].find("td", class_="ns").text == "5"
    assert marked[0].find("td", class_="score").text == "-1240"
    focused = [node for node in page.find_all("input") if "autofocus" in node.attrs]
    assert focused == [marked[0].find("input", class_="entry-input")]


@pytest.mark.django_db
def test_it_says_so_when_the_line_asked_for_is_not_in_the_session(director_client, mitchell):
    url = reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 3])
    club, day = mitchell.session.club, datetime.date(2026, 11, 3)
    other = session_create(club=club, name="Other", date=day)
    section = section_save(
        session=other, name="A", movement="mitchell", tables=3, boards_per_round=3
    )
    elsewhere = save(section, 3, "1", "4", "4sn10")
    asked_and_said = [
        (elsewhere.pk, f"Line {elsewhere.pk} is not in this session"),
        ("x1", "Line 'x1' is not a number from 1 up"),
    ]
    for asked, said in asked_and_said:
        response = director_client.get(f"{url}?line={asked}", follow=True)
        assert response.status_code == 200
        page = parse(response)
        assert f"{said}: nothing is marked." in page.find("ul", class_="messages").text
        assert not page.find_all("tr", class_="marked")
        assert not [node for node in page.find_all("input") if "autofocus" in node.attrs]


@pytest.mark.django_db
def test_it_shows_the_hand_record_on_the_directors_board_page(director_client, mitchell):
    session = mitchell.session
    session_set_deals(session=session, deals={1: DEAL}, analyses={1: ANALYSIS})
    url = reverse("sessions_app:board_entry", args=[session.pk, "A", 1])
    page = parse(director_client.get(url, follow=True))
    deal = page.find("section", class_="hand-record")
    north = deal.find("div", class_="seat-n")
    # DEAL: North AKQJ2 of spades, 432 of hearts, 432 of diamonds, 32 of clubs; dealer N.
    assert north.find("h3").text == "North Dealer"
    holdings = [item.text.split(maxsplit=1)[1] for item in north.find_all("li")]
    assert holdings == ["A K Q J 2", "4 3 2", "4 3 2", "3 2"]
    assert page.find("p", class_="par").text == "Par NS +420 · 4♠ N=, 4♠ S="
    bare = reverse("sessions_app:board_entry", args=[session.pk, "A", 2])
    assert parse(director_client.get(bare)).find("section", class_="hand-record") is None


@pytest.mark.django_db
def test_a_line_checked_as_right_leaves_the_list_until_it_changes(director_client, mitchell):
    odd = board_3(mitchell)
    session = mitchell.session
    assert [item.text for item in review(director_client, session).find_all("li")] == [FAR]
    button = review(director_client, session).find("div", class_="checked-buttons").find("form")
    assert button.find("button").text == "Board 3, 5 v 12"
    response = director_client.post(button.attrs["action"], follow=True)
    page = parse(response)
    assert "Board 3, 5 v 12 checked: it is listed again only if it changes." in (
        page.find("ul", class_="messages").text
    )
    listed = page.find("section", id="review")
    assert listed.find("h2").text == "Results to check (0)" and not listed.find_all("li")
    assert listed.find("p", class_="checked-count").text == (
        "1 line checked as right is not listed."
    )
    # The line typed again with 10 tricks: 240 + 500 + 100 + 2 x 400 = -1640 NS, 2040 from
    # +400: the check was of -1240, so the line is back on the list.
    save(mitchell, 3, "5", "12", "2sxxe10", result_id=odd.pk, version=odd.version)
    assert [item.text for item in review(director_client, session).find_all("li")] == [
        "Board 3, 5 v 12: NS -1640: 2040 points from every other score on the board"
        " (the nearest is +400) — a wrong sign, side or contract?"
    ]


@pytest.mark.django_db
def test_it_refuses_to_check_a_line_that_no_longer_looks_wrong(director_client, mitchell):
    fine = save(mitchell, 1, "1", "8", "4sn10")
    url = reverse("sessions_app:line_checked", args=[mitchell.session_id, fine.pk])
    page = parse(director_client.post(url, follow=True))
    assert "Board 1, 1 v 8 no longer looks wrong: there is nothing to check." in (
        page.find("ul", class_="messages").text
    )
    assert not LineCheck.objects.exists()


def test_the_fingerprint_changes_with_the_line_or_its_reasons_and_not_their_order():
    seats = {"board_id": 3, "ns_id": 5, "ew_id": 12, "score_ns": -1240, "tricks": 9}
    line = {name: None for name in CHECKED_FIELDS} | seats
    first = line_fingerprint(line, ["far", "impossible"])
    assert first == line_fingerprint(dict(line), ["impossible", "far"])
    assert first != line_fingerprint(line | {"tricks": 10}, ["far", "impossible"])
    assert first != line_fingerprint(line, ["far"])
    assert len(first) == 64


def test_it_offers_one_checked_button_a_line_in_the_lists_order():
    flags = [
        Flag("A", 1, "7", "13", 20, "wrong_side", "first of line 20"),
        Flag("A", 1, "7", "13", 20, "impossible", "second of line 20"),
        Flag("A", 2, "5", "13", 9, "far_from_the_rest", "line 9"),
        Flag("A", 2, "5", "13", 20, "impossible", "line 20 again"),
    ]
    assert ToCheck(tuple(flags), 0).lines == (flags[0], flags[2])
