"""Publishing with names not matched to the club's register: the publish page counts them,
links to the session's players page, and adds them all as new players in one click, after
which a player's search finds them (services/players_link.session_add_unmatched)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from sessions_app.models import Player
from sessions_app.players.register import player_create
from tests.html_forms import read_forms
from tests.pages.conftest import parse
from tests.players.conftest import TRAVELLERS, names_csv

pytestmark = pytest.mark.django_db

PAIRS = [["Ann Lee", "Bob Rae"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["Gus Ives", ""]]


@pytest.fixture
def session(club, make_session):
    """A final session of four pairs, seven names: Ann Lee is the register's exactly (linked
    on import), "Bob Rae" only alike to Bob Ray, the five others nobody's."""
    player_create(club=club, name="Ann Lee")
    player_create(club=club, name="Bob Ray")
    return make_session(TRAVELLERS.format(420, 450, 140, 140), names_csv(PAIRS))


def publish_page(session) -> str:
    return reverse("sessions_app:session_publish", args=[session.pk])


def test_publishing_lands_on_the_count_of_names_not_matched(director_client, session):
    url = reverse("sessions_app:session_status", args=[session.pk])
    response = director_client.post(url, {"status": "published"}, follow=True)
    assert response.redirect_chain[-1][0] == publish_page(session)
    text = " ".join(parse(response).text.split())
    assert "The session is now published." in text
    # 7 names typed, Ann Lee linked: 6 not matched, one of them (Bob Rae) alike to Bob Ray.
    assert "6 names are not matched to the register" in text
    assert "1 of them is alike to a player of the register" in text
    links = {a.attrs.get("href") for a in parse(response).find_all("a")}
    assert reverse("sessions_app:session_players", args=[session.pk]) in links


def test_the_publish_page_counts_them_before_publishing_too(director_client, session):
    text = " ".join(parse(director_client.get(publish_page(session))).text.split())
    assert "6 names are not matched to the register" in text


def test_one_click_adds_them_all_and_a_players_search_finds_them(director_client, session):
    page = director_client.get(publish_page(session)).content.decode()
    form = next(f for f in read_forms(page) if f.action.endswith("/players/add-unmatched/"))
    response = director_client.post(form.action, form.data, follow=True)
    text = " ".join(parse(response).text.split())
    assert "6 names added to the register as new players." in text
    assert "Every name is matched to the register." in text
    added = ["Bob Rae", "Cy Dunn", "Di Fox", "Ed Gray", "Flo Hart", "Gus Ives"]
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(
        ["Ann Lee", "Bob Ray", *added]
    )
    status = reverse("sessions_app:session_status", args=[session.pk])
    director_client.post(status, {"status": "published"})
    found = Client().get(reverse("sessions_app:players", args=["riverside"]), {"q": "flo"})
    assert "Flo Hart" in parse(found).text
    changes = director_client.get(reverse("sessions_app:changes", args=[session.pk]))
    assert "6 names added to the register as new players" in parse(changes).text


def test_with_every_name_matched_publishing_lands_on_the_session(director_client, session):
    url = reverse("sessions_app:session_add_unmatched", args=[session.pk])
    director_client.post(url)
    status = reverse("sessions_app:session_status", args=[session.pk])
    response = director_client.post(status, {"status": "published"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse(
        "sessions_app:director_session", args=[session.pk]
    )


def test_a_name_that_is_nobodys_is_left_unmatched(club, director_client, make_session):
    pairs = [["Ann Lee", "?"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["Gus Ives", ""]]
    session = make_session(TRAVELLERS.format(420, 450, 140, 140), names_csv(pairs))
    url = reverse("sessions_app:session_add_unmatched", args=[session.pk])
    response = director_client.post(url, follow=True)
    text = " ".join(parse(response).text.split())
    # 7 names: the 6 with letters added, "?" (no letter, no digit) left as it is.
    assert "6 names added to the register as new players." in text
    assert "1 name is not matched to the register" in text
    assert not Player.objects.filter(name="?").exists()
