"""bench/tables.py keeps working: a small run (3 tables, 2 rounds) under gunicorn enters,
verifies and moves on without an error, and the database holds every acknowledged result once
(the retried ones included)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.servers import ROOT, free_port

# slow (not in `dev.py test --fast`): bench/tables.py's run: phones against a real server.
pytestmark = pytest.mark.slow


def test_a_small_run_loses_nothing_and_stores_nothing_twice():
    command = [
        sys.executable,
        "bench/tables.py",
        "--tables",
        "3",
        "--sections",
        "1",
        "--rounds",
        "2",
        "--burst",
        "0.2",
        "--think",
        "0",
        "--retry",
        "0.5",
        "--workers",
        "1",
        "--port",
        str(free_port()),
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    # 3 tables x 2 rounds x 3 boards = 18 results, each acknowledged and stored once.
    assert "18 results" in done.stdout
    assert "errors 0; acknowledged 18 of 18; stored 18; lost 0; duplicates 0;" in done.stdout
