"""The names page as a director uses it: two columns pasted from a spreadsheet without pair
numbers go to the pairs in order, and the page after saving says which numbers sit NS and
which EW; names holding a comma (or any separator) are shown quoted and saved back unchanged."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sessions_app.models import Pair
from tests.html_forms import read_forms
from tests.players.conftest import TRAVELLERS

pytestmark = pytest.mark.django_db


def names_url(section) -> str:
    return reverse("sessions_app:section_pairs", args=[section.session_id, section.name])


def stored(section) -> dict[str, tuple[str, str]]:
    return {p.label: (p.player1, p.player2) for p in Pair.objects.filter(section=section)}


def names_form(client, section):
    page = client.get(names_url(section)).content.decode()
    return next(f for f in read_forms(page) if f.method == "post" and "names" in f.data)


def test_two_columns_without_pair_numbers_go_to_the_pairs_in_order(director_client, mitchell):
    # A 7-table Mitchell: pairs 1 to 7 sit NS (pair n at table n), 8 to 14 EW (pair 7 + n
    # starts at table n). Fourteen lines of two columns, as a spreadsheet pastes them.
    people = [(f"North{n} Smith", f"South{n} Jones") for n in range(1, 15)]
    text = "\n".join(f"{one}\t{two}" for one, two in people)
    response = director_client.post(names_url(mitchell), {"names": text}, follow=True)
    shown = response.content.decode()
    assert response.redirect_chain[-1][0] == reverse(
        "sessions_app:director_session", args=[mitchell.session_id]
    )
    assert "Names of section A saved" in shown
    assert "pairs 1 to 7 sit North-South, pairs 8 to 14 East-West" in shown
    names = stored(mitchell)
    assert names["1"] == ("North1 Smith", "South1 Jones")
    assert names["8"] == ("North8 Smith", "South8 Jones")  # the eighth line: EW pair 8
    assert names["14"] == ("North14 Smith", "South14 Jones")


def test_the_names_page_says_which_numbers_sit_ns_and_ew(director_client, mitchell):
    page = director_client.get(names_url(mitchell)).content.decode()
    assert "pairs 1 to 7 sit North-South, pairs 8 to 14 East-West" in page


def test_lines_in_pair_order_fill_the_first_pairs(director_client, mitchell):
    response = director_client.post(
        names_url(mitchell), {"names": "Ann Lee\tBob Ray\nCy Dunn, Di Eve"}, follow=True
    )
    assert "Names of section A saved" in response.content.decode()
    names = stored(mitchell)
    assert (names["1"], names["2"], names["3"]) == (
        ("Ann Lee", "Bob Ray"),
        ("Cy Dunn", "Di Eve"),
        ("", ""),
    )


def test_an_empty_row_of_the_spreadsheet_stands_for_its_pair(director_client, mitchell):
    # Row 2 is empty (no names known for pair 2 yet): the names below stay in their places.
    director_client.post(names_url(mitchell), {"names": "2, Gus Hay, Ivy Jo"})
    text = "Ann Lee\tBob Ray\n\t\nCy Dunn\tDi Eve\n\n"
    response = director_client.post(names_url(mitchell), {"names": text}, follow=True)
    assert "Names of section A saved" in response.content.decode()
    names = stored(mitchell)
    assert (names["1"], names["2"], names["3"]) == (
        ("Ann Lee", "Bob Ray"),
        ("Gus Hay", "Ivy Jo"),
        ("Cy Dunn", "Di Eve"),
    )


def test_more_lines_than_pairs_or_numbers_on_some_lines_are_refused(director_client, mitchell):
    fifteen = "\n".join(f"Ann Lee{n}\tBob Ray{n}" for n in range(1, 16))
    response = director_client.post(names_url(mitchell), {"names": fifteen}, follow=True)
    assert (
        "line 15: section A has 14 pairs, and lines without pair numbers name them in order"
    ) in response.text
    mixed = "1, Ann Lee, Bob Ray\nCy Dunn\tDi Eve"
    response = director_client.post(names_url(mitchell), {"names": mixed}, follow=True)
    assert (
        "line 2: no pair number, though line 1 has one: number every line, or none" in response.text
    )
    assert set(stored(mitchell).values()) == {("", "")}


def test_lines_with_pair_numbers_work_as_before(director_client, mitchell):
    text = "3, Ann Lee, Bob Ray\n9\tCy Dunn\tDi Eve\n4 Ed Fox & Flo Gray"
    response = director_client.post(names_url(mitchell), {"names": text}, follow=True)
    assert "Names of section A saved" in response.content.decode()
    names = stored(mitchell)
    assert (names["3"], names["9"], names["4"]) == (
        ("Ann Lee", "Bob Ray"),
        ("Cy Dunn", "Di Eve"),
        ("Ed Fox", "Flo Gray"),
    )


NAMES_CSV = """\
pair,player1,player2
1,"Lee, Anne","Ray, Bob"
2,"Lee, Cy",
3,,Di Fox
4,"Ed ""Teddy"" Gray",Flo & Gus
"""


def test_names_with_a_comma_are_saved_back_unchanged(director_client, make_session):
    session = make_session(TRAVELLERS.format(420, 450, 140, 140), NAMES_CSV)
    section = session.sections.get()
    before = stored(section)
    assert before == {
        "1": ("Lee, Anne", "Ray, Bob"),
        "2": ("Lee, Cy", ""),
        "3": ("", "Di Fox"),
        "4": ('Ed "Teddy" Gray', "Flo & Gus"),
    }
    form = names_form(director_client, section)
    assert form.data["names"].splitlines() == [
        '1, "Lee, Anne", "Ray, Bob"',
        '2, "Lee, Cy"',
        "3, , Di Fox",
        '4, Ed "Teddy" Gray, "Flo & Gus"',
    ]
    response = director_client.post(names_url(section), form.data, follow=True)
    assert "Names of section A saved" in response.content.decode()
    assert stored(section) == before
    # ... and the page shows them the same way again.
    assert names_form(director_client, section).data["names"] == form.data["names"]


def test_a_quote_left_open_is_refused_in_words(director_client, make_session):
    session = make_session(TRAVELLERS.format(420, 450, 140, 140), NAMES_CSV)
    section = session.sections.get()
    before = stored(section)
    response = director_client.post(
        names_url(section), {"names": '1, "Lee, Anne, Ray'}, follow=True
    )
    assert "line 1: the quote before Lee, Anne, Ray is not closed" in response.text
    assert stored(section) == before
