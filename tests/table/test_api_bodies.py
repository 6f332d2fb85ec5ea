"""What the table API takes as a body: JSON said to be JSON, nested no deeper than a table
sends. A body nested past what Python's JSON parser descends (2,000 arrays in 4 KB) is refused
as JSON, with a 400 naming the problem, on every endpoint of the table API, signed in or not;
nothing is stored."""

from __future__ import annotations

import pytest

from sessions_app.models import Result, TableCode, TableDevice

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


@pytest.mark.django_db
@pytest.mark.parametrize(
    "content_type", ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data"]
)
def test_a_sign_in_posted_as_a_form_from_another_site_makes_no_device(
    client, in_play, content_type
):
    """A cross-site form can post any of these without the browser asking first; only JSON,
    which it cannot send so, signs a phone in."""
    code = TableCode.objects.get(section=in_play, table=1, revoked_at=None)
    body = f'{{"code": "{code.code}"}}'
    answer = client.post("/api/table/sign-in", body, content_type=content_type)
    assert answer.status_code == 415
    assert answer.json()["error"] == "send the request as JSON (Content-Type: application/json)"
    assert TableDevice.objects.count() == 0
    signed_in = client.post("/api/table/sign-in", body, content_type="application/json")
    assert signed_in.status_code == 201 and TableDevice.objects.count() == 1
