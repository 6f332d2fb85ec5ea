"""Builders for the director's tests: a club with its director, and a set-up session."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from sessions_app.models import Club
from sessions_app.services.sessions import section_save, session_create


@pytest.fixture
def director(db):
    user = get_user_model().objects.create_user("dora", password="a-long-pass-phrase")
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    club.directors.add(user)
    return user


@pytest.fixture
def stranger(db):
    """A director of another club."""
    user = get_user_model().objects.create_user("sam", password="a-long-pass-phrase")
    Club.objects.create(name="Hilltop BC", slug="hilltop").directors.add(user)
    return user


@pytest.fixture
def mitchell(director):
    """A draft session: section A, a 7-table Mitchell, 3 boards a round, last round switched."""
    session = session_create(
        club=director.clubs.get(), name="Tuesday pairs", date=datetime.date(2026, 11, 17)
    )
    section = section_save(
        session=session, name="A", movement="mitchell", tables=7, boards_per_round=3,
        arrow_switch="last",
    )  # fmt: skip
    return section


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client
