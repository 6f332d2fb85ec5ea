"""What the README says a movement change does, and what a travellers CSV brings back, held
against what the app does, on the pages the director lands on.

The `mitchell` fixture: 7 tables, 3 boards a round, last round switched; board 1 travels to
NS 1, 7, 6, 5, 4, 3 against EW 8, 13, 11, 9, 14, 12, then switched 10 v 2
(tests/director/test_entry_order.py). Changed to 5 tables (pairs 1-10), board 1 goes to
tables 1, 5, 4, 3, 2: 1 v 6, 5 v 9, 4 v 7, 3 v 10 and, switched, 8 v 2 (EW at table t in
round r: 5 + ((t - r + 1) mod 5, 5 for 0)).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.files.imports import session_import
from sessions_app.interchange.files import read_file
from sessions_app.models import Result
from tests.conftest import export
from tests.director.test_movement_change import FIVE_TABLES, confirm_token, fill, section_url
from tests.director.test_views import entry_inputs

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def one_line(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.django_db
def test_a_movement_change_keeps_the_lines_it_does_not_seat_as_extra_rows(
    director_client, mitchell
):
    fill(mitchell)
    refused = director_client.post(section_url(mitchell), FIVE_TABLES, follow=True)
    director_client.post(
        section_url(mitchell), {**FIVE_TABLES, "confirm": confirm_token(refused.text)}
    )
    board = reverse("sessions_app:board_entry", args=[mitchell.session_id, "A", 1])
    page = director_client.get(board, follow=True).text
    rows = re.findall(r'<tr data-row="(\d+)" data-board="1"(?: id="[^"]*")? class="([^"]*)"', page)
    lines = {
        (entry_inputs(page, int(i))["ns"], entry_inputs(page, int(i))["ew"]): classes.split()
        for i, classes in rows
    }
    # 1 v 8 and 10 v 2 keep both their pairs in a 5-table Mitchell, which seats neither on
    # board 1: kept, as extra rows; 5 v 9 is seated there; 7 v 13, 6 v 11, 4 v 14 and 3 v 12
    # name pairs 11-14: deleted.
    assert lines[("1", "8")] == ["saved", "free"]
    assert lines[("10", "2")] == ["saved", "free"]
    assert lines[("5", "9")] == ["saved"]
    empty = [pair for pair, classes in lines.items() if "saved" not in classes and pair[0]]
    assert empty == [("1", "6"), ("4", "7"), ("3", "10"), ("8", "2")]  # the new schedule
    assert Result.objects.filter(section=mitchell, board__number=1).count() == 3
    readme = one_line(README)
    assert "is kept and stays on its traveller as an extra row" in readme
    assert "confirming deletes those lines" not in readme


@pytest.mark.django_db
def test_a_travellers_csv_brings_back_the_figures_but_not_the_movement(director, mitchell):
    fill(mitchell)  # every line of the movement: E = 7 on every board, as the movement says
    travellers = export(mitchell.session_id, "travellers")
    copy = session_import(
        club=director.clubs.get(),
        results_file=read_file(travellers.encode(), kind="csv"),
        name="Copy",
        date=mitchell.session.date,
    ).session
    section = copy.sections.get()
    assert (section.name, section.movement, section.tables) == ("A", "", None)  # free-form
    line = Result.objects.get(section=section, board__number=1, ns__label="7")
    assert (line.ew.label, line.round, line.table) == ("13", 2, 7)  # its round and table kept

    def figures(session):
        return sorted(
            (standing.score.label, standing.score.percentage, standing.place)
            for scored in session_results(session).sections
            for field in scored.fields
            for standing in field.standings
        )

    assert figures(copy) == figures(mitchell.session)
    assert len(figures(copy)) == 14
    readme = one_line(README)
    assert "reads back the same figures too, but not the movement" in readme
    assert "each section comes back free-form" in readme
