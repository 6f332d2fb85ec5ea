"""The director's register: adding and correcting players, merging two entries, and matching
a session's names, with every refusal said in words and nothing stored by a refused form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sessions_app.models import Pair, Player
from sessions_app.players.register import player_create

from .conftest import TRAVELLERS, names_csv

pytestmark = pytest.mark.django_db


def test_it_adds_and_corrects_a_player(director_client):
    url = reverse("sessions_app:player_new", args=["riverside"])
    data = {"name": "  Ann   Lee ", "member_number": "EBU 12-345", "email": "ann@example.org"}
    response = director_client.post(url, data, follow=True)
    assert "Ann Lee added to the register." in response.content.decode()
    ann = Player.objects.get()
    assert (ann.name, ann.member_number, ann.email) == ("Ann Lee", "EBU 12-345", "ann@example.org")
    html = response.content.decode()  # the register, where the director sees the e-mail
    assert "ann@example.org" in html and "EBU 12-345" in html
    edit = reverse("sessions_app:player_edit", args=["riverside", ann.pk])
    response = director_client.post(edit, {**data, "name": "Ann Lee-Smith"}, follow=True)
    assert "Ann Lee-Smith saved." in response.content.decode()


def test_it_refuses_a_member_number_someone_has_and_keeps_what_was_typed(club, director_client):
    player_create(club=club, name="Ann Lee", member_number="12345")
    url = reverse("sessions_app:player_new", args=["riverside"])
    # "EBU 12-345" is 12345: the words with a digit, letters and digits only, are compared.
    response = director_client.post(url, {"name": "Bob Ray", "member_number": "EBU 12-345"})
    html = response.content.decode()
    assert "member number EBU 12-345 is Ann Lee&#x27;s already" in html
    assert 'value="Bob Ray"' in html
    assert Player.objects.count() == 1
    response = director_client.post(url, {"name": "  ", "member_number": ""})
    assert "This field is required." in response.content.decode()


def test_it_keeps_the_register_to_the_clubs_directors(club, client, director_client, stranger):
    ann = player_create(club=club, name="Ann Lee")
    url = reverse("sessions_app:register", args=["riverside"])
    assert director_client.get(url).status_code == 200
    director_client.logout()
    assert client.get(url).status_code == 302  # to log in
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    # Hilltop's director asking for Riverside's Ann Lee under Hilltop: not found.
    edit = reverse("sessions_app:player_edit", args=["hilltop", ann.pk])
    response = client.get(edit)
    assert response.status_code == 404


def test_a_merge_is_refused_when_the_two_play_in_one_pair(club, director_client, make_session):
    for name in ("Ann Lee", "A. Lee", "Cy Dunn", "Di Fox", "Ed Gray", "Flo Hart"):
        player_create(club=club, name=name)
    pairs = [["Ann Lee", "A. Lee"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["G", "H"]]
    make_session(TRAVELLERS.format(420, 450, 140, 140), names_csv(pairs), name="June 1")
    ann, a_lee = Player.objects.get(name="Ann Lee"), Player.objects.get(name="A. Lee")
    url = reverse("sessions_app:player_merge", args=["riverside", ann.pk])
    response = director_client.post(url, {"merged": a_lee.pk, "confirm": "on"})
    assert (
        "Ann Lee and A. Lee are the two players of pair 1 of June 1 (16 Nov 2026)"
        in response.content.decode()
    )
    assert Player.objects.filter(pk=a_lee.pk).exists()
    response = director_client.post(url, {"merged": a_lee.pk})
    assert "Tick the box to merge A. Lee into Ann Lee." in response.content.decode()


def test_a_merge_keeps_the_kept_entrys_details_and_fills_the_blanks(club, director_client):
    ann = player_create(club=club, name="Ann Lee", email="ann@example.org")
    a_lee = player_create(club=club, name="A. Lee", member_number="12345", email="a@example.org")
    url = reverse("sessions_app:player_merge", args=["riverside", ann.pk])
    response = director_client.post(url, {"merged": a_lee.pk, "confirm": "on"}, follow=True)
    assert "A. Lee merged into Ann Lee: 0 pairs moved." in response.content.decode()
    ann.refresh_from_db()
    assert (ann.name, ann.member_number, ann.email) == ("Ann Lee", "12345", "ann@example.org")


def test_it_refuses_one_player_for_both_seats_of_a_pair(club, director_client, make_session):
    ann = player_create(club=club, name="Ann Lee")
    pairs = [["Ann Lee", "A Lee"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["G", "H"]]
    session = make_session(TRAVELLERS.format(420, 450, 140, 140), names_csv(pairs))
    pair = Pair.objects.get(section__session=session, label="1")
    assert pair.player1_ref == ann and pair.player2_ref is None  # "A Lee" is only alike
    url = reverse("sessions_app:session_players", args=[session.pk])
    response = director_client.post(url, {f"name-{pair.pk}-2": str(ann.pk)}, follow=True)
    assert "pair 1: Ann Lee cannot be both players of one pair" in response.content.decode()
    pair.refresh_from_db()
    assert pair.player2_ref is None


def test_another_player_is_named_by_name_or_number(club, director_client, make_session):
    bob = player_create(club=club, name="Bob Ray", member_number="777")
    pairs = [["Robert Ray", "Zoe Ng"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["G", "H"]]
    session = make_session(TRAVELLERS.format(420, 450, 140, 140), names_csv(pairs))
    pair = Pair.objects.get(section__session=session, label="1")
    url = reverse("sessions_app:session_players", args=[session.pk])
    field = f"name-{pair.pk}-1"
    response = director_client.post(url, {f"other-{field}": "Rob Ray"}, follow=True)
    assert "pair 1: no one player of the register is called &#x27;Rob Ray&#x27;" in (
        response.content.decode()
    )
    response = director_client.post(url, {f"other-{field}": "777"}, follow=True)
    assert "pair 1: Robert Ray is Bob Ray." in response.content.decode()
    pair.refresh_from_db()
    assert pair.player1_ref == bob
    # A player id of another club posted by hand is refused, in words.
    other = Player.objects.create(club_id=club.pk, name="x")
    Player.objects.filter(pk=other.pk).update(club=_hilltop())
    response = director_client.post(url, {f"name-{pair.pk}-2": str(other.pk)}, follow=True)
    assert f"pair 1: player {other.pk} is not in this club&#x27;s register" in (
        response.content.decode()
    )


def _hilltop():
    from sessions_app.models import Club

    return Club.objects.create(name="Hilltop BC", slug="hilltop")
