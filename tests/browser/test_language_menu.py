"""A player changes the language at the foot of the page (issue 29), on a phone (360 px) and
on a computer (1280 px): the same address comes back in the chosen language, remembered on
the next page; a French club's session page is French before any choice."""

from __future__ import annotations

import datetime

import pytest

from sessions_app.models import Club
from sessions_app.setup.sessions import session_create
from tests.browser.conftest import DESKTOP, PHONE
from tests.conftest import publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_chooses_a_language_and_keeps_it(browser, live_server):
    cercle = Club.objects.create(name="Le Cercle", slug="cercle", language="fr")
    session = session_create(club=cercle, name="Mardi", date=datetime.date(2026, 11, 24))
    publish(session)
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    for viewport, chosen, heading in ((PHONE, "nl", "Uitslagen"), (DESKTOP, "de", "Ergebnisse")):
        page.set_viewport_size(viewport)
        context.clear_cookies()
        page.goto(f"{live_server.url}/")
        assert page.get_attribute("html", "lang") == "en-gb"
        assert page.inner_text("h1") == "Results"

        page.select_option("#language-menu", chosen)
        with page.expect_navigation():
            page.click("footer.language button")
        assert page.url == f"{live_server.url}/"
        assert (page.get_attribute("html", "lang"), page.inner_text("h1")) == (chosen, heading)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    assert "1 Turnier" in page.inner_text("ul.clubs")
    page.click("text=Le Cercle")  # the choice beats the club's French
    assert page.inner_text("footer.language label") == "Sprache"
    context.clear_cookies()
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    assert page.inner_text("footer.language label") == "Langue"  # the club's language
    context.close()
