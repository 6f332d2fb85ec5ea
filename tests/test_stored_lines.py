"""`stored_lines`, which turns a large event's stored lines into the engine's in bulk (issue 15),
gives exactly the Line `to_line` gives for each one, whatever the kind of line."""

from __future__ import annotations

import pytest

from sessions_app.scoring.lines import Line
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.scoring.traveller_line import STORED_LINE, stored_lines, to_columns, to_line

# every kind of line the director can enter (docs/rules.md §5), as typed
LINES = [
    "4sn10",
    "pass",
    "+420",
    "assigned 3nts9",
    "4sn10 / 4sn9",
    "30% 4sn10; 70% 3nts8",
    "A+/A-",
    "55%/45%",
    "NP",
    "PH/NP",
]
LABELS = {7: "1", 8: "11", 9: "2"}


def _stored(pk: int, text: str, ns_id: int = 7, ew_id: int = 8) -> dict:
    """A stored line as its columns: `text`'s ruling on a None board, with a place."""
    place = {"round": 2, "table": 3, "lead": "SA", "foul_group": pk % 2, "reason": "revoke"}
    return {
        "id": pk,
        "ns_id": ns_id,
        "ew_id": ew_id,
        **to_columns(parse_ruling(text, "None")),
        **place,
    }


def _bulk(stored: list[dict]) -> list[Line]:
    rows = [tuple(row[name] for name in STORED_LINE) for row in stored]
    return stored_lines(rows, LABELS)


@pytest.mark.parametrize("text", LINES)
def test_it_reads_each_kind_of_line_as_to_line_does(text):
    stored = [_stored(1, text), _stored(2, text, ns_id=9)]  # the same result at two tables
    one_by_one = [
        to_line(row, LABELS[row["ns_id"]], LABELS[row["ew_id"]], row["id"]) for row in stored
    ]
    assert _bulk(stored) == one_by_one
    assert [line.ns for line in one_by_one] == ["1", "2"]
    assert [line.group for line in one_by_one] == [1, 0] and one_by_one[0].lead == "SA"


def test_it_reads_a_whole_event_in_order():
    stored = [_stored(pk, text) for pk, text in enumerate(LINES * 3, start=1)]
    lines = _bulk(stored)
    assert [line.ref for line in lines] == list(range(1, 3 * len(LINES) + 1))
    assert lines == [to_line(row, "1", "11", row["id"]) for row in stored]
