"""/readyz tells a load balancer whether this server can serve pages: not while its database
cannot be reached; /healthz only says the process answers. Each case runs in a process of its
own whose database or cache is pointed at a port on this machine where nothing listens."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

# slow (not in `dev.py test --fast`): each test starts the server's processes.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
ASK = """
import django
django.setup()
from django.test import Client
client = Client()
for path in ("/healthz", "/readyz"):
    answer = client.get(path)
    print(path, answer.status_code, answer.content.decode().replace("\\n", "|"))
"""


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def ask(**env: str) -> list[str]:
    completed = subprocess.run(
        [sys.executable, "-c", ASK],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "clubscorer.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    return completed.stdout.splitlines()


@pytest.mark.django_db
def test_it_is_ready_with_its_database_and_cache(client):
    assert client.get("/healthz").content == b"ok"
    answer = client.get("/readyz")
    assert (answer.status_code, answer.content) == (200, b"database: ok\ncache: ok\n")


def test_it_is_not_ready_while_its_database_cannot_be_reached():
    database = f"postgres://postgres@127.0.0.1:{closed_port()}/clubscorer"
    assert ask(DATABASE_URL=database) == [
        "/healthz 200 ok",
        "/readyz 503 database: unreachable|cache: ok|",
    ]


def test_it_stays_ready_while_only_its_cache_is_down(tmp_path):
    assert ask(
        CACHE_URL=f"redis://127.0.0.1:{closed_port()}/0",
        DATABASE_URL=f"sqlite:///{tmp_path / 'ready.sqlite3'}",
    ) == ["/healthz 200 ok", "/readyz 200 database: ok|cache: unreachable|"]
