"""The director's live console in a real Chromium: tables scoring on their phones (through the
JSON API, as the players' screen does) show on the console within 2 s without a reload; the
director answers a call and closes a round from it. Screenshots at 1280 px and 360 px
(CLUBSCORER_SCREENSHOTS=1): docs/screenshots/console-1280.png, console-360.png and
table-codes-1280.png.

The section is a 7-table Mitchell, 3 boards a round, in play: in round 1 table t seats pair t
NS against pair 7+t EW and plays boards 3t-2 to 3t.
"""

from __future__ import annotations

import datetime
import json
import time

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from sessions_app.models import Club, TableCode
from sessions_app.players.session_names import pairs_set_names
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.setup.status import session_set_status

from .conftest import PHONE

PASSWORD = "correct horse battery staple"
FIRST = [
    "Ann",
    "Bob",
    "Cat",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kay",
    "Len",
    "Max",
    "Nan",
]
LAST = [
    "Lee",
    "Ross",
    "Moss",
    "Hart",
    "Dale",
    "Wren",
    "Pike",
    "Reed",
    "Lane",
    "Bell",
    "Ford",
    "Gray",
    "Hunt",
    "Cole",
]


class Phone:
    """A table's phone: a client of its own, signed in with the table's code."""

    def __init__(self, section, table: int):
        self.client = Client()
        code = TableCode.objects.get(section=section, table=table, revoked_at=None).code
        answer = self.post("/api/table/sign-in", {"code": code}, auth=False)
        self.auth = {"HTTP_AUTHORIZATION": f"Bearer {answer['token']}"}

    def post(self, url: str, data: dict, auth: bool = True) -> dict:
        headers = self.auth if auth else {}
        answer = self.client.post(url, json.dumps(data), content_type="application/json", **headers)
        assert answer.status_code in (200, 201), answer.json()
        return answer.json()

    def enter(self, board: int, level: int, strain: str, declarer: str, tricks: int) -> dict:
        line = {
            "client_id": f"b{board}",
            "board": board,
            "level": level,
            "strain": strain,
            "doubled": 0,
            "declarer": declarer,
            "tricks": tricks,
        }
        return self.post("/api/table/lines", line)

    def verify(self, line: dict, accept: bool = True) -> None:
        self.post(
            f"/api/table/lines/{line['id']}/verify", {"accept": accept, "version": line["version"]}
        )


def an_evening():
    """Tables 1-4 finished round 1 and moved on; table 5 entered its boards and called the
    director; table 6 has a line waiting for the opponents; table 7's opponents rejected one."""
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    club.directors.add(user)
    session = session_create(club=club, name="Tuesday pairs", date=datetime.date(2026, 11, 24))
    section = section_save(
        session=session,
        name="A",
        movement="mitchell",
        tables=7,
        boards_per_round=3,
        arrow_switch="last",
    )
    names = [
        (str(n), f"{FIRST[n - 1]} {LAST[n - 1]}", f"{FIRST[-n]} {LAST[(n + 6) % 14]}")
        for n in range(1, 15)
    ]
    pairs_set_names(section=section, names=names)
    session_set_status(session=session, status="in_play")
    for table in range(1, 6):
        phone = Phone(section, table)
        for board in range(3 * table - 2, 3 * table + 1):
            phone.verify(phone.enter(board, 4, "S", "N", 9 + board % 3))
        if table < 5:
            phone.post("/api/table/round-done", {"round": 1})
        else:
            phone.post(
                "/api/table/calls",
                {"client_id": "c1", "reason": "ruling", "text": "revoke on board 14"},
            )
    for table in range(1, 4):  # round 2 at tables 1-3: the boards tables 2-4 played
        phone = Phone(section, table)
        for board in range(3 * table + 1, 3 * table + 4):
            line = {
                "client_id": f"r2b{board}",
                "board": board,
                "level": 4,
                "strain": "S",
                "declarer": "N",
                "tricks": 8 + table,
            }
            phone.post("/api/table/lines", line)
    Phone(section, 6).enter(16, 3, "N", "S", 9)
    seven = Phone(section, 7)
    seven.verify(seven.enter(19, 2, "H", "E", 8), accept=False)
    return section, seven


def log_in(page, url: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", "dora")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.press("#id_password", "Enter")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_console_follows_the_tables_live(live_server, page, screenshot):
    section, seven = an_evening()
    session_id = section.session.pk
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/director/sessions/{session_id}/console/")
    tiles = page.locator(".table-tile")
    assert tiles.count() == 7
    assert "R2" in tiles.nth(0).inner_text() and "late" not in tiles.nth(0).inner_text()
    assert "3/3 boards" in tiles.nth(0).inner_text() and "3 to verify" in tiles.nth(0).inner_text()
    assert "late" in tiles.nth(4).inner_text()  # table 5, still on round 1
    assert "1 call" in tiles.nth(4).inner_text()
    assert "1 rejected" in tiles.nth(6).inner_text()
    assert "revoke on board 14" in page.locator(".calls").inner_text()
    screenshot(page, "console-1280")

    # A table enters a result: the console shows it within 2 s, without a reload. Table 7's
    # board 19 was rejected by its opponents, so 20 is its one board done.
    page.evaluate("window.notReloaded = true")
    assert "0/3 boards" in tiles.nth(6).inner_text()
    seven.enter(20, 3, "N", "S", 10)
    started = time.monotonic()
    page.wait_for_function(
        "() => document.querySelectorAll('.table-tile')[6].innerText.includes('1/3 boards')",
        timeout=2000,
    )
    assert time.monotonic() - started <= 2.0
    assert page.evaluate("window.notReloaded") is True

    # The director answers the call: it goes from the list and from table 5's tile.
    page.click(".calls button:has-text('Answered')")
    page.wait_for_function(
        "() => document.querySelectorAll('form.call').length === 0", timeout=3000
    )
    assert "Call from table A5 answered." in page.locator("#console-message").inner_text()
    assert "call" not in tiles.nth(4).locator(".badges").inner_text()

    # ... and closes round 1: the tables still on it are late, the button offers round 2.
    page.click("button:has-text('Close round 1')")
    page.wait_for_selector("button:has-text('Close round 2')", timeout=3000)
    section.refresh_from_db()
    assert section.closed_round == 1
    assert page.evaluate("window.notReloaded") is True

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    screenshot(page, "console-360")
    # On a phone the tiles sit two to a row, the page no wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.set_viewport_size({"width": 1280, "height": 900})
    # Taking table 4 over from the keyboard: its pickup slip for round 2, the round it is on.
    page.fill("#take-over-table", "4")
    with page.expect_navigation():
        page.press("#take-over-table", "Enter")
    assert page.url.endswith(f"/director/sessions/{session_id}/sections/A/rounds/2/tables/4/")

    page.goto(f"{live_server.url}/director/sessions/{session_id}/tables/")
    assert page.locator("svg.qr").count() == 7
    screenshot(page, "table-codes-1280")
