"""Typing as fast as a director copying travellers does: 30 ms a key, never waiting for the
server. Every stored line must be exactly the line typed, in its own row, in order; keys
typed while a line is being saved belong to the next line; a refused line keeps its text,
marked, where the director sees it.

The section is the `mitchell` fixture's: 7 tables, 3 boards a round, so each board is played
at all 7 tables; the typed lines go into the grid's rows in their order, whichever seats they
are. The NS scores below are Law 77's, worked out by hand:
- board 1, nobody vulnerable: 3NT by NS making 9 = 100 + 300 = +400; -100 is two down
  undoubled (2 x 50) or one down doubled; 4S by N making 10 = 120 + 300 = +420; 3NT by S one
  down = -50; 50 is EW's contract one down.
- board 2, NS vulnerable: 3NT by NS making 9 = 100 + 500 = +600; 4H by E making 10 = -420
  (EW not vulnerable); 2S by N two down vulnerable = -200.
- board 3, EW vulnerable: 4S by W making 10 = -620; 3NT by N making 10 = 430.
"""

from __future__ import annotations

import pytest

from sessions_app.models import Result
from tests.browser.conftest import DESKTOP, PHONE

KEY_DELAY_MS = 30

# (typed, NS score) for the 7 tables of a board, in table order (the grid's order).
BOARD_1 = [
    ("400", 400),
    ("-100", -100),
    ("-100", -100),
    ("400", 400),
    ("50", 50),
    ("4sn10", 420),
    ("3nt-1 s", -50),
]
BOARD_2 = [
    ("600", 600),
    ("4he10", -420),
    ("2sn-2", -200),
    ("-420", -420),
    ("p", 0),
    ("600", 600),
    ("-200", -200),
]
# A pickup slip: round 1, table 1 plays boards 1, 2 and 3 (NS 1 v EW 8: the EW pairs of a
# 7-table Mitchell are numbered 8-14, EW 8 starting at table 1).
SLIP = [("4sn10", 1, 420), ("3nts9", 2, 600), ("4sw10", 3, -620)]

# Every scheduled row saved and none still waiting for the server.
ALL_SAVED = """() => {
  const rows = [...document.querySelectorAll('tr[data-row]:not(.free)')];
  return rows.length > 0 && rows.every(r => r.classList.contains('saved'))
    && !document.querySelector('tr[data-row].pending');
}"""
SETTLED = "() => !document.querySelector('tr[data-row].pending')"


@pytest.fixture(params=[DESKTOP, PHONE], ids=["1280px", "360px"])
def sized_page(director_page, request):
    """The director's page at 1280 px, then at 360 px (the grid as cards)."""
    director_page.set_viewport_size(request.param)
    return director_page


def board_url(live_server, section, number: int) -> str:
    return f"{live_server.url}/director/sessions/{section.session_id}/sections/A/boards/{number}/"


def type_fast(page, texts: list[str]) -> None:
    """Every line and its Enter in one burst, 30 ms a key, no wait for any answer."""
    page.wait_for_function("() => document.activeElement.classList.contains('entry-input')")
    page.keyboard.type("".join(f"{text}\n" for text in texts), delay=KEY_DELAY_MS)


GRID_SEATS = """() => [...document.querySelectorAll('tr[data-row]:not(.free)')].map(row => {
  const value = name => row.querySelector(`[name="r${row.dataset.row}-${name}"]`).value;
  return [Number(value('round')), Number(value('table'))];
})"""


def stored_scores(section, board: int, seats) -> list[int | None]:
    """The NS scores stored on `board`, in the order of the grid's rows (their round and table);
    None for a row with no line."""
    lines = {
        (line.round, line.table): line.score_ns
        for line in Result.objects.filter(section=section, board__number=board)
    }
    return [lines.get(tuple(seat)) for seat in seats]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_stores_whole_boards_typed_at_30_ms_a_key_exactly(live_server, sized_page, mitchell):
    page = sized_page
    for number, board in ((1, BOARD_1), (2, BOARD_2)):
        page.goto(board_url(live_server, mitchell, number))
        seats = page.evaluate(GRID_SEATS)
        type_fast(page, [text for text, _ in board])
        page.wait_for_function(ALL_SAVED)
        assert stored_scores(mitchell, number, seats) == [score for _, score in board]
        # What the grid shows is what was stored, row by row.
        shown = page.locator("tr[data-row]:not(.free) .score").all_inner_texts()
        assert shown == [f"{score:+d}" if score else "0" for _, score in board]
    assert Result.objects.count() == 14


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_stores_a_pickup_slip_typed_at_30_ms_a_key_exactly(live_server, sized_page, mitchell):
    page = sized_page
    page.goto(
        f"{live_server.url}/director/sessions/{mitchell.session_id}/sections/A/rounds/1/tables/1/"
    )
    type_fast(page, [text for text, _, _ in SLIP])
    page.wait_for_function(ALL_SAVED)
    for text, board, score in SLIP:
        line = Result.objects.get(section=mitchell, board__number=board)
        assert (line.round, line.table, line.ns.label, line.ew.label) == (1, 1, "1", "8")
        assert line.score_ns == score, text
    assert Result.objects.count() == 3


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_keeps_and_marks_a_refused_line_typed_among_good_ones(
    live_server, director_page, mitchell, screenshot
):
    page = director_page
    page.goto(board_url(live_server, mitchell, 1))
    seats = page.evaluate(GRID_SEATS)
    # The third row's line claims 14 tricks: refused. The lines around it are good.
    typed = ["400", "-100", "4sn14", "400", "50"]
    type_fast(page, typed)
    page.wait_for_function(SETTLED)
    assert stored_scores(mitchell, 1, seats) == [400, -100, None, 400, 50, None, None]
    refused = page.locator("tr[data-row='2']")
    assert refused.locator(".entry-input").input_value() == "4sn14"
    assert "has-error" in refused.get_attribute("class")
    assert "saved" not in refused.get_attribute("class")
    assert refused.locator(".msg").inner_text().strip() != ""
    # The director sees it: the grid says a line is waiting, and Enter on the way to the next
    # board brings the focus back to it instead of leaving.
    assert "1 line not saved" in page.locator("#entry-state").inner_text()
    screenshot(page, "entry-refused-line")
    before = page.url
    page.focus("#next-board")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.name === 'r2-entry'")
    assert page.url == before
    page.fill("tr[data-row='2'] .entry-input", "4sn11")
    page.press("tr[data-row='2'] .entry-input", "Enter")
    page.wait_for_function(SETTLED)
    assert stored_scores(mitchell, 1, seats)[2] == 450  # 4S making 11, not vulnerable: 120+300+30


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_lays_out_a_just_saved_lines_actions_as_the_page_draws_them(
    live_server, director_page, mitchell
):
    page = director_page
    page.goto(board_url(live_server, mitchell, 1))
    type_fast(page, ["4sn10"])
    page.wait_for_function(ALL_SAVED.replace(".every(", ".slice(0, 1).every("))
    actions = page.locator("tr[data-row='0'] .row-actions")
    just_saved = (actions.inner_text(), actions.locator("a").get_attribute("href"))
    page.reload()
    assert just_saved == (actions.inner_text(), actions.locator("a").get_attribute("href"))
    assert just_saved[0].split() == ["Delete", "Adjust"]
