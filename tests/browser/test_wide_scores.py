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
