"""The JSON API of the players' phones, endpoint by endpoint, through Django's test client
against the real database: what each answers, and every error it gives (docs/table-scoring.md).

The session is the 7-table Mitchell of tests/conftest.py (3 boards a round, round 7 switched):
in round r, table t has NS pair t, the EW pair that started at table t-(r-1) (pair 7 + that
table, counted round the room) and board set t+(r-1) (boards 3s-2 .. 3s). So table 3 plays
boards 7-9 against pair 10 in round 1, boards 10-12 against pair 9 in round 2, and in round 7
boards 4-6 against pair 11, switched: 11 sits NS. Board 7 is South's deal, all vulnerable;
board 8 West's, none; board 9 North's, EW (Law 2).
"""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.test import Client
from django.utils import translation

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import (
    Club,
    Result,
    ResultChange,
    Section,
    TableCall,
    TableCode,
    TableDevice,
)
from sessions_app.rows.words import worded
from sessions_app.scoring.line_words import describe_message
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.setup.status import session_set_status
from sessions_app.table_scoring.director import call_answer

from .conftest import Table

pytestmark = pytest.mark.django_db
NO_HEADER = "this phone is not signed in: open the table's code (Authorization: Bearer)"
NO_DEVICE = "this phone is not signed in: sign in with the table's code"
CLIENT_ID = "client_id must be 1-40 letters, digits, '-', '_', '.' or ':' (a UUID), not"
WRONG_CODE = "ZZZZZZ is not a table code: check the code on the table card"


# -- sign-in ------------------------------------------------------------------------------


def test_sign_in_gives_a_token_and_the_table(table):
    t3 = table(3)
    assert len(t3.token) == 43  # 32 random bytes, URL-safe base 64
    device = TableDevice.objects.get(pk=t3.device)
    # Only the token's SHA-256 is stored.
    assert device.token == hashlib.sha256(t3.token.encode()).hexdigest() != t3.token
    assert (device.table_code.table, device.revoked_at) == (3, None)


def test_sign_in_reads_the_code_as_printed_in_any_case_with_dashes(client, in_play):
    code = TableCode.objects.get(section=in_play, table=5)
    typed = f" {code.code[:3].lower()}-{code.code[3:].lower()} "
    answer = client.post(
        "/api/table/sign-in",
        {"code": typed},
        content_type="application/json",
        HTTP_USER_AGENT="Mozilla/5.0 (Linux; Android 14) Firefox/133.0",
    )
    assert answer.status_code == 201
    assert answer.json()["table"]["table"] == 5
    assert TableDevice.objects.get().label == "Mozilla/5.0 (Linux; Android 14) Firefox/133.0"


@pytest.mark.parametrize(
    ("body", "status", "error", "field"),
    [
        ({}, 400, "type the code printed on the table card", "code"),
        ({"code": "  "}, 400, "type the code printed on the table card", "code"),
        ({"code": "ZZZZZZ"}, 401, WRONG_CODE, None),
    ],
)
def test_sign_in_refuses_no_code_and_a_wrong_one(client, in_play, body, status, error, field):
    answer = client.post("/api/table/sign-in", body, content_type="application/json")
    assert answer.status_code == status
    assert answer.json() == {"error": error, "field": field}


def test_sign_in_refuses_bad_json_and_the_wrong_method(client, in_play):
    answer = client.post("/api/table/sign-in", "{code", content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("the request is not JSON")
    answer = client.post("/api/table/sign-in", "[1, 2]", content_type="application/json")
    assert (answer.status_code, answer.json()["error"]) == (
        400,
        "the request must be a JSON object ({...})",
    )
    answer = client.get("/api/table/sign-in")
    assert (answer.status_code, answer["Allow"]) == (405, "POST")
    assert answer.json() == {"error": "use POST for /api/table/sign-in", "field": None}


# -- state --------------------------------------------------------------------------------


def test_the_state_of_table_3_in_round_1(table):
    state = table(3).state()
    assert state["session"]["status"] == "in_play"
    assert (state["section"], state["table"], state["round"], state["rounds"]) == ("A", 3, 1, 7)
    assert (state["switched"], state["finished"], state["complete"]) == (False, False, False)
    assert state["ns"] == {"label": "3", "names": "", "players": ["", ""]}
    assert state["ew"]["label"] == "10"
    assert state["boards"] == [
        {"number": 7, "dealer": "S", "vulnerability": "All", "line": None},
        {"number": 8, "dealer": "W", "vulnerability": "None", "line": None},
        {"number": 9, "dealer": "N", "vulnerability": "EW", "line": None},
    ]
    assert state["settings"] == {"verification": True, "shows": "results_and_percent"}
    # Round 2: NS 3 stay, EW 10 move up to table 4, boards 7-9 go down to table 2.
    assert state["next"] == {
        "round": 2,
        "ns_to": {"table": 3, "direction": "NS"},
        "ew_to": {"table": 4, "direction": "EW"},
        "boards_to": 2,
        "words": "NS 3 stay at table 3 NS; EW 10 go to table 4 EW; boards 7-9 go to table 2",
    }
    assert state["calls"] == []


def test_the_last_round_is_switched_and_has_no_next(table, in_play):
    t3 = table(3)
    TableCode.objects.filter(pk=t3.code.pk).update(round=7)
    state = t3.state()
    # Round 7: board set 3+6 = 9 = set 2 (boards 4-6); EW pair from table 3-6 = table 4, pair
    # 11, sitting NS because the arrows are switched.
    assert (state["round"], state["switched"], state["next"]) == (7, True, None)
    assert (state["ns"]["label"], state["ew"]["label"]) == ("11", "3")
    assert [board["number"] for board in state["boards"]] == [4, 5, 6]


@pytest.mark.parametrize(
    ("header", "error"),
    [
        ({}, NO_HEADER),
        ({"HTTP_AUTHORIZATION": "Basic abc"}, NO_HEADER),
        ({"HTTP_AUTHORIZATION": "Bearer not-a-token"}, NO_DEVICE),
    ],
)
def test_the_state_needs_a_known_token(client, in_play, header, error):
    answer = client.get("/api/table/state", **header)
    assert answer.status_code == 401
    assert answer.json() == {"error": error, "field": None}
    assert answer["Cache-Control"] == "no-store"


# -- entering a result --------------------------------------------------------------------


def test_a_result_is_stored_scored_and_audited_naming_the_device(table, in_play):
    t3 = table(3)
    version = in_play.session.results_version
    answer = t3.enter(7, "4S", "N", 10, lead="hk")
    assert answer.status_code == 201
    line = answer.json()
    # Board 7 is vulnerable: 4 x 30 + 500 for the game = 620.
    assert {k: line[k] for k in ("board", "ns", "ew", "round", "table", "score_ns", "lead")} == {
        "board": 7,
        "ns": "3",
        "ew": "10",
        "round": 1,
        "table": 3,
        "score_ns": 620,
        "lead": "HK",
    }
    assert (line["text"], line["verification"], line["editable"]) == (
        "4S by N, 10 tricks (+620)",
        "pending",
        True,
    )
    stored = Result.objects.get()
    assert (stored.client_id, stored.round, stored.table, stored.updated_by) == (
        "t3-b7",
        1,
        3,
        None,
    )
    change = ResultChange.objects.get()
    assert (change.action, change.device_id, change.user) == ("create", t3.device, None)
    in_play.session.refresh_from_db()
    assert in_play.session.results_version == version + 1  # live scoring sees it
    assert t3.state()["boards"][0]["line"]["id"] == stored.pk


def test_a_passed_out_board_and_a_doubled_contract(table):
    t3 = table(3)
    passed = t3.enter(8, "PASS").json()
    assert (passed["passed_out"], passed["level"], passed["score_ns"], passed["text"]) == (
        True,
        0,
        0,
        "passed out",
    )
    # Board 9, EW vulnerable: 3NTX by W two down, NS not declaring: 200 + 300 = +500 to NS.
    doubled = t3.enter(9, "3NTX", "W", 7).json()
    assert (doubled["doubled"], doubled["score_ns"]) == (1, 500)


@pytest.mark.parametrize(
    ("change", "status", "error", "field"),
    [
        ({"client_id": ""}, 400, f"{CLIENT_ID} ''", "client_id"),
        ({"client_id": "x" * 41}, 400, f"{CLIENT_ID} 'xxxxxxxxxxxxxxxxxx…", "client_id"),
        (
            {"board": "seven"},
            400,
            "board must be a whole number from 1 to 32767, not 'seven'",
            "board",
        ),
        (
            {"level": 8},
            400,
            "level must be a whole number from 1 to 7 (0: passed out), not 8",
            "level",
        ),
        (
            {"level": True},
            400,
            "level must be a whole number from 1 to 7 (0: passed out), not True",
            "level",
        ),
        ({"strain": "Z"}, 400, "strain must be one of C, D, H, S, NT, not 'Z'", "strain"),
        (
            {"doubled": 3},
            400,
            'doubled must be a whole number from 0 to 2 (or "X", "XX"), not 3',
            "doubled",
        ),
        ({"declarer": "Q"}, 400, "declarer must be N, E, S or W, not 'Q'", "declarer"),
        ({"tricks": 14}, 400, "tricks must be a whole number from 0 to 13, not 14", "tricks"),
        (
            {"tricks": None},
            400,
            "tricks must be a whole number from 0 to 13, not nothing",
            "tricks",
        ),
        ({"lead": "Z9"}, 400, "lead must be a card like HK, S10 or CT, not 'Z9'", "lead"),
        ({"passed_out": "yes"}, 400, "passed_out must be true or false, not 'yes'", "passed_out"),
        (
            {"board": 10},
            403,
            "board 10 is not played at table 3 in round 1 (boards 7, 8, 9)",
            "board",
        ),
    ],
)
def test_a_wrong_result_is_refused_with_its_field(table, change, status, error, field):
    t3 = table(3)
    good = {
        "client_id": "c1",
        "board": 7,
        "level": 4,
        "strain": "S",
        "doubled": 0,
        "declarer": "N",
        "tricks": 10,
    }
    answer = t3.post("/api/table/lines", {**good, **change})
    assert answer.status_code == status
    assert answer.json() == {"error": error, "field": field}
    assert not Result.objects.exists()


def test_a_second_result_on_the_same_board_is_a_conflict(table):
    t3 = table(3)
    first = t3.enter(7, "4S", "N", 10).json()
    again = t3.enter(7, "4S", "N", 9, client_id="other")
    assert again.status_code == 409
    assert again.json()["error"] == (
        "board 7 already has a result from this table: 4S by N, 10 tricks (+620); correct it"
        " instead"
    )
    assert again.json()["line"]["id"] == first["id"]
    assert Result.objects.get().tricks == 10


def test_a_retry_with_the_same_client_id_is_stored_once(table):
    t3 = table(3)
    first = t3.enter(7, "4S", "N", 10)
    retry = t3.enter(7, "4S", "N", 10)
    assert (first.status_code, retry.status_code) == (201, 200)
    assert retry.json() == first.json()
    assert (Result.objects.count(), ResultChange.objects.count()) == (1, 1)


# -- correcting and verifying ------------------------------------------------------------


def test_a_correction_is_stored_from_its_version_and_asks_again(table):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    t3.post(f"/api/table/lines/{line['id']}/verify", {"accept": True, "version": 1})
    fields = {"level": 4, "strain": "S", "doubled": 0, "declarer": "N", "tricks": 9}
    answer = t3.post(
        f"/api/table/lines/{line['id']}", {"client_id": "fix1", "version": 1, **fields}
    )
    assert answer.status_code == 200
    fixed = answer.json()
    # One down vulnerable: -100.
    assert (fixed["version"], fixed["score_ns"], fixed["verification"], fixed["client_id"]) == (
        2,
        -100,
        "pending",
        "fix1",
    )
    change = ResultChange.objects.get(action="update")
    assert change.before is not None and change.after is not None
    assert (change.before["score_ns"], change.after["score_ns"], change.device_id) == (
        620,
        -100,
        t3.device,
    )
    retry = t3.post(f"/api/table/lines/{line['id']}", {"client_id": "fix1", "version": 1, **fields})
    assert (retry.status_code, retry.json()["version"]) == (200, 2)
    assert ResultChange.objects.filter(action="update").count() == 1


def test_a_correction_from_an_old_version_is_refused_with_the_line(table):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    fields = {"level": 4, "strain": "S", "doubled": 0, "declarer": "N"}
    t3.post(
        f"/api/table/lines/{line['id']}", {"client_id": "a", "version": 1, **fields, "tricks": 9}
    )
    stale = t3.post(
        f"/api/table/lines/{line['id']}", {"client_id": "b", "version": 1, **fields, "tricks": 11}
    )
    assert stale.status_code == 409
    body = stale.json()
    assert body["field"] == "version"
    assert body["error"].startswith(f"table A3 (device {t3.device}) changed this line at ")
    assert "it now reads 4S by N, 9 tricks (-100)" in body["error"]
    assert body["line"]["version"] == 2
    assert Result.objects.get().tricks == 9


@pytest.mark.parametrize(
    ("line_id", "status", "error"),
    [
        ("abc", 404, "line 'abc' is not a number from 1 up"),
        ("99999", 404, "line 99999 is not in this session"),
    ],
)
def test_a_correction_of_no_line_is_not_found(table, line_id, status, error):
    answer = table(3).post(f"/api/table/lines/{line_id}", {"client_id": "x", "version": 1})
    assert answer.status_code == status
    assert answer.json() == {"error": error, "field": None}


def test_an_opponent_accepts_or_rejects_without_changing_the_result(table):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    url = f"/api/table/lines/{line['id']}/verify"
    rejected = t3.post(url, {"accept": False, "version": 1}).json()
    assert (rejected["verification"], rejected["version"], rejected["score_ns"]) == (
        "rejected",
        1,
        620,
    )
    accepted = t3.post(url, {"accept": True, "version": 1}).json()
    assert (accepted["verification"], Result.objects.get().verification) == ("accepted", "accepted")
    wrong = t3.post(url, {"accept": "yes", "version": 1})
    assert (wrong.status_code, wrong.json()["field"]) == (400, "accept")
    stale = t3.post(url, {"accept": True, "version": 2})
    assert (stale.status_code, stale.json()["line"]["version"]) == (409, 1)


def test_verifying_is_refused_when_the_club_does_not_ask_for_it(table, in_play):
    in_play.session.table_verification = False
    in_play.session.save()
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10).json()
    assert line["verification"] == ""
    answer = t3.post(f"/api/table/lines/{line['id']}/verify", {"accept": True, "version": 1})
    assert answer.status_code == 403
    assert answer.json()["error"] == "this club does not ask the opponents to verify results"


# -- the board's results ------------------------------------------------------------------


def test_a_board_shows_its_results_and_the_pairs_percent(table):
    t3, t2 = table(3), table(2)
    t3.enter(7, "4S", "N", 10)  # round 1, table 3: 3 v 10, +620
    TableCode.objects.filter(pk=t2.code.pk).update(round=2)
    t2.enter(7, "4S", "N", 9)  # round 2, table 2: 2 v 8, -100
    board = t3.get("/api/table/boards/7").json()
    # Two results of the 7 the board is played: Neuberg (p + 1) x 7/2 - 1 of a top of 12:
    # +620 beats one (p = 2): 9.5/12 = 79.17%; -100: 2.5/12 = 20.83%.
    assert (board["board"], board["top"], board["ns_percent"], board["ew_percent"]) == (
        7,
        12,
        79.17,
        20.83,
    )
    assert [(r["ns"], r["ew"], r["score_ns"], r["yours"]) for r in board["results"]] == [
        ("3", "10", 620, True),
        ("2", "8", -100, False),
    ]


def test_a_board_is_shown_as_the_club_chooses(table, in_play):
    t3 = table(3)
    t3.enter(7, "4S", "N", 10)
    in_play.session.table_shows = "results"
    in_play.session.save()
    board = t3.get("/api/table/boards/7").json()
    assert "ns_percent" not in board and "ns_percent" not in board["results"][0]
    in_play.session.table_shows = "nothing"
    in_play.session.save()
    answer = t3.get("/api/table/boards/7")
    assert answer.status_code == 403
    assert answer.json()["error"] == "this club does not show the boards' results at the table"


@pytest.mark.parametrize(
    ("number", "status", "error"),
    [
        ("8", 403, "enter this table's result on board 8 first"),
        ("1", 403, "enter this table's result on board 1 first"),
        ("99", 404, "board 99 is not in this session"),
        ("x", 404, "board 'x' is not a number from 1 up"),
    ],
)
def test_a_board_not_entered_at_this_table_is_not_shown(table, number, status, error):
    t3 = table(3)
    t3.enter(7, "4S", "N", 10)
    answer = t3.get(f"/api/table/boards/{number}")
    assert (answer.status_code, answer.json()["error"]) == (status, error)


# -- moving on ----------------------------------------------------------------------------


def test_a_table_moves_on_when_its_boards_are_in_and_accepted(table):
    t3 = table(3)
    lines = [t3.enter(7, "4S", "N", 10).json(), t3.enter(8, "PASS").json()]
    refused = t3.post("/api/table/round-done", {"round": 1})
    assert refused.status_code == 403
    assert refused.json()["error"] == (
        "board 7 waits for the opponents to accept it; board 8 waits for the opponents to"
        " accept it; board 9 has no result yet"
    )
    lines.append(t3.enter(9, "3NTX", "W", 7).json())
    t3.post(f"/api/table/lines/{lines[0]['id']}/verify", {"accept": False, "version": 1})
    refused = t3.post("/api/table/round-done", {"round": 1}).json()["error"]
    assert refused.startswith("board 7 was rejected by the opponents: correct it;")
    for line in lines:
        t3.post(f"/api/table/lines/{line['id']}/verify", {"accept": True, "version": 1})
    state = t3.post("/api/table/round-done", {"round": 1}).json()
    # Round 2 at table 3: boards 10-12 (set 4), against pair 9 from table 2.
    assert (state["round"], state["ew"]["label"]) == (2, "9")
    assert [board["number"] for board in state["boards"]] == [10, 11, 12]
    assert TableCode.objects.get(pk=t3.code.pk).round == 2
    again = t3.post("/api/table/round-done", {"round": 1})  # a retry: nothing moves
    assert (again.status_code, again.json()["round"]) == (200, 2)
    ahead = t3.post("/api/table/round-done", {"round": 4})
    assert ahead.json() == {"error": "table 3 is on round 2", "field": "round"}


def test_the_last_round_done_finishes_the_table(table):
    t3 = table(3)
    TableCode.objects.filter(pk=t3.code.pk).update(round=7)
    for board, contract in ((4, "PASS"), (5, "PASS"), (6, "PASS")):
        line = t3.enter(board, contract).json()
        t3.post(f"/api/table/lines/{line['id']}/verify", {"accept": True, "version": 1})
    state = t3.post("/api/table/round-done", {"round": 7}).json()
    assert (state["finished"], state["round"], state["boards"], state["ns"]) == (True, 7, [], None)
    assert t3.post("/api/table/round-done", {"round": 7}).json()["finished"] is True  # a retry
    beyond = t3.post("/api/table/round-done", {"round": 8}).json()
    assert beyond == {"error": "table 3 has played every round", "field": "round"}
    assert t3.enter(4, "PASS", client_id="late").json()["error"] == "table 3 has played every round"


def test_a_closed_round_lets_the_table_move_on_with_boards_missing(table, in_play):
    t3 = table(3)
    in_play.closed_round = 1
    in_play.save()
    assert t3.post("/api/table/round-done", {"round": 1}).json()["round"] == 2


# -- names and calls ----------------------------------------------------------------------


def test_the_players_give_their_names_at_round_1(table, in_play):
    t3 = table(3)
    state = t3.post("/api/table/players", {"ns": ["Ann Lee", "Bob Ross"], "ew": ["1234"]}).json()
    assert state["ns"] == {
        "label": "3",
        "names": "Ann Lee & Bob Ross",
        "players": ["Ann Lee", "Bob Ross"],
    }
    assert state["ew"]["names"] == "1234"
    assert in_play.pairs.get(label="10").player1 == "1234"
    wrong = t3.post("/api/table/players", {"ns": "Ann and Bob"})
    assert wrong.json() == {
        "error": "ns must be a list of two names (100 characters each at most), not 'Ann and Bob'",
        "field": "ns",
    }
    TableCode.objects.filter(pk=t3.code.pk).update(round=2)
    late = t3.post("/api/table/players", {"ns": ["Cy", "Di"]})
    assert (late.status_code, late.json()["error"]) == (
        403,
        "names are given at round 1 only: ask the director",
    )


def test_a_call_reaches_the_director_once(table, director):
    t3 = table(3)
    first = t3.post(
        "/api/table/calls", {"client_id": "call-1", "reason": "ruling", "text": "revoke"}
    )
    retry = t3.post(
        "/api/table/calls", {"client_id": "call-1", "reason": "ruling", "text": "revoke"}
    )
    assert (first.status_code, retry.status_code) == (201, 200)
    call = TableCall.objects.get()
    assert (call.table, call.round, call.reason, call.text, call.device_id) == (
        3,
        1,
        "ruling",
        "revoke",
        t3.device,
    )
    assert [c["id"] for c in t3.state()["calls"]] == [call.pk]
    call_answer(call=call, user=director)
    assert t3.state()["calls"] == []
    free = t3.post("/api/table/calls", {"client_id": "call-2", "reason": "our board 8 is fouled"})
    assert (free.json()["reason"], free.json()["text"]) == ("other", "our board 8 is fouled")
    none = t3.post("/api/table/calls", {"client_id": "call-3"})
    assert none.json() == {
        "error": "reason must be ruling, score, movement or other (or a few words), not nothing",
        "field": "reason",
    }


# -- the screen page ----------------------------------------------------------------------


def test_the_screen_page_serves_the_code(client, in_play):
    code = TableCode.objects.get(section=in_play, table=1).code
    page = client.get(f"/t/{code.lower()}/")
    assert page.status_code == 200
    assert f'data-table-code="{code}"' in page.content.decode()
    assert client.get("/t/no!such/").status_code == 404


def test_every_endpoint_refuses_the_wrong_method(table):
    t3 = table(3)
    for url in (
        "/api/table/lines",
        "/api/table/round-done",
        "/api/table/players",
        "/api/table/calls",
    ):
        answer = t3.get(url)
        assert (answer.status_code, answer.json()["error"]) == (405, f"use POST for {url}")
    for url in ("/api/table/state", "/api/table/boards/7"):
        assert t3.post(url, {}).status_code == 405


def test_control_characters_are_never_stored(table, in_play):
    t3 = table(3)
    call = t3.post("/api/table/calls", {"client_id": "c9", "reason": "other", "text": "a\x00b\nc"})
    assert (call.status_code, call.json()["text"]) == (201, "a b c")
    names = t3.post("/api/table/players", {"ns": ["Ann\x00", "Bob"], "ew": ["x" * 101]})
    assert names.json() == {
        "error": "ew must be a list of two names (100 characters each at most), not"
        " ['xxxxxxxxxxxxxxxxx…",
        "field": "ew",
    }
    names = t3.post("/api/table/players", {"ns": ["Ann\x00", "Bob"]})
    assert names.json()["ns"]["players"] == ["Ann", "Bob"]


def test_a_line_the_director_entered_has_nothing_to_verify(table, in_play, director):
    t3 = table(3)
    typed = LineInput(7, "3", "10", parse_ruling("4S N 10", "All"), 1, 3)
    line = result_save(section=in_play, line=typed, user=director)
    shown = t3.state()["boards"][0]["line"]
    assert (shown["id"], shown["verification"], shown["editable"]) == (line.pk, "", True)
    answer = t3.post(f"/api/table/lines/{line.pk}/verify", {"accept": True, "version": 1})
    assert (answer.status_code, answer.json()["error"]) == (
        403,
        "the director entered this line: there is nothing to verify",
    )


def test_a_table_facing_a_missing_pair_sits_out(client, director):
    # 13 pairs: pair 14 is missing, so in round 1 table 7 (NS 7 v EW 14) has no opponents.
    session = session_create(
        club=director.clubs.get(), name="Half", date=datetime.date(2026, 11, 18)
    )
    section_save(
        session=session, name="A", movement="mitchell", tables=7, boards_per_round=3, pair_count=13
    )
    session_set_status(session=session, status="in_play")
    t7 = Table(client, TableCode.objects.get(section__session=session, table=7))
    state = t7.state()
    assert (state["ns"]["label"], state["ew"], state["boards"], state["complete"]) == (
        "7",
        None,
        [],
        True,
    )
    answer = t7.enter(19, "PASS")
    assert answer.json()["error"] == "table 7 in round 1 sits out: there are no boards to enter"
    assert t7.post("/api/table/round-done", {"round": 1}).json()["round"] == 2


def test_a_section_made_free_form_is_the_directors(table, in_play):
    t3 = table(3)
    Section.objects.filter(pk=in_play.pk).update(movement="")
    answer = t3.get("/api/table/state")
    assert (answer.status_code, answer.json()["error"]) == (
        403,
        "section A has no movement: the director enters its results",
    )


def test_the_api_needs_no_csrf_token(in_play):
    # A phone has no CSRF cookie: the API is exempt (it reads no cookie, only the header).
    phone = Client(enforce_csrf_checks=True)
    t3 = Table(phone, TableCode.objects.get(section=in_play, table=3))
    assert t3.enter(7, "4S", "N", 10).status_code == 201


def test_a_french_club_s_phone_is_answered_in_french(table, in_play):
    """The API speaks the phone's club's language, as its screen does, whatever the phone's
    browser asks for: the same conflict as above, said in French."""
    Club.objects.filter(pk=in_play.session.club_id).update(language="fr")
    t3 = table(3)
    t3.enter(7, "4S", "N", 10)
    again = t3.enter(7, "4S", "N", 9, client_id="other")
    assert (again.status_code, again["Content-Language"]) == (409, "fr")
    with translation.override("fr"):
        line = worded(describe_message(Result.objects.get()))
    assert line == "4S par N, 10 levées (+620)"  # the contract as the line stores it
    assert line in again.json()["error"] and "already has a result" not in again.json()["error"]
