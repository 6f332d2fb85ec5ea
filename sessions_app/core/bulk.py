"""Insert many rows at once, for imports of whole events.

Django's `bulk_create` builds a model instance and prepares every value field by field; for the
26,000 lines of a large event that is seconds of pure overhead. `rows_insert` sends the values
as they are, so callers pass values already in database form (ints, strings, None, and
datetimes and JSON prepared by `db_value`), in one statement per chunk of rows:

- PostgreSQL: one COPY for all the rows (psycopg's `cursor.copy`), the fastest way in;
- SQLite: one multi-row INSERT per chunk, `VALUES (?, ...), (?, ...), ...` with as many rows
  as 32,766 parameters allow (SQLite's limit since 3.32: 1,310 lines of 25 columns),
  sent to the sqlite3 connection itself: Django's cursor would rewrite each statement's
  placeholders with a regular expression, a third of the time for statements this long;
- any other database: one `executemany`.

The database constraints still check every row, and the caller's transaction (Django's, on
the same connection) makes the import all or nothing. Example: 26,000 traveller lines are 20
INSERT statements on SQLite, one COPY on PostgreSQL.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from django.db import connection, models

# Parameters a statement, at most: SQLite's limit since 3.32 (a build may allow more, 250,000 on
# Debian; larger statements are no faster and hold more memory).
MAX_PARAMETERS = 32_766


def db_value(model: type[models.Model], field: str, value: object) -> object:
    """`value` as the database stores `model.field` (for datetimes and JSON)."""
    return _column(model, field).get_db_prep_save(value, connection)


def rows_insert(*, model: type[models.Model], fields: Sequence[str], rows: Sequence[tuple]) -> None:
    """INSERT `rows` (tuples of values for `fields`, by attribute name) into `model`'s table."""
    if not rows:
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ", ".join(quote(_column(model, name).column) for name in fields)
    # Django's cursor: a connection, in a transaction that is not broken; its error wrapper:
    # a row a constraint refuses raises django.db.IntegrityError, as through Django.
    with connection.cursor() as cursor, connection.wrap_database_errors:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        elif connection.vendor == "sqlite":
            _insert_sqlite(connection.connection, f"INSERT INTO {table} ({columns})", rows)
        else:
            placeholders = ", ".join(["%s"] * len(fields))
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({placeholders})", rows)


def _insert_sqlite(database: sqlite3.Connection, insert: str, rows: Sequence[tuple]) -> None:
    """`insert` (`INSERT INTO table (columns)`) of `rows`, as many rows a statement as the
    parameters allow."""
    width = len(rows[0])
    parameters = min(database.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER), MAX_PARAMETERS)
    per_statement = max(1, parameters // width)
    row_marks = "(" + ", ".join(["?"] * width) + ")"
    full = f"{insert} VALUES {', '.join([row_marks] * per_statement)}"
    cursor = database.cursor()
    for start in range(0, len(rows), per_statement):
        chunk = rows[start : start + per_statement]
        sql = (
            full
            if len(chunk) == per_statement
            else insert + " VALUES " + ", ".join([row_marks] * len(chunk))
        )
        cursor.execute(sql, [value for row in chunk for value in row])


def _column(model: type[models.Model], name: str) -> models.Field:
    """The field of `model` called `name`, which must be a column of its table."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field) or field.column is None:
        raise ValueError(f"{model.__name__}.{name} is not a column of its table")
    return field
