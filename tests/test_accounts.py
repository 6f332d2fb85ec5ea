"""Logging in and out: failed log-ins are counted per username and client address (behind a
trusted proxy, the address it forwards), in the database every worker shares, on the site's
and the admin's log-in pages alike; logging out lands on clubscorer's own page."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from sessions_app.accounts.views import client_address
from tests.conftest import REAL_PASSWORD_HASHERS

PASSWORD = "a-long-pass-phrase"  # the password of `director` (dora) and `stranger` (sam)
PROXY = "10.0.0.1"


def via_proxy(address: str) -> dict[str, str]:
    """What a request carries when the club's proxy forwards it from a browser at `address`."""
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": address}


def log_in(client, username: str, password: str, url: str | None = None, **extra):
    return client.post(
        url or reverse("login"),
        {"username": username, "password": password},
        follow=True,
        **extra,
    )


def landed_on(response) -> str:
    """The address of the page a followed response ends on."""
    if response.redirect_chain:
        return response.redirect_chain[-1][0]
    return response.request["PATH_INFO"]


@pytest.mark.django_db
def test_a_director_logs_in_and_lands_on_their_sessions(client, director):
    response = log_in(client, "dora", PASSWORD)
    assert landed_on(response) == reverse("sessions_app:director_home")
    assert response.context["user"] == director


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=[PROXY])
def test_it_locks_one_username_at_one_address_behind_a_trusted_proxy(client, director, stranger):
    for _ in range(4):
        response = log_in(client, "dora", "wrong", **via_proxy("203.0.113.5"))
        assert response.status_code == 200
        assert "Please enter a correct username and password" in response.text
    fifth = log_in(client, "dora", "wrong", **via_proxy("203.0.113.5"))
    assert fifth.status_code == 429
    assert "Too many failed log-ins for dora from this address. Wait 15 minutes" in fifth.text
    # Locked there: even the right password is not checked.
    locked = log_in(client, "dora", PASSWORD, **via_proxy("203.0.113.5"))
    assert locked.status_code == 429 and "_auth_user_id" not in client.session
    # Another director at the club, behind the same proxy, logs in as usual...
    sam = log_in(Client(), "sam", PASSWORD, **via_proxy("198.51.100.7"))
    assert landed_on(sam) == reverse("sessions_app:director_home")
    assert sam.context["user"] == stranger
    # ...and so does dora from her phone at home.
    phone = log_in(Client(), "dora", PASSWORD, **via_proxy("192.0.2.44"))
    assert landed_on(phone) == reverse("sessions_app:director_home")


@pytest.mark.django_db
def test_it_believes_x_forwarded_for_only_from_a_trusted_proxy(client, director):
    # No proxy is trusted by default: a client that writes its own X-Forwarded-For header
    # cannot pretend to be somewhere new at every try.
    for n in range(5):
        log_in(client, "dora", "wrong", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
    response = log_in(client, "dora", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.99")
    assert response.status_code == 429 and "_auth_user_id" not in client.session


@pytest.mark.parametrize(
    ("trusted", "remote", "forwarded", "expected"),
    [
        ([], PROXY, "203.0.113.5", PROXY),  # no proxy trusted: the header is ignored
        ([PROXY], PROXY, "203.0.113.5", "203.0.113.5"),
        ([PROXY], PROXY, "", PROXY),  # the proxy forwarded nothing
        ([PROXY], "192.0.2.1", "203.0.113.5", "192.0.2.1"),  # not from the proxy
        # The proxy appends the address it saw; what stands left of it the client wrote.
        ([PROXY], PROXY, "198.51.100.9, 203.0.113.5", "203.0.113.5"),
        # Two proxies of the club (a network): the first address that is not one of them.
        (["10.0.0.0/8"], "10.0.0.2", "203.0.113.5, 10.0.0.1", "203.0.113.5"),
        (["10.0.0.0/8"], "10.0.0.2", "10.0.0.3, 10.0.0.1", "10.0.0.3"),
        ([PROXY], PROXY, "203.0.113.5, not-an-address", PROXY),
        (["2001:db8::/32"], "2001:db8::1", "2001:db8:ffff::1, 2a00:1450::5", "2a00:1450::5"),
    ],
)
def test_it_finds_the_clients_address(settings, trusted, remote, forwarded, expected):
    settings.TRUSTED_PROXIES = trusted
    request = RequestFactory().post("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


@pytest.mark.django_db
def test_it_counts_failures_where_every_worker_sees_them(client, director):
    # Three failures on one worker, two on another: each worker has its own local-memory
    # cache (simulated by emptying it), the database they share holds the count.
    for _ in range(3):
        log_in(client, "dora", "wrong")
    cache.clear()
    for _ in range(2):
        response = log_in(client, "dora", "wrong")
    assert response.status_code == 429
    assert AccessAttempt.objects.get(username="dora").failures_since_start == 5


@pytest.mark.django_db
def test_it_says_how_long_is_left_to_wait(client, director):
    for _ in range(5):
        log_in(client, "dora", "wrong")
    # Ten minutes later, five of the fifteen are left; sixteen minutes later it is over.
    AccessAttempt.objects.update(
        attempt_time=datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=10)
    )
    response = log_in(client, "dora", PASSWORD)
    assert response.status_code == 429
    assert "Wait 5 minutes, then try again" in response.text
    AccessAttempt.objects.update(
        attempt_time=datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=16)
    )
    response = log_in(client, "dora", PASSWORD)
    assert landed_on(response) == reverse("sessions_app:director_home")


@pytest.mark.django_db
def test_a_good_log_in_clears_the_failures(client, director):
    for _ in range(4):
        log_in(client, "dora", "wrong")
    log_in(client, "dora", PASSWORD)
    client.post(reverse("logout"))
    for _ in range(4):
        log_in(client, "dora", "wrong")
    assert landed_on(log_in(client, "dora", PASSWORD)) == reverse("sessions_app:director_home")


@pytest.mark.django_db
def test_it_throttles_the_admin_log_in_too(client, director):
    for _ in range(5):
        response = log_in(client, "dora", "wrong", url=reverse("admin:login"))
    assert response.status_code == 429
    assert "Too many failed log-ins for dora" in response.text
    # The same count guards the site's log-in page.
    assert log_in(client, "dora", PASSWORD).status_code == 429


@pytest.mark.django_db
def test_the_right_password_on_the_admin_page_never_locks_a_director_out(client, director):
    # The admin refuses dora (she is not staff), but her password was right: no failure.
    for _ in range(5):
        response = log_in(client, "dora", PASSWORD, url=reverse("admin:login"))
        assert response.status_code == 200
    assert not AccessAttempt.objects.exists()
    assert landed_on(log_in(client, "dora", PASSWORD)) == reverse("sessions_app:director_home")


@pytest.mark.django_db
def test_the_admin_is_for_staff_only(client, director):
    client.force_login(director)
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302 and "/admin/login/" in response.url


@pytest.mark.django_db
def test_it_logs_out_to_clubscorers_own_page(director_client):
    response = director_client.post(reverse("logout"), follow=True)
    assert response.status_code == 200
    assert "You are logged out" in response.text
    assert f'href="{reverse("login")}"' in response.text
    assert "quality time" not in response.text and reverse("admin:index") not in response.text
    assert "_auth_user_id" not in director_client.session


@pytest.mark.django_db
def test_the_admins_log_out_lands_there_too(admin_client):
    response = admin_client.post(reverse("admin:logout"), follow=True)
    assert "You are logged out" in response.text and "quality time" not in response.text


@pytest.mark.django_db
def test_it_logs_in_with_the_real_password_hasher(client, club, settings):
    # The suite hashes passwords with MD5 for speed (tests/conftest.py); this test keeps the
    # hasher production uses.
    settings.PASSWORD_HASHERS = REAL_PASSWORD_HASHERS
    user = get_user_model().objects.create_user("ria", password=PASSWORD)
    club.directors.add(user)
    assert user.password.startswith("pbkdf2_sha256$")
    assert landed_on(log_in(client, "ria", PASSWORD)) == reverse("sessions_app:director_home")
    assert "Please enter a correct" in log_in(Client(), "ria", "wrong").text


@pytest.mark.django_db
def test_the_suite_hashes_passwords_quickly(director):
    assert director.password.startswith("md5$")


def test_it_refuses_to_start_with_a_trusted_proxy_that_is_not_an_address():
    env = {**os.environ, "TRUSTED_PROXIES": "10.0.0.1,proxy.local"}
    completed = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=Path(__file__).resolve().parent.parent,
        env=env,
        capture_output=True,
        text=True,
    )
    assert completed.returncode != 0
    assert "TRUSTED_PROXIES: 'proxy.local' is not an address or a network" in completed.stderr
