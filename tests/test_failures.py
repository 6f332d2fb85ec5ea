"""With the database unreachable, every kind of request gets an answer in words: 503 and
`Retry-After` (JSON for the table API and for the director's pages' own JSON requests), never a
traceback page; `/healthz` stays 200 and `/readyz` says 503 (clubscorer/failures.py).

The requests run in a production process of their own (DEBUG=0, as docs/deploy.md), its
database a PostgreSQL port nobody listens on or an SQLite file in a folder that does not exist:
the test database of this process is not touched.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

# slow (not in `dev.py test --fast`): each test starts processes against a database that is down.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent

REQUESTS = """
import json
import django
django.setup()
from django.test import Client

client = Client(raise_request_exception=False)
answers = {}
def keep(name, response):
    answers[name] = {
        "status": response.status_code,
        "type": response.get("Content-Type", ""),
        "retry": response.get("Retry-After"),
        "body": response.content.decode(),
    }
keep("healthz", client.get("/healthz", secure=True))
keep("readyz", client.get("/readyz", secure=True))
keep("home", client.get("/", secure=True))
keep("club", client.get("/clubs/north/", secure=True))
keep("sign-in", client.post(
    "/api/table/sign-in", {"code": "K7QX-4PZM"}, content_type="application/json", secure=True,
))
keep("state", client.get(
    "/api/table/state", HTTP_AUTHORIZATION="Bearer 0123456789abcdef", secure=True,
))
print(json.dumps(answers))
"""


def closed_port() -> int:
    """A port on this machine with nothing listening: bound, then closed again."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers_without_database(database_url: str) -> dict[str, dict]:
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {
        **inherited,
        "DJANGO_SETTINGS_MODULE": "clubscorer.settings",
        "DEBUG": "0",
        "SECRET_KEY": "k3J9_tq0vW5yZ-1mN8pR2sT6uX4aB7cD0eF3gH6iJ9kL2mN5oP8qR1sT4uV7wX0yZ",
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": database_url,
        "CACHE_URL": "locmem://",
    }
    completed = subprocess.run(
        [sys.executable, "-c", REQUESTS], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.splitlines()[-1])


@pytest.mark.parametrize(
    "database_url",
    [
        pytest.param(f"postgres://postgres@127.0.0.1:{closed_port()}/clubscorer", id="postgres"),
        pytest.param("sqlite:////nonexistent-folder/clubscorer.sqlite3", id="sqlite"),
    ],
)
def test_every_kind_of_request_answers_in_words_while_the_database_is_down(database_url):
    answers = answers_without_database(database_url)

    assert answers["healthz"]["status"] == 200  # the process is alive
    assert answers["readyz"]["status"] == 503
    assert "database: unreachable" in answers["readyz"]["body"]
    for page in ("home", "club"):
        assert answers[page]["status"] == 503, page
        assert answers[page]["retry"] == "10"
        assert "The scores' database cannot be reached just now" in answers[page]["body"]
        assert "Traceback" not in answers[page]["body"]
    for call in ("sign-in", "state"):
        assert answers[call]["status"] == 503, call
        assert answers[call]["type"] == "application/json"
        assert answers[call]["retry"] == "10"
        assert json.loads(answers[call]["body"]) == {
            "error": "the database cannot be reached: try again in a moment",
            "field": None,
        }
