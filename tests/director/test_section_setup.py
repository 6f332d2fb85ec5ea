"""Setting up the movements a small club needs, through the section form: long Mitchell
rounds, Howells beyond 8 tables, and the half table's missing pair chosen by the director;
printed and entered like any other movement."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from sessions_app.models import Pair, Section
from sessions_app.printing import DOCUMENTS, Options, render_pdf
from tests.director.test_views import entry_inputs
from tests.printing.conftest import has_row, pdf_pages


def new_section(client, session_id, **fields):
    url = reverse("sessions_app:section_new", args=[session_id])
    return client.post(url, {"name": "B", **fields}, follow=True)


@pytest.mark.django_db
def test_it_sets_up_prints_and_enters_a_three_table_mitchell_of_eight_boards_a_round(
    director_client, mitchell
):
    page = new_section(
        director_client, mitchell.session_id, movement="mitchell", tables=3, boards_per_round=8
    )
    assert "Section B saved." in page.text and "Pair names, section B" in page.text
    section = Section.objects.get(name="B")
    # the table card of table 2: round 2 is NS 2 v EW 4 (who started at table 1) on set 3,
    # boards 17-24; pair 4 moves on to table 3 and the boards down to table 1.
    pdf = render_pdf(mitchell.session, DOCUMENTS["table-cards"], Options())
    card = next(p for p in pdf_pages(pdf) if "Table 2 Section B" in p)
    assert has_row(card, "2", "2", "4", "17–24", "3", "1")
    # the pickup slip of round 2, table 2 has a row for each of the 8 boards
    slip = director_client.get(
        reverse("sessions_app:table_entry", args=[mitchell.session_id, "B", 2, 2])
    ).text
    assert [entry_inputs(slip, i)["board"] for i in range(8)] == [str(b) for b in range(17, 25)]
    assert entry_inputs(slip, 0)["ns"] == "2" and entry_inputs(slip, 0)["ew"] == "4"
    assert Pair.objects.filter(section=section).count() == 6


@pytest.mark.django_db
def test_it_sets_up_and_prints_a_nine_table_howell(director_client, mitchell):
    page = new_section(
        director_client, mitchell.session_id, movement="howell", tables=9, boards_per_round=1
    )
    assert "Section B saved." in page.text
    assert Pair.objects.filter(section__name="B").count() == 18
    # howell(9, 1) round 1, table 6: pair 1 NS v pair 2 on set 6 = board 6 (howell.py)
    pdf = render_pdf(mitchell.session, DOCUMENTS["table-cards"], Options())
    card = next(p for p in pdf_pages(pdf) if "Pair 1 Section B" in p)
    assert has_row(card, "1", "6", "NS", "2", "6")
    assert mitchell.session.boards.count() == 21  # section A needs 21; B needs 17


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"movement": "howell", "tables": 5, "missing_pair": "11"},
            "pair 11 is not in a 5-table Howell (its pairs are 1 to 10)",
        ),
        (
            {"movement": "howell", "tables": 5, "missing_pair": "A3"},
            "pair A3 is not in a 5-table Howell",
        ),
        (
            {"movement": "howell", "tables": 5, "missing_pair": "3", "pair_count": 10},
            "a missing pair needs an odd number of pairs",
        ),
        (
            {"movement": "mitchell", "tables": 5, "missing_pair": "12"},
            "pair 12 is not in a 5-table Mitchell",
        ),
        (
            {"movement": "mitchell", "tables": 5, "boards_per_round": 9},
            "a Mitchell plays 1 to 8 boards a round, not 9",
        ),
    ],
)
def test_it_explains_a_missing_pair_or_round_that_cannot_be(
    director_client, mitchell, fields, message
):
    page = new_section(director_client, mitchell.session_id, **{"boards_per_round": 2, **fields})
    assert message in page.text
    assert not Section.objects.filter(name="B").exists()


@pytest.mark.django_db
def test_the_director_chooses_the_missing_pair_of_a_howell(director_client, mitchell):
    page = new_section(
        director_client,
        mitchell.session_id,
        movement="howell",
        tables=5,
        boards_per_round=3,
        missing_pair="1",
    )
    assert "Section B saved." in page.text
    labels = set(Pair.objects.filter(section__name="B").values_list("label", flat=True))
    assert labels == {str(n) for n in range(2, 11)}  # 9 pairs, pair 1 absent
    # howell(5, 3) round 1: table 3 is 10 v 1, so pair 10 sits out there; the dashboard's
    # pickup-slip grid says so.
    dashboard = director_client.get(
        reverse("sessions_app:director_session", args=[mitchell.session_id])
    ).text
    grid = dashboard[dashboard.index('id="section-B"') :]
    first_round = re.search(r"<tr><th scope=\"row\">1</th>(.*?)</tr>", grid, re.S).group(1)
    cells = re.findall(r"<td>(.*?)</td>", first_round)
    assert "sit-out" in cells[2] and "2–6" in cells[0]
    assert "pair 1 missing" in grid


@pytest.mark.django_db
def test_naming_the_missing_pair_of_a_mitchell_makes_the_half_table(director_client, mitchell):
    # 5-table Mitchell, pair 3 (NS at table 3) missing: the EW pair at table 3 sits out.
    page = new_section(
        director_client,
        mitchell.session_id,
        movement="mitchell",
        tables=5,
        boards_per_round=3,
        missing_pair="3",
    )
    assert "Section B saved." in page.text
    section = Section.objects.get(name="B")
    assert section.missing_pair == "3"
    labels = set(Pair.objects.filter(section=section).values_list("label", flat=True))
    assert labels == {"1", "2", "4", "5", "6", "7", "8", "9", "10"}


@pytest.mark.django_db
def test_without_javascript_the_section_form_shows_and_checks_every_field(
    director_client, mitchell
):
    new = reverse("sessions_app:section_new", args=[mitchell.session_id])
    page = director_client.get(new, follow=True)
    shown = re.findall(r'<div class="field[^"]*">\s*<label for="id_([a-z_]+)"', page.text)
    assert shown == [
        "name",
        "movement",
        "tables",
        "boards_per_round",
        "rounds",
        "even_tables",
        "arrow_switch",
        "pair_count",
        "winners",
        "missing_pair",
        "boards",
    ]
    assert re.search(r'<input [^>]*data-movements="mitchell"[^>]*id="id_arrow_switch"', page.text)
    assert "hidden" not in re.findall(r'<div class="field[^"]*"[^>]*>', page.text)[0]
    # an arrow switch posted for a Howell is refused in words, on the form as it was posted
    page = director_client.post(
        new,
        {
            "name": "B",
            "movement": "howell",
            "tables": "5",
            "boards_per_round": "3",
            "arrow_switch": "last",
        },
        follow=True,
    )
    assert "an arrow switch does not apply to a Howell: it is one field already" in page.text
    assert not Section.objects.filter(name="B").exists()
