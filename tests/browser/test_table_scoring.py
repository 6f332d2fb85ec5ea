"""A whole evening scored at the tables, in a real Chromium: a 7-table Mitchell, 3 boards a
round, arrow switch on the last round; one phone (browser context, 360 px) per table, the
seven tables playing each round a board at a time in turn, so their requests overlap.

On the way: names given at round 1 (table 1); an opponent rejects a result and it is entered
again (table 2, round 1); a table corrects an accepted line (table 3, round 2); a table plays a
whole round offline and its results go when the network returns (table 4, round 3); an
answer lost on the way back is sent again and stored once (table 7, round 6); the
director changes a line while the table is correcting it, and the table's later correction is
refused with the director's message (table 5, round 4); a table calls the director (table 6,
round 5). At the end: every line is stored once, as last entered, and the ranking is the one
the director gets typing the same results on the entry page (a second session) and the one
the independent reference calculation of tests/scoring/test_reference_model.py gives.

Scores shown before sending are checked against Law 77 computed here (Played.ns_score); the
screen's score.js is checked against the server's for every contract by
tests/table/test_score_js.py.
"""

from __future__ import annotations

import datetime
import time
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from sessions_app.core.results import session_results
from sessions_app.models import Club, Result, ResultChange, TableCall, TableCode
from sessions_app.players.session_names import pairs_set_names
from sessions_app.scoring import EventInput, SectionEntry, Traveller, played
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.setup.status import session_set_status
from sessions_app.table_scoring.director import table_settings_save
from tests.browser.conftest import DESKTOP, log_in
from tests.browser.table_screen import Played, Table
from tests.scoring.test_reference_model import reference

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "correct horse battery staple"
TABLES = 7
# Results the tables play, picked by board and table. NS scores by Law 77, e.g. 4S by N making
# 10 = +420 (+620 vulnerable); 4SX by E two down = +300 to NS (+500 with EW vulnerable).
RESULTS = [
    Played(4, "S", 0, "N", 10),
    Played(4, "S", 0, "N", 9),
    Played(3, "NT", 0, "S", 9),
    Played(3, "NT", 0, "S", 10),
    Played(4, "H", 0, "E", 10),
    Played(2, "S", 0, "W", 8),
    Played(4, "S", 1, "E", 8),
    Played(1, "NT", 0, "N", 7),
    Played(5, "D", 0, "W", 11),
    Played(6, "H", 0, "S", 12),
    Played(3, "C", 2, "N", 9),
    Played(0, "", 0, "", 0),  # passed out
]


def result_for(board: int, table: int) -> Played:
    return RESULTS[(board * 5 + table * 3) % len(RESULTS)]


def build_session(club, name: str, *, in_play: bool):
    session = session_create(club=club, name=name, date=datetime.date(2026, 11, 24))
    section = section_save(
        session=session,
        name="A",
        movement="mitchell",
        tables=TABLES,
        boards_per_round=3,
        arrow_switch="last",
    )
    pairs_set_names(
        section=section,
        names=[(str(n), f"Player {n}a", f"Player {n}b") for n in (*range(1, 8), *range(8, 15))],
    )
    if in_play:
        session_set_status(session=session, status="in_play")
    return session, section


@pytest.fixture
def director_page(browser, live_server):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    Club.objects.create(name="Riverside Bridge Club", slug="riverside").directors.add(user)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server.url, "dora", PASSWORD)
    yield page
    context.close()


def play_board(table: Table, board: int, entered: dict, previews: list, shot=None) -> None:
    """A table's board from start to finish: tap the result, read the score, send, an
    opponent accepts, read the board so far, back to the round."""
    result = result_for(board, table.number)
    previews.append((board, table.number, table.enter(board, result), result.ns_score(board)))
    table.check(accept=True)
    if shot:
        table.page.wait_for_selector(".results-view [data-percent]")
        assert table.fits()
        shot(table.page, "table-board-so-far")
    table.back_from_results()
    entered[(board, table.number)] = result


def test_seven_tables_score_a_whole_mitchell_on_their_phones(
    browser, live_server, director_page, screenshot, tmp_path
):
    started = time.monotonic()
    club = Club.objects.get()
    session, section = build_session(club, "Tuesday pairs", in_play=True)
    table_settings_save(session=session, verification=True, shows="results_and_percent")
    codes = dict(
        TableCode.objects.filter(section=section, revoked_at=None).values_list("table", "code")
    )
    assert sorted(codes) == list(range(1, TABLES + 1))
    tables = {n: Table(browser, live_server.url, n, codes[n]) for n in codes}
    entered: dict[tuple[int, int], Played] = {}  # (board, table) -> what the table played
    previews: list[tuple[int, int, int, int]] = []  # board, table, shown, Law 77
    seats: dict[tuple[int, int], list[int]] = {}  # (round, table) -> boards shown
    url = live_server.url

    # Round 1 at table 1: the pairs, the boards, and the players' names (optional).
    one = tables[1]
    assert "round 1 of 7" in one.round_title()
    assert one.page.inner_text(".pair[data-side=ns] .label") == "Pair 1"
    assert one.page.inner_text(".pair[data-side=ew] .label") == "Pair 8"
    screenshot(one.page, "table-round")
    assert not one.errors, one.errors
    one.page.click("details.players summary")
    for name, value in (("ns0", "Ann Lee"), ("ns1", "Bob Ross"), ("ew0", "1234"), ("ew1", "5678")):
        one.page.fill(f"details.players input[name={name}]", value)
    one.page.click("details.players button[type=submit]")
    one.page.wait_for_function(
        "() => document.querySelector('.pair[data-side=ns] .names').textContent.includes('Ann Lee')"
    )
    rows = section.pairs.values_list("label", "player1", "player2")
    names = {label: (first, second) for label, first, second in rows}
    assert (names["1"], names["8"]) == (("Ann Lee", "Bob Ross"), ("1234", "5678"))

    try:
        play_the_rounds(
            tables, seats, entered, previews, director_page, url, session, section, screenshot
        )
    except Exception:
        for table in tables.values():  # what each phone showed, to see what went wrong
            path = tmp_path / f"table-{table.number}.png"
            table.page.screenshot(path=str(path), full_page=True)
            print(f"table {table.number}: {path}", table.errors)
        raise

    for table in tables.values():
        table.wait_all_sent()
        assert "That was the last round" in table.page.inner_text(".round-view")
    elapsed = time.monotonic() - started
    print(f"\n147 lines from 7 phones in {elapsed:.1f} s")
    for table in tables.values():
        assert not table.errors, table.errors  # no JavaScript error on any phone
        table.close()

    assert all(shown == law77 for _, _, shown, law77 in previews), previews
    check_every_line_stored_once(section, entered)
    check_the_ranking(club, session, section, entered)


def play_the_rounds(
    tables, seats, entered, previews, director_page, url, session, section, screenshot
) -> None:
    """Seven rounds: each board of the round played by every table in turn (so the phones'
    requests overlap), then every table ends the round and reads where everyone goes; the
    special cases happen on the way."""
    for rnd in range(1, TABLES + 1):
        for table in tables.values():
            seats[(rnd, table.number)] = table.boards()
            assert len(seats[(rnd, table.number)]) == 3
        if rnd == 3:
            tables[4].go_offline()
        for index in range(3):
            for table in tables.values():
                board = seats[(rnd, table.number)][index]
                if (rnd, table.number, index) == (1, 2, 0):
                    reject_and_enter_again(table, board, entered, screenshot)
                elif (rnd, table.number, index) == (4, 5, 0):
                    conflict_with_the_director(
                        table, board, entered, director_page, url, session, rnd, screenshot
                    )
                else:
                    if (rnd, table.number, index) == (6, 7, 0):
                        lost = lose_the_first_answer(table)
                    shot = screenshot if (rnd, table.number, index) == (2, 1, 2) else None
                    play_board(table, board, entered, previews, shot)
                if (rnd, table.number, index) == (1, 1, 0):
                    screenshot(table.page, "table-board-done")
                if (rnd, table.number, index) == (2, 3, 2):
                    correct_a_line(table, seats[(rnd, 3)][0], entered, screenshot)
                if (rnd, table.number, index) == (5, 6, 1):
                    call_the_director(table, director_page, url, session, screenshot)
        if rnd == TABLES:
            switched = tables[1].page.inner_text(".notice.switched")
            # Round 7 is switched. EW pair 9 started at table 2 and moved up six tables
            # (2 -> 3 -> ... -> 7 -> 1): it reaches table 1 and sits NS there, pair 1 EW.
            assert "pair 9 sits North–South, pair 1 East–West" in switched
            screenshot(tables[1].page, "table-arrow-switch")
        if rnd == 6:
            tables[7].wait_all_sent()  # the lost answer's line sent again, stored once
            tables[7].page.unroute("**/api/table/lines")
            assert lost == [201]
        for table in tables.values():
            table.end_round()
        if rnd == 3:
            offline = tables[4]
            assert "3 results waiting to send" in offline.status()
            assert "No network" in offline.status()
            screenshot(offline.page, "table-offline")
            assert Result.objects.filter(section=section, round=3, table=4).count() == 0
            offline.go_online()
        if rnd == 1:
            tables[1].page.wait_for_selector(".moves-view")
            screenshot(tables[1].page, "table-moves")
        for table in tables.values():
            moves = table.start_next_round()
            if rnd == 1 and table.number == 1:
                # Mitchell: NS 1 stays, EW 8 moves up to table 2, boards 1-3 down to table 7.
                assert moves == {
                    "ns": "stays at table 1 NS",
                    "ew": "table 2 EW",
                    "boards": "table 7",
                }
        if rnd == 1:
            screenshot(tables[1].page, "table-round-2")


def reject_and_enter_again(table: Table, board: int, entered: dict, screenshot) -> None:
    """Table 2 taps one trick too many; East-West reject it; the form comes back with what
    was rejected, the table taps the right result, and East-West accept that."""
    right = result_for(board, table.number)
    wrong = Played(4, "H", 0, "S", 11) if right != Played(4, "H", 0, "S", 11) else RESULTS[0]
    table.enter(board, wrong)
    assert table.fits()
    screenshot(table.page, "table-check")
    table.check(accept=False)
    table.page.wait_for_selector("#board-title:has-text('enter it again')")
    # The rejected result is still there to change: 4H chosen, by S, 11 tricks.
    assert table.page.get_attribute("[data-name=level][data-value='4']", "aria-pressed") == "true"
    table.choose(right)
    table.page.click("button[data-send]")
    table.check(accept=True)
    table.back_from_results()
    entered[(board, table.number)] = right


def correct_a_line(table: Table, board: int, entered: dict, screenshot) -> None:
    """Table 3 finds a mistake in an accepted line of this round and corrects it: one
    trick fewer (or more), checked again by East-West."""
    was = entered[(board, table.number)]
    if was.level == 0:
        fixed = Played(1, "C", 0, "N", 7)
    else:
        fixed = Played(
            was.level, was.strain, was.doubled, was.declarer, was.tricks - 1 if was.tricks else 1
        )
    table.page.click(f"ol.boards button[data-board='{board}']")
    table.page.wait_for_selector("#board-title:has-text('correct')")
    table.choose(fixed)
    assert table.preview_score() == fixed.ns_score(board)
    assert table.fits()
    screenshot(table.page, "table-correct")
    table.page.click("button[data-send]")
    table.check(accept=True)
    table.back_from_results()
    entered[(board, table.number)] = fixed


def conflict_with_the_director(
    table, board, entered, director, url, session, rnd, screenshot
) -> None:
    """Table 5 enters a board and opens it again to correct it; meanwhile the director
    changes the line on the entry page; the table's correction, made from the older
    version, is refused with the director's message, and the line stays the director's."""
    play_board(table, board, entered, [])
    table.wait_all_sent()
    director.goto(
        f"{url}/director/sessions/{session.pk}/sections/A/rounds/{rnd}/tables/{table.number}/"
    )
    row = director.locator(f"tr[data-board='{board}']")
    version = row.locator("input[name$='-version']").input_value()
    table.page.click(f"ol.boards button[data-board='{board}']")
    was = entered[(board, table.number)]
    mine = Played(2, "NT", 0, "N", 8) if was != Played(2, "NT", 0, "N", 8) else RESULTS[1]
    theirs = Played(3, "D", 0, "W", 9)
    table.choose(mine)
    row.locator(".entry-input").fill(theirs.entry)
    row.locator(".entry-input").press("Enter")
    director.wait_for_function(
        "([board, version]) => document.querySelector(`tr[data-board='${board}'] "
        "input[name$='-version']`).value !== version",
        arg=[board, version],
    )
    table.page.click("button[data-send]")
    table.page.wait_for_selector(".problem")
    message = table.page.inner_text(".problem")
    assert f"Board {board}: your correction was not accepted" in message
    # Who changed it, and what the line says now; what the table tried is said, not lost.
    assert "dora changed this line" in message
    assert "it now reads 3D by W, 9 tricks (-110)" in message
    assert "It said: 2NT by N, 8 tricks." in message
    screenshot(table.page, "table-refused")
    table.page.click(".problem button")
    entered[(board, table.number)] = theirs
    # The table's screen shows the director's line.
    button = table.page.locator(f"ol.boards button[data-board='{board}']")
    assert "+110" in button.inner_text() or "-110" in button.inner_text()
    if table.page.locator(f"ol.boards button[data-board='{board}'] .tag.pending").count():
        button.click()
        table.check(accept=True)
        table.back_from_results()


def call_the_director(table: Table, director, url, session, screenshot) -> None:
    """Table 6 calls the director for a ruling; the call shows on the director's console
    (open already: it updates itself), and the director answers it."""
    director.goto(f"{url}/director/sessions/{session.pk}/console/")
    director.wait_for_selector(".panel.calls")
    table.page.click("#call-director")
    table.page.check(".call-form input[value=ruling]")
    table.page.fill(".call-form input[name=text]", "revoke on the last board")
    screenshot(table.page, "table-call")
    table.page.click(".call-form button[type=submit]")
    table.page.wait_for_selector(".notice.ok:has-text('The director is called')")
    called = time.monotonic()
    on_console = director.locator(".panel.calls form.call", has_text="Table 6")
    on_console.wait_for()
    seconds = time.monotonic() - called
    print(f"\nthe call reached the console in {seconds:.1f} s")
    assert seconds < 4  # the console refreshes every 1.5 s
    assert "round 5: A ruling — revoke on the last board" in on_console.inner_text()
    call = TableCall.objects.get(table=6)
    assert (call.reason, call.text, call.round, call.answered_at) == (
        "ruling",
        "revoke on the last board",
        5,
        None,
    )
    # The table's round says the director is called, until the director answers.
    table.page.wait_for_selector(".notice.called:has-text('revoke on the last board')")
    table.page.click(".notice.ok button")
    on_console.locator("button[type=submit]").click()
    on_console.wait_for(state="detached")
    call.refresh_from_db()
    assert call.answered_at is not None


def lose_the_first_answer(table: Table) -> list[int]:
    """The table's next result reaches the server, but the answer is lost on the way back
    (the Wi-Fi drops at that moment): the phone sends it again with the same client_id."""
    lost: list[int] = []

    def handler(route):
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch().status)  # stored by the server...
            route.abort("connectionreset")  # ...but the phone never hears so
        else:
            route.continue_()

    table.page.route("**/api/table/lines", handler)
    return lost


def check_every_line_stored_once(section, entered: dict) -> None:
    lines = list(Result.objects.filter(section=section).select_related("board"))
    assert len(lines) == len(entered) == 147
    assert len({(line.board.number, line.ns_id) for line in lines}) == 147
    table_ids = [line.client_id for line in lines if line.client_id]
    assert len(table_ids) == len(set(table_ids))
    # Each line created once (the retry of table 7 in round 6 too), by its table's phone;
    # only the director's change (table 5, round 4) names a user instead.
    creates = ResultChange.objects.filter(result__section=section, action="create")
    assert sorted(creates.values_list("result_id", flat=True)) == sorted(line.pk for line in lines)
    assert not creates.filter(device=None).exists()
    by_director = ResultChange.objects.filter(result__section=section, device=None)
    assert list(
        by_director.values_list("action", "result__round", "result__table", "user__username")
    ) == [("update", 4, 5, "dora")]
    # Every line the opponents accepted, the one the director changed apart (nothing to check).
    checks = sorted((line.verification, line.round, line.table) for line in lines)
    assert [c for c in checks if c[0] != "accepted"] == [("", 4, 5)]
    for line in lines:
        want = entered[(line.board.number, line.table)]
        got = (line.level, line.strain, line.doubled, line.declarer, line.tricks or 0)
        assert got == (want.level, want.strain, want.doubled, want.declarer, want.tricks), line
        assert line.score_ns == want.ns_score(line.board.number)


def check_the_ranking(club, session, section, entered: dict) -> None:
    """The same results typed by the director on the entry page of a second session give
    the same ranking, and both are the reference calculation's."""
    lines = list(Result.objects.filter(section=section).select_related("board", "ns", "ew"))
    typed, _ = build_session(club, "Tuesday pairs (typed)", in_play=False)
    client = Client()
    client.force_login(get_user_model().objects.get(username="dora"))
    for line in lines:
        played_ = entered[(line.board.number, line.table)]
        answer = client.post(
            f"/director/sessions/{typed.pk}/sections/A/line/",
            {
                "board": line.board.number,
                "ns": line.ns.label,
                "ew": line.ew.label,
                "round": line.round,
                "table": line.table,
                "entry": played_.entry,
            },
        ).json()
        assert answer["ok"], answer

    def ranking(of):
        (field,) = session_results(of).sections[0].fields
        return [(s.place, s.score.label, s.score.percentage) for s in field.standings]

    at_the_tables = ranking(session)
    assert at_the_tables == ranking(typed)
    event = EventInput(
        (
            SectionEntry(
                "A",
                tuple(
                    Traveller(
                        number,
                        tuple(
                            played(
                                line.ns.label,
                                line.ew.label,
                                entered[(number, line.table)].ns_score(number),
                                round=line.round,
                                table=line.table,
                            )
                            for line in lines
                            if line.board.number == number
                        ),
                        7,
                    )
                    for number in range(1, 22)
                ),
            ),
        )
    )
    _, totals, places = reference(event, 7, True)
    for place, label, percentage in at_the_tables:
        mp, top, _ = totals[label]
        assert percentage == Fraction(100 * mp, top)
        assert place == places[label][1], label
    # 147 lines x top 12 shared out = 1764 matchpoints; each pair's top is 21 x 12 = 252:
    # the 14 percentages add up to 1764 / 252 = 7 pairs' worth of 100%.
    assert sum(p for _, _, p in at_the_tables) == 700
