"""The director's pages on a 360 px phone (a director walking round the room with one): none
scrolls sideways; a wide table scrolls inside its own box, as the players' pages do.

The demo evening (`load_demo`): two sections, names, rulings and every kind of line."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from sessions_app.models import Session
from tests.browser.conftest import OVERFLOW, PHONE, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(transactional_db):
    call_command("load_demo", stdout=io.StringIO())
    session = Session.objects.get(name="Monday Evening Pairs")
    # Names as long as a club's members have them, on the first pair of each section.
    for section in session.sections.all():
        section.pairs.filter(label=section.pairs.order_by("pk").first().label).update(
            player1="Hermione Featherstonehaugh-Cholmondeley",
            player2="Bartholomew Wolstenholme-Worthington",
        )
    return session


def director_paths(session) -> dict[str, str]:
    base = f"/director/sessions/{session.pk}"
    club = f"/director/clubs/{session.club.slug}"
    return {
        "home": "/director/",
        "dashboard": f"{base}/",
        "board": f"{base}/sections/A/boards/1/",
        "pickup slip": f"{base}/sections/A/rounds/1/tables/1/",
        "section": f"{base}/sections/A/edit/",
        "names": f"{base}/sections/A/pairs/",
        "publish": f"{base}/publish/",
        "changes": f"{base}/changes/",
        "missing": f"{base}/sections/A/missing/",
        "players": f"{base}/players/",
        "tables": f"{base}/tables/",
        "console": f"{base}/console/",
        "register": f"{club}/players/",
        "trash": f"{club}/trash/",
        "competitions": f"{club}/competitions/",
        "import several files": "/director/import/files/",
        "help": "/help/",
    }


def test_no_director_page_scrolls_sideways_on_a_phone(page, live_server, demo):
    log_in(page, live_server.url, "director", "director")
    page.set_viewport_size(PHONE)
    wide = {}
    for name, path in director_paths(demo).items():
        response = page.goto(live_server.url + path)
        assert response.status == 200, (name, path)
        overflow = page.evaluate(OVERFLOW)
        if overflow["page"] > 0:
            wide[name] = overflow["page"]
        if name == "dashboard":  # the running ranking: long names wrap, the table fits
            assert all(extra <= 0 for extra in overflow["tables"]), overflow
    assert wide == {}, f"pages wider than 360 px, by px: {wide}"
