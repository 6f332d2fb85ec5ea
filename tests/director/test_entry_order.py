"""The board grid in round order (as the board travels) or in NS pair order (as a paper
traveller lists its lines), chosen with a link and kept for the director's later boards.

The `mitchell` fixture: 7 tables, 3 boards a round, last round switched. Board 1 (set 1)
starts at table 1 and moves down a table a round: tables 1, 7, 6, 5, 4, 3, 2 in rounds 1-7.
NS pair t stays at table t; EW pair 7 + k starts at table k and moves up, so at table t in
round r sits EW 7 + ((t - r + 1) mod 7, 7 for 0): round 1 8, round 2 13, round 3 11, round 4
9, round 5 14, round 6 12, round 7 10 — who sits NS in the switched last round, against 2.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urljoin

import pytest
from django.urls import reverse

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.scoring.rulings import parse_ruling
from tests.director.test_views import entry_inputs

ROUND_ORDER = [
    ("1", "8"),
    ("7", "13"),
    ("6", "11"),
    ("5", "9"),
    ("4", "14"),
    ("3", "12"),
    ("10", "2"),
]
NS_ORDER = [("1", "8"), ("3", "12"), ("4", "14"), ("5", "9"), ("6", "11"), ("7", "13"), ("10", "2")]


def grid(html: str) -> list[tuple[str, str]]:
    """The grid's lines in page order, as (NS, EW), without the blank lines."""
    count = len(re.findall(r'<tr data-row="', html))
    lines = [entry_inputs(html, index) for index in range(count)]
    return [(line["ns"], line["ew"]) for line in lines if line["ns"]]


def order_link(page, words: str) -> str:
    """The address the link `words` of the landed page leads to."""
    link = re.search(rf'<a href="([^"]+)"[^>]*>{words}</a>', page.text)
    assert link, words
    return urljoin(page.request["PATH_INFO"], unescape(link[1]))


@pytest.mark.django_db
def test_it_lists_a_board_in_ns_order_when_asked_and_keeps_the_choice(director_client, mitchell):
    board = reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 1])
    page = director_client.get(board, follow=True)
    assert grid(page.text) == ROUND_ORDER  # as the board travels, the first time
    page = director_client.get(order_link(page, "NS pair order"), follow=True)
    assert grid(page.text) == NS_ORDER
    # the next board keeps the choice: board 4 (set 2) starts at table 2 and goes to tables
    # 2, 1, 7, 6, 5, 4, 3 in rounds 1-7, against EW 9, 14, 12, 10, 8, 13 and, switched, 11 v 3
    later = reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 4])
    assert grid(director_client.get(later, follow=True).text) == [
        ("1", "14"),
        ("2", "9"),
        ("4", "13"),
        ("5", "8"),
        ("6", "10"),
        ("7", "12"),
        ("11", "3"),
    ]
    page = director_client.get(board, follow=True)
    page = director_client.get(order_link(page, "round order"), follow=True)
    assert grid(page.text) == ROUND_ORDER


@pytest.mark.django_db
def test_a_line_saved_from_the_ns_ordered_grid_lands_in_its_row(director_client, mitchell):
    # saved without JavaScript: the whole grid posted back in the order it was shown
    board = reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 1])
    director_client.get(f"{board}?order=ns")
    result_save(section=mitchell, line=LineInput(1, "1", "8", parse_ruling("4sn10", "None")))
    page = director_client.get(board)
    index = next(i for i in range(9) if entry_inputs(page.text, i).get("ns") == "4")
    assert index == 2  # third in NS order
    data = {
        f"r{i}-{name}": value
        for i in range(9)
        for name, value in entry_inputs(page.text, i).items()
    }
    data[f"r{index}-entry"] = "3nt-1 s"
    page = director_client.post(board, data, follow=True)
    assert "Board 1 saved." in page.text
    assert entry_inputs(page.text, 2)["entry"] == "3NT S 8"  # 4 v 14, still third
    assert grid(page.text) == NS_ORDER


@pytest.mark.django_db
def test_an_unknown_order_is_said_and_the_grid_keeps_its_order(director_client, mitchell):
    board = reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 1])
    page = director_client.get(f"{board}?order=ew", follow=True)
    assert (
        "The lines can be in round order or NS pair order (order=round or order=ns),"
        " not &#x27;ew&#x27;." in page.text
    )
    assert grid(page.text) == ROUND_ORDER
