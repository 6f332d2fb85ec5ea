"""The audit trail of traveller lines: a snapshot of a line before and after every change."""

from __future__ import annotations

from ..models import Result, ResultChange
from ..scoring.traveller_line import LINE_COLUMNS

SNAPSHOT_FIELDS = (*LINE_COLUMNS, "version")


def snapshot(result: Result) -> dict:
    """The line as plain JSON: enough to show what changed and to restore a deleted line. A
    line written from a table's phone also keeps its last write's `client_id`: the trail says
    which of the phone's writes made each change (retries are answered from
    table_scoring/writes.py)."""
    data = {name: getattr(result, name) for name in SNAPSHOT_FIELDS}
    if result.client_id:
        data["client_id"] = result.client_id
    data.update(
        board=result.board.number,
        section=result.section.name,
        ns=result.ns.label,
        ew=result.ew.label,
    )
    return data


def change_for(
    result: Result, action: str, *, before=None, after=None, user=None, note="", device=None
):
    """An unsaved ResultChange for `result` (callers save one or bulk-create many); `device`
    is the table's phone that made the change (scoring at the table)."""
    return ResultChange(
        session_id=result.section.session_id,
        result=result if action != ResultChange.Action.DELETE else None,
        section_name=result.section.name,
        board_number=result.board.number,
        action=action,
        before=before,
        after=after,
        user=user if user and user.is_authenticated else None,
        note=note,
        device=device,
    )
