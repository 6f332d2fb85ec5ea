"""The new-section form shows only the fields the chosen movement uses (static/js/section_form.js),
at 1280 and 360 px, and a Howell saved from it is the Howell asked for; the fields hidden
post nothing (an arrow switch typed for a Mitchell does not follow the section to a Howell).
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from sessions_app.models import Club, Section
from sessions_app.setup.sessions import session_create
from tests.browser.conftest import DESKTOP, OVERFLOW, PHONE

PASSWORD = "correct horse battery staple"
LABELS = """() => [...document.querySelectorAll('form.stacked .field')]
    .filter(field => field.offsetParent !== null)
    .map(field => field.querySelector('label').textContent.replace(/:$/, ''))"""
# The labels of the model's fields (sessions_app/models/sections.py) and the form's boards.
MITCHELL = [
    "Name",
    "Movement",
    "Tables",
    "Boards per round",
    "Rounds",
    "Even tables",
    "Arrow switch",
    "Pair count",
    "Winners",
    "Missing pair",
]
HOWELL = ["Name", "Movement", "Tables", "Boards per round", "Pair count", "Missing pair"]
FREE_FORM = ["Name", "Movement", "Winners", "Boards"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_section_form_shows_the_fields_of_the_movement_chosen(live_server, page, viewport):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    club.directors.add(user)
    session = session_create(club=club, name="Tuesday pairs", date=datetime.date(2026, 11, 17))
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "dora")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.press("#id_password", "Enter")

    page.goto(f"{live_server.url}/director/sessions/{session.pk}/sections/new/")
    assert page.evaluate(LABELS) == FREE_FORM  # the movement starts empty: free-form
    page.select_option("#id_movement", "mitchell")
    assert page.evaluate(LABELS) == MITCHELL
    page.fill("#id_tables", "5")
    page.fill("#id_boards_per_round", "3")
    page.fill("#id_arrow_switch", "last")
    page.select_option("#id_movement", "howell")
    assert page.evaluate(LABELS) == HOWELL
    assert not page.is_visible("#id_arrow_switch")
    # nothing sideways at 360 px
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    with page.expect_navigation():
        page.click("button:has-text('Save section')")
    assert "/sections/A/pairs/" in page.url  # landed on the names page
    assert page.is_visible("text=Section A saved.")
    section = Section.objects.get(session=session)
    # a 5-table Howell of 3 a round, without the arrow switch typed for the Mitchell
    assert (section.movement, section.tables, section.boards_per_round, section.arrow_switch) == (
        "howell",
        5,
        3,
        "",
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_help_page_fits_a_phone(live_server, page):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/help/")
    assert page.is_visible("h1:has-text('Help for the director')")
    assert page.evaluate(OVERFLOW)["page"] == 0
    assert all(width == 0 for width in page.evaluate(OVERFLOW)["tables"])
