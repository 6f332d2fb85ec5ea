"""The set-up forms as a browser fills them: the settings' date, the averages, the names paste.

`browser_post(html)` reads a page's form the way a browser submits it, including the rule
that an `<input type=date>` whose value is not a `YYYY-MM-DD` date is blanked (the HTML value
sanitization algorithm), which is how the en-gb `16/11/2026` lost the date.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from sessions_app.models import Club, Pair, Session
from sessions_app.setup.sessions import section_save, session_update
from tests.html_forms import ISO_DATE, Form, read_forms


def read_form(html: str) -> Form:
    """The page's form: the POST form with the most fields (not the log-out button)."""
    return max((f for f in read_forms(html) if f.method == "post"), key=lambda f: len(f.names))


def field_errors(html: str, field: str) -> str:
    """The error text shown under one field of a director's form."""
    match = re.search(
        rf'<div class="field has-error">\s*<label for="id_{field}">.*?</div>', html, re.S
    )
    return " ".join(re.findall(r'<small class="error">(.*?)</small>', match[0])) if match else ""


# The date of a session (issue 12, item 2) ------------------------------------------------


@pytest.mark.django_db
def test_it_saves_the_settings_without_retyping_the_date(director_client, mitchell):
    url = reverse("sessions_app:session_edit", args=[mitchell.session_id])
    page = director_client.get(url)
    posted = read_form(page.text).data
    response = director_client.post(url, posted, follow=True)
    assert response.redirect_chain[-1][0] == reverse(
        "sessions_app:director_session", args=[mitchell.session_id]
    )
    assert "Settings saved" in response.text
    assert Session.objects.get().date == datetime.date(2026, 11, 17)


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["session_edit", "session_new", "import_session"])
def test_every_date_input_holds_an_iso_date(director_client, mitchell, page):
    args = [mitchell.session_id] if page == "session_edit" else []
    dates = read_form(director_client.get(reverse(f"sessions_app:{page}", args=args)).text)
    assert dates.date_values, "the page has a date input"
    for value in dates.date_values:
        assert value == "" or ISO_DATE.match(value), value
    if page == "session_edit":
        assert dates.date_values == ["2026-11-17"]


# The averages (issue 12, item 9) -----------------------------------------------------------


SETTINGS = {
    "name": "Tuesday pairs",
    "date": "2026-11-17",
    "scale": "2/1",
    "method": "mp",
    "butler_discard": "1",
    "imp_totals": "sum",
    "law_12c2c": "on",
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("averages", "field", "message"),
    [
        ((60, 50, 55), "ave_minus", "Average minus (55%) is more than Average (50%)."),
        ((45, 50, 40), "ave_plus", "Average plus (45%) is less than Average (50%)."),
        ((120, 50, 40), "ave_plus", "Average plus (120%) can be at most 100%."),
    ],
)
def test_it_explains_averages_out_of_order_on_the_field(
    director_client, mitchell, averages, field, message
):
    url = reverse("sessions_app:session_edit", args=[mitchell.session_id])
    ave_plus, ave, ave_minus = averages
    response = director_client.post(
        url, {**SETTINGS, "ave_plus": ave_plus, "ave": ave, "ave_minus": ave_minus}, follow=True
    )
    assert response.status_code == 200 and not response.redirect_chain
    assert field_errors(response.text, field) == message
    assert "Constraint" not in response.text and "session_averages_ordered" not in response.text
    assert (Session.objects.get().ave_plus, Session.objects.get().ave_minus) == (60, 40)


@pytest.mark.django_db
def test_a_french_club_s_director_reads_the_averages_refused_in_french(director_client, mitchell):
    """The French catalogue's words, the figures as typed: "Moyenne moins (55 %) est
    supérieure à Moyenne (50 %)."."""
    Club.objects.filter(pk=mitchell.session.club_id).update(language="fr")
    url = reverse("sessions_app:session_edit", args=[mitchell.session_id])
    response = director_client.post(url, {**SETTINGS, "ave_plus": 60, "ave": 50, "ave_minus": 55})
    assert field_errors(response.text, "ave_minus") == (
        "Moyenne moins (55 %) est supérieure à Moyenne (50 %)."
    )


@pytest.mark.django_db
def test_the_service_refuses_averages_out_of_order_in_words(mitchell):
    with pytest.raises(ValidationError) as refused:
        session_update(session=mitchell.session, ave_plus=60, ave=50, ave_minus=55)
    assert refused.value.message_dict == {
        "ave_minus": ["Average minus (55%) is more than Average (50%)."]
    }


# The names paste (issue 12, items 9 and 10) ------------------------------------------------


def post_names(client, section, text: str):
    url = reverse("sessions_app:section_pairs", args=[section.session_id, section.name])
    return client.post(url, {"names": text}, follow=True)


@pytest.mark.django_db
def test_it_names_the_line_of_a_name_too_long(director_client, mitchell):
    response = post_names(director_client, mitchell, f"1, Ann Lee, Bob Ray\n2, {'X' * 101}, Di")
    assert response.status_code == 200
    assert "line 2: the name XXXX" in response.text
    assert "is 101 characters long; 100 at most" in response.text
    assert set(Pair.objects.values_list("player1", flat=True)) == {""}  # nothing stored


@pytest.mark.django_db
def test_it_lists_every_problem_of_the_names_at_once_each_with_its_line(director_client, mitchell):
    text = "\n".join(
        [
            "1, Ann Lee, Bob Ray",
            "Cy Dunn and Di Eve",
            "15, Cy Dunn, Di Eve",
            "3, Ann, Bob, Cy",
            f"4, Eve Fox, {'Y' * 120}",
            "1, Gus Hay, Ivy Jo",
        ]
    )
    response = post_names(director_client, mitchell, text)
    errors = field_errors(response.text, "names")
    assert "line 2: no pair number, though line 1 has one" in errors
    assert "line 3: section A has no pair 15 (its pairs are 1 to 14)" in errors
    assert "line 4: more than two players for pair 3" in errors
    assert "line 5: the name YYYY" in errors and "is 120 characters long" in errors
    assert "line 6: pair 1 is on line 1 already" in errors
    assert set(Pair.objects.values_list("player1", flat=True)) == {""}


@pytest.mark.django_db
def test_it_refuses_a_pair_number_too_long_for_a_free_form_section(director_client, mitchell):
    free = section_save(session=mitchell.session, name="F", boards=3)
    response = post_names(director_client, free, "1, Ann Lee, Bob Ray\n12345678901, Cy, Di")
    assert response.status_code == 200
    assert "line 2: the pair number 12345678901 is 11 characters long; 10 at most" in response.text
    assert not free.pairs.exists()


@pytest.mark.django_db
def test_it_still_saves_good_names(director_client, mitchell):
    response = post_names(director_client, mitchell, "1, Ann Lee, Bob Ray\n2 Cy Dunn & Di Eve")
    assert "Names of section A saved" in response.text
    names = dict(Pair.objects.values_list("label", "player2"))
    assert (names["1"], names["2"]) == ("Bob Ray", "Di Eve")
