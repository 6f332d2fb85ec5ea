"""A traveller of four-digit scores fits a 360 px phone: every column shown, none clipped,
no sideways scrolling. Board 1 (Pagat's, seven lines) makes board 2's five factored, so the
matchpoints have decimals too (11.6, 10.2).

Board 2, NS vulnerable (Law 77): 6S by N making 12 = 180 + 500 + 750 = +1430; 4SX by N six
tricks, four down doubled vulnerable = 200 + 300 + 300 + 300 = -1100; 7NT by S making 13 =
220 + 500 + 1500 = +2220; 7NTX by S nine tricks, the same four down = -1100; 6NT by N making
12 = 190 + 500 + 750 = +1440.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import OVERFLOW, PHONE

BIG = """\
    board,ns,ew,contract,declarer,tricks
    2,1,8,6S,N,12
    2,2,9,4SX,N,6
    2,3,10,7NT,S,13
    2,4,11,7NTX,S,9
    2,5,12,6NT,N,12
    1,1,8,4S,N,10
    1,2,9,3NT,S,10
    1,3,10,5CX,E,8
    1,4,11,4S,N,10
    1,5,12,4S,N,11
    1,6,13,5S,N,10
    1,7,14,3S,N,10
"""
# Every cell of the traveller inside the table's box: none cut off at its right edge.
CLIPPED = """() => {
  const box = document.querySelector('.table-wrap').getBoundingClientRect();
  return [...document.querySelectorAll('.table-wrap td, .table-wrap th')]
    .filter(cell => cell.offsetParent !== null)
    .filter(cell => cell.getBoundingClientRect().right > box.right + 0.5)
    .map(cell => cell.textContent.trim());
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_traveller_of_four_digit_scores_fits_a_phone(page, live_server, make_session):
    session = make_session(BIG, publish=True)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/sessions/{session.pk}/boards/2/")
    shown = page.locator("table.traveller").inner_text()
    assert all(score in shown for score in ("+1430", "-1100", "+2220", "+1440", "96.67", "3.33"))
    overflow = page.evaluate(OVERFLOW)
    assert overflow["page"] <= 0 and all(extra <= 0 for extra in overflow["tables"]), overflow
    assert page.evaluate(CLIPPED) == []


# Board 7 (All vulnerable) at 16 tables, pairs 1-32, as a Howell evening brings it: the
# Law 77 scores run from +7600 (7SXX by E, thirteen down redoubled: 400 + 12 x 600) to -7600
# (7NTXX by N, the same), +3160 (1NTXX by N with six overtricks: 160 + 500 + 100 + 6 x 400),
# +2490 (7NTX by S: 440 + 500 + 1500 + 50), +2220 (7NT by N: 220 + 500 + 1500), +1860 (6SX+1
# by S: 360 + 500 + 750 + 50 + 200); a split score +2220 / -7600, a weighted one, Ave+/Ave-
# and the director's 60%/40%. Two lines are artificial, so 14 results are scored and factored
# to E = 16 (top 30): +7600 beats the other 13 (26 of 26) -> (26 + 1) x 16/14 - 1 = 209/7 =
# 29.86, 99.52%; its EW 1/7 = 0.14. Every line has 2 decimals (docs/rules.md §3.4).
HOWELL = [
    "7NT,N,13",
    "7NTXX,N,0",
    "6SX,S,13",
    "7NT S 13 / 7NTXX N 0,,",
    "60%/40%,,",
    "A+/A-,,",
    "30% 7NT N 13; 70% 7NTXX N 0,,",
    "7NTX,S,13",
    "PASS,,",
    "1NTXX,N,13",
    "4S,N,10",
    "3NT,N,9",
    "6NT,S,12",
    "5DX,E,8",
    "4HX,W,7",
    "7SXX,E,0",
]
LONG_NAMES = ("Alexandrina Montgomery-Smythe", "Bartholomew Featherstonehaugh")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_busy_traveller_and_its_ranking_fit_a_phone(page, live_server, make_session):
    travellers = "board,ns,ew,contract,declarer,tricks\n" + "".join(
        f"7,{2 * table - 1},{2 * table},{line}\n" for table, line in enumerate(HOWELL, start=1)
    )
    names = "pair,player1,player2\n" + "".join(
        f"{n},{','.join(LONG_NAMES)}\n" for n in range(1, 33)
    )
    session = make_session(travellers, names, publish=True)
    page.set_viewport_size(PHONE)
    for url in (f"/sessions/{session.pk}/", f"/sessions/{session.pk}/boards/7/"):
        page.goto(live_server.url + url)
        overflow = page.evaluate(OVERFLOW)
        assert overflow["page"] <= 0 and all(extra <= 0 for extra in overflow["tables"]), url
        assert page.evaluate(CLIPPED) == [], url
    best = page.locator("table.traveller tbody tr", has_text="+7600").first
    cells = best.locator("td").all_inner_texts()
    assert "29.86\n99.52%" in cells and "0.14\n0.48%" in cells  # the % under the MP
