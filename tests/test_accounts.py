"""Log-in: throttled after repeated failures, for the site's form and the admin's."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.urls import reverse


@pytest.fixture
def dora(db):
    return get_user_model().objects.create_user("dora", password="a-long-pass-phrase")


@pytest.mark.django_db
@override_settings(LOGIN_FAILURES_ALLOWED=3)
def test_it_locks_out_a_username_after_repeated_failures(client, dora):
    url = reverse("login")
    for _ in range(3):
        response = client.post(url, {"username": "dora", "password": "wrong"})
        assert response.status_code == 200
    locked = client.post(url, {"username": "dora", "password": "a-long-pass-phrase"})
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    assert "_auth_user_id" not in client.session  # even the right password is not checked


@pytest.mark.django_db
@override_settings(LOGIN_FAILURES_ALLOWED=3)
def test_it_throttles_the_admin_log_in_too(client, dora):
    url = reverse("admin:login")
    for _ in range(3):
        client.post(url, {"username": "dora", "password": "wrong"})
    assert client.post(url, {"username": "dora", "password": "x"}).status_code == 429


@pytest.mark.django_db
def test_a_director_logs_in_and_lands_on_their_sessions(client, dora):
    response = client.post(reverse("login"), {"username": "dora", "password": "a-long-pass-phrase"})
    assert response.status_code == 302 and response.url == reverse("sessions_app:director_home")


@pytest.mark.django_db
def test_the_admin_is_for_staff_only(client, dora):
    client.force_login(dora)
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302 and "/admin/login/" in response.url
