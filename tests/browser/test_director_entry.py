"""End to end in a real Chromium: a director logs in, sets up a 7-table Mitchell with 3 boards a
round and an arrow switch on the last round, enters all 21 travellers from the keyboard, and
reads the correct one-field ranking.

The expected ranking comes from the independent reference calculation of
tests/scoring/test_reference_model.py (pairwise comparisons written from the rules), fed with
what was typed and the NS scores written out below by hand from Law 77.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model

from sessions_app.models import Club, Result
from sessions_app.scoring import EventInput, SectionEntry, Traveller, played
from tests.scoring.test_reference_model import reference

PASSWORD = "correct horse battery staple"

# What the director types, the side that declares, and the NS score not vulnerable /
# vulnerable (Law 77): e.g. 4S by N making 10 = 120 + 300 = +420, or +620 vulnerable;
# 4H by E making 10 = -420 / -620 for NS; 3NT by S one off = -50 / -100.
ENTRIES = [
    ("4sn10", "NS", 420, 620),
    ("4sn9", "NS", -50, -100),
    ("4sn11", "NS", 450, 650),
    ("3ns9", "NS", 400, 600),
    ("3ns8", "NS", -50, -100),
    ("2hs8", "NS", 110, 110),
    ("4he10", "EW", -420, -620),
    ("3ne9", "EW", -400, -600),
    ("2sw9", "EW", -140, -140),
    ("p", "", 0, 0),
]
# Law 2, boards 1-16 (then again from 17): NS vulnerable on 2, 4, 5, 7, 10, 12, 13, 15;
# EW vulnerable on 3, 4, 6, 7, 9, 10, 13, 16.
NS_VULNERABLE = {2, 4, 5, 7, 10, 12, 13, 15}
EW_VULNERABLE = {3, 4, 6, 7, 9, 10, 13, 16}


# The focus moves on as Enter is pressed; the line is saved once its row waits no more.
SAVED_AND_MOVED_ON = """row =>
    document.querySelector(`tr[data-row='${row}']`).classList.contains('saved')
    && !document.querySelector(`tr[data-row='${row}']`).classList.contains('pending')
    && document.activeElement.name !== `r${row}-entry`"""
# The page puts the focus on the first line's result once its script has run, which may be a
# moment after the page has loaded: wait for it (a focus that never comes times out).
FOCUS_ON = "name => document.activeElement && document.activeElement.name === name"


def ns_score(board: int, side: str, not_vulnerable: int, vulnerable: int) -> int:
    cycle = (board - 1) % 16 + 1
    is_vulnerable = cycle in (NS_VULNERABLE if side == "NS" else EW_VULNERABLE)
    return vulnerable if side and is_vulnerable else not_vulnerable


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_enters_a_whole_evening_from_the_keyboard(live_server, page):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    Club.objects.create(name="Riverside Bridge Club", slug="riverside").directors.add(user)
    url = live_server.url

    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", "dora")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.press("#id_password", "Enter")
    assert page.url.endswith("/director/")

    page.click("text=New session")
    page.fill("#id_name", "Tuesday Pairs")
    page.fill("#id_date", "2026-11-17")
    with page.expect_navigation():
        page.click("button:has-text('Create session')")
    page.select_option("#id_movement", "mitchell")
    page.fill("#id_tables", "7")
    page.fill("#id_boards_per_round", "3")
    page.fill("#id_arrow_switch", "last")
    with page.expect_navigation():
        page.click("button:has-text('Save section')")
    page.fill("#id_names", "\n".join(f"{n}, Player {n}a, Player {n}b" for n in range(1, 15)))
    with page.expect_navigation():
        page.click("button:has-text('Save names')")
    dashboard = page.url

    rng = random.Random(17)
    keystrokes = 0
    typed = []  # (board, round, table, ns, ew, NS score)
    page.click("ol.board-grid a >> text=1")
    for board in range(1, 22):
        page.wait_for_selector("tr[data-row]")
        assert page.locator("h1").inner_text() == f"Board {board}"
        for row in range(7):  # the 7 tables that play each board, in the order it travels
            values = {
                name: page.input_value(f'[name="r{row}-{name}"]')
                for name in ("round", "table", "ns", "ew")
            }
            text, side, not_vulnerable, vulnerable = rng.choice(ENTRIES)
            page.wait_for_function(FOCUS_ON, arg=f"r{row}-entry", timeout=10_000)
            focused = page.evaluate("document.activeElement.name")
            assert focused == f"r{row}-entry", f"board {board}: focus on {focused}"
            page.keyboard.type(text)
            page.keyboard.press("Enter")
            keystrokes += len(text) + 1
            page.wait_for_function(SAVED_AND_MOVED_ON, arg=row)
            score = ns_score(board, side, not_vulnerable, vulnerable)
            seat = (int(values["round"]), int(values["table"]), values["ns"], values["ew"])
            typed.append((board, *seat, score))
        if board < 21:
            assert page.evaluate("document.activeElement.id") == "next-board"
            with page.expect_navigation():
                page.keyboard.press("Enter")
            keystrokes += 1

    lines = len(typed)
    assert lines == 147 and Result.objects.count() == 147
    per_line = keystrokes / lines
    print(f"\nkeystrokes: {keystrokes} for {lines} traveller lines = {per_line:.2f} a line")
    assert per_line <= 6

    # The arrow switch: in round 7 every EW pair sat NS, so the pairs sat both ways: one field.
    assert any(r == 7 and int(ns) > 7 for _, r, _, ns, _, _ in typed)
    page.goto(dashboard)
    rows = page.locator("table.ranking tbody tr")
    shown = {}
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td").all_inner_texts()
        shown[cells[1]] = (cells[0], cells[4])  # pair -> (place, %)
    assert page.locator("table.ranking caption").inner_text() == "one field"

    event = EventInput(
        (
            SectionEntry(
                "A",
                tuple(
                    Traveller(
                        board,
                        tuple(
                            played(ns, ew, score, round=r, table=t)
                            for b, r, t, ns, ew, score in typed
                            if b == board
                        ),
                        7,
                    )
                    for board in range(1, 22)
                ),
            ),
        )
    )
    _, totals, places = reference(event, 7, True)
    assert set(shown) == {str(pair) for pair in range(1, 15)}
    for pair, (_, place) in places.items():
        mp, top, _ = totals[pair]
        percentage = Fraction(mp * 100, top)
        hundredths = math.floor(percentage * 100 + Fraction(1, 2))  # half-way rounds up
        expected = f"{hundredths // 100}.{hundredths % 100:02d}"
        assert shown[pair] == (place, expected), pair
