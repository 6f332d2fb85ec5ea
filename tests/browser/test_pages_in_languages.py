"""Two pages as their players meet them in their club's language (issue 29), with the
screenshots docs/screenshots/ keeps (CLUBSCORER_SCREENSHOTS=1): a French club's results on a
phone and a computer, and a Polish club's table screen on a phone, which its scripts write
in Polish from the catalogue embedded in the page (static/js/table/words.js)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from sessions_app.models import Club, Session, TableCode
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.table_screen import Table
from tests.browser.test_table_scoring import build_session
from tests.pages.test_languages import catalogue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def said(language: str, msgid: str, context: str | None = None, domain: str = "django") -> str:
    """What the language's catalogue says for `msgid`."""
    entry = catalogue(language, domain).find(msgid, msgctxt=context)
    assert entry is not None and entry.msgstr, msgid
    return entry.msgstr


def test_a_french_club_s_results_are_in_french(page, live_server, screenshot):
    call_command("load_demo", stdout=io.StringIO())
    demo = Session.objects.get(name="Monday Evening Pairs")
    Club.objects.filter(pk=demo.club_id).update(language="fr")
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        page.goto(f"{live_server.url}/sessions/{demo.pk}/")
        assert page.get_attribute("html", "lang") == "fr"
        headings = page.locator("table.ranking th, table thead th").all_inner_texts()
        assert said("fr", "Place", "place in a ranking") in " ".join(headings)
        assert page.inner_text("footer.language label") == "Langue"
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        screenshot(page, f"results-french-{name}")


def test_a_polish_club_s_table_screen_is_in_polish(browser, live_server, screenshot):
    club = Club.objects.create(name="Klub Brydżowy", slug="klub", language="pl")
    _, section = build_session(club, "Wtorek", in_play=True)
    code = TableCode.objects.get(section=section, table=1, revoked_at=None)
    table = Table(browser, live_server.url, 1, code.code)
    assert table.page.get_attribute("html", "lang") == "pl"
    shown = table.page.inner_text("body")
    assert said("pl", "North–South", domain="djangojs") in shown
    assert said("pl", "Table %(table)s", "bridge table", "djangojs") % {"table": 1} in shown
    assert table.fits() and table.errors == []
    screenshot(table.page, "table-screen-polish-phone")
    # A board's form: no trumps and the seats in the Polish letters (3BA, as Polish clubs
    # write it), from the same catalogue entries as the pages'.
    table.page.click(f"ol.boards button[data-board='{table.boards()[0]}']")
    table.page.click("[data-name=level][data-value='3']")
    no_trumps = table.page.inner_text("[data-name=strain][data-value='NT']")
    assert no_trumps == said("pl", "NT", "no trumps, in a contract: 3NT", "djangojs") == "BA"
    seats = table.page.locator("[data-name=declarer]").all_inner_texts()
    assert seats == [said("pl", seat, "compass seat", "djangojs") for seat in "NESW"]
    table.context.close()
