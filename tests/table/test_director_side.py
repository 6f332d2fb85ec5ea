"""The director's side of scoring at the table (table_scoring/director.py), and the cost of a
table's requests (a fixed number of queries, whatever the number of its lines or calls: 30
tables ask every few seconds)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from sessions_app.files.backup import session_backup
from sessions_app.files.restore import session_restore
from sessions_app.models import Result, Session, TableCall
from sessions_app.setup.copies import session_copy
from sessions_app.table_scoring.director import call_answer, round_close, table_settings_save
from sessions_app.table_scoring.state import table_at
from sessions_app.table_scoring.view import table_view
from sessions_app.table_scoring.views.answers import state_json

pytestmark = pytest.mark.django_db


def table_code_state(code):
    """The state table `code`'s phone sees (GET /api/table/state)."""
    return state_json(table_view(table_at(code)))


def test_the_club_chooses_verification_and_what_the_table_sees(table, in_play):
    session = table_settings_save(session=in_play.session, verification=False, shows="results")
    stored = Session.objects.get(pk=session.pk)
    assert (stored.table_verification, stored.table_shows) == (False, "results")
    assert table(3).state()["settings"] == {"verification": False, "shows": "results"}
    with pytest.raises(ValidationError, match="'everything' is not one of nothing, results, res"):
        table_settings_save(session=session, verification=True, shows="everything")


def test_closing_a_round_and_opening_it_again(table, in_play):
    t3 = table(3)
    round_close(section=in_play, round_=1)
    assert t3.state()["closed_round"] == 1
    assert t3.enter(7, "PASS").status_code == 403
    round_close(section=in_play, round_=0)
    assert t3.enter(7, "PASS").status_code == 201
    with pytest.raises(ValidationError, match="round -1 is not a number from 0 up"):
        round_close(section=in_play, round_=-1)


def test_answering_a_call_once(table, director):
    t3 = table(3)
    t3.post("/api/table/calls", {"client_id": "c1", "reason": "movement"})
    call = call_answer(call=TableCall.objects.get(), user=director)
    first = call.answered_at
    assert (call.answered_by, call_answer(call=call, user=director).answered_at) == (
        director,
        first,
    )
    assert table_code_state(t3.code)["calls"] == []


def test_a_tables_requests_cost_a_fixed_number_of_queries(table, django_assert_num_queries):
    t3 = table(3)
    lines = [t3.enter(7, "4S", "N", 10).json(), t3.enter(8, "PASS").json()]
    t3.post("/api/table/calls", {"client_id": "c1", "reason": "ruling"})
    t3.post("/api/table/calls", {"client_id": "c2", "reason": "score"})
    # The device, its pairs, lines, boards and calls.
    with django_assert_num_queries(5):
        state = t3.state()
    assert [board["line"]["id"] for board in state["boards"][:2]] == [line["id"] for line in lines]
    assert len(state["calls"]) == 2


def test_a_copy_and_a_backup_keep_the_table_settings_and_the_tables_lines(table, in_play):
    session = table_settings_save(session=in_play.session, verification=False, shows="nothing")
    table(3).enter(7, "4S", "N", 10)
    copy = session_copy(session=session, name="Next week", date=datetime.date(2026, 11, 24))
    assert (copy.table_verification, copy.table_shows) == (False, "nothing")
    (restored,) = session_restore(document=session_backup(sessions=[session]), club=session.club)
    assert (restored.table_verification, restored.table_shows) == (False, "nothing")
    line = Result.objects.get(section__session=restored)
    # A restored line keeps its result; the phone's id and check stay with the original.
    assert (line.score_ns, line.round, line.table, line.client_id) == (620, 1, 3, "")


def test_lines_checked_at_the_table_are_marked_on_the_director_s_grid(
    table, in_play, director_client
):
    # Table 3 (round 1: NS 3 v EW 10, boards 7-9) enters boards 7 and 8; East-West reject 7
    # and have not yet answered on 8.
    three = table(3)
    rejected = three.enter(7, "3NT", "S", 9).json()
    reject = {"accept": False, "version": 1}
    answer = three.post(f"/api/table/lines/{rejected['id']}/verify", reject)
    assert answer.json()["verification"] == "rejected"
    three.enter(8, "2H", "E", 8)
    url = f"/director/sessions/{in_play.session.pk}/sections/A/boards/7/"
    html = director_client.get(url, follow=True).content.decode()
    row = html.split(f'name="r0-result_id" value="{rejected["id"]}"')[0].split("<tr ")[-1]
    assert "rejected" in row.split(">")[0]  # the row's class: marked red
    assert "✗ Rejected</strong> at the table by EW (10): not done until" in html
    html = director_client.get(url.replace("/7/", "/8/"), follow=True).content.decode()
    assert "Waiting for EW (10) to accept it at the table." in html
    assert "✗ Rejected" not in html
