"""The players' pages in a real browser: readable on a 360 px phone without sideways
scrolling, suits in colour, and the wide columns back on a 1280 px screen.

    CLUBSCORER_SCREENSHOTS=1 .venv/bin/pytest tests/browser/test_public_pages.py

also saves each page at both widths in docs/screenshots/."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from sessions_app.models import Session
from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RED_SUITS = """() => [...document.querySelectorAll('.suit.heart, .suit.diamond')]
  .map(s => getComputedStyle(s).color)"""


@pytest.fixture
def demo(transactional_db):
    call_command("load_demo", stdout=io.StringIO())
    return Session.objects.get(name="Monday Evening Pairs")


def page_urls(session) -> dict[str, str]:
    return {
        "home": "/",
        "club": f"/clubs/{session.club.slug}/",
        "session": f"/sessions/{session.pk}/",
        "board": f"/sessions/{session.pk}/boards/1/",
        "pair": f"/sessions/{session.pk}/pairs/A/10/",
    }


def test_it_fits_every_page_on_a_phone_and_on_a_desktop(page, live_server, demo, screenshot):
    """No sideways scrolling at 360 px, neither of the page nor of a table in its wrapper."""
    for name, path in page_urls(demo).items():
        for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(viewport)
            response = page.goto(live_server.url + path)
            assert response.status == 200, path
            overflow = page.evaluate(OVERFLOW)
            if viewport is PHONE:
                assert overflow["page"] <= 0, f"{name} scrolls sideways at 360 px"
                assert all(extra <= 0 for extra in overflow["tables"]), (name, overflow)
            screenshot(page, f"{name}-{label}")
            if name == "board":  # suits in colour: red hearts and diamonds, black spades
                assert set(page.evaluate(RED_SUITS)) == {"rgb(181, 15, 38)"}  # #b50f26
                spade = page.locator(".deal .suit.spade").first
                assert spade.evaluate("s => getComputedStyle(s).color") == "rgb(26, 26, 26)"


def test_it_hides_the_wide_columns_on_a_phone_and_shows_them_inline(page, live_server, demo):
    url = live_server.url + page_urls(demo)["pair"]
    page.goto(url)
    card = page.locator("#scorecard-card")
    assert card.locator("thead th", has_text="Round").is_visible()
    assert not card.locator("tbody .narrow").first.is_visible()
    page.set_viewport_size(PHONE)
    page.goto(url)
    assert not card.locator("thead th", has_text="Round").is_visible()
    assert card.locator("tbody tr").nth(18).locator(".narrow").first.inner_text() == "R7 NS"


def test_it_sorts_a_ranking_from_its_heading(page, live_server, demo):
    page.goto(live_server.url + page_urls(demo)["session"])
    page.locator("#ranking-b thead a", has_text="Pair").click()
    page.wait_for_url("**b-sort=label**")
    pairs = page.locator("#ranking-b tbody th").all_inner_texts()
    assert pairs == sorted(pairs, key=int)
    assert page.locator("#ranking-b thead th[aria-sort=ascending]").inner_text() == "Pair"
