"""Two copies of one write arriving at the same moment, each on a real database connection of
its own (a phone's outbox retrying while the first try is still being stored, or two phones
of one table): stored once, and both answered with the line."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from sessions_app.models import Result, ResultChange, TableCode
from sessions_app.setup.status import session_set_status
from sessions_app.table_scoring.access import device_for_token, device_sign_in
from sessions_app.table_scoring.lines import line_submit
from sessions_app.table_scoring.views.bodies import line_input


@pytest.mark.django_db(transaction=True)
def test_two_copies_of_one_submission_store_one_line(mitchell):
    session_set_status(session=mitchell.session, status="in_play")
    code = TableCode.objects.get(section=mitchell, table=3)
    _, token = device_sign_in(code_text=code.code)
    data = {
        "client_id": "same-write",
        "board": 7,
        "level": 3,
        "strain": "NT",
        "doubled": 0,
        "declarer": "S",
        "tricks": 9,
    }
    start = threading.Barrier(2)
    answers: list[tuple[int, bool]] = []

    def phone():
        try:
            device = device_for_token(token)
            start.wait(10)
            line, created = line_submit(device=device, line=line_input(data))
            answers.append((line.result.pk, created))
        finally:
            connection.close()

    threads = [threading.Thread(target=phone) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    line = Result.objects.get()
    # 3NT by S making, board 7 all vulnerable: 100 + 500 = 600.
    assert (line.client_id, line.score_ns) == ("same-write", 600)
    assert sorted(answers, key=lambda answer: answer[1]) == [(line.pk, False), (line.pk, True)]
    assert ResultChange.objects.count() == 1
