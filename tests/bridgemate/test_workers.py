"""Several `manage.py bridgemates` workers at once, as separate processes on the test's own
database (an SQLite file or PostgreSQL), against a Data Connector slow to answer (0.2 s a
request, so that their fetches meet): each table's result is stored once, by whichever
worker held the session, and none is kept out as a clash between two workers storing the
same line at the same moment."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sessions_app.bridgemates.sending import bridgemates_send
from sessions_app.models import BridgemateEvent, BridgemateLink, Result, ResultChange, TableCall
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.setup.status import session_set_status
from tests.bridgemate.conftest import CLUB_ID, LICENCE_KEY
from tests.servers import database_url

# slow (not in `dev.py test --fast`): three Django processes.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
WORKERS = 3


def test_workers_side_by_side_store_each_result_once(bcs, director):
    club = director.clubs.get()
    BridgemateLink.objects.create(
        club=club, address=bcs.base_address, bcs_club_id=CLUB_ID, licence_key=LICENCE_KEY
    )
    session = session_create(club=club, name="Three workers", date=datetime.date(2026, 11, 29))
    section_save(session=session, name="A", movement="mitchell", tables=3, boards_per_round=2)
    session = session_set_status(session=session, status="in_play")
    bridgemates_send(session=session, user=director)
    # Round 1 of a 3-table Mitchell, 2 boards a round: table t plays boards 2t-1 and 2t.
    for table in (1, 2, 3):
        for board in (2 * table - 1, 2 * table):
            bcs.tables.enter_result("A", table, 1, board, "4H N 10")
    bcs.answer_delay = 0.2

    env = {**os.environ, "DATABASE_URL": database_url()}
    command = [sys.executable, "manage.py", "bridgemates", "--once"]
    workers = [
        subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(WORKERS)
    ]
    said = [worker.communicate(timeout=120)[0] for worker in workers]

    assert [worker.returncode for worker in workers] == [0] * WORKERS
    assert "Three workers (29/11/2026): 6 lines stored, 0 unchanged" in "".join(said)
    assert Result.objects.count() == 6
    assert ResultChange.objects.count() == 6  # one audit entry a line: none stored twice
    assert not TableCall.objects.exists()  # no line kept out as a clash
    assert BridgemateEvent.objects.get().busy_until is None  # the lease let go
