"""The table API's request bodies read into the services' typed values. Each body has passed
its shape (views/shapes.py: every field of its type and range, optional ones left out or null
absent); a result's fields go to the service as given, None for one left out, since what they
say together is checked with the line they write (table_scoring/entries.py).

Example: {"client_id": "c1", "board": 7, "level": 4, "strain": "S", "declarer": "N",
"tricks": 10} -> TableLineInput("c1", 7, TableResult(level=4, strain="S", declarer="N",
tricks=10)), doubled and lead left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..entries import TableLineInput, TableResult

PASSED_OUT = "passed_out"


def table_result(data: Mapping[str, Any]) -> TableResult:
    """The result of a line's or a correction's body."""
    return TableResult(
        passed_out=data.get(PASSED_OUT, False),
        level=data.get("level"),
        strain=data.get("strain"),
        doubled=data.get("doubled"),
        declarer=data.get("declarer"),
        tricks=data.get("tricks"),
        lead=data.get("lead"),
    )


def line_input(data: Mapping[str, Any]) -> TableLineInput:
    """A new line's body (POST /api/table/lines) as the line to submit."""
    return TableLineInput(
        client_id=data["client_id"], board=data["board"], result=table_result(data)
    )
