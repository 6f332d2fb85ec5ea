"""The marks on the director's grid as the script keeps them: the line a link from the results
to check marks has the focus, and a line the opponents rejected at the table loses its mark as
soon as the director saves it (it needs no acceptance any more)."""

from __future__ import annotations

import pytest

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Result
from sessions_app.scoring.rulings import parse_ruling

FOCUSED_ROW = "() => document.activeElement.closest('tr[data-row]')?.dataset.row"


def save(section, ns: str, ew: str, typed: str, **extra) -> Result:
    """Board 1 of the `mitchell` fixture (nobody vulnerable): round 1 table 1 is 1 v 8."""
    line = LineInput(1, ns, ew, parse_ruling(typed, "None"), round=1, table=1, **extra)
    return result_save(section=section, line=line, result_id=None, version=None, user=None)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_line_a_link_marks_has_the_focus(live_server, director_page, mitchell):
    line = save(mitchell, "1", "8", "4S N 10")
    page = director_page
    board = f"{live_server.url}/director/sessions/{mitchell.session_id}/sections/A/boards/1/"
    page.goto(f"{board}?line={line.pk}")
    page.wait_for_function(f"() => ({FOCUSED_ROW})() !== undefined")
    assert page.evaluate(FOCUSED_ROW) == "0"
    assert "marked" in page.locator("tr[data-row='0']").get_attribute("class")
    page.goto(board)  # without the link's mark: the first line still to enter
    page.wait_for_function(f"() => ({FOCUSED_ROW})() === '1'")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_rejected_line_loses_its_mark_once_the_director_saves_it(
    live_server, director_page, mitchell
):
    save(mitchell, "1", "8", "4S N 10", verification=Result.Verification.REJECTED)
    page = director_page
    page.goto(f"{live_server.url}/director/sessions/{mitchell.session_id}/sections/A/boards/1/")
    row = page.locator("tr[data-row='0']")
    assert "table-rejected" in row.get_attribute("class")
    assert "Rejected at the table by EW (8)" in row.inner_text()
    row.locator(".entry-input").fill("4S N 9")
    row.locator(".entry-input").press("Enter")
    page.wait_for_function("() => !document.querySelector('tr[data-row].pending')")
    assert "table-rejected" not in row.get_attribute("class")
    assert "Rejected" not in row.inner_text()
    assert Result.objects.get().verification == Result.Verification.NOT_ASKED
    page.reload()  # as the server draws it
    assert "Rejected" not in page.locator("tr[data-row='0']").inner_text()
