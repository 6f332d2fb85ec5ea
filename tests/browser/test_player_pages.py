"""A player's pages and the director's matching page in a real browser, at 360 px and
1280 px: no sideways scrolling, the % trend drawn inside the page, and the director's confirm
flow from a session's names to the player's page.

    CLUBSCORER_SCREENSHOTS=1 .venv/bin/pytest tests/browser/test_player_pages.py

also saves each page at both widths in docs/screenshots/."""

from __future__ import annotations

import datetime

import pytest

from sessions_app.models import Player
from sessions_app.players.register import player_create
from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE
from tests.players.conftest import TRAVELLERS, names_csv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# NS scores of the four lines of each night (tests/players/conftest.py): pair 1's result.
NIGHTS = [
    ((420, 450, 140, 140), "Bob Ray"),  # 25%
    ((460, 450, 140, 110), "Bob Ray"),  # 100%
    ((420, 450, 140, 110), "Cy Dunn"),  # 50%
    ((460, 450, 110, 140), "Bob Ray"),  # 50%
    ((420, 420, 140, 140), "Di Fox"),  # 50%
    ((460, 450, 140, 140), "Bob Ray"),  # 75%
    ((-50, -100, 140, 140), "Cy Dunn"),  # 75%
    ((460, 450, 140, 140), "Bob Rae"),  # 75%: "Bob Rae", to be confirmed as Bob Ray
]


@pytest.fixture
def history(club, director, make_session):
    for name in (
        "Ann Lee",
        "Bob Ray",
        "Cy Dunn",
        "Di Fox",
        "Ed Gray",
        "Flo Hart",
        "Gus Ives",
        "Hal Jones",
        "Ivy Kerr",
        "Jo Lamb",
    ):
        player_create(club=club, name=name, email=f"{name.split()[0].lower()}@example.org")
    sessions = []
    for week, (scores, partner) in enumerate(NIGHTS):
        pairs = [
            ["Ann Lee", partner],
            ["Gus Ives", "Hal Jones"],
            ["Ed Gray", "Flo Hart"],
            ["Ivy Kerr", "Jo Lamb"],
        ]
        sessions.append(
            make_session(
                TRAVELLERS.format(*scores),
                names_csv(pairs),
                name=f"Monday pairs {week + 1}",
                date=datetime.date(2026, 4, 6) + datetime.timedelta(weeks=week),
                publish=True,
            )
        )
    return sessions


def fits(page, name: str) -> None:
    overflow = page.evaluate(OVERFLOW)
    assert overflow["page"] <= 0, f"{name} scrolls sideways at 360 px"
    assert all(extra <= 0 for extra in overflow["tables"]), (name, overflow)


def test_the_director_confirms_a_name_and_the_player_page_shows_it(
    page, live_server, history, screenshot
):
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=username]", "dora")
    page.fill("input[name=password]", "a-long-pass-phrase")
    page.click("button[type=submit]")
    last = history[-1]
    page.goto(f"{live_server.url}/director/sessions/{last.pk}/players/")
    assert page.locator("text=1 name to confirm").is_visible()
    row = page.locator("tr.open")
    assert row.locator("td").nth(1).inner_text().startswith("Bob Rae")
    assert "Bob Ray (spelling 0.83)" in row.inner_text()
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        if viewport is PHONE:
            fits(page, "the session's players")
        screenshot(page, f"session-players-{label}")
    # A match by spelling is proposed, not chosen for the director (docs/rules.md §14).
    assert row.locator("select").input_value() == ""
    row.locator("select").select_option(label="Bob Ray")
    page.click("text=Save the matches")
    assert page.locator(".messages", has_text="pair 1: Bob Rae is Bob Ray.").is_visible()
    page.goto(f"{live_server.url}/director/clubs/riverside/players/")
    screenshot(page, "register-desktop")
    page.click("text=Log out")

    ann = Player.objects.get(name="Ann Lee")
    bob = Player.objects.get(name="Bob Ray")
    urls = {
        "players": "/clubs/riverside/players/?q=lee",
        "player": f"/clubs/riverside/players/{ann.pk}/",
        "partnership": f"/clubs/riverside/players/{ann.pk}/with/{bob.pk}/",
    }
    for name, path in urls.items():
        for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(viewport)
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, path
            assert "@example.org" not in page.content()
            if viewport is PHONE:
                fits(page, name)
            if name != "players":
                # The plots (percentage, club grade) are as wide as the page's text, never wider.
                main = page.locator("main").bounding_box()
                for plot in page.locator("svg.trend").all():
                    box = plot.bounding_box()
                    assert box is not None and main is not None
                    assert 0 < box["width"] <= main["width"]
            screenshot(page, f"{name}-{label}")
    page.goto(live_server.url + urls["player"])
    assert page.locator("svg.trend[aria-labelledby='trend-title'] circle.point").count() == 8
    # Bob Ray: five nights (25, 100, 50, 75, 75) -> 325 / 5 = 65.00%.
    row = page.locator("table.partnerships tbody tr").first
    assert row.inner_text().split("\t") == ["Bob Ray", "5", "65.00%"]
    page.click("table.partnerships >> text=Bob Ray")
    assert page.locator("h1").inner_text() == "Ann Lee & Bob Ray"
