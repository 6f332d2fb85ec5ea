"""The club room's equipment from the director's phone and desk, in Chromium at 360 px and
1280 px: the *Bridgemates* page (the Data Connector set up, the terminals' settings chosen,
the session sent, a table's result fetched) against the Data Connector simulator, and the
*Deal boards* page (boards dealt with a seed, the machine's file downloaded and read back).
Neither page scrolls sideways."""

from __future__ import annotations

import pytest

from sessions_app.interchange.deal_files.formats import DEAL_FORMATS
from sessions_app.models import Board, BridgemateLink, Result
from tests.bridgemate.conftest import CLUB_ID, LICENCE_KEY
from tests.bridgemate.simulator import BcsSimulator
from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = [("phone", PHONE), ("desktop", DESKTOP)]


def fits(page) -> None:
    overflow = page.evaluate(OVERFLOW)
    assert overflow["page"] <= 0, "the page scrolls sideways"
    assert all(extra <= 0 for extra in overflow["tables"]), overflow


def said(page, text: str) -> None:
    """`text` among the page's messages, after the form's redirect."""
    page.locator(".messages, [role=alert], .errorlist").get_by_text(text).first.wait_for()


@pytest.fixture
def bcs():
    simulator = BcsSimulator()
    simulator.start()
    yield simulator
    simulator.stop()


@pytest.mark.parametrize(("label", "viewport"), WIDTHS)
def test_the_director_sets_up_the_bridgemates_sends_the_session_and_fetches_a_result(
    director_page, live_server, mitchell, bcs, screenshot, label, viewport
):
    page = director_page
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/director/sessions/{mitchell.session_id}/bridgemates/")
    fits(page)
    page.fill("#id_address", bcs.base_address)
    page.fill("#id_bcs_club_id", CLUB_ID)
    page.fill("#id_licence_key", LICENCE_KEY)
    page.get_by_role("button", name="Set up the Bridgemates").click()
    said(page, "Bridgemates are reached at")

    page.fill("#id_pin_code", "48a1")
    page.get_by_role("button", name="Save the settings").click()
    page.get_by_text("the PIN is four digits, 0-9").wait_for()
    page.fill("#id_pin_code", "4821")
    page.select_option("#id_lead_card", "checked")
    page.get_by_role("button", name="Save the settings").click()
    said(page, "settings are kept, sent with the session")
    fits(page)

    page.get_by_role("button", name="Send to the Bridgemates").click()
    said(page, "Sent to the Bridgemates at")
    held = bcs.tables.session()
    assert [s["BM3PINcode"] for s in held.sent_to_tables["Bridgemate3Settings"]] == ["4821"]

    # Table A1 plays board 1 in round 1: 4H by North, 10 tricks; board 1 is vulnerable
    # nobody (Law 2), so +420 for NS: 4 x 30 + 300 game bonus
    bcs.tables.enter_result("A", 1, 1, 1, "4H N 10")
    page.get_by_role("button", name="Fetch the results now").click()
    said(page, "1 line stored, 0 unchanged")
    fits(page)
    screenshot(page, f"bridgemates-{label}")
    line = Result.objects.get()
    assert (line.board.number, line.ns.label, line.ew.label) == (1, "1", "8")
    assert (line.level, line.strain, line.declarer, line.tricks, line.score_ns) == (
        4,
        "H",
        "N",
        10,
        420,
    )
    assert BridgemateLink.objects.get().terminal_settings["lead_card"] == "checked"


@pytest.mark.parametrize(("label", "viewport"), WIDTHS)
def test_the_director_deals_boards_and_downloads_the_machines_file(
    director_page, live_server, mitchell, screenshot, label, viewport
):
    page = director_page
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/director/sessions/{mitchell.session_id}/deal/")
    fits(page)
    page.fill("#id_boards", "1-4")
    page.fill("#id_seed", "club night 29")
    page.select_option("#id_format", "dlm")
    page.get_by_role("button", name="Deal the boards").click()
    said(page, "Dealt 4 boards")
    fits(page)
    screenshot(page, f"deal-boards-{label}")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the session's deals (.dlm)").click()
    assert download.value.suggested_filename.endswith("-deals.dlm")
    content = download.value.path().read_bytes()
    stored = dict(
        Board.objects.filter(session_id=mitchell.session_id)
        .exclude(deal="")
        .values_list("number", "deal")
    )
    assert {board.number: board.deal for board in DEAL_FORMATS["dlm"].read(content)} == stored
    assert sorted(stored) == [1, 2, 3, 4]
