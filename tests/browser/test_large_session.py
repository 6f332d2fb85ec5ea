"""An imported 15-table session (30 pairs, 30 boards, with names of every length) fits a phone
and a desktop on every page type."""

from __future__ import annotations

import datetime

import pytest

from bench.generate import event_rows
from sessions_app.files.imports import session_import
from sessions_app.interchange.files import travellers_file
from sessions_app.interchange.records import NamesRow
from sessions_app.interchange.travellers.read import read_travellers
from sessions_app.models import Club
from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def large_session(transactional_db):
    header = "board,ns,ew,contract,declarer,tricks\n"
    text = header + "\n".join(",".join(map(str, row)) for row in event_rows(15, 30))
    club = Club.objects.create(name="Northern Counties Bridge Association", slug="ncba")
    names = [
        NamesRow("A", str(pair), (f"Bartholomew-Featherstonehaugh {pair}", "Ann Li"))
        for pair in range(1, 31)
    ]
    return session_import(
        club=club,
        results_file=travellers_file(read_travellers(text), names),
        name="County Pairs Championship",
        date=datetime.date(2026, 11, 21),
        publish=True,
    ).session


def test_it_fits_a_fifteen_table_session_on_a_phone(page, live_server, large_session):
    pages = [
        f"/clubs/{large_session.club.slug}/",
        f"/sessions/{large_session.pk}/",
        f"/sessions/{large_session.pk}/boards/17/",
        f"/sessions/{large_session.pk}/pairs/A/30/",
    ]
    for path in pages:
        for viewport in (PHONE, DESKTOP):
            page.set_viewport_size(viewport)
            assert page.goto(live_server.url + path).status == 200, path
            overflow = page.evaluate(OVERFLOW)
            if viewport is PHONE:
                assert overflow["page"] <= 0, f"{path} scrolls sideways at 360 px"
                assert all(extra <= 0 for extra in overflow["tables"]), (path, overflow)
    # Both fields are there, 15 pairs each.
    page.goto(f"{live_server.url}/sessions/{large_session.pk}/")
    assert page.locator("table.ranking tbody tr").count() == 30
