"""What a table's phone may not do (docs/table-scoring.md "What a table may write"): write
another table's lines, another session's, a closed or finished round's, anything once the
session is final; use a revoked code or device. And the one path in: a director's edit and a
table's stale correction refuse each other with a message, never overwrite silently.

The session is the 7-table Mitchell of tests/conftest.py (see tests/table/test_api.py).
"""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import Client
from django.urls import reverse

from sessions_app.entry.checks import StaleLine
from sessions_app.entry.lines import LineInput, result_delete, result_save
from sessions_app.models import Pair, Result, ResultChange, TableCall, TableCode, TableDevice
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.setup.status import session_set_status
from sessions_app.table_scoring.access import device_revoke, reissue_code, revoke_code
from tests.test_permissions import TABLE_ROUTES

from .conftest import Table

pytestmark = pytest.mark.django_db
FIELDS = {"level": 4, "strain": "S", "doubled": 0, "declarer": "N"}


def correct(phone: Table, line: dict, tricks: int, client_id: str, version: int | None = None):
    return phone.post(
        f"/api/table/lines/{line['id']}",
        {"client_id": client_id, "version": version or line["version"], **FIELDS, "tricks": tricks},
    )


def test_a_table_cannot_write_another_tables_lines(table):
    t3, t4 = table(3), table(4)
    line = t3.enter(7, "4S", "N", 10).json()
    # Table 4 plays boards 10-12 in round 1: board 7 is not its own, nor is table 3's line.
    assert t4.enter(7, "4S", "N", 11).status_code == 403
    for answer in (
        correct(t4, line, 11, "t4-fix"),
        t4.post(f"/api/table/lines/{line['id']}/verify", {"accept": False, "version": 1}),
    ):
        assert answer.status_code == 403
        assert (
            answer.json()["error"] == f"line {line['id']} is not one of table 4's lines of round 1"
        )
    stored = Result.objects.get()
    assert (stored.tricks, stored.verification, stored.version) == (10, "pending", 1)


def test_a_client_id_of_another_tables_line_is_not_a_retry(table):
    t3, t4 = table(3), table(4)
    t3.enter(7, "4S", "N", 10, client_id="same")
    answer = t4.enter(10, "PASS", client_id="same")
    assert answer.status_code == 409
    assert answer.json() == {
        "error": "client_id same was used for another line",
        "field": "client_id",
    }
    assert Result.objects.count() == 1


def test_a_table_cannot_write_another_sessions_lines(table, in_play, director):
    other = session_create(
        club=director.clubs.get(), name="Thursday", date=datetime.date(2026, 11, 19)
    )
    section = section_save(
        session=other, name="A", movement="mitchell", tables=7, boards_per_round=3
    )
    session_set_status(session=other, status="in_play")
    theirs = Table(Client(), TableCode.objects.get(section=section, table=3))
    line = theirs.enter(7, "4S", "N", 10).json()
    ours = table(3)
    answer = correct(ours, line, 9, "steal")
    assert answer.status_code == 404
    assert answer.json() == {"error": f"line {line['id']} is not in this session", "field": None}
    verify = ours.post(f"/api/table/lines/{line['id']}/verify", {"accept": False, "version": 1})
    assert verify.status_code == 404
    assert Result.objects.get(pk=line["id"]).tricks == 10


def test_a_round_the_director_closed_is_the_directors_only(table, in_play):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    in_play.closed_round = 1
    in_play.save()
    assert t3.state()["boards"][0]["line"]["editable"] is False
    for answer in (t3.enter(8, "PASS"), correct(t3, line, 9, "late")):
        assert answer.status_code == 403
        assert answer.json()["error"] == "round 1 is closed: ask the director to change a result"
    verify = t3.post(f"/api/table/lines/{line['id']}/verify", {"accept": True, "version": 1})
    assert verify.status_code == 403
    assert Result.objects.get().tricks == 10


def test_a_finished_round_cannot_be_corrected_by_the_table(table, in_play):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    in_play.closed_round = 1  # the table moves on with boards 8 and 9 missing
    in_play.save()
    t3.post("/api/table/round-done", {"round": 1})
    in_play.closed_round = 0  # even reopened, round 1 is not the table's round any more
    in_play.save()
    answer = correct(t3, line, 9, "after")
    assert answer.status_code == 403
    assert answer.json()["error"] == f"line {line['id']} is not one of table 3's lines of round 2"
    assert t3.enter(8, "PASS").status_code == 403  # board 8 is not played at table 3 in round 2


def test_nothing_is_written_once_the_session_is_final(table, in_play):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    session_set_status(session=in_play.session, status="final")
    message = "the session is final: results are no longer entered at the table; ask the director"
    for answer in (
        t3.enter(8, "PASS"),
        correct(t3, line, 9, "final-fix"),
        t3.post(f"/api/table/lines/{line['id']}/verify", {"accept": True, "version": 1}),
        t3.post("/api/table/round-done", {"round": 1}),
        t3.post("/api/table/players", {"ns": ["Ann", "Bob"]}),
        t3.post("/api/table/calls", {"client_id": "c", "reason": "score"}),
        t3.client.post(
            "/api/table/sign-in", {"code": t3.code.code}, content_type="application/json"
        ),
    ):
        assert (answer.status_code, answer.json()["error"]) == (403, message)
    state = t3.state()  # the players may still read their table
    assert (state["session"]["status"], state["boards"][0]["line"]["editable"]) == ("final", False)
    assert (Result.objects.get().tricks, TableCode.objects.get(pk=t3.code.pk).round) == (10, 1)


def test_a_draft_session_signs_nobody_in(client, mitchell):
    session_set_status(session=mitchell.session, status="in_play")
    session_set_status(session=mitchell.session, status="draft")
    code = TableCode.objects.get(section=mitchell, table=1)
    answer = client.post("/api/table/sign-in", {"code": code.code}, content_type="application/json")
    assert answer.json() == {
        "error": "the session is not in play yet: ask the director to start play",
        "field": None,
    }


def test_a_revoked_code_refuses_its_phones_and_the_new_code_works(table):
    t3 = table(3)
    other_phone = Table(Client(), t3.code)
    new = reissue_code(t3.code)
    assert new.code != t3.code.code and new.table == 3
    message = "the director replaced this table's code: sign in again with the new code"
    for phone in (t3, other_phone):
        for answer in (phone.get("/api/table/state"), phone.enter(7, "4S", "N", 10)):
            assert (answer.status_code, answer.json()["error"]) == (401, message)
    old = t3.client.post(
        "/api/table/sign-in", {"code": t3.code.code}, content_type="application/json"
    )
    assert (old.status_code, old.json()["field"]) == (401, "code")
    assert Table(Client(), new).enter(7, "4S", "N", 10).status_code == 201
    assert Result.objects.count() == 1


def test_revoking_a_code_without_reissuing_refuses_it(table):
    t3 = table(3)
    revoke_code(t3.code)
    assert t3.get("/api/table/state").status_code == 401
    assert TableDevice.objects.get(pk=t3.device).revoked_at is not None


def test_a_revoked_device_is_refused_and_the_tables_other_phone_goes_on(table):
    t3 = table(3)
    other_phone = Table(Client(), t3.code)
    device_revoke(device=TableDevice.objects.get(pk=t3.device))
    answer = t3.enter(7, "4S", "N", 10)
    assert answer.status_code == 401
    assert (
        answer.json()["error"]
        == "the director signed this phone out: sign in again with the table's code"
    )
    assert other_phone.enter(7, "4S", "N", 10).status_code == 201


def test_a_retry_is_stored_once_even_after_the_table_moved_on(table, in_play):
    t3 = table(3)
    first = t3.enter(7, "4S", "N", 10).json()
    in_play.closed_round = 1
    in_play.save()
    t3.post("/api/table/round-done", {"round": 1})
    retry = t3.enter(7, "4S", "N", 10)  # the outbox sends it again: the answer was lost
    assert (retry.status_code, retry.json()["id"]) == (200, first["id"])
    assert (Result.objects.count(), ResultChange.objects.count()) == (1, 1)


def test_a_director_edit_then_a_stale_table_correction_is_refused(table, in_play, director):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    desk = Client()
    desk.force_login(director)
    saved = desk.post(
        f"/director/sessions/{in_play.session_id}/sections/A/line/",
        {
            "board": 7,
            "ns": "3",
            "ew": "10",
            "round": 1,
            "table": 3,
            "entry": "4S N 11",
            "result_id": line["id"],
            "version": 1,
        },
    ).json()
    assert (saved["ok"], saved["version"]) == (True, 2)
    answer = correct(t3, line, 9, "stale")
    assert answer.status_code == 409
    error = answer.json()["error"]
    assert error.startswith("dora changed this line at ")
    # 4S by N, 11 tricks, vulnerable: 4 x 30 + 30 + 500 = 650.
    assert "it now reads 4S by N, 11 tricks (+650). Your change was not saved" in error
    stored = Result.objects.get()
    assert (stored.tricks, stored.version, stored.verification) == (11, 2, "")
    assert list(ResultChange.objects.values_list("action", "device_id", "user")) == [
        ("update", None, director.pk),
        ("create", t3.device, None),
    ]


def test_a_table_correction_then_a_stale_director_edit_is_refused(table, in_play, director):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    assert correct(t3, line, 9, "first").status_code == 200
    ruling = parse_ruling("4S N 11", "All")
    with pytest.raises(StaleLine) as refused:
        result_save(
            section=in_play,
            line=LineInput(7, "3", "10", ruling, 1, 3),
            result_id=line["id"],
            version=1,
            user=director,
        )
    assert str(refused.value).startswith(f"table A3 (device {t3.device}) changed this line at ")
    assert "it now reads 4S by N, 9 tricks (-100)" in str(refused.value)
    assert Result.objects.get().tricks == 9


def test_a_line_the_director_ruled_on_is_not_the_tables(table, in_play, director):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    result_save(
        section=in_play,
        line=LineInput(7, "3", "10", parse_ruling("A+/A-", "All"), 1, 3),
        result_id=line["id"],
        version=1,
        user=director,
        confirmed=True,
    )
    shown = t3.state()["boards"][0]["line"]
    assert (shown["kind"], shown["editable"], shown["score_ns"]) == ("artificial", False, None)
    answer = correct(t3, shown, 9, "over-ruling")
    assert answer.status_code == 403
    assert answer.json()["error"].startswith("the director ruled on this line: ")


# Each table route with sample arguments, method and body: without a table's token they are
# refused, even to the club's director logged in (the API reads no cookie), and store nothing.
ROUTES: dict[str, tuple[list, str, dict | None]] = {
    "table_sign_in": ([], "post", {"code": "WRONG9"}),
    "table_state": ([], "get", None),
    "table_lines": ([], "post", {"client_id": "a", "board": 7, "passed_out": True}),
    "table_line": (["LINE"], "post", {"client_id": "b", "version": 1, "passed_out": True}),
    "table_verify": (["LINE"], "post", {"accept": False, "version": 1}),
    "table_board": ([7], "get", None),
    "table_round_done": ([], "post", {"round": 1}),
    "table_players": ([], "post", {"ns": ["Mallory", "Eve"]}),
    "table_calls": ([], "post", {"client_id": "c", "reason": "ruling"}),
}


def test_every_table_route_is_tried_here():
    assert set(ROUTES) | {"table_screen"} == TABLE_ROUTES


def _snapshot() -> list:
    return [
        list(model.objects.order_by("pk").values())
        for model in (Result, ResultChange, TableCode, TableDevice, TableCall, Pair)
    ]


@pytest.mark.parametrize("name", sorted(ROUTES))
@pytest.mark.parametrize("who", ["anonymous", "director"])
def test_no_table_token_no_change(client, table, director, name, who):
    line = table(3).enter(7, "4S", "N", 10).json()
    if who == "director":
        client.force_login(director)
    args, method, body = ROUTES[name]
    url = reverse(f"sessions_app:{name}", args=[line["id"] if a == "LINE" else a for a in args])
    before = _snapshot()
    if method == "get":
        answer = client.get(url)
    else:
        answer = client.post(url, json.dumps(body), content_type="application/json")
    assert answer.status_code == 401
    assert _snapshot() == before


def test_the_changes_page_names_the_tables_phone(table, in_play, director):
    t3 = table(3)
    t3.enter(7, "4S", "N", 10)
    desk = Client()
    desk.force_login(director)
    page = desk.get(f"/director/sessions/{in_play.session_id}/changes/").content.decode()
    assert f"<td>table A3 (device {t3.device})</td>" in page
    assert "3 v 10: 4S by N, 10 tricks (+620)" in page


def test_a_retried_correction_is_answered_after_the_table_moved_on(table, in_play):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    assert correct(t3, line, 9, "fix-7").status_code == 200
    in_play.closed_round = 1
    in_play.save()
    t3.post("/api/table/round-done", {"round": 1})
    retry = correct(t3, line, 9, "fix-7")  # the answer to the first try was lost
    assert (retry.status_code, retry.json()["version"], retry.json()["editable"]) == (200, 2, False)
    other = correct(t3, {"id": 12345, "version": 1}, 9, "fix-7")
    assert other.json() == {
        "error": "client_id fix-7 was used for another line",
        "field": "client_id",
    }
    assert ResultChange.objects.filter(action="update").count() == 1


def test_a_retry_after_a_later_write_of_the_line_is_still_stored_once(table):
    t3 = table(3)
    other_phone = Table(Client(), t3.code)
    line = t3.enter(7, "4S", "N", 10, client_id="first").json()  # its answer is lost
    assert correct(other_phone, line, 9, "second").status_code == 200
    retry = t3.enter(7, "4S", "N", 10, client_id="first")
    assert (retry.status_code, retry.json()["version"], retry.json()["tricks"]) == (200, 2, 9)
    third = correct(t3, {**line, "version": 2}, 8, "third").json()
    again = correct(other_phone, line, 9, "second")  # version 1, since overtaken: a retry
    assert (again.status_code, again.json()["version"]) == (200, third["version"])
    assert (Result.objects.get().tricks, ResultChange.objects.count()) == (8, 3)


def test_a_retry_with_another_result_is_refused_not_lost(table):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10, client_id="c1").json()
    changed = t3.enter(7, "4S", "N", 9, client_id="c1")  # a queued write edited in place
    assert changed.status_code == 409
    assert changed.json()["error"] == (
        "client_id c1 was stored with another result (4S by N, 10 tricks (+620)): send a change"
        " as a correction, with a new client_id"
    )
    assert changed.json()["line"]["id"] == line["id"]
    fixed = correct(t3, line, 9, "c2").json()
    edited = correct(t3, line, 11, "c2")
    assert (edited.status_code, edited.json()["line"]["tricks"]) == (409, 9)
    assert (fixed["tricks"], Result.objects.get().tricks) == (9, 9)


def test_a_retry_of_a_line_the_director_deleted_is_answered_not_stored_again(table, director):
    """A write's identity outlives its line: the phone's answer was lost, the director deleted
    the line, and the phone sends the same write again (as its outbox does)."""
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10, client_id="c1").json()
    result_delete(section=t3.code.section, result_id=line["id"], version=1, user=director)
    retry = t3.enter(7, "4S", "N", 10, client_id="c1")
    assert retry.status_code == 410
    assert retry.json()["error"] == (
        "the line client_id c1 wrote was deleted by the director: it is not stored again"
    )
    corrected = correct(t3, line, 9, "c1")  # a correction under the same id: also gone
    assert corrected.status_code == 410
    assert Result.objects.count() == 0
    assert list(ResultChange.objects.order_by("pk").values_list("action", flat=True)) == [
        "create",
        "delete",
    ]
    fresh = t3.enter(7, "4S", "N", 9, client_id="c2")  # a new write is a new line
    assert fresh.status_code == 201 and Result.objects.get().tricks == 9
