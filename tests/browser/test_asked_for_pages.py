"""The pages players asked for (issue 17, item 5) in a real browser at 360 px and 1280 px: the
deal straight above the traveller on a phone, the pair's own line marked on the traveller
reached from its score card, the score card's rounds sat out and boards without a score, and
the club page's winners, none of them scrolling sideways.

    CLUBSCORER_SCREENSHOTS=1 .venv/bin/pytest tests/browser/test_asked_for_pages.py

also saves each at both widths in docs/screenshots/ (board-*, board-own-line-*, pair-gaps-*,
club-*)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from sessions_app.models import Session
from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE
from tests.pages.test_score_card_gaps import half_table  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOX = """selector => { const r = document.querySelector(selector).getBoundingClientRect();
  return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right}; }"""


@pytest.fixture
def demo(transactional_db):
    call_command("load_demo", stdout=io.StringIO())
    return Session.objects.get(name="Monday Evening Pairs")


def fits(page) -> None:
    overflow = page.evaluate(OVERFLOW)
    assert overflow["page"] <= 0, "the page scrolls sideways"
    assert all(extra <= 0 for extra in overflow["tables"]), overflow


def test_the_deal_is_above_the_traveller_on_a_phone_and_beside_the_analysis_on_a_desktop(
    page, live_server, demo, screenshot
):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/sessions/{demo.pk}/boards/1/")
    fits(page)
    deal, traveller = page.evaluate(BOX, ".deal"), page.evaluate(BOX, "#traveller-a")
    analysis = page.evaluate(BOX, ".double-dummy")
    assert deal["bottom"] <= traveller["top"] < analysis["top"]
    assert deal["left"] >= 0 and deal["right"] <= PHONE["width"]
    assert deal["top"] < PHONE["height"]  # on the first screen, under the board's heading
    # Readable: the cards at 13 px or more, each hand's suits on lines of their own.
    size = page.locator(".deal .hand li").first.evaluate("li => getComputedStyle(li).fontSize")
    assert float(size.removesuffix("px")) >= 13
    west = page.locator(".deal .seat-w li")
    assert west.count() == 4 and len({west.nth(i).bounding_box()["y"] for i in range(4)}) == 4
    screenshot(page, "board-phone")  # as tests/browser/test_public_pages.py takes it

    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/sessions/{demo.pk}/boards/1/")
    fits(page)
    deal, traveller = page.evaluate(BOX, ".deal"), page.evaluate(BOX, "#traveller-a")
    analysis = page.evaluate(BOX, ".double-dummy")
    assert deal["right"] <= analysis["left"]  # side by side
    assert max(deal["bottom"], analysis["bottom"]) <= traveller["top"]
    screenshot(page, "board-desktop")


@pytest.mark.parametrize(("label", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_score_cards_board_link_marks_the_pairs_line(
    page, live_server, demo, screenshot, label, viewport
):
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/sessions/{demo.pk}/pairs/A/10/")
    page.locator("#scorecard-card tbody a[href*='/boards/1/']").click()
    page.wait_for_url("**/boards/1/?section=A&pair=10")
    fits(page)
    own = page.locator("#traveller-a tr.own")
    assert own.count() == 1 and own.is_visible()
    # the pair's number first in its cell (its linked names under it)
    cells = (own.locator("th").inner_text(), own.locator("td").first.inner_text())
    assert "10" in (cell.split("\n")[0] for cell in cells)
    colour = own.evaluate("tr => getComputedStyle(tr).backgroundColor")
    assert colour == "rgb(255, 243, 196)"  # #fff3c4, not the stripe of the rows around it
    assert page.locator("#traveller-b tr.own").count() == 0
    assert page.locator("p.own-line").is_visible()
    screenshot(page, f"board-own-line-{label}")
    # Sorting keeps the mark.
    page.locator("#traveller-a thead a", has_text="Score").click()
    page.wait_for_url("**sort=**")
    assert page.locator("#traveller-a tr.own").count() == 1


@pytest.mark.parametrize(("label", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_score_card_lists_what_has_no_score(
    page,
    live_server,
    half_table,  # noqa: F811
    screenshot,
    label,
    viewport,
):
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/sessions/{half_table.pk}/pairs/A/5/")
    fits(page)
    items = page.locator("ul.gaps li").all_inner_texts()
    assert items == [
        "Round 2: sat out (board 1 not played)",
        "Board 3 (round 3 v 1): not entered yet",
    ]
    screenshot(page, f"pair-gaps-{label}")


@pytest.mark.parametrize(("label", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_club_page_names_the_winners(page, live_server, demo, screenshot, label, viewport):
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/clubs/{demo.club.slug}/")
    fits(page)
    winners = page.locator("p.winners .winner").all_inner_texts()
    # The demo: section A an arrow-switched Mitchell, section B a Howell: one field each.
    assert [text.split(":")[0] for text in winners] == ["Section A", "Section B"]
    assert all(text.endswith("%") for text in winners)
    screenshot(page, f"club-{label}")
