"""A test session is never shown to players, even published: not in any list, page, download,
export or PDF; only its club's directors see it, marked as a test."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

SETTINGS = {
    "name": "Monday Evening Pairs",
    "date": "2026-11-16",
    "scale": "2/1",
    "method": "mp",
    "butler_discard": "1",
    "imp_totals": "sum",
    "ave_plus": 60,
    "ave": 50,
    "ave_minus": 40,
    "law_12c2c": "on",
}


@pytest.fixture
def owner(demo):
    client = Client()
    client.force_login(get_user_model().objects.get(username="director"))
    return client


@pytest.fixture
def test_session(demo, owner):
    """The published demo, made a test session through its settings page."""
    landed = owner.post(
        reverse("sessions_app:session_edit", args=[demo.pk]),
        {**SETTINGS, "is_test": "on"},
        follow=True,
    )
    assert landed.templates[0].name == "sessions_app/director/dashboard.html"
    assert "Test session" in landed.content.decode()
    demo.refresh_from_db()
    assert demo.is_test and demo.is_published
    return demo


def public_urls(session) -> list[str]:
    args = [session.pk]
    return [
        reverse("sessions_app:session", args=args),
        reverse("sessions_app:ranking_csv", args=args),
        reverse("sessions_app:board", args=[*args, 1]),
        reverse("sessions_app:pair", args=[*args, "A", "1"]),
        *(reverse("sessions_app:export", args=[*args, fmt]) for fmt in ("json", "csv", "pbn")),
        reverse("sessions_app:print", args=[*args, "results"]),
    ]


@pytest.mark.django_db
def test_it_shows_a_published_session_until_it_is_marked_a_test(demo):
    player = Client()
    assert player.get(reverse("sessions_app:session", args=[demo.pk])).status_code == 200
    assert "Monday Evening Pairs" in player.get(reverse("sessions_app:home")).content.decode()


@pytest.mark.django_db
def test_it_never_shows_a_test_session_to_players(test_session):
    player = Client()
    for url in public_urls(test_session):
        assert player.get(url).status_code == 404, url
    for url in (reverse("sessions_app:home"), reverse("sessions_app:club", args=["riverside"])):
        assert "Monday Evening Pairs" not in player.get(url).content.decode(), url


@pytest.mark.django_db
def test_it_never_shows_a_test_session_to_another_clubs_director(test_session, stranger):
    other = Client()
    other.force_login(stranger)
    for url in public_urls(test_session):
        assert other.get(url).status_code == 404, url
    assert "Monday Evening Pairs" not in other.get(reverse("sessions_app:home")).content.decode()


@pytest.mark.django_db
def test_it_shows_a_test_session_to_its_clubs_directors_marked_as_one(test_session, owner):
    assert owner.get(reverse("sessions_app:session", args=[test_session.pk])).status_code == 200
    listing = html.unescape(owner.get(reverse("sessions_app:director_home")).content.decode())
    row = next(line for line in listing.splitlines() if "Monday Evening Pairs" in line)
    following = listing[listing.index(row) :].split("</tr>")[0]
    assert 'class="status test"' in following and ">Test<" in following
    settings_page = owner.get(reverse("sessions_app:session_edit", args=[test_session.pk]))
    assert 'id="id_is_test" checked' in settings_page.content.decode()
