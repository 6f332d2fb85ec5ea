"""Players' pages for every pair of eyes (issue 29): "Larger text" at the foot of the page
(125 %), remembered in the browser from page to page, and the pages without sideways
scrolling at 360 px with it on, and on a 1280 px screen zoomed to 200 % (640 CSS px).

The session is board 1 of the `mitchell` fixture played at its seven tables
(tests/mail/evening.py), published: its ranking, the board's traveller and pair 1's card.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE
from tests.conftest import publish
from tests.mail.evening import play_board_1

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZE = "parseFloat(getComputedStyle(document.body).fontSize)"
WIDE = "document.documentElement.scrollWidth"


def test_larger_text_is_kept_and_every_page_still_fits(browser, live_server, mitchell):
    play_board_1(mitchell)
    publish(mitchell.session)
    session = f"{live_server.url}/sessions/{mitchell.session_id}"
    pages = [f"{live_server.url}/", f"{session}/", f"{session}/boards/1/", f"{session}/pairs/A/1/"]

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(pages[0])
    assert page.evaluate(SIZE) == 15  # a phone's text (site.css)
    button = page.locator("#text-size")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert page.evaluate(SIZE) == 18.75  # 125 % of 15 px, at once
    for url in pages:
        page.goto(url)
        assert page.evaluate(SIZE) == 18.75, url  # remembered from page to page
        assert page.evaluate(WIDE) <= PHONE["width"], url
    page.locator("#text-size").click()
    page.goto(pages[1])
    assert page.evaluate(SIZE) == 15  # and off again
    context.close()

    zoomed = browser.new_context(viewport={"width": 640, "height": 450}, device_scale_factor=2)
    page = zoomed.new_page()
    for url in pages:
        page.goto(url)
        assert page.evaluate(WIDE) <= 640, url
    zoomed.close()
