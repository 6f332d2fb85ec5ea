"""Insert many rows at once, for imports of whole events.

Django's `bulk_create` builds a model instance and prepares every value field by field; for the
26,000 lines of a large event that is seconds of pure overhead. `insert_rows` sends the values
as they are with one `executemany`, so callers pass values already in database form (ints,
strings, None, and datetimes prepared by `db_value`). The database constraints still check
every row, and the caller's transaction makes the import all or nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection, models


def db_value(model: type[models.Model], field: str, value: object) -> object:
    """`value` as the database stores `model.field` (for datetimes and JSON)."""
    return _column(model, field).get_db_prep_save(value, connection)


def insert_rows(model: type[models.Model], fields: Sequence[str], rows: Sequence[tuple]) -> None:
    """INSERT `rows` (tuples of values for `fields`, by attribute name) into `model`'s table."""
    if not rows:
        return
    quote = connection.ops.quote_name
    columns = ", ".join(quote(_column(model, name).column) for name in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({placeholders})"
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def _column(model: type[models.Model], name: str) -> models.Field:
    """The field of `model` called `name`, which must be a column of its table."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field) or field.column is None:
        raise ValueError(f"{model.__name__}.{name} is not a column of its table")
    return field
