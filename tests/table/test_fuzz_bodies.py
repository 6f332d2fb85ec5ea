"""Every JSON endpoint driven with generated bodies: the table API (a signed-in phone) and the
director's endpoints that answer JSON (a logged-in director; they read form fields, so their
generated values arrive as form text, and as raw JSON too). Whatever the body (types, nesting,
sizes, unicode: non-ASCII digits, control and invisible characters, lone surrogates, very
long strings, huge numbers, valid bodies with one field changed), the answer is JSON with a
status below 500, and a refusal (4xx, or the director's `"ok": false`) stores nothing.

What a refusal may write, by design, is left out of "stored": a wrong table code's count
(table_scoring/sign_in_limits.py) and a phone's last_seen_at.
"""

from __future__ import annotations

import hashlib
import json
import os

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sessions_app.models import (
    Pair,
    Result,
    ResultChange,
    Section,
    Session,
    TableCall,
    TableCode,
    TableDevice,
    TableWrite,
)

from .conftest import Table

# slow (not in `dev.py test --fast`): every endpoint with every kind of body.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]
EXAMPLES = int(os.environ.get("CLUBSCORER_FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=max(EXAMPLES // 2, 40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

TEXT = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "٤",
            "１０",
            "10",
            " 7",
            "7.0",
            "X",
            "xx",
            "NT",
            "n",
            "hk",
            "S10",
            "\x00",
            "\u200b",
            "\u202e",
            "\ud800",
            "true",
            "null",
            "-1",
            "1e3",
            "ruling",
            "f1",
            "",
            "A3",
            "ZZZZZZ",
        ]
    ),
    st.text(alphabet=st.characters(categories=["Cc", "Cf", "Nd", "Zs"]), max_size=8),
    st.sampled_from([10, 101, 2000, 70000]).map(lambda n: "x" * n),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
DEEP = st.integers(1, 3000).map(lambda depth: "[" * depth + "]" * depth)


def _near(valid: dict) -> st.SearchStrategy:
    """`valid` with one field changed to any JSON, left out, or one field added."""
    keys = st.sampled_from(sorted(valid))
    return st.one_of(
        st.tuples(keys, JSON).map(lambda kv: {**valid, kv[0]: kv[1]}),
        keys.map(lambda key: {k: v for k, v in valid.items() if k != key}),
        st.tuples(TEXT, JSON).map(lambda kv: {**valid, kv[0]: kv[1]}),
    )


def _body(valid: dict) -> st.SearchStrategy:
    return st.one_of(_near(valid), JSON.map(json.dumps), DEEP, st.binary(max_size=20))


LINE = {"client_id": "f1", "board": 8, "level": 3, "strain": "NT", "doubled": 0}
LINE.update(declarer="S", tricks=9, lead="HK", passed_out=False)
CORRECTION = {"client_id": "f2", "version": 1, "level": 4, "strain": "S", "doubled": "X"}
CORRECTION.update(declarer="N", tricks=9, lead="")
IDS = st.sampled_from(["LINE", "0", "abc", "99999999999", "٤", "1.5", "%00"])
TABLE_CALLS = st.one_of(
    st.tuples(st.just("sign-in"), st.just(""), _body({"code": "CODE"})),
    st.tuples(st.just("lines"), st.just(""), _body(LINE)),
    st.tuples(st.just("lines/{}"), IDS, _body(CORRECTION)),
    st.tuples(st.just("lines/{}/verify"), IDS, _body({"accept": True, "version": 1})),
    st.tuples(st.just("round-done"), st.just(""), _body({"round": 1})),
    st.tuples(st.just("players"), st.just(""), _body({"ns": ["Ann", "Bob"], "ew": ["Cy", "Di"]})),
    st.tuples(st.just("calls"), st.just(""), _body({"client_id": "f3", "reason": "ruling"})),
    st.tuples(st.just("state"), st.just(""), st.none()),
    st.tuples(st.just("boards/{}"), st.sampled_from(["7", "8", "0", "x", "٤"]), st.none()),
)


def _stored(session: Session) -> str:
    """A digest of everything a request could store for the session."""
    rows = (
        list(
            Result.objects.filter(section__session=session)
            .order_by("pk")
            .values_list(
                "pk",
                "version",
                "kind",
                "level",
                "strain",
                "doubled",
                "declarer",
                "tricks",
                "lead",
                "score_ns",
                "verification",
                "client_id",
                "updated_at",
            )
        ),
        ResultChange.objects.count(),
        list(TableWrite.objects.order_by("pk").values_list("pk", "client_id", "digest")),
        list(TableCall.objects.order_by("pk").values_list("pk", "text", "answered_at")),
        list(
            Pair.objects.order_by("pk").values_list(
                "player1", "player2", "player1_ref", "player2_ref", "names_from_table"
            )
        ),
        list(TableCode.objects.order_by("pk").values_list("pk", "round", "revoked_at")),
        list(TableDevice.objects.order_by("pk").values_list("pk", "revoked_at")),
        list(Section.objects.order_by("pk").values_list("pk", "closed_round")),
        list(Session.objects.order_by("pk").values_list("pk", "status", "results_version")),
    )
    return hashlib.sha256(repr(rows).encode("utf-8", "backslashreplace")).hexdigest()


def _swap(value, line: dict, code: str):
    """The body with the placeholders of a valid one made real (the table's code, the
    line's version)."""
    if isinstance(value, dict):
        swapped = {k: _swap(v, line, code) for k, v in value.items()}
        if swapped.get("version") == 1:
            swapped["version"] = Result.objects.get(pk=line["id"]).version
        return swapped
    return code if value == "CODE" else value


@pytest.fixture
def phone(table) -> Table:
    """Table 3 with board 7 entered: its line, for corrections and checks."""
    phone = table(3)
    phone.line = phone.enter(7, "4S", "N", 10, client_id="f0").json()  # type: ignore[attr-defined]
    return phone


def _send(client: Client, method: str, url: str, body, headers: dict):
    if method == "get":
        return client.get(url, **headers)
    if isinstance(body, dict):
        body = json.dumps(body)
    return client.post(url, body, content_type="application/json", **headers)


@FUZZ
@given(TABLE_CALLS)
def test_the_table_api_answers_every_body_in_json_and_a_refusal_stores_nothing(
    phone, in_play, example
):
    path, ident, body = example
    line = phone.line  # type: ignore[attr-defined]
    url = "/api/table/" + path.format(line["id"] if ident == "LINE" else ident)
    body = _swap(body, line, phone.code.code)
    headers = {} if path == "sign-in" else phone.headers()
    before = _stored(in_play.session)
    answer = _send(phone.client, "get" if body is None else "post", url, body, headers)
    assert answer.status_code < 500, answer.content[:300]
    assert answer["Content-Type"] == "application/json"
    payload = answer.json()
    if answer.status_code >= 400:
        assert payload["error"], payload
        assert _stored(in_play.session) == before, (url, body, payload)


# A form travels as UTF-8 bytes: a lone surrogate cannot be in it (the test client could not
# encode it), so it arrives as the "?" a browser would send.
FORM_TEXT = st.one_of(TEXT, JSON.map(json.dumps)).map(
    lambda text: text.encode("utf-8", "replace").decode("utf-8")
)


def _form(valid: dict) -> st.SearchStrategy:
    """`valid` form fields with one changed to any text, left out, or one added; or JSON."""
    keys = st.sampled_from(sorted(valid) or ["round"])
    return st.one_of(
        st.tuples(keys, FORM_TEXT).map(lambda kv: {**valid, kv[0]: kv[1]}),
        keys.map(lambda key: {k: v for k, v in valid.items() if k != key}),
        st.tuples(FORM_TEXT, FORM_TEXT).map(lambda kv: {**valid, kv[0]: kv[1]}),
        JSON.map(json.dumps),  # a JSON body where a form is read
    )


DIRECTOR_CALLS = st.one_of(
    st.tuples(
        st.just("line_save"),
        _form(
            {
                "board": "8",
                "ns": "3",
                "ew": "10",
                "entry": "3NT S 9",
                "lead": "HK",
                "round": "1",
                "table": "3",
            }
        ),
    ),
    st.tuples(st.just("line_delete"), _form({"result_id": "LINE", "version": "1"})),
    st.tuples(st.just("entry_preview"), _form({"board": "7", "text": "4S N 10"})),
    st.tuples(st.just("console_feed"), _form({"since": "x"})),
    st.tuples(st.just("console_answer"), _form({})),
    st.tuples(st.just("console_close"), _form({"round": "1"})),
)
GETS = {"entry_preview", "console_feed"}


@FUZZ
@given(DIRECTOR_CALLS, st.sampled_from(["CALL", "1", "2147483647"]))
def test_the_directors_json_endpoints_answer_every_body_and_a_refusal_stores_nothing(
    phone, in_play, director, example, call_id
):
    name, body = example
    desk = Client()
    desk.force_login(director)
    session = in_play.session
    if name == "console_answer":
        call = TableCall.objects.filter(section=in_play).first() or TableCall.objects.create(
            section=in_play, table=3, round=1, reason="ruling", client_id="fz"
        )
        args = [session.pk, call.pk if call_id == "CALL" else int(call_id)]
    elif name in ("entry_preview", "console_feed"):
        args = [session.pk]
    else:
        args = [session.pk, "A"]
    url = reverse(f"sessions_app:{name}", args=args)
    if isinstance(body, dict) and body.get("result_id") == "LINE":
        body = {**body, "result_id": str(phone.line["id"])}  # type: ignore[attr-defined]
    before = _stored(session)
    headers = {"HTTP_ACCEPT": "application/json"}
    if name in GETS:
        answer = desk.get(url, body if isinstance(body, dict) else {"text": body}, **headers)
    elif isinstance(body, dict):
        answer = desk.post(url, body, **headers)
    else:
        answer = desk.post(url, body, content_type="application/json", **headers)
    assert answer.status_code < 500, answer.content[:300]
    assert answer["Content-Type"] == "application/json"
    payload = answer.json()
    if answer.status_code >= 400 or payload.get("ok") is False:
        assert payload["error"], payload
        assert _stored(session) == before, (url, body, payload)
