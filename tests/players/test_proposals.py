"""A name only alike by its spelling is proposed, never chosen for the director: the session's
players page starts such a name at "— choose —", so saving the page as it stands links
nobody (the rule: player_names.preselected)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sessions_app.models import Pair
from sessions_app.players.name_matching import Entry, candidates, preselected
from sessions_app.players.register import player_create
from tests.html_forms import read_forms

from .conftest import TRAVELLERS, names_csv

REGISTER = [Entry(1, "Ann Lee"), Entry(2, "Patricia Doyle"), Entry(3, "John Smith")]


@pytest.mark.parametrize(
    "typed, chosen",
    [
        ("A. Lee", 1),  # initials, the same surname: the choice starts there
        # "patricialowe" and "patriciadoyle" share 10 letters: 2 * 10 / 25 = 0.8, alike
        # enough to be proposed, but another surname: the director chooses
        ("Patricia Lowe", None),
        # "annelee" and "annlee": 2 * 6 / 13 = 0.92, the same surname, still only spelling
        ("Anne Lee", None),
        ("Lee Ann", None),  # the same words in another order: spelling too
        ("Cy Dunn", None),  # no one alike
    ],
)
def test_only_a_match_by_number_name_or_initials_is_preselected(typed, chosen):
    assert preselected(candidates(typed, REGISTER)) == chosen


def test_patricia_lowe_is_proposed_as_patricia_doyle():
    assert [(c.pk, c.how, c.score) for c in candidates("Patricia Lowe", REGISTER)] == [
        (2, "spelling", 0.8)
    ]


@pytest.mark.django_db
def test_saving_the_page_as_shown_does_not_make_lowe_doyle(club, director_client, make_session):
    doyle = player_create(club=club, name="Patricia Doyle")
    player_create(club=club, name="Bob Ray")
    pairs = [["Patricia Lowe", "Bob Ray"], ["", ""], ["", ""], ["", ""]]
    session = make_session(TRAVELLERS.format(420, 450, 140, 140), names_csv(pairs))
    url = reverse("sessions_app:session_players", args=[session.pk])
    page = director_client.get(url).content.decode()
    assert 'Patricia Doyle <span class="muted">(spelling 0.8)' in page  # proposed
    pair = Pair.objects.get(section__session=session, label="1")
    form = next(f for f in read_forms(page) if f.method == "post" and f.action == "")
    assert form.data[f"name-{pair.pk}-1"] == ""  # "— choose —", not Patricia Doyle
    response = director_client.post(url, form.data, follow=True)
    shown = response.content.decode()
    assert "Nothing changed." in shown
    assert "1 name to confirm" in shown
    pair.refresh_from_db()
    assert pair.player1_ref is None
    assert not doyle.pairs_as_player1.exists() and not doyle.pairs_as_player2.exists()
