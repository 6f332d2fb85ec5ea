"""A traveller line refused by the notation, said in the page's language (issue 29): every
`ContractError` of scoring/notation.py and scoring/rulings.py carries a Message, whose English
is what files and the command line have always read; the grid, the adjust form and the file
readers word it.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from sessions_app.models import Club
from sessions_app.rows.words import worded
from sessions_app.scoring import rulings
from sessions_app.scoring.contract import ContractError
from sessions_app.scoring.notation import Outcome, outcome_from_fields
from tests.pages.conftest import parse


@pytest.mark.parametrize(
    ("fields", "english"),
    [
        ({"contract": ""}, "no contract and no score"),
        (
            {"contract": "", "score": "420", "tricks": "10"},
            "a declarer or tricks without a contract",
        ),
        ({"contract": "4H", "tricks": "10"}, "4H needs a declarer (N, E, S or W)"),
        ({"contract": "4H", "declarer": "S"}, "4H by S needs the tricks taken (0-13) or a result"),
        (
            {"contract": "4H", "declarer": "S", "tricks": "ten"},
            "tricks 'ten' is not a whole number",
        ),
        (
            {"contract": "4S", "declarer": "N", "tricks": "10", "result": "-1"},
            "tricks 10 and result -1 disagree",
        ),
        (
            {"contract": "4S", "declarer": "N", "tricks": "10", "score": "400"},
            "score 400 does not match 4S by N (+420 for NS, vulnerability None)",
        ),
        (
            {"contract": "4S", "declarer": "N", "tricks": "+1"},
            "tricks '+1' is signed: tricks are the number declarer took (0-13); for a result"
            " against the contract (+1) use a 'result' column",
        ),
        (
            {"contract": "A+", "score": "420"},
            "A+ is an adjusted score: leave declarer, tricks and score empty",
        ),
    ],
)
def test_a_line_the_notation_refuses_says_why_in_english(fields, english):
    with pytest.raises(ContractError) as refused:
        outcome_from_fields(**fields, vul="None")
    assert str(refused.value) == english == str(refused.value.message)


def test_a_line_the_notation_refuses_says_why_in_french():
    with pytest.raises(ContractError) as refused:
        outcome_from_fields(contract="4S", declarer="N", tricks="10", score="400", vul="None")
    with translation.override("fr"):
        said = worded(refused.value.message)
    assert said == ("la marque 400 ne correspond pas à 4S par N (+420 pour NS, vulnérabilité None)")


def test_an_assigned_score_of_no_result_is_refused_in_english():
    with pytest.raises(ContractError) as refused:
        rulings.assigned(Outcome("not_played"))
    assert str(refused.value) == "an assigned score is a real result, e.g. 4S N 10"


@pytest.mark.django_db
def test_the_adjust_form_refuses_an_assigned_average_in_french(director_client, mitchell):
    Club.objects.filter(pk=mitchell.session.club_id).update(language="fr")
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    url = reverse("sessions_app:line_adjust", args=[mitchell.session_id, "A", 1])
    response = director_client.post(
        url,
        {
            "ns": "1",
            "ew": "8",
            "kind": "assigned",
            "result": "A+",
            "ns_artificial": "A",
            "ew_artificial": "A",
            "foul_group": "0",
        },
    )

    errors = parse(response).find("div", class_="form-errors")
    assert [item.text for item in errors.find_all("li")] == [
        "un score attribué est un vrai résultat, p. ex. 4P N 10"
    ]
