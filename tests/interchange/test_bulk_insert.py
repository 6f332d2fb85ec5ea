"""A whole event goes into the database in a few statements (issue 15): one COPY on
PostgreSQL, one multi-row INSERT per chunk on SQLite (core/bulk.py); every line stored as
read, and a row a constraint refuses is Django's IntegrityError with nothing stored."""

from __future__ import annotations

import csv
import io
import math
import sqlite3

import pytest
from django.db import IntegrityError, connection, transaction

from bench.generate import HEADER, event_rows
from sessions_app.core.bulk import rows_insert
from sessions_app.files.import_rows import RESULT_COLUMNS
from sessions_app.files.imports import session_import
from sessions_app.interchange.files import read_file
from sessions_app.interchange.travellers.read import read_travellers
from sessions_app.models import Pair, Result, Section, Session

TABLES, BOARDS = 100, 20  # 2,000 lines: more than one chunk on SQLite


def generated_file() -> bytes:
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(HEADER)
    writer.writerows(event_rows(TABLES, BOARDS))
    return text.getvalue().encode()


@pytest.mark.django_db
def test_every_line_of_a_big_event_is_stored_as_read(club):
    content = generated_file()
    report = session_import(club=club, results_file=read_file(content, kind="csv"))
    stored = sorted(
        Result.objects.filter(section__session=report.session).values_list(
            "board__number", "ns__label", "ew__label", "kind", "score_ns"
        )
    )
    read = sorted(
        (row.board, row.ns, row.ew, row.ruling.kind, row.ruling.outcome.score_ns)
        for row in read_travellers(content.decode())
    )
    assert len(stored) == TABLES * BOARDS == 2000
    assert stored == read
    assert {kind for *_, kind, _ in stored} == {"played"}  # passed-out boards too (score 0)


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "sqlite", reason="counts SQLite's statements")
def test_a_big_event_is_a_few_insert_statements_on_sqlite(club):
    results_file = read_file(generated_file(), kind="csv")
    connection.ensure_connection()
    statements: list[str] = []
    connection.connection.set_trace_callback(statements.append)
    try:
        session_import(club=club, results_file=results_file)
    finally:
        connection.connection.set_trace_callback(None)
    inserts = [sql for sql in statements if sql.startswith('INSERT INTO "sessions_app_result"')]
    # As many lines a statement as 32,766 parameters allow (fewer if this SQLite's limit is
    # lower), 25 a line: 32,766 // 25 = 1,310 lines, so 2 statements for 2,000 lines (on an
    # SQLite older than 3.32, 999 // 25 = 39 lines, 52 statements). One a line before.
    limit = min(connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER), 32_766)
    assert len(RESULT_COLUMNS) == 25
    assert len(inserts) == math.ceil(2000 / (limit // 25))


@pytest.mark.django_db
def test_a_row_a_constraint_refuses_is_an_integrity_error_and_stores_nothing(club):
    session = Session.objects.create(club=club, name="Tuesday", date="2026-11-17")
    section = Section.objects.create(session=session, name="A")
    rows = [(section.pk, "1", "NS", "", ""), (section.pk, "1", "EW", "", "")]  # pair 1 twice
    with pytest.raises(IntegrityError), transaction.atomic():
        rows_insert(
            model=Pair, fields=("section_id", "label", "direction", "player1", "player2"), rows=rows
        )
    assert not Pair.objects.filter(section=section).exists()
