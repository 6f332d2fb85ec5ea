"""A read file's sections, pairs, boards and lines as rows, in a fixed number of queries.

Apart from `imports` (which decides what a session is made of and records the import) because
this is how the rows get there fast: a table's rows go in a few statements at most (a
26,000-line file's lines are 20 INSERTs on SQLite, one COPY on PostgreSQL: core/bulk.py), never
a query a line, so an import takes a handful of queries whatever the file's size
(tests/interchange/test_bulk_insert.py counts them). The lines go in as the plan scored them
(`columns`, LINE_COLUMNS each), at version 1, created and updated now.

Example: a 2-section file of 3 boards and 40 lines -> one insert of 2 sections, one of the
pairs, one of 3 boards, one of the 40 lines: 4 inserts and a query reading the pairs' ids back.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from django.utils import timezone

from ..core.bulk import db_value, rows_insert
from ..interchange.event import PairRecord, file_boards
from ..interchange.records import ResultsFile
from ..models import Board, Pair, Result, Section, Session
from ..scoring.traveller_line import LINE_COLUMNS


def store_file_rows(
    session: Session,
    results_file: ResultsFile,
    pairs: Sequence[PairRecord],
    columns: Sequence[dict[str, Any]],
    winners: dict[str, int | None],
    user: Any,
) -> None:
    """The file's sections, pairs, boards and lines as rows of `session`, in a fixed number of
    queries; `user` (a signed-in user, or None) is each line's `updated_by`."""
    sections = {
        section.name: section.pk
        for section in Section.objects.bulk_create(
            Section(session=session, name=name, winners=section_winners)
            for name, section_winners in winners.items()
        )
    }
    rows_insert(
        model=Pair,
        fields=("section_id", "label", "direction", "player1", "player2"),
        rows=[(sections[p.section], p.label, p.direction, *p.names) for p in pairs],
    )
    pair_ids = {
        (section_name, label): pk
        for pk, section_name, label in Pair.objects.filter(section__session=session).values_list(
            "pk", "section__name", "label"
        )
    }
    boards = {
        board.number: board.pk
        for board in Board.objects.bulk_create(
            Board(
                session=session,
                number=record.number,
                dealer=record.dealer,
                vulnerability=record.vulnerability,
            )
            for record in file_boards(results_file).values()
        )
    }
    now = db_value(Result, "created_at", timezone.now())
    rows_insert(
        model=Result,
        fields=RESULT_COLUMNS,
        rows=[
            (
                boards[row.board],
                sections[row.section],
                pair_ids[(row.section, row.ns)],
                pair_ids[(row.section, row.ew)],
                *_db_values(stored),
                1,  # version
                now,
                now,
                user.pk if user else None,
            )
            for row, stored in zip(results_file.rows, columns, strict=True)
        ],
    )


RESULT_COLUMNS = (
    "board_id",
    "section_id",
    "ns_id",
    "ew_id",
    *LINE_COLUMNS,
    "version",
    "created_at",
    "updated_at",
    "updated_by_id",
)


_LINE_VALUES = itemgetter(*LINE_COLUMNS)


def _db_values(columns: dict[str, Any]) -> tuple:
    """A line's LINE_COLUMNS values, ready for the database (only JSON needs preparing)."""
    if columns["weights"] is not None:
        columns = {**columns, "weights": db_value(Result, "weights", columns["weights"])}
    return _LINE_VALUES(columns)
