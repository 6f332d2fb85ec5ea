"""A write's identity outlives its line (sessions_app/table_scoring/writes.py): a phone
retrying a write (its answer lost) is answered from the table of write identities, never from
the audit trail: the same write gets what it made, a deleted line 410, another text 409; calls
alike."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sessions_app.entry.lines import result_delete
from sessions_app.models import Result, ResultChange, TableCall, TableWrite

pytestmark = pytest.mark.django_db
CALL = {"client_id": "call-1", "reason": "ruling", "text": "revoke on board 7"}


def _audit_reads(queries) -> list[str]:
    return [
        q["sql"]
        for q in queries
        if q["sql"].startswith("SELECT") and "sessions_app_resultchange" in q["sql"]
    ]


def test_a_retry_of_a_deleted_line_is_410_without_reading_the_audit(table, director):
    t3 = table(3)
    line = t3.enter(7, "4S", "N", 10, client_id="c1").json()
    result_delete(section=t3.code.section, result_id=line["id"], version=1, user=director)
    with CaptureQueriesContext(connection) as queries:
        retry = t3.enter(7, "4S", "N", 10, client_id="c1")
    assert (retry.status_code, retry.json()) == (
        410,
        {
            "error": "the line client_id c1 wrote was deleted by the director: it is not"
            " stored again",
            "field": "client_id",
        },
    )
    assert _audit_reads(queries.captured_queries) == []
    assert Result.objects.count() == 0


def test_a_fresh_line_and_its_retry_read_no_audit(table):
    t3 = table(3)
    with CaptureQueriesContext(connection) as queries:
        first = t3.enter(7, "4S", "N", 10, client_id="c1")
        retry = t3.enter(7, "4S", "N", 10, client_id="c1")
        changed = t3.enter(7, "4S", "N", 9, client_id="c1")
    assert (first.status_code, retry.status_code, changed.status_code) == (201, 200, 409)
    assert changed.json()["error"] == (
        "client_id c1 was stored with another result (4S by N, 10 tricks (+620)): send a change"
        " as a correction, with a new client_id"
    )
    assert _audit_reads(queries.captured_queries) == []
    assert (Result.objects.get().tricks, ResultChange.objects.count()) == (10, 1)


def test_a_retried_call_with_another_text_is_refused_not_dropped(table):
    t3 = table(3)
    assert t3.post("/api/table/calls", CALL).status_code == 201
    edited = t3.post("/api/table/calls", {**CALL, "text": "revoke on board 8"})
    assert (edited.status_code, edited.json()) == (
        409,
        {
            "error": "client_id call-1 was stored with another call (ruling: revoke on board 7):"
            " send a change as a new call, with a new client_id",
            "field": "client_id",
        },
    )
    assert t3.post("/api/table/calls", CALL).status_code == 200  # the same call again
    assert list(TableCall.objects.values_list("text", flat=True)) == ["revoke on board 7"]


def test_a_client_id_is_one_write_whatever_its_kind(table):
    t3 = table(3)
    assert t3.enter(7, "4S", "N", 10, client_id="same").status_code == 201
    call = t3.post("/api/table/calls", {**CALL, "client_id": "same"})
    assert (call.status_code, call.json()) == (
        409,
        {"error": "client_id same was used for a line", "field": "client_id"},
    )
    assert TableCall.objects.count() == 0


def test_the_migration_remembers_the_writes_made_before_it(table, director):
    """Migration 0015 fills the table from the audit trail (a deleted line's write too) and
    from the calls; the retries are then answered as if the table had always been there."""
    t3 = table(3)
    kept = t3.enter(7, "4S", "N", 10, client_id="kept").json()
    gone = t3.enter(8, "3NT", "S", 9, client_id="gone").json()
    t3.post("/api/table/calls", CALL)
    result_delete(section=t3.code.section, result_id=gone["id"], version=1, user=director)
    TableWrite.objects.all().delete()
    migration = importlib.import_module("sessions_app.migrations.0015_table_writes")
    migration.fill_table_writes(apps, None)
    writes = sorted(TableWrite.objects.values_list("client_id", "kind", "result"))
    assert writes == [
        ("call-1", "call", None),
        ("gone", "line", None),
        ("kept", "line", kept["id"]),
    ]
    assert t3.enter(7, "4S", "N", 10, client_id="kept").status_code == 200
    assert t3.enter(7, "4S", "N", 9, client_id="kept").status_code == 409
    assert t3.enter(8, "3NT", "S", 9, client_id="gone").status_code == 410
    assert t3.post("/api/table/calls", CALL).status_code == 200
