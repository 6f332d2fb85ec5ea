"""A real phone's browser and the table limits (docs/table-scoring.md): the screen's page gives
the phone its key (a cookie), the script's sign-in sends it back, so a phone mistyping its
code is stopped at its 11th try, its valid code too, while another phone on the same Wi-Fi
signs in; a call refused by the limit on calls says so, with the words the players typed."""

from __future__ import annotations

import pytest

from sessions_app.models import Club, TableCall, TableCode, WrongCodeCount
from tests.browser.table_screen import PHONE, Table
from tests.browser.test_table_scoring import build_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Codes that could be codes (the card's alphabet) but are none.
WRONG = [f"AAAA{a}{b}" for a in "34" for b in "34679"]


def type_code(page, code: str) -> None:
    page.fill("form.sign-in input[name=code]", code)
    with page.expect_navigation():
        page.click("form.sign-in button[type=submit]")
    page.wait_for_selector("form.sign-in, section.closed")


def test_a_mistyping_phone_is_stopped_and_its_neighbour_signs_in(live_server, browser):
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    _, section = build_session(club, "Tuesday pairs", in_play=True)
    code = TableCode.objects.get(section=section, table=1, revoked_at=None).code
    mistyping = browser.new_context(viewport=PHONE)
    page = mistyping.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/t/{WRONG[0]}/")
    page.wait_for_selector("form.sign-in")
    for wrong in WRONG[1:]:  # 10 wrong codes in all
        type_code(page, wrong)
        assert page.locator("form.sign-in").count() == 1
    key = next(c["value"] for c in mistyping.cookies() if c["name"] == "table_phone")
    assert WrongCodeCount.objects.get(key=f"phone:{key}").tries == 10
    type_code(page, code)  # the right code, at the 11th try: refused like a wrong one
    assert page.inner_text("section.closed .notice") == (
        "too many wrong codes from this phone: wait 15 minutes, or ask the director."
    )
    mistyping.close()

    neighbour = browser.new_context(viewport=PHONE)  # the same address, 127.0.0.1
    other = neighbour.new_page()
    other.set_default_timeout(15_000)
    other.goto(f"{live_server.url}/t/{code}/")
    other.wait_for_selector(".round-view")
    neighbour.close()


def test_a_third_call_in_a_minute_is_refused_with_what_it_said(live_server, browser):
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    _, section = build_session(club, "Tuesday pairs", in_play=True)
    code = TableCode.objects.get(section=section, table=1, revoked_at=None).code
    table = Table(browser, live_server.url, 1, code)
    for words in ("revoke on board 1", "lead out of turn on 2", "a claim on board 3"):
        table.page.click("#call-director")
        table.page.check(".call-form input[value=ruling]")
        table.page.fill(".call-form input[name=text]", words)
        table.page.click(".call-form button[type=submit]")
    refused = table.page.locator(".problem", has_text="Your call was not accepted")
    refused.wait_for()
    assert refused.inner_text().startswith(
        "Your call was not accepted: table 1 has called the director 2 times in the last "
        "minute: the director is on the way. It said: a claim on board 3."
    )
    assert sorted(TableCall.objects.values_list("text", flat=True)) == [
        "lead out of turn on 2",
        "revoke on board 1",
    ]
    table.close()
