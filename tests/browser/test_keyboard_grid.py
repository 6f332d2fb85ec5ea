"""The director's grid from the keyboard alone (issue 29, WCAG 2.1.1): no mouse, only keys
pressed and typed. The director logs in, enters three lines of board 1, goes up to the second
with ↑, Tabs to its Adjust link (past its Lead and its Delete, each showing the focus), gives a
ruling on the adjust form, and back on the grid deletes the first line with its Delete button.

The section is the `mitchell` fixture's (7 tables, board 1 played at every table; nobody
vulnerable, Law 77): 4S by N making 10 = 120 + 300 = +420; 3NT by S making 9 = 100 + 300 =
+400; 3NT by S one down = -50; the ruling 4S by N making 9 is one down = -50.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from sessions_app.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery staple"
# What has the focus: the element's tag, its name or text, and whether its ring shows.
FOCUSED = """() => { const e = document.activeElement, style = getComputedStyle(e);
  return {tag: e.tagName, name: e.name || e.id || e.textContent.trim(),
          row: e.closest('tr[data-row]') ? Number(e.closest('tr[data-row]').dataset.row) : null,
          ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2}; }"""
SAVED = """rows => rows.every(row => {
  const tr = document.querySelector(`tr[data-row='${row}']`);
  return tr.classList.contains('saved') && !tr.classList.contains('pending'); })"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def tab_to(page, element_id: str, most: int = 40) -> None:
    """Tab on until the element with `element_id` has the focus, as a keyboard user does."""
    for _ in range(most):
        if page.evaluate("document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"#{element_id} not reached in {most} Tabs")


def test_a_director_enters_adjusts_and_deletes_lines_with_the_keyboard_alone(
    live_server, page, mitchell
):
    user = get_user_model().objects.get(username="dora")
    user.set_password(PASSWORD)
    user.save()
    page.goto(f"{live_server.url}/accounts/login/")
    assert focused(page)["name"] == "username"  # the log-in page puts the focus there
    page.keyboard.type("dora")
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    with page.expect_navigation():
        page.keyboard.press("Enter")

    board = f"{live_server.url}/director/sessions/{mitchell.session_id}/sections/A/boards/1/"
    page.goto(board)
    page.wait_for_function("() => document.activeElement.name === 'r0-entry'")
    page.keyboard.type("4sn10\n3ns9\n3nt-1 s\n", delay=30)
    page.wait_for_function(SAVED, arg=[0, 1, 2])
    assert focused(page)["name"] == "r3-entry"
    lines = Result.objects.filter(board__number=1).order_by("pk")
    assert [line.score_ns for line in lines] == [420, 400, -50]

    # Up to the second line, then Tab through its controls, each showing the focus.
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert focused(page)["name"] == "r1-entry"
    steps = []
    for _ in range(3):
        page.keyboard.press("Tab")
        steps.append(focused(page))
    assert [(step["tag"], step["name"], step["row"]) for step in steps] == [
        ("INPUT", "r1-lead", 1),
        ("BUTTON", "Delete", 1),
        ("A", "Adjust", 1),
    ]
    assert all(step["ring"] for step in steps), steps
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("h1").inner_text() == "Ruling on board 1"

    # The ruling: an assigned score (the form's first choice), 4S by N making 9, with a reason.
    tab_to(page, "id_result")
    page.keyboard.type("4sn9")
    tab_to(page, "id_reason")
    page.keyboard.type("misinformation")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("h1").inner_text() == "Board 1"
    second = lines[1]
    second.refresh_from_db()
    assert second.score_ns == -50
    assert "Board 1: " in page.locator(".messages").inner_text()  # "... saved (4♠ N 9 ...)"

    # Delete the first line: ↑ to it, Tab past its Lead to Delete, Enter, and say yes.
    page.wait_for_function("() => document.activeElement.name === 'r3-entry'")
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    assert focused(page)["name"] == "r0-entry"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert (focused(page)["tag"], focused(page)["name"]) == ("BUTTON", "Delete")
    page.once("dialog", lambda dialog: dialog.accept())  # "Delete the line 1 v 8 on board 1?"
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector(\"tr[data-row='0']\").matches('.saved')")
    assert focused(page)["name"] == "r0-entry"  # the focus is back on the line, not lost
    assert [line.score_ns for line in Result.objects.filter(board__number=1).order_by("pk")] == [
        -50,
        -50,
    ]
