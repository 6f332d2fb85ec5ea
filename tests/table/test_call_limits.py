"""Calls to the director are limited per table, in the database (table_scoring/rounds.py,
`call_create`): the same call tapped again while it waits is the waiting call; at most
TABLE_CALLS_PER_MINUTE (2) calls a minute and TABLE_OPEN_CALLS (3) waiting; a retry of a
stored call is answered whatever the limits."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from sessions_app.models import TableCall
from sessions_app.table_scoring.console import console_state
from sessions_app.table_scoring.director import call_answer

pytestmark = pytest.mark.django_db


def call(phone, client_id: str, reason: str = "ruling", text: str = ""):
    data = {"client_id": client_id, "reason": reason, "text": text}
    return phone.post("/api/table/calls", data)


def a_minute_passes() -> None:
    TableCall.objects.update(created_at=timezone.now() - timedelta(seconds=61))


def test_the_same_call_tapped_again_while_it_waits_is_the_waiting_call(table):
    t3 = table(3)
    first = call(t3, "c1", "ruling", "revoke on 7")
    again = call(t3, "c2", "ruling", "revoke on 7")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert TableCall.objects.count() == 1
    # Another table's same words are its own call.
    assert call(table(4), "c3", "ruling", "revoke on 7").status_code == 201


def test_a_table_calls_at_most_2_times_a_minute_and_3_waiting(table, director):
    t3, t4 = table(3), table(4)
    assert [call(t3, f"c{n}", "other", f"question {n}").status_code for n in (1, 2)] == [201] * 2
    third = call(t3, "c3", "other", "question 3")
    assert third.json() == {
        "error": "table 3 has called the director 2 times in the last minute: the director is on "
        "the way",
        "field": None,
    }
    assert third.status_code == 429
    assert call(t4, "d1").status_code == 201  # another table calls as usual
    a_minute_passes()
    assert call(t3, "c3", "other", "question 3").status_code == 201
    a_minute_passes()
    fourth = call(t3, "c4", "other", "question 4")
    assert (fourth.status_code, fourth.json()["error"]) == (
        429,
        "table 3 has 3 calls waiting for the director: the director is on the way",
    )
    call_answer(call=TableCall.objects.get(client_id="c1"), user=director)
    assert call(t3, "c4", "other", "question 4").status_code == 201
    # A retry of a stored call is answered, limits or not.
    assert call(t3, "c2", "other", "question 2").status_code == 200


def test_a_hundred_calls_leave_the_console_3_of_them(table, in_play):
    t3 = table(3)
    answers = []
    for n in range(100):
        answers.append(call(t3, f"c{n}", "other", f"call {n}").status_code)
        a_minute_passes()
    assert (answers[:3], set(answers[3:])) == ([201, 201, 201], {429})
    assert len(console_state(in_play.session).calls) == 3
