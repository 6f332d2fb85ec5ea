"""The analysis pages in a real browser: a 360 px phone reads them without sideways scrolling
(the wide columns go), a 1280 px screen shows every column.

    CLUBSCORER_SCREENSHOTS=1 .venv/bin/pytest tests/browser/test_analysis_pages.py

also saves each page at both widths in docs/screenshots/."""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE
from tests.browser.test_public_pages import demo  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_analysis_pages_fit_a_phone_and_a_desktop(page, live_server, demo, screenshot):  # noqa: F811
    urls = {
        "analysis-session": f"/sessions/{demo.pk}/analysis/",
        "analysis-pair": f"/sessions/{demo.pk}/pairs/A/10/analysis/",
    }
    for name, path in urls.items():
        for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(viewport)
            response = page.goto(live_server.url + path)
            assert response.status == 200, path
            overflow = page.evaluate(OVERFLOW)
            assert overflow["page"] <= 0, f"{name} scrolls sideways at {viewport['width']} px"
            assert all(extra <= 0 for extra in overflow["tables"]), (name, label, overflow)
            screenshot(page, f"{name}-{label}")


def test_the_wide_columns_go_on_a_phone_and_the_verdicts_stay(page, live_server, demo):  # noqa: F811
    page.goto(live_server.url + f"/sessions/{demo.pk}/analysis/")
    table = page.locator(".analysis-field-table").first
    assert table.locator("thead th", has_text="Overbid").is_visible()
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + f"/sessions/{demo.pk}/analysis/")
    assert not table.locator("thead th", has_text="Overbid").is_visible()
    assert table.locator("thead th", has_text="Correct").is_visible()
    # From the score card to the pair's analysis, on the phone.
    page.goto(live_server.url + f"/sessions/{demo.pk}/pairs/A/10/")
    page.get_by_role("link", name="Analysis against the hand records").click()
    page.wait_for_url("**/pairs/A/10/analysis/")
    boards = page.locator("#analysis-boards tbody tr")
    assert boards.count() > 0
    verdicts = boards.locator("td:last-child").all_inner_texts()
    assert all(v.startswith("not analysed") or "(you)" in v or "(opponents)" in v for v in verdicts)
