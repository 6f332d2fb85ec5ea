"""Members' numbers for the national body, through the director's pages on the database: a
player whose number is not on the body's membership list is named on the publish page with
a link to the register entry, and importing a list that has the number clears it."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sessions_app.models import BodyMember, Player
from sessions_app.players.linking import session_link_players
from sessions_app.players.register import player_create
from sessions_app.players.session_names import pairs_set_names

pytestmark = pytest.mark.django_db


def import_list(client, club, text: str):
    upload = SimpleUploadedFile("members.csv", text.encode(), content_type="text/csv")
    url = reverse("sessions_app:membership_list", args=[club.slug])
    return client.post(url, {"membership_list": upload}, follow=True).content.decode()


def test_an_unknown_number_is_on_the_publish_page_until_the_list_has_it(director_client, mitchell):
    club = mitchell.session.club
    club.national_body = "ebu"
    club.save()
    player_create(club=club, name="Ann Lee", member_number="1001")
    bob = player_create(club=club, name="Bob Ray", member_number="1002")
    cy = player_create(club=club, name="Cy Fox")
    pairs_set_names(section=mitchell, names=[("1", "Ann Lee", "Bob Ray"), ("8", "Cy Fox", "Di Lu")])
    session_link_players(session=mitchell.session)
    publish = reverse("sessions_app:session_publish", args=[mitchell.session_id])

    page = import_list(director_client, club, "EBU number,Name\n1001,Ann Lee\n1003,Cy Fox\n")
    assert "2 members on the list; given their number: Cy Fox." in page
    assert Player.objects.get(pk=cy.pk).member_number == "1003"

    page = director_client.get(publish).content.decode()
    assert "Members' numbers for the English Bridge Union (EBU)" in page
    edit = reverse("sessions_app:player_edit", args=[club.slug, bob.pk])
    assert f'<a href="{edit}">Bob Ray</a>: 1002 is not on the EBU&#x27;s membership list' in page
    assert "Di Lu</a>: not matched to the register, so no member number" in page
    assert "Ann Lee</a>" not in page and "Cy Fox</a>" not in page

    import_list(director_client, club, "EBU number,Name\n1001,Ann Lee\n1002,Bob Ray\n1003,Cy Fox\n")
    page = director_client.get(publish).content.decode()
    assert "Bob Ray</a>" not in page
    assert "Di Lu</a>: not matched to the register" in page  # only the name not in the register
    assert BodyMember.objects.filter(club=club, body="ebu").count() == 3


def test_a_club_without_a_national_body_is_told_to_choose_one(director_client, mitchell):
    club = mitchell.session.club
    page = import_list(director_client, club, "EBU number,Name\n1001,Ann Lee\n")
    assert "Not imported: Riverside Bridge Club has no national body" in page
    assert not BodyMember.objects.exists()


def test_a_list_without_numbers_is_refused_and_the_old_list_kept(director_client, mitchell):
    club = mitchell.session.club
    club.national_body = "ebu"
    club.save()
    import_list(director_client, club, "Number,Name\n1001,Ann Lee\n")
    page = import_list(director_client, club, "Club,Town\nRiverside,Bath\n")
    assert "Not imported: 1 problem, nothing imported: line 1: the membership list has" in page
    assert list(BodyMember.objects.values_list("number", flat=True)) == ["1001"]
