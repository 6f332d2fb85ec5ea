"""A competition's standings in a real browser, on a 360 px phone and a 1280 px screen (the
three sessions of tests/competitions/conftest.py, best 2 of 3).

    CLUBSCORER_SCREENSHOTS=1 .venv/bin/pytest tests/browser/test_competitions.py

also saves the page at both widths in docs/screenshots/."""

from __future__ import annotations

import datetime

import pytest

from sessions_app.competitions.standings import competition_save
from sessions_app.models import Competition
from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE
from tests.competitions.conftest import build_three_sessions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def competition(club, make_session):
    build_three_sessions(club, make_session)
    return competition_save(
        competition=Competition(
            club=club,
            name="Autumn championship",
            rule="best",
            best=2,
            published=True,
            date_from=datetime.date(2026, 11, 1),
            date_to=datetime.date(2026, 11, 30),
        )
    )


def test_the_standings_fit_a_phone_and_a_desktop(page, live_server, competition, screenshot):
    url = f"{live_server.url}/clubs/{competition.club.slug}/competitions/{competition.pk}/"
    for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        assert page.goto(url).status == 200
        overflow = page.evaluate(OVERFLOW)
        assert overflow["page"] <= 0, f"the page scrolls sideways at {viewport['width']} px"
        assert all(extra <= 0 for extra in overflow["tables"]), (label, overflow)
        # 9 sixths of the top over the best two sessions = 150%: Bob and Dee share 1st.
        first = page.locator("#standings tbody tr").first
        assert first.locator("td, th").all_inner_texts() == ["1=", "Bob Ray", "150.00", "3"]
        # Ann's 33.33% of session 2 does not count: in brackets, not bold.
        ann = page.locator("#by-session tbody tr").nth(2)
        assert ann.locator("td").nth(1).inner_text() == "(33.33)"
        assert ann.locator("td strong").count() == 2
        screenshot(page, f"competition-{label}")


def test_the_print_link_serves_the_pdf(page, live_server, competition, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    page.goto(f"{live_server.url}/clubs/{competition.club.slug}/competitions/{competition.pk}/")
    href = page.locator(".print-links a", has_text="A4").get_attribute("href")
    response = page.request.get(live_server.url + href)
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.body().startswith(b"%PDF")
