"""One live evening served by two app servers at once, as docs/deploy.md's "Several app
servers" runs them: two gunicorn instances on their own ports, each with two workers, sharing
the test's database (PostgreSQL in CI's second run) and one Redis. The seven tables of a
Mitchell play every round on their phones, each table's requests going to either server in
turn (a load balancer), some results sent twice (a phone that lost the answer) with the
second try sent to the other server, while the director's console is read from both: each
server scores the session from what it kept and the boards changed since, whoever wrote them.

At the end: every acknowledged result is stored once (0 lost, 0 twice), and both servers show
one ranking, on the director's console and on the players' published page: the places and
percentages of the session scored whole in this process."""

from __future__ import annotations

import json
import uuid
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.test import Client

from sessions_app.core.event_inputs import event_input
from sessions_app.models import Result, Session, TableCode
from sessions_app.scoring import score_session
from sessions_app.scoring.display import percent
from sessions_app.setup.status import session_set_status
from tests.pages.conftest import parse, table_rows
from tests.servers import ask, collected_static, gunicorn

# slow (not in `dev.py test --fast`): two gunicorn instances and Redis.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def tricks(ns: str, board: int) -> int:
    """The result at every table: 3NT by South, taking 6 + (NS pair + board) mod 6 tricks."""
    return 6 + (int(ns) + board) % 6


@pytest.fixture
def servers(tmp_path):
    """Two gunicorn instances (two workers each) on one database and one Redis, signing
    alike (this process's SECRET_KEY, so a director signed in here is signed in on both), the
    Redis keys of this run apart from any other's."""
    shared = {
        "STATIC_ROOT": str(collected_static(tmp_path)),
        "secret_key": settings.SECRET_KEY,
        "CACHE_URL": "redis://127.0.0.1:6379/0",
        "CACHE_KEY_PREFIX": "two-servers-" + uuid.uuid4().hex,
    }
    with (
        gunicorn(tmp_path / "one", workers=2, **shared) as one,
        gunicorn(tmp_path / "two", workers=2, **shared) as two,
    ):
        yield one, two


def ranking(html: bytes) -> list[list[str]]:
    """The players' ranking page's rows: place, pair, names, matchpoints, %, boards."""
    return table_rows(parse(SimpleNamespace(status_code=200, content=html)), "ranking-a")


def test_an_evening_on_two_servers_loses_nothing_stores_nothing_twice_and_ranks_once(
    servers, mitchell, director
):
    session = mitchell.session
    Session.objects.filter(pk=session.pk).update(table_verification=False)
    session_set_status(session=session, status="in_play")
    desk = Client()
    desk.force_login(director)
    cookie = f"{settings.SESSION_COOKIE_NAME}={desk.cookies[settings.SESSION_COOKIE_NAME].value}"
    feed = f"/director/sessions/{session.pk}/console/feed/"

    def console(port: int) -> dict:
        """The director's console as the server `port` scores it now."""
        status, body = ask(port, "GET", feed, cookie=cookie)
        assert status == 200, body
        return json.loads(body)["state"]

    phones = {}
    for code in TableCode.objects.filter(section=mitchell, revoked_at=None).order_by("table"):
        status, answer = ask(
            servers[code.table % 2], "POST", "/api/table/sign-in", {"code": code.code}
        )
        assert status == 201, answer
        phones[code.table] = (answer["token"], answer["table"])
    acknowledged, sent = {}, 0
    for round_ in range(1, 8):
        for table, (token, state) in sorted(phones.items()):
            assert state["round"] == round_
            for board in state["boards"]:
                sent += 1
                cid, ns = f"t{table}-r{round_}-b{board['number']}", state["ns"]["label"]
                line = {
                    "client_id": cid,
                    "board": board["number"],
                    "level": 3,
                    "strain": "NT",
                    "doubled": 0,
                    "declarer": "S",
                    "tricks": tricks(ns, board["number"]),
                }
                port = servers[sent % 2]
                status, answer = ask(port, "POST", "/api/table/lines", line, token=token)
                assert status == 201, answer
                acknowledged[cid] = answer["id"]
                if sent % 5 == 0:  # the answer lost: the phone sends it again, to the other
                    port = servers[(sent + 1) % 2]
                    again = ask(port, "POST", "/api/table/lines", line, token=token)
                    assert again[0] in (200, 201) and again[1]["id"] == answer["id"], again
            status, state = ask(
                servers[table % 2], "POST", "/api/table/round-done", {"round": round_}, token=token
            )
            assert status == 200, state
            phones[table] = (token, state)
            # the director's console, scored by either server as the results come in
            console(servers[(table + round_) % 2])
    # 7 rounds of 3 boards at each of 7 tables: 147 results, each acknowledged and stored once.
    assert len(acknowledged) == sent == 147
    assert dict(Result.objects.values_list("client_id", "pk")) == acknowledged

    (field,) = score_session(event_input(Session.objects.get(pk=session.pk))).sections[0].fields
    expected = [
        (standing.place, standing.score.label, percent(standing.score.percentage))
        for standing in field.standings
    ]
    assert len(expected) == 14  # one field: the last round's arrow switch
    for port in servers:  # each scored from what it kept and the boards changed since
        (shown,) = console(port)["sections"][0]["rankings"]
        assert [(row[0], row[1], row[3].rstrip("%")) for row in shown["rows"]] == expected
    session_set_status(session=session, status="final")
    session_set_status(session=session, status="published")
    pages = [ask(port, "GET", f"/sessions/{session.pk}/") for port in servers]
    assert [status for status, _ in pages] == [200, 200]
    for _, html in pages:
        assert [(row[0], row[1], row[4]) for row in ranking(html)] == expected
