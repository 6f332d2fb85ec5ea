"""A body nested past what Python's JSON parser descends (2,000 arrays in 4 KB) is refused
as JSON, with a 400 naming the problem, on every endpoint of the table API, signed in or not;
nothing is stored."""

from __future__ import annotations

import pytest

from sessions_app.models import Result, TableDevice

NESTED = "[" * 2000 + "]" * 2000
ENDPOINTS = [
    "/api/table/sign-in",
    "/api/table/lines",
    "/api/table/lines/t1-b1",
    "/api/table/lines/t1-b1/verify",
    "/api/table/round-done",
    "/api/table/players",
    "/api/table/calls",
]


@pytest.mark.django_db
@pytest.mark.parametrize("signed_in", [True, False], ids=["signed in", "not signed in"])
def test_it_refuses_deeply_nested_json_on_every_endpoint(table, signed_in):
    phone = table(1)
    devices = TableDevice.objects.count()
    for url in ENDPOINTS:
        answer = phone.post(url, NESTED, token=signed_in)
        assert answer["Content-Type"] == "application/json", url
        assert answer.status_code == 400, url
        assert answer.json()["error"] == "the request is not JSON a table sends: nested too deeply"
    assert Result.objects.count() == 0 and TableDevice.objects.count() == devices
