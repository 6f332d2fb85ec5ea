"""The pages keep working under their Content-Security-Policy (clubscorer/security.py): the
director's grid typed into, the help page, the table codes and the console, and a phone
scoring a board at its table, with not one violation reported by Chromium."""

from __future__ import annotations

import pytest

from sessions_app.models import Result, TableCode
from sessions_app.setup.status import session_set_status
from tests.browser.conftest import CSP_PROBE
from tests.browser.table_screen import Played, Table

VIOLATIONS = "() => window.cspViolations"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_director_s_pages_and_a_phone_work_with_no_violation(
    browser, live_server, director_page, mitchell
):
    page = director_page
    page.context.add_init_script(CSP_PROBE)
    session = f"{live_server.url}/director/sessions/{mitchell.session_id}"
    page.goto(f"{session}/sections/A/boards/1/")
    page.wait_for_function("() => document.activeElement.classList.contains('entry-input')")
    page.keyboard.type("4sn10\n", delay=30)
    page.wait_for_function(
        "() => document.querySelector('tr[data-row]').classList.contains('saved')"
    )
    assert page.evaluate(VIOLATIONS) == []
    session_set_status(session=mitchell.session, status="in_play")
    for path in ("/help/", "/director/", f"{session}/tables/", f"{session}/console/"):
        page.goto(path if path.startswith("http") else live_server.url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate(VIOLATIONS) == [], path

    code = TableCode.objects.get(section=mitchell, table=2, revoked_at=None).code
    phone = Table(browser, live_server.url, 2, code)
    board = phone.boards()[0]
    phone.enter(board, Played(3, "NT", 0, "S", 9))
    # Stored once the server has answered: the grid's line (board 1, table 1), the phone's.
    for _ in range(100):
        if Result.objects.filter(table=2).exists():
            break
        phone.page.wait_for_timeout(100)
    assert sorted(Result.objects.values_list("table", flat=True)) == [1, 2]
    assert phone.page.evaluate(VIOLATIONS) == [] and phone.errors == []
    phone.close()
