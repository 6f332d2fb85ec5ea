"""`manage.py serve_lan`: the LAN address found, the URL and its QR code printed, and the
environment gunicorn then runs clubscorer in (production settings over plain HTTP); which
addresses only this computer reaches (sessions_app/core/lan.py), and `dev.py run ADDRESS:PORT`."""

from __future__ import annotations

import importlib.util
import ipaddress
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from sessions_app.core.lan import is_loopback, lan_address, served_host, with_host
from sessions_app.management.commands.serve_lan import lan_environment
from tests.conftest import run


def test_it_prints_the_url_and_its_qr_code():
    output = run("serve_lan", "--print-only", "--address", "10.1.2.3", "--port", "8765")
    lines = output.splitlines()
    assert lines[0] == "clubscorer is at http://10.1.2.3:8765/"
    # "http://10.1.2.3:8765/" is 21 bytes: more than version 1 holds at level L (17), so
    # version 2, 25 modules a side, plus a quiet zone of 2 each side = 29 characters wide,
    # and 29 rows at two a line of text = 15 lines.
    qr = [line for line in lines if line and set(line) <= set("█▀▄ ")]
    assert len(qr) == 15
    assert {len(line) for line in qr} == {29}
    assert lines[-1].startswith("Players scan a table's code")


def test_it_refuses_a_port_that_is_not_one():
    with pytest.raises(CommandError, match="--port 70000 is not a port"):
        run("serve_lan", "--print-only", "--port", "70000")


def test_the_address_found_is_an_ipv4_address():
    address = ipaddress.ip_address(lan_address())
    assert address.version == 4
    assert not address.is_unspecified


def test_it_serves_production_settings_over_plain_http(tmp_path, monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", "scores.example.org")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("DEBUG", raising=False)
    secret = tmp_path / "var" / "lan-secret-key"
    env = lan_environment("192.168.1.20", secret)
    assert env["ALLOWED_HOSTS"] == "scores.example.org,192.168.1.20,127.0.0.1,localhost"
    assert env["DEBUG"] == "0"
    assert env["SECURE_SSL_REDIRECT"] == env["SESSION_COOKIE_SECURE"] == "0"
    assert env["SECURE_HSTS_SECONDS"] == "0"
    # A key is made once and kept: the next start uses the same one (directors stay logged in).
    assert len(env["SECRET_KEY"]) >= 50
    assert lan_environment("192.168.1.20", secret)["SECRET_KEY"] == env["SECRET_KEY"]
    assert oct(secret.stat().st_mode & 0o777) == "0o600"


def test_a_secret_key_already_set_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "the-club-s-own-key")
    env = lan_environment("192.168.1.20", tmp_path / "key")
    assert env["SECRET_KEY"] == "the-club-s-own-key"
    assert not (tmp_path / "key").exists()


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),  # all of 127.0.0.0/8
        ("localhost", True),
        ("LOCALHOST.", True),
        ("[::1]", True),
        ("192.168.1.20", False),
        ("scores.example.org", False),  # a name: other machines resolve it themselves
        ("testserver", False),
    ],
)
def test_it_knows_the_addresses_only_this_computer_reaches(host, loopback):
    assert is_loopback(host) is loopback


def test_it_puts_another_host_in_a_site_keeping_scheme_and_port():
    assert with_host("http://127.0.0.1:8000", "192.168.1.20") == "http://192.168.1.20:8000"
    assert with_host("https://localhost", "10.0.0.2") == "https://10.0.0.2"


def test_it_finds_the_host_phones_reach_a_server_at():
    lan = lan_address()
    assert served_host("8000") == ""  # runserver binds a port alone at 127.0.0.1
    assert served_host("127.0.0.1:8000") == ""
    assert served_host("[::1]:8000") == ""
    assert served_host("192.168.1.20:8000") == "192.168.1.20"
    for every_interface in ("0.0.0.0:8000", "0:8000", "[::]:8000"):
        assert served_host(every_interface) == lan


def load_dev():
    spec = importlib.util.spec_from_file_location("dev", Path(__file__).parents[1] / "dev.py")
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    return dev


def test_dev_py_run_takes_an_address_and_allows_the_phones_host():
    dev = load_dev()
    assert dev.run_address([]) == "127.0.0.1:8000"
    assert dev.run_address(["0.0.0.0:8000"]) == "0.0.0.0:8000"
    with pytest.raises(SystemExit) as refused:
        dev.run_address(["0.0.0.0", "8000"])
    assert str(refused.value) == "dev.py run takes one address, e.g. 0.0.0.0:8000, not 0.0.0.0 8000"
    assert dev.allowed_hosts(None, "192.168.1.20") == (
        "127.0.0.1,localhost,testserver,192.168.1.20"
    )
    assert dev.allowed_hosts("scores.example.org", "10.0.0.2") == "scores.example.org,10.0.0.2"
