"""The director's table pages say what a session's status means for the phones: a draft's codes
wait for play to start; the console warns while the session is not in play."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

WAITING = "(codes are issued when play starts)"
NOT_IN_PLAY = "tables score on their phones only while it is <strong>in play</strong>"


def test_a_draft_s_codes_page_says_codes_come_with_play(mitchell, director_client):
    page = director_client.get(reverse("sessions_app:table_codes", args=[mitchell.session.pk]))
    assert f"7 tables have no code yet {WAITING}." in page.content.decode()


def test_the_console_warns_only_while_the_session_is_not_in_play(mitchell, director_client):
    url = reverse("sessions_app:console", args=[mitchell.session.pk])
    assert NOT_IN_PLAY in director_client.get(url).content.decode()


def test_the_console_of_a_session_in_play_has_no_warning(in_play, director_client):
    url = reverse("sessions_app:console", args=[in_play.session.pk])
    page = director_client.get(url).content.decode()
    assert page.count("panel warning") == 0 and NOT_IN_PLAY not in page
