"""The players' screen on one phone (360 px): it works without the opponents' check and
without results shown, it opens offline from its service worker, and a result waiting when
the director re-issues the table's code is sent with the new code (nothing entered is lost).

The whole evening, seven phones at once, is tests/browser/test_table_scoring.py.
"""

from __future__ import annotations

import pytest

from sessions_app.models import Club, Result, TableCall, TableCode
from sessions_app.setup.status import session_set_status
from sessions_app.table_scoring.access import reissue_code
from sessions_app.table_scoring.director import call_answer, round_close, table_settings_save
from tests.browser.table_screen import Played, Table
from tests.browser.test_table_scoring import build_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_one(live_server, browser):
    """Section A of a session in play (7-table Mitchell), and table 1's phone."""
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    session, section = build_session(club, "Tuesday pairs", in_play=True)
    code = TableCode.objects.get(section=section, table=1, revoked_at=None)
    table = Table(browser, live_server.url, 1, code.code)
    yield session, code, table
    table.close()


def test_without_the_check_or_results_a_result_goes_straight_back_to_the_round(table_one):
    session, _, table = table_one
    table_settings_save(session=session, verification=False, shows="nothing")
    table.page.reload()
    table.page.wait_for_selector(".round-view")
    # Board 1, nobody vulnerable: 3NT by S making 10 tricks = 40 + 60 + 300 + 30 = +430.
    assert table.enter(1, Played(3, "NT", 0, "S", 10)) == 430
    button = table.page.locator("ol.boards button[data-board='1']")
    button.locator(".score").wait_for()
    table.wait_all_sent()
    assert button.locator(".score").inner_text() == "+430"
    assert not button.locator(".tag").count()  # nothing to check, nothing waiting
    line = Result.objects.get(board__number=1)
    assert (line.score_ns, line.verification) == (430, "")


def test_a_result_waiting_for_a_replaced_code_goes_with_the_new_code(table_one, live_server):
    """Offline, the table enters board 2; meanwhile the director re-issues its code (the phone
    was taken to the wrong table, say). Back online the old code is refused: the screen says
    so and asks for the new code, still showing the result waiting; with the new code the
    result is sent, once."""
    _, code, table = table_one
    table.go_offline()
    # Board 2, NS vulnerable: 4H by E one down = +50 to NS (EW not vulnerable).
    assert table.enter(2, Played(4, "H", 0, "E", 9)) == 50
    table.check(accept=True)
    table.back_from_results()
    assert "1 result waiting to send" in table.status()
    new = reissue_code(code)
    table.go_online()
    table.page.wait_for_selector("form.sign-in")
    assert "the director replaced this table's code" in table.page.inner_text("form.sign-in")
    assert "1 result waiting to send" in table.status()
    assert not Result.objects.exists()
    table.page.fill("form.sign-in input[name=code]", new.code.lower())
    with table.page.expect_navigation():
        table.page.click("form.sign-in button[type=submit]")
    table.page.wait_for_function(
        """() => {
            const button = document.querySelector("ol.boards button[data-board='2']");
            return button && button.querySelector(".score").textContent === "+50"
                && !button.querySelector(".tag.waiting");
        }"""
    )
    table.wait_all_sent()
    line = Result.objects.get()
    assert (line.board.number, line.table, line.score_ns, line.verification) == (
        2,
        1,
        50,
        "accepted",
    )
    assert line.changes.get().device.table_code_id == new.pk  # type: ignore[union-attr]


def test_a_session_that_is_not_in_play_says_so_and_opens_when_it_is_again(table_one):
    session, _, table = table_one
    table.page.evaluate("indexedDB.deleteDatabase('clubscorer-table')")  # a phone new to it
    session_set_status(session=session, status="final")
    table.page.reload()
    notice = table.page.locator(".closed .notice")
    assert "the session is final" in notice.inner_text()
    session_set_status(session=session, status="in_play")  # the director goes back a step
    table.page.click(".closed button")
    table.page.wait_for_selector(".round-view")
    assert "round 1 of 7" in table.round_title()


def test_a_result_rejected_and_entered_again_offline_goes_in_order(table_one):
    """Offline, board 3 is entered, rejected by East-West and entered again, then accepted:
    four writes wait for one board ("1 result waiting to send"). Back online they go in
    order, the correction and the checks with the line's id from the first answer."""
    _, _, table = table_one
    table.go_offline()
    # Board 3, EW vulnerable: 2S by N making 9 tricks = 60 + 50 + 30 = +140.
    assert table.enter(3, Played(2, "S", 0, "N", 8)) == 110  # 8 tricks: 60 + 50 = +110
    table.check(accept=False)
    table.page.wait_for_selector("#board-title:has-text('enter it again')")
    table.choose(Played(2, "S", 0, "N", 9))
    assert table.preview_score() == 140
    table.page.click("button[data-send]")
    table.check(accept=True)
    table.back_from_results()
    assert "1 result waiting to send" in table.status()
    assert not Result.objects.exists()
    table.go_online()
    table.wait_all_sent()
    line = Result.objects.get()
    assert (line.board.number, line.tricks, line.score_ns, line.version) == (3, 9, 140, 2)
    assert line.verification == "accepted"
    assert list(line.changes.order_by("at").values_list("action", flat=True)) == [
        "create",
        "update",
    ]


def test_a_round_the_director_closed_ends_with_boards_missing(table_one):
    """Board 1 entered, boards 2 and 3 not (the table is slow); the director closes round 1:
    the table may move on without them, and its entered line is the director's now."""
    session, code, table = table_one
    table_settings_save(session=session, verification=False, shows=session.table_shows)
    table.page.reload()
    # Board 1, nobody vulnerable: 1NT by N making 7 tricks = 40 + 50 = +90.
    assert table.enter(1, Played(1, "NT", 0, "N", 7)) == 90
    table.back_from_results()
    table.wait_all_sent()
    assert not table.page.locator("[data-action=end-round]").count()  # 2 boards to enter
    round_close(section=code.section, round_=1)
    table.page.reload()
    notice = table.page.locator(".round-end .notice")
    assert "The director closed round 1" in notice.inner_text()
    table.end_round()
    moves = table.start_next_round()
    assert moves["ns"] == "stays at table 1 NS"
    assert "round 2 of 7" in table.round_title()
    assert Result.objects.count() == 1


def test_offline_a_reloaded_screen_opens_from_the_service_worker(table_one):
    """A player reloads the page with no network: the service worker serves the screen and
    IndexedDB the round and the result still waiting; back online it is sent, once."""
    _, _, table = table_one
    table.page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    table.go_offline()
    # Board 1, nobody vulnerable: 4S by N making 10 tricks = 120 + 300 = +420.
    assert table.enter(1, Played(4, "S", 0, "N", 10)) == 420
    table.check(accept=True)
    table.back_from_results()
    table.page.reload()
    table.page.wait_for_selector("ol.boards button[data-board='1'] .tag.waiting")
    assert "No network" in table.status()
    assert "1 result waiting to send" in table.status()
    assert "round 1 of 7" in table.round_title()
    table.go_online()
    table.wait_all_sent()
    line = Result.objects.get()
    assert (line.board.number, line.score_ns, line.verification) == (1, 420, "accepted")


def test_on_a_wide_screen_the_same_screen_sits_in_a_column(
    table_one, page, live_server, screenshot
):
    """A tablet or laptop at 1280 px: the screen keeps its phone column (34rem), centred."""
    _, code, _ = table_one
    page.goto(f"{live_server.url}/t/{code.code}/")
    page.wait_for_selector(".round-view")
    box = page.locator("#app").bounding_box()
    assert box and box["width"] <= 34 * 18 and abs(box["x"] * 2 + box["width"] - 1280) <= 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.locator("ol.boards button[data-board]").count() == 3
    screenshot(page, "table-round-1280")


def test_results_without_percentages_when_the_club_says_so(table_one):
    session, _, table = table_one
    table_settings_save(session=session, verification=False, shows="results")
    table.page.reload()
    # Board 3, EW vulnerable: 3NT by W making 9 tricks = 100 + 500 = 600 to EW: -600 for NS.
    assert table.enter(3, Played(3, "NT", 0, "W", 9)) == -600
    results = table.page.locator(".results-view table.results")
    results.wait_for()
    assert results.locator("thead th").all_inner_texts() == ["NS", "EW", "NS score"]
    assert results.locator("tbody tr.ours td").all_inner_texts() == ["1", "8", "-600"]
    assert not table.page.locator(".results-view [data-percent]").count()


def test_an_answered_call_leaves_the_screen(table_one):
    """The table calls the director; once the director answers on the console, the round no
    longer says the director is on the way, nor keeps "The director is called"."""
    _, _, table = table_one
    table.page.click("#call-director")
    table.page.check(".call-form input[value=ruling]")
    table.page.fill(".call-form input[name=text]", "lead out of turn")
    table.page.click(".call-form button[type=submit]")
    table.page.wait_for_selector(".notice.called:has-text('The director is on the way')")
    assert "The director is called (a ruling" in table.page.inner_text("#problems")
    call_answer(call=TableCall.objects.get())
    # The phone asks for its state every 3 s while a call waits: gone within 6 s.
    table.page.wait_for_selector(".notice.called", state="detached", timeout=6000)
    assert "The director is called" not in table.page.inner_text("#problems")
    assert table.errors == []


def test_the_board_s_results_show_when_the_network_is_back(table_one):
    """Offline, board 1 is entered and accepted: the results view says they show when the
    phone is back on the network; when it is, they show, without a tap."""
    _, _, table = table_one
    table.go_offline()
    # Board 1, nobody vulnerable: 4S by N making 10 tricks = 120 + 300 = +420.
    assert table.enter(1, Played(4, "S", 0, "N", 10)) == 420
    table.check(accept=True)
    waiting = table.page.locator(".results-view :text('back on the network')")
    waiting.wait_for()
    table.go_online()
    rows = table.page.locator(".results-view table.results tbody tr")
    rows.first.wait_for(timeout=8000)
    # The board's only line so far: pair 1 v 8, +420, 50.00% each (a board played once), as the
    # pages write a percentage.
    assert rows.all_inner_texts() == ["1\t8\t+420\t50.00%\t50.00%"]
    assert waiting.count() == 0
    assert "All results sent" in table.status()


class HeldState:
    """The next GET /api/table/state, answered by the server at once but delivered to the
    phone only on `deliver()`: an answer that overtakes nothing on a slow Wi-Fi hop while
    the table's next write goes and comes back first."""

    def __init__(self, table: Table):
        self.table = table
        self.held: list = []  # (route, the server's answer)
        table.page.route("**/api/table/state", self._hold)

    def _hold(self, route) -> None:
        if self.held:
            route.continue_()
        else:
            self.held.append((route, route.fetch()))

    def ask(self) -> None:
        """The phone asks for its state as it does when the network comes back."""
        self.table.page.evaluate("window.dispatchEvent(new Event('online'))")
        while not self.held:
            self.table.page.wait_for_timeout(20)

    def deliver(self) -> None:
        route, answer = self.held[0]
        with self.table.page.expect_response("**/api/table/state"):
            route.fulfill(response=answer)
        self.table.page.unroute("**/api/table/state")
        # What the answer would redraw is drawn in the same task as it arrives.
        self.table.page.evaluate("() => new Promise((done) => setTimeout(done, 50))")


def test_a_state_answer_older_than_the_table_s_last_write_is_not_shown(table_one):
    """The phone asks for its state; before that answer arrives the table ends its round (or
    sends a result) and that write's answer comes back first. The older answer must not take
    the table back: a round ended, then shown again, would have the players enter its
    boards as corrections of lines of a round the server has closed to them."""
    session, _, table = table_one
    table_settings_save(session=session, verification=False, shows="nothing")
    table.page.reload()
    table.page.wait_for_selector(".round-view")
    # 1NT by N making 7 tricks is 40 + 50 = +90 whoever is vulnerable.
    for board in (1, 2, 3):
        assert table.enter(board, Played(1, "NT", 0, "N", 7)) == 90
    table.wait_all_sent()

    held = HeldState(table)
    held.ask()  # the answer says round 1, all three boards entered
    table.end_round()
    table.start_next_round()
    assert "round 2 of 7" in table.round_title()
    round_two = table.boards()
    held.deliver()
    assert "round 2 of 7" in table.round_title()
    assert table.boards() == round_two

    held = HeldState(table)
    held.ask()  # the answer says round 2, nothing entered
    first = round_two[0]
    assert table.enter(first, Played(1, "NT", 0, "N", 7)) == 90
    button = table.page.locator(f"ol.boards button[data-board='{first}']")
    button.locator(".score:text('+90')").wait_for()
    button.locator(".tag.waiting").wait_for(state="detached")  # the server's answer is in
    held.deliver()
    assert button.locator(".score").inner_text() == "+90"  # the line is still shown
    assert table.errors == []
