"""Builders for the tests of scoring at the table: a 7-table Mitchell in play (its codes
issued by going in play), and a client signed in as one of its tables."""

from __future__ import annotations

import json

import pytest

from sessions_app.models import TableCode
from sessions_app.setup.status import session_set_status


class Table:
    """A phone signed in at one table: the test client with its bearer token."""

    def __init__(self, client, code: TableCode):
        self.client, self.code = client, code
        answer = self.post("/api/table/sign-in", {"code": code.code}, token=False)
        assert answer.status_code == 201, answer.json()
        self.token = answer.json()["token"]
        self.device = answer.json()["device"]

    def headers(self, token: bool | str = True) -> dict:
        if token is False:
            return {}
        return {"HTTP_AUTHORIZATION": f"Bearer {self.token if token is True else token}"}

    def get(self, url: str, token: bool | str = True):
        return self.client.get(url, **self.headers(token))

    def post(self, url: str, data: object = None, token: bool | str = True):
        body = data if isinstance(data, str | bytes) else json.dumps(data or {})
        return self.client.post(url, body, content_type="application/json", **self.headers(token))

    def state(self) -> dict:
        answer = self.get("/api/table/state")
        assert answer.status_code == 200, answer.json()
        return answer.json()

    def enter(self, board: int, contract: str, declarer: str = "", tricks: int = 0, **extra):
        """A result as the screen posts it: "4S", "3NTX", "PASS"."""
        data: dict = {"client_id": extra.pop("client_id", f"t{self.code.table}-b{board}")}
        data["board"] = board
        if contract == "PASS":
            data["passed_out"] = True
        else:
            doubled = len(contract) - len(contract.rstrip("X"))
            body = contract.rstrip("X")
            data.update(
                level=int(body[0]),
                strain=body[1:],
                doubled=doubled,
                declarer=declarer,
                tricks=tricks,
            )
        data.update(extra)
        return self.post("/api/table/lines", data)


@pytest.fixture
def in_play(mitchell):
    """The 7-table Mitchell of tests/conftest.py (3 boards a round, round 7 switched), in play."""
    session_set_status(session=mitchell.session, status="in_play")
    return mitchell


@pytest.fixture
def table(client, in_play):
    """A factory: `table(3)` is a phone signed in at table 3 of section A."""

    def sign_in(number: int, section=None) -> Table:
        code = TableCode.objects.get(section=section or in_play, table=number, revoked_at=None)
        return Table(client, code)

    return sign_in
