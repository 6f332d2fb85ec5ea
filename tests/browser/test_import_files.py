"""A director brings a season's game files in from the browser, on a phone and a desktop:
chooses several files at once, and reads on the answer what became of each (imported with a
link to its session, skipped, refused with its problem), with nothing wider than the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from sessions_app.models import Session
from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME_FILES = Path(__file__).parents[1] / "interchange" / "data" / "real" / "acblscore"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360px", "1280px"])
def test_a_director_imports_several_game_files_and_reads_what_became_of_each(
    director_page, live_server, tmp_path, viewport
):
    page = director_page
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/director/")
    page.click("text=Import several files")
    notes = tmp_path / "notes.txt"
    notes.write_text("The club's game files, 2017.\n")
    page.set_input_files(
        "input[name=results]", [GAME_FILES / "170612.ACA", GAME_FILES / "170807.aca", notes]
    )
    page.click("button:has-text('Import')")
    page.wait_for_selector("#imported")
    outcomes = page.locator(".file-outcomes > li").all_inner_texts()
    assert [text.split(":")[0] for text in outcomes] == ["170612.ACA", "170807.aca", "notes.txt"]
    assert "skipped: not a results file" in outcomes[2]
    assert page.evaluate(OVERFLOW)["page"] == 0
    assert Session.objects.filter(date__year=2017).count() == 2  # beside the fixture's session
    # the link takes the director to the session made of the file
    page.click(".file-outcomes > li:nth-child(2) a")
    session = Session.objects.get(date="2017-08-07")
    assert page.url.rstrip("/").endswith(f"/director/sessions/{session.pk}")
