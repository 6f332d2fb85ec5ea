"""A difficult evening, end to end in a real Chromium (issue 12's "Done when").

A director logs in and sets up two sections: A, a 3-table Mitchell of 2 boards a round (NS 1-3,
EW 4-6, boards 1-6), and B, a 2-table Howell of 2 a round (pairs 1-4, boards 1-6). Section A is
entered from the keyboard by board and by pickup slip, with a weighted ruling (Adjust form) and a
split score typed on the grid; section B on a 360 px phone, with an artificial ruling (Adjust
form). Then: a movement change refused under the results, a line deleted from the grid and
restored from the changes page, publishing refused for the one missing line and then done with
the explicit confirmation, a player reading the results, a correction the player sees as
amended, and every file export imported back with the very same figures.

Every action goes through the pages, as a director or a player would; only the final
comparison of the imported sessions reads `session_results` in Python.

The figures asserted were worked out by hand from the rules (the arithmetic is below, on the 2/1
scale, top = 2(E-1)):

Section A (E = 3, top 4). Law 2: board 1 none vulnerable, 2 NS, 3 EW, 4 all, 5 NS, 6 EW.
- Board 1: 1v4 4S N 10 = +420; 2v6 4S N 9 = -50; 3v5 weighted 30% +420, 70% -50.
  Frequency table {+420: 1.3, -50: 1.7}; a score earns 2·W(<s) + W(=s) - 1:
  +420 -> 2·1.7 + 1.3 - 1 = 3.7, -50 -> 0 + 1.7 - 1 = 0.7.
  1v4: NS 3.7, EW 0.3; 2v6: NS 0.7, EW 3.3; 3v5: NS 0.3·3.7 + 0.7·0.7 = 1.6, EW 4 - 1.6 = 2.4.
- Board 2: 1v4 3NT S 9 = +600; 2v6 4S N 10 = +620; 3v5 split: NS +620, EW 4S N 9 = -100.
  A split puts ½ under each side's score: {-100: ½, +600: 1, +620: 1½} ->
  -100: ½ - 1 = -½; +600: 2·½ + 1 - 1 = 1; +620: 2·1½ + 1½ - 1 = 3½.
  1v4: NS 1, EW 3; 2v6: NS 3.5, EW 0.5; 3v5: NS 3.5, EW 4 - (-½) = 4½, held at the top: 4.
- Board 3 (as corrected after publication): 2v5 4H E 10 = -620; 1v6 4H E 9 = +100;
  3v4 3NT E 10 = -630 (first entered as 3NT E 9 = -600).
  NS: -630 -> 0, -620 -> 2, +100 -> 4. (Before the correction: -620 -> 0, -600 -> 2, +100 -> 4.)
- Board 4: 2v5 2S N 8 = +110 (4/0); 1v6 3NT S 8 = -100 (0/4); 3v4 passed out = 0 (2/2).
- Board 5: 3v6 4H S 10 = +620 (2/2); 2v4 4H S 11 = +650 (4/0); 1v5 4H S 9 = -100 (0/4).
- Board 6: 3v6 1NT W 7 = -90; 2v4 2S W 8 = -110; 1v5 never entered (published anyway).
  Two lines of three: 2 and 0 among themselves, Neuberg (M + 1)·3/2 - 1:
  3v6: NS (2+1)·3/2 - 1 = 3.5, EW (0+1)·3/2 - 1 = 0.5; 2v4: NS 0.5, EW 3.5.
- Totals (percentage of the boards played, 4 a board):
  NS 1: 3.7 + 1 + 4 + 0 + 0 = 8.7 / 20 = 43.50%; 2: 0.7 + 3.5 + 2 + 4 + 4 + 0.5 = 14.7 / 24
  = 61.25%; 3: 1.6 + 3.5 + 0 + 2 + 2 + 3.5 = 12.6 / 24 = 52.50%.
  EW 4: 0.3 + 3 + 4 + 2 + 0 + 3.5 = 12.8 / 24 = 53.33%; 5: 2.4 + 4 + 2 + 0 + 4 = 12.4 / 20
  = 62.00%; 6: 3.3 + 0.5 + 0 + 4 + 2 + 0.5 = 10.3 / 24 = 42.92%.
  Before the correction of board 3 (2v5 0/4, 3v4 2/2): NS 2 has 12.7 / 24 (52.92%), NS 3
  14.6 / 24 (60.83%), EW 5 14.4 / 20 (72.00%), EW 4 10.8 / 24 (45.00%).

Section B (E = 2, top 2; one field).
- Board 1: 4v1 3NT N 9 = +400 (0/2); 3v2 3NT N 10 = +430 (2/0).
- Board 2: 4v1 2H S 8 = +110 (2/0); 3v2 2H S 7 = -100 (0/2).
- Board 3: 4v2 and 1v3 both 4S E 10 = -620 (1/1 each).
- Board 4: 4v2 3NT W 9 = -600 (0/2); 1v3 4S N 10 = +620 (2/0).
- Board 5: 4v3 Ave+/Ave- (Law 12C2); 2v1 1NT N 7 = +90, alone: (0+1)·2/1 - 1 = 1 each.
  Law 12C2(c): pair 4 has 0+2+1+0+2 = 5 of 10 (50%) on its other boards, so Ave+ stays 60%
  of 2 = 1.2; pair 3 has 2+0+1+0+0 = 3 of 10 (30%), below 40%, so it gets 30% of 2 = 0.6.
- Board 6: 4v3 2D W 8 = -90 (2/0); 2v1 2D W 9 = -110 (0/2).
- Totals of 12: 1: 2+0+1+2+1+2 = 8 (66.67%); 4: 0+2+1+0+1.2+2 = 6.2 (51.67%);
  2: 0+2+1+2+1+0 = 6 (50.00%); 3: 2+0+1+0+0.6+0 = 3.6 (30.00%).
"""

from __future__ import annotations

import re
import time
from fractions import Fraction as F
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import dateformat, timezone

from sessions_app.core.results import session_results
from sessions_app.models import Club, Result, Section, Session
from tests.browser.conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery staple"
DATE = "2026-11-17"
NAMES_A = (
    "1, Ann Lee, Bob Ray\n2, Cy Dee, Di Eve\n3, Ed Fry, Flo Gee\n4, Gus Hay, Hal Ivy\n"
    "5, Ida Joy, Jo Kay\n6, Kim Lum, Lou May"
)
NAMES_B = "1\tMo Ng\tNed Oak\n2\tOla Pym\tPat Quin\n3\tQuy Roe\tRay Sim\n4\tSue Tam\tTed Uhl"

# What is typed on the grid, by (board, NS, EW); None: left for a ruling on the Adjust form.
SECTION_A_BY_BOARD = {
    (1, "1", "4"): "4sn10",
    (1, "3", "5"): None,
    (1, "2", "6"): "4sn9",
    (2, "1", "4"): "3ns9",
    (2, "3", "5"): "4sn10 / 4sn9",
    (2, "2", "6"): "4sn10",
    (3, "2", "5"): "4he10",
    (3, "1", "6"): "4he9",
    (3, "3", "4"): "3ne9",
    (4, "2", "5"): "2sn8",
    (4, "1", "6"): "3ns8",
    (4, "3", "4"): "p",
}
# Pickup slips (round, table) of boards 5 and 6; board 6 of round 3 table 1 stays missing.
SECTION_A_SLIPS = {
    (1, 3): {(5, "3", "6"): "4hs10", (6, "3", "6"): "1nw7"},
    (2, 2): {(5, "2", "4"): "4hs11", (6, "2", "4"): "2sw8"},
    (3, 1): {(5, "1", "5"): "4hs9", (6, "1", "5"): None},
}
SECTION_B_BY_BOARD = {
    (1, "4", "1"): "3nn9",
    (1, "3", "2"): "3nn10",
    (2, "4", "1"): "2hs8",
    (2, "3", "2"): "2hs7",
    (3, "4", "2"): "4se10",
    (3, "1", "3"): "4se10",
    (4, "4", "2"): "3nw9",
    (4, "1", "3"): "4sn10",
    (5, "4", "3"): None,
    (5, "2", "1"): "1ns7",
    (6, "4", "3"): "2dw8",
    (6, "2", "1"): "2dw9",
}

# The row was saved (the server answered) and the focus went on to another line.
# The focus moves on as Enter is pressed; the line is saved once its row waits no more.
SAVED_AND_MOVED_ON = """row =>
    document.querySelector(`tr[data-row='${row}']`).classList.contains('saved')
    && !document.querySelector(`tr[data-row='${row}']`).classList.contains('pending')
    && document.activeElement.name !== `r${row}-entry`"""
FOCUSED = "document.activeElement.id || document.activeElement.name"
PAGE_WIDTH = "document.documentElement.scrollWidth"


def test_it_runs_a_difficult_evening_end_to_end(live_server, browser, tmp_path):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    Club.objects.create(name="Riverside Bridge Club", slug="riverside").directors.add(user)
    url = live_server.url
    director_context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    player_context = browser.new_context(viewport=PHONE)
    try:
        page = director_context.new_page()
        page.set_default_timeout(10_000)
        player = player_context.new_page()
        player.set_default_timeout(10_000)

        log_in(page, url)
        session_id = set_up_two_sections(page)
        dashboard = f"{url}/director/sessions/{session_id}/"
        enter_section_a(page, dashboard)
        enter_section_b_on_a_phone(page, dashboard)
        refuse_a_movement_change(page, dashboard, session_id)
        delete_and_restore_a_line(page, dashboard)
        publish_with_a_line_missing(page, dashboard, session_id)
        assert player_ranking(player, url, session_id) == {
            "ranking-a-ns": [("1", "3", "60.83"), ("2", "2", "52.92"), ("3", "1", "43.50")],
            "ranking-a-ew": [("1", "5", "72.00"), ("2", "4", "45.00"), ("3", "6", "42.92")],
            "ranking-b": [
                ("1", "1", "66.67"),
                ("2", "4", "51.67"),
                ("3", "2", "50.00"),
                ("4", "3", "30.00"),
            ],
        }
        correct_after_publication(page, dashboard)
        assert player_sees_the_amendment(player, session_id) == {
            "ranking-a-ns": [("1", "2", "61.25"), ("2", "3", "52.50"), ("3", "1", "43.50")],
            "ranking-a-ew": [("1", "5", "62.00"), ("2", "4", "53.33"), ("3", "6", "42.92")],
            "ranking-b": [
                ("1", "1", "66.67"),
                ("2", "4", "51.67"),
                ("3", "2", "50.00"),
                ("4", "3", "30.00"),
            ],
        }
        original = Session.objects.get(pk=session_id)
        check_hand_computed_lines(original)

        files = download_every_export(page, dashboard, tmp_path)
        imported = import_every_export(page, url, files)
        expected = figures(original)
        for kind, imported_id in imported.items():
            copy = Session.objects.get(pk=imported_id)
            assert_same_figures(figures(copy), expected, kind)
    finally:
        director_context.close()
        player_context.close()


# Set-up --------------------------------------------------------------------------------------


def log_in(page, url: str) -> None:
    page.goto(f"{url}/director/")  # not logged in: sent to our own log-in page
    assert "/accounts/login/" in page.url
    page.fill("#id_username", "dora")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.press("#id_password", "Enter")
    assert page.url.endswith("/director/")


def set_up_two_sections(page) -> int:
    page.click("text=New session")
    page.fill("#id_name", "A difficult evening")
    page.fill("#id_date", DATE)
    with page.expect_navigation():
        page.click("button:has-text('Create session')")
    session_id = int(re.search(r"/sessions/(\d+)/", page.url).group(1))
    add_section(page, "mitchell", tables=3, names=NAMES_A)
    page.click("text=Add a section")
    assert page.input_value("#id_name") == "B"
    add_section(page, "howell", tables=2, names=NAMES_B)
    assert "Section B" in page.locator("#section-B").inner_text()
    assert page.locator("section[aria-labelledby='section-A'] .muted").first.inner_text() == (
        "Mitchell, 3 tables; 3 rounds of 2"
    )
    return session_id


def add_section(page, movement: str, *, tables: int, names: str) -> None:
    page.select_option("#id_movement", movement)
    page.fill("#id_tables", str(tables))
    page.fill("#id_boards_per_round", "2")
    with page.expect_navigation():
        page.click("button:has-text('Save section')")
    page.fill("#id_names", names)
    with page.expect_navigation():
        page.click("button:has-text('Save names')")
    assert "/names" not in page.url and "saved" in messages(page)


def messages(page) -> str:
    return " ".join(page.locator("ul.messages li").all_inner_texts())


# Entry ---------------------------------------------------------------------------------------


def enter_rows(page, typed: dict) -> None:
    """Go down the grid from the keyboard: type each line's result and press Enter (the line is
    saved and the focus moves on); Enter on a line left empty moves on too."""
    rows = page.locator("tr[data-row]:not(.free)")  # free rows: for lines off the movement
    count = rows.count()
    for index in range(count):
        row = rows.nth(index)
        key = (
            int(row.get_attribute("data-board")),
            page.input_value(f'[name="r{index}-ns"]'),
            page.input_value(f'[name="r{index}-ew"]'),
        )
        assert key in typed, f"unexpected line {key}"
        assert page.evaluate(FOCUSED) == f"r{index}-entry", f"focus not on {key}"
        text = typed[key]
        if text:
            page.keyboard.type(text)
            page.keyboard.press("Enter")
            page.wait_for_function(SAVED_AND_MOVED_ON, arg=index)
            assert not row.locator(".msg").inner_text(), row.locator(".msg").inner_text()
        elif index < count - 1:
            page.keyboard.press("Enter")  # nothing typed: on to the next line
            page.wait_for_function(f"() => {FOCUSED} === 'r{index + 1}-entry'")


def grid_figures(page) -> dict[tuple[str, str], tuple[str, str, str]]:
    """(NS, EW) -> (score, NS MP, EW MP) as the entry grid shows them."""
    shown = {}
    rows = page.locator("tr[data-row]:not(.free)")
    for index in range(rows.count()):
        row = rows.nth(index)
        key = (page.input_value(f'[name="r{index}-ns"]'), page.input_value(f'[name="r{index}-ew"]'))
        cells = (".score", ".mp-ns", ".mp-ew")
        shown[key] = tuple(row.locator(cell).inner_text().strip() for cell in cells)
    return shown


def open_board(page, dashboard: str, section: str, number: int) -> None:
    page.goto(dashboard)
    grid = page.locator(f"section[aria-labelledby='section-{section}'] ol.board-grid a")
    with page.expect_navigation():
        grid.nth(number - 1).click()
    assert page.locator("h1").inner_text() == f"Board {number}"


def next_board(page, number: int) -> None:
    """Every line of the board is in: the focus is on "Save, board N →"; Enter goes there."""
    assert page.evaluate(FOCUSED) == "next-board"
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("h1").inner_text() == f"Board {number}"


def board_lines(typed: dict, number: int) -> dict:
    return {key: text for key, text in typed.items() if key[0] == number}


def enter_section_a(page, dashboard: str) -> None:
    open_board(page, dashboard, "A", 1)
    enter_rows(page, board_lines(SECTION_A_BY_BOARD, 1))
    weighted_ruling_on_the_adjust_form(page)
    assert grid_figures(page) == {
        ("1", "4"): ("+420", "3.7", "0.3"),
        ("3", "5"): ("", "1.6", "2.4"),  # weighted: the words say it, not a score
        ("2", "6"): ("-50", "0.7", "3.3"),
    }
    next_board(page, 2)
    enter_rows(page, board_lines(SECTION_A_BY_BOARD, 2))
    split = page.locator("tr.ruling")
    assert split.count() == 1 and "split" in split.inner_text().lower()
    assert grid_figures(page) == {
        ("1", "4"): ("+600", "1", "3"),
        ("3", "5"): ("+620 / -100", "3.5", "4"),
        ("2", "6"): ("+620", "3.5", "0.5"),
    }
    for number in (3, 4):
        next_board(page, number)
        enter_rows(page, board_lines(SECTION_A_BY_BOARD, number))
    # Boards 5 and 6 from the pickup slips, reached from the session page's slip table.
    for (round_number, table), typed in SECTION_A_SLIPS.items():
        page.goto(dashboard)
        slips = page.locator("section[aria-labelledby='section-A'] details")
        slips.locator("summary").click()
        cell = slips.locator("table.slips tbody tr").nth(round_number - 1).locator("td")
        with page.expect_navigation():
            cell.nth(table - 1).locator("a").click()
        heading = f"Round {round_number}, table {table}"
        assert page.locator("h1").inner_text() == heading
        enter_rows(page, typed)
    assert Result.objects.filter(section__name="A").count() == 17  # 18 seated, 1 missing


def weighted_ruling_on_the_adjust_form(page) -> None:
    """3 v 5 on board 1: 30% 4S N 10, 70% 3NT S 8 (Law 12C1(c)). The form shows only the
    fields of the ruling chosen."""
    row = page.locator("tr[data-row]", has=page.locator('input[value="5"][name$="-ew"]'))
    with page.expect_navigation():
        row.locator("a", has_text="Adjust").click()
    assert page.locator("h1").inner_text() == "Ruling on board 1"
    assert page.input_value("#id_ns") == "3" and page.input_value("#id_ew") == "5"
    assert visible_fields(page) == {"result"}  # an assigned score by default
    page.check("input[name=kind][value=weighted]")
    assert visible_fields(page) == {"weights"}
    page.check("input[name=kind][value=split]")
    assert visible_fields(page) == {"result", "ew_result"}
    assert page.locator("label[for=id_result]").inner_text() == "NS's result:"
    page.check("input[name=kind][value=weighted]")
    page.fill("#id_weights", "30% 4S N 10\n70% 3NT S 8")
    page.fill("#id_reason", "misinformation")
    with page.expect_navigation():
        page.click("button:has-text('Save ruling')")
    assert page.locator("h1").inner_text() == "Board 1"
    assert "Board 1: 3 v 5 saved (" in messages(page)
    assert "30%" in page.locator("tr.ruling .ruling-note").inner_text()


def visible_fields(page) -> set[str]:
    """Which of the kinds' own fields the adjust form shows."""
    names = ("result", "ew_result", "weights", "ns_artificial", "ew_artificial")
    return {name for name in names if page.locator(f"#id_{name}").is_visible()}


def enter_section_b_on_a_phone(page, dashboard: str) -> None:
    page.set_viewport_size(PHONE)
    open_board(page, dashboard, "B", 1)
    for number in range(1, 7):
        if number > 1:
            next_board(page, number)
        assert page.evaluate(PAGE_WIDTH) <= 360, f"board {number} scrolls sideways"
        enter_rows(page, board_lines(SECTION_B_BY_BOARD, number))
        assert page.evaluate(PAGE_WIDTH) <= 360, f"board {number} scrolls sideways when saved"
        if number == 5:
            artificial_ruling_on_the_adjust_form(page)
            assert page.evaluate(PAGE_WIDTH) <= 360
    assert Result.objects.filter(section__name="B").count() == 12
    page.set_viewport_size(DESKTOP)


def artificial_ruling_on_the_adjust_form(page) -> None:
    """4 v 3 on board 5: Ave+ to NS, Ave- to EW (Law 12C2)."""
    row = page.locator("tr[data-row]", has=page.locator('input[value="3"][name$="-ew"]'))
    with page.expect_navigation():
        row.locator("a", has_text="Adjust").click()
    assert page.evaluate(PAGE_WIDTH) <= 360
    page.check("input[name=kind][value=artificial]")
    assert visible_fields(page) == {"ns_artificial", "ew_artificial"}
    page.fill("#id_ns_artificial", "A+")  # A+, A, A- or a percentage (docs/rules.md §5.9)
    page.fill("#id_ew_artificial", "A-")
    page.fill("#id_reason", "fouled by a late pair")
    with page.expect_navigation():
        page.click("button:has-text('Save ruling')")
    assert "Board 5: 4 v 3 saved (" in messages(page)


# The evening's troubles ----------------------------------------------------------------------


def refuse_a_movement_change(page, dashboard: str, session_id: int) -> None:
    """Section A set to 5 tables under its results: the page lists the lines it would orphan
    and changes nothing until the director confirms (which they do not)."""
    before = list(Result.objects.filter(section__name="A").values_list("pk", "version"))
    page.goto(dashboard)
    page.click("section[aria-labelledby='section-A'] a:text-is('movement')")
    page.fill("#id_tables", "5")
    with page.expect_navigation():
        page.click("button:has-text('Save section')")
    alert = page.locator("#change-title").inner_text()
    assert alert == "This change affects results already entered"
    listed = page.locator("section[aria-labelledby=change-lines]")
    # A 5-table Mitchell seats NS 1-5 against EW 6-10: pairs 4 and 5 would sit NS and no line
    # entered is where the new movement seats it. Every one of the 17 is listed.
    assert listed.locator("h3").all_inner_texts() == [
        "17 lines kept, off the new movement's schedule"
    ]
    rows = listed.locator("tbody tr")
    assert rows.count() == 17
    assert rows.nth(1).locator("td").all_inner_texts() == [
        "board 1",
        "2",
        "3 v 5",
        "weighted: 30% of 4S by N, 10 tricks (+420) + 70% of 3NT by S, 8 tricks (-50)",
    ]
    assert page.locator("button:has-text('Confirm: change the movement')").is_visible()
    page.goto(dashboard)  # the director thinks again and leaves without confirming
    section = Section.objects.get(session_id=session_id, name="A")
    assert section.tables == 3
    after = list(Result.objects.filter(section__name="A").values_list("pk", "version"))
    assert after == before
    movement = page.locator("section[aria-labelledby='section-A'] .muted").first
    assert movement.inner_text() == "Mitchell, 3 tables; 3 rounds of 2"


def delete_and_restore_a_line(page, dashboard: str) -> None:
    """1 v 6 on board 4 deleted from the grid (after the browser's confirm), then put back from
    the changes page, found with its filters."""
    open_board(page, dashboard, "A", 4)
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    row = page.locator("tr[data-row]", has=page.locator('input[value="6"][name$="-ew"]'))
    row.locator("button.delete").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('tr .msg')].some(m => m.textContent.startsWith("
        "'Deleted. It can be restored from the changes page.'))"
    )
    assert asked == ["Delete the line 1 v 6 on board 4?"]
    assert grid_figures(page)[("1", "6")] == ("", "", "")
    assert not Result.objects.filter(board__number=4, section__name="A", ns__label="1").exists()

    page.goto(dashboard)
    with page.expect_navigation():
        page.click("text=changes")
    page.fill("input[name=board]", "4")
    page.select_option("select[name=kind]", "delete")
    with page.expect_navigation():
        page.click("button:has-text('Show')")
    rows = page.locator("table.changes tbody tr")
    assert rows.count() == 1
    assert "1 v 6" in rows.first.inner_text()
    with page.expect_navigation():
        rows.first.locator("button:has-text('Restore')").click()
    assert "Board 4, 1 v 6 restored." in messages(page)
    page.fill("input[name=pair]", "6")
    page.select_option("select[name=kind]", "restore")
    with page.expect_navigation():
        page.click("button:has-text('Show')")
    assert page.locator("table.changes tbody tr").count() == 1
    open_board(page, dashboard, "A", 4)
    assert grid_figures(page)[("1", "6")] == ("-100", "0", "4")


def publish_with_a_line_missing(page, dashboard: str, session_id: int) -> None:
    page.goto(dashboard)
    for step, status in (("Start play", "in play"), ("Mark final", "final")):
        with page.expect_navigation():
            page.click(f"button:has-text('{step}')")
        assert f"The session is now {status}." in messages(page)
    with page.expect_navigation():
        page.click("button:has-text('Publish results')")
    assert page.url.endswith(f"/sessions/{session_id}/publish/")
    assert "Not published: 1 result is missing." in messages(page)
    assert page.locator("#missing-heading").inner_text() == "1 result missing"
    missing = page.locator(".missing-lines tbody tr")
    assert missing.count() == 1
    assert missing.first.locator("td").all_inner_texts()[:5] == ["A", "6", "3", "1", "1 v 5"]
    links = [
        (link.inner_text(), link.get_attribute("href")) for link in missing.first.locator("a").all()
    ]
    base = f"/director/sessions/{session_id}/sections/A"
    assert links == [
        ("board 6", f"{base}/boards/6/"),
        ("pickup slip round 3, table 1", f"{base}/rounds/3/tables/1/"),
    ]
    assert Session.objects.get(pk=session_id).status == "final"
    page.click("button:has-text('Publish anyway')")  # the box is not ticked: nothing happens
    assert page.url.endswith(f"/sessions/{session_id}/publish/")
    assert page.locator("#publish-incomplete").evaluate("box => box.matches(':invalid')")
    assert Session.objects.get(pk=session_id).status == "final"
    page.check("#publish-incomplete")
    with page.expect_navigation():
        page.click("button:has-text('Publish anyway')")
    assert "The session is now published." in messages(page)
    # The club's register is empty: the 12 + 8 names of the two sections are nobody's yet,
    # and publishing lands on the publish page, which counts them.
    assert page.url.endswith(f"/sessions/{session_id}/publish/")
    unmatched = " ".join(page.locator(".unmatched-names").inner_text().split())
    assert "20 names are not matched to the register" in unmatched
    page.goto(dashboard)
    assert page.locator(".publication .provisional").is_visible()


def player_ranking(player, url: str, session_id: int) -> dict[str, list[tuple[str, str, str]]]:
    """A player, not logged in, finds the session from the home page on a phone."""
    player.goto(url + "/")
    with player.expect_navigation():
        player.click("text=A difficult evening")
    assert player.url.endswith(f"/sessions/{session_id}/")
    provisional = player.locator(".notice.provisional").inner_text()
    assert provisional.startswith("Provisional results: 1 result is still missing")
    assert player.evaluate(PAGE_WIDTH) <= 360
    return read_rankings(player)


def read_rankings(player) -> dict[str, list[tuple[str, str, str]]]:
    """(place, pair, %) of each ranking table on the player's session page, by table id."""
    rankings = {}
    for table in player.locator("table[id^=ranking-]").all():
        rows = []
        for row in table.locator("tbody tr").all():
            place = row.locator("td").first.inner_text().strip()
            pair = row.locator("th").inner_text().strip()
            # The %, before the boards played (the last column).
            percentage = row.locator("td").nth(-2).inner_text().strip().rstrip("%")
            rows.append((place, pair, percentage))
        rankings[table.get_attribute("id")] = rows
    return rankings


def correct_after_publication(page, dashboard: str) -> None:
    """3 v 4 on board 3 made ten tricks, not nine: retyped on the grid."""
    open_board(page, dashboard, "A", 3)
    entry = page.locator("tr[data-row]", has=page.locator('input[value="4"][name$="-ew"]'))
    field = entry.locator(".entry-input")
    field.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("3ne10")
    page.keyboard.press("Enter")
    # Wait for the save's answer, not for the score alone: the preview of what was typed can
    # show -630 before the save has answered with the board's new matchpoints.
    page.wait_for_function(SAVED_AND_MOVED_ON, arg=entry.get_attribute("data-row"))
    assert grid_figures(page) == {
        ("2", "5"): ("-620", "2", "2"),
        ("1", "6"): ("+100", "4", "0"),
        ("3", "4"): ("-630", "0", "4"),
    }


def player_sees_the_amendment(player, session_id: int) -> dict:
    """The player's page is cached for a couple of seconds: reloading shows the correction."""
    deadline = time.monotonic() + 8
    while True:
        player.reload()
        amended = player.locator(".notice.amended")
        if amended.count() or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    session = Session.objects.get(pk=session_id)
    assert session.amended_at is not None
    when = dateformat.format(timezone.localtime(session.amended_at), "j F Y, H:i")
    assert amended.inner_text().startswith(f"Amended {when}:"), amended.inner_text()
    assert player.locator(".notice.provisional").is_visible()  # still one line missing
    return read_rankings(player)


def check_hand_computed_lines(session: Session) -> None:
    """The lines the grid did not show above, from the scored results."""
    results = session_results(session)
    section_a, section_b = results.section("A"), results.section("B")

    def mps(section, number):
        return {
            (s.line.ns, s.line.ew): (s.points_ns, s.points_ew) for s in section.board(number).lines
        }

    assert mps(section_a, 6) == {("3", "6"): (F(7, 2), F(1, 2)), ("2", "4"): (F(1, 2), F(7, 2))}
    assert mps(section_b, 5) == {("4", "3"): (F(6, 5), F(3, 5)), ("2", "1"): (1, 1)}
    (field,) = section_b.fields  # a Howell: one field
    standings = [(s.place, s.score.label, s.score.points) for s in field.standings]
    assert standings == [("1", "1", 8), ("2", "4", F(31, 5)), ("3", "2", 6), ("4", "3", F(18, 5))]


# Every export, imported back -----------------------------------------------------------------


def download_every_export(page, dashboard: str, folder: Path) -> dict[str, Path]:
    page.goto(dashboard)
    files = {}
    downloads = page.locator("ul.downloads")
    for kind, link in (
        ("pbn", "PBN"),
        ("usebio", "USEBIO"),
        ("travellers", "Travellers"),
        ("names", "names"),
    ):
        with page.expect_download() as info:
            downloads.locator("a", has_text=re.compile(f"^{link}$")).click()
        download = info.value
        path = folder / download.suggested_filename
        download.save_as(path)
        files[kind] = path
    assert files["travellers"].name.endswith("-travellers.csv")
    return files


def import_every_export(page, url: str, files: dict[str, Path]) -> dict[str, int]:
    """Each file through "Import a file"; a travellers CSV needs the date said."""
    imported = {}
    for kind in ("travellers", "pbn", "usebio"):
        page.goto(f"{url}/director/")
        with page.expect_navigation():
            page.click("text=Import a file")
        page.set_input_files("#id_file", str(files[kind]))
        if kind == "travellers":
            page.set_input_files("#id_names", str(files["names"]))
            page.fill("#id_name", "Evening from CSV")
            with page.expect_navigation():
                page.click("button:has-text('Import')")
            error = page.locator(".field.has-error .error").inner_text()
            assert error == (
                "A travellers CSV carries no date: give the date the session was played."
            )
            page.set_input_files("#id_file", str(files[kind]))  # a browser keeps no file
            page.set_input_files("#id_names", str(files["names"]))
            page.fill("#id_date", DATE)
        else:
            page.fill("#id_name", f"Evening from {kind}")
        with page.expect_navigation():
            page.click("button:has-text('Import')")
        assert re.search(r"Imported 29 (traveller )?lines", messages(page)), messages(page)
        imported[kind] = int(re.search(r"/sessions/(\d+)/$", page.url).group(1))
    return imported


def figures(session: Session) -> dict:
    """Every figure of a session's results, exact: each pair's matchpoints, top, percentage and
    place in its field, and each line's matchpoints, with the names and the scale."""
    results = session_results(session)
    return {
        "scale": results.scale,
        "pairs": {
            (section.name, field.direction, standing.score.label): (
                standing.place,
                standing.score.points,
                standing.score.top,
                standing.score.percentage,
            )
            for section in results.sections
            for field in section.fields
            for standing in field.standings
        },
        "lines": {
            (section.name, board.number, scored.line.ns, scored.line.ew): (
                scored.points_ns,
                scored.points_ew,
                scored.line.ruling.text if scored.line.ruling else None,
            )
            for section in results.sections
            for board in section.boards
            for scored in board.lines
        },
        "names": {
            (section.name, label): entry.names
            for section in results.sections
            for label, entry in section.pairs.items()
        },
    }


def assert_same_figures(got: dict, expected: dict, kind: str) -> None:
    """Equal, or every difference named (which pair or line, what it was, what it became)."""
    differences = [
        f"{part} {key}: {expected[part].get(key)} became {got[part].get(key)}"
        for part in ("pairs", "lines", "names")
        for key in sorted(set(expected[part]) | set(got[part]), key=str)
        if expected[part].get(key) != got[part].get(key)
    ]
    if got["scale"] != expected["scale"]:
        differences.append(f"scale {expected['scale']} became {got['scale']}")
    assert not differences, f"the {kind} export imported back differs:\n" + "\n".join(differences)
