""" "New session like this one": the set-up comes along, nothing of the play does."""

from __future__ import annotations

import html
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from sessions_app.core.section_movement import usable_movement
from sessions_app.models import Board, Pair, Result, Session


@pytest.fixture
def demo_client(client, db):
    call_command("load_demo", stdout=io.StringIO())
    client.force_login(get_user_model().objects.get(username="director"))
    return client


def form_values(page: str) -> dict[str, str]:
    return dict(re.findall(r'name="([a-z_]+)" value="([^"]*)"', page))


@pytest.mark.django_db
def test_it_offers_the_same_name_a_week_later(demo_client):
    demo = Session.objects.get()
    page = demo_client.get(reverse("sessions_app:session_copy", args=[demo.pk])).content.decode()
    values = form_values(page)
    # Monday 16 Nov 2026 + 7 days, in the form an <input type=date> reads.
    assert values["date"] == "2026-11-23" and values["name"] == "Monday Evening Pairs"


@pytest.mark.django_db
def test_it_copies_the_set_up_and_lands_on_the_new_session(demo_client):
    demo = Session.objects.get()
    landed = demo_client.post(
        reverse("sessions_app:session_copy", args=[demo.pk]),
        {"name": "Monday Evening Pairs", "date": "2026-11-23", "keep_names": "on"},
        follow=True,
    )

    copy = Session.objects.exclude(pk=demo.pk).get()
    assert landed.request["PATH_INFO"] == reverse("sessions_app:director_session", args=[copy.pk])
    page = html.unescape(landed.content.decode())
    assert "Monday 23 November 2026" in page and "no results came along" in page
    assert copy.status == "draft" and copy.club == demo.club
    assert (copy.scale, copy.method, copy.ave_plus) == (demo.scale, demo.method, demo.ave_plus)
    for name in ("A", "B"):
        old, new = demo.sections.get(name=name), copy.sections.get(name=name)
        assert usable_movement(new).description == usable_movement(old).description
        assert list(new.pairs.order_by("pk").values_list("label", "player1", "player2")) == list(
            old.pairs.order_by("pk").values_list("label", "player1", "player2")
        )
    boards = Board.objects.filter(session=copy)
    assert boards.count() == 21 and not boards.exclude(deal="").exists()
    assert list(boards.values_list("number", "dealer", "vulnerability")) == list(
        demo.boards.values_list("number", "dealer", "vulnerability")
    )
    assert not Result.objects.filter(section__session=copy).exists()
    assert not copy.changes.exists()


@pytest.mark.django_db
def test_it_leaves_the_names_empty_when_asked(demo_client):
    demo = Session.objects.get()
    demo_client.post(
        reverse("sessions_app:session_copy", args=[demo.pk]),
        {"name": "Next Monday", "date": "2026-11-23"},
        follow=True,
    )
    copy = Session.objects.get(name="Next Monday")
    pairs = Pair.objects.filter(section__session=copy)
    assert pairs.count() == 22  # 14 in the Mitchell, 8 in the Howell
    assert not pairs.exclude(player1="", player2="").exists()


@pytest.mark.django_db
def test_it_refuses_a_copy_without_a_date_in_words(demo_client):
    demo = Session.objects.get()
    response = demo_client.post(
        reverse("sessions_app:session_copy", args=[demo.pk]), {"name": "X", "date": "someday"}
    )
    assert response.status_code == 200 and "Enter a valid date." in response.content.decode()
    assert Session.objects.count() == 1
