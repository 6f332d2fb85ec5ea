"""A movement the director asks for that cannot be, refused in the page's language (issue 29):
the movements say why as a Message (scoring/message.py `MessageError`), whose English is what
the command line and the tests have always read, and the section form words it.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from sessions_app.models import Club
from sessions_app.movements import howell, mitchell, switch_rounds
from sessions_app.rows.words import worded
from sessions_app.scoring.message import MessageError
from tests.pages.conftest import parse

EVEN = (
    "4 tables is even: choose a skip or a relay and bye stand, or the EW pairs would meet the"
    " boards they have already played"
)


@pytest.mark.parametrize(
    ("build", "english"),
    [
        (lambda: mitchell(4, 2), EVEN),
        (lambda: mitchell(2, 2), "a Mitchell needs 3 to 20 tables, not 2 (play a Howell)"),
        (lambda: mitchell(7, 3, rounds=8), "this 7-table Mitchell has 1 to 7 rounds, not 8"),
        (lambda: howell(5, 2, rounds=3), "a 5-table Howell is played complete: 9 rounds, not 3"),
        (
            lambda: howell(5, 2, missing_pair=11),
            "pair 11 is not in a 5-table Howell (its pairs are 1 to 10)",
        ),
        (
            lambda: switch_rounds((8,), 7),
            "arrow switch round 8 does not exist: the movement has rounds 1 to 7",
        ),
    ],
)
def test_a_movement_that_cannot_be_says_why_in_english(build, english):
    with pytest.raises(MessageError) as refused:
        build()
    assert str(refused.value) == english == str(refused.value.message)


def test_a_movement_that_cannot_be_says_why_in_french():
    with pytest.raises(MessageError) as refused:
        howell(5, 2, rounds=3)
    with translation.override("fr"):
        said = worded(refused.value.message)
    assert said == "un Howell à 5 tables se joue en entier : 9 tours, pas 3"


@pytest.mark.django_db
def test_the_section_form_refuses_an_even_mitchell_in_french(director_client, mitchell):
    Club.objects.filter(pk=mitchell.session.club_id).update(language="fr")
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    url = reverse("sessions_app:section_new", args=[mitchell.session_id])
    response = director_client.post(
        url, {"name": "B", "movement": "mitchell", "tables": "4", "boards_per_round": "3"}
    )

    errors = parse(response).find("div", class_="form-errors")
    assert [item.text for item in errors.find_all("li")] == [
        "4 tables, c'est un nombre pair : choisissez un saut ou un relais avec table de relais,"
        " sinon les paires EO rencontreraient des donnes qu'elles ont déjà jouées"
    ]
