"""Who a phone's write is, and what its retry gets: the table of write identities
(models/table_writes.py), looked up once per write and written in the write's transaction.

A write's identity is its `client_id` in its section. A retry is the same write again, so:

- the same client_id with the same digest (what the write said: the board and the result, or
  the call's reason and text) is answered with what it made as it now is (200), or 410 when
  the director has deleted it: it is never stored a second time;
- the same client_id saying something else is refused (409): a change queued under the id of
  a write already stored would otherwise be lost without a word;
- a client_id another table, or another kind of write, used is refused (409): ids are random,
  so it is not a retry.

Example: "c1" stored 4S by N, 10 tricks on board 7 (digest d1). "c1" again with d1 -> the line;
with 9 tricks (another digest) -> 409 "client_id c1 was stored with another result (4S by N,
10 tricks (+620)): send a change as a correction, with a new client_id"; the line deleted,
"c1" with d1 -> 410.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from django.utils.translation import gettext as _

from ..models import Result, Section, TableCall, TableWrite
from .access import TableRefused
from .state import TableLine

LINE_DIGEST = ("board", "level", "strain", "doubled", "declarer", "tricks", "lead")


def write_digest(said: Mapping[str, object]) -> str:
    """The SHA-256 of what a write said, its keys sorted: the same fields give the same digest
    whatever their order. Example: {"reason": "ruling", "text": "revoke"} -> 64 hex digits."""
    text = json.dumps(dict(said), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def line_digest(columns: Mapping[str, object]) -> str:
    """The digest of a line's write from its stored columns (a Result's, an audit snapshot's
    or a phone's result turned into columns) and its board number."""
    return write_digest({name: columns.get(name) for name in LINE_DIGEST})


def write_known(section: Section, table: int, cid: str, kind: str) -> TableWrite | None:
    """The write `cid` of `section`, with its line or call; None for a new one. TableRefused
    (409) when another table, or another kind of write, used it."""
    writes = TableWrite.objects.filter(section=section, client_id=cid)
    # Nearly every write is new: asked first without the line's and call's six tables, read
    # only for a retry (its answer is the line or call as it now is).
    if not writes.exists():
        return None
    write = writes.select_related(
        "result__board", "result__ns", "result__ew", "call__section"
    ).first()
    if write is not None and write.kind != kind:
        used = (
            _("client_id %(client_id)s was used for a line")
            if write.kind == TableWrite.Kind.LINE
            else _("client_id %(client_id)s was used for a call")
        )
        raise TableRefused(409, used % {"client_id": cid}, "client_id")
    if write is not None and write.table != table:
        used = (
            _("client_id %(client_id)s was used for another line")
            if kind == TableWrite.Kind.LINE
            else _("client_id %(client_id)s was used for another call")
        )
        raise TableRefused(409, used % {"client_id": cid}, "client_id")
    return write


def write_check(write: TableWrite, digest: str | None, line: TableLine | None = None) -> None:
    """TableRefused unless `write` said what `digest` says (409) and what it made is still
    there (410). `line` is the line as it now is, sent with a 409; a `digest` of None (what
    the retry says cannot be known: a correction of a line deleted since) checks only that."""
    cid = write.client_id
    if digest is not None and write.digest != digest:
        stored = (
            _(
                "client_id %(client_id)s was stored with another result (%(said)s): send a"
                " change as a correction, with a new client_id"
            )
            if write.kind == TableWrite.Kind.LINE
            else _(
                "client_id %(client_id)s was stored with another call (%(said)s): send a"
                " change as a new call, with a new client_id"
            )
        )
        raise TableRefused(
            409,
            stored % {"client_id": cid, "said": write.said},
            "client_id",
            line,
        )
    if write.result_id is None and write.call_id is None:
        raise TableRefused(
            410,
            (
                _(
                    "the line client_id %(client_id)s wrote was deleted by the director: it is"
                    " not stored again"
                )
                if write.kind == TableWrite.Kind.LINE
                else _(
                    "the call client_id %(client_id)s wrote was deleted by the director: it is"
                    " not stored again"
                )
            )
            % {"client_id": cid},
            "client_id",
        )


def write_record(
    section: Section,
    table: int,
    cid: str,
    digest: str,
    said: str,
    *,
    result: Result | None = None,
    call: TableCall | None = None,
) -> TableWrite:
    """Remember write `cid`, in the caller's transaction (so with the line or call it made)."""
    kind = TableWrite.Kind.LINE if call is None else TableWrite.Kind.CALL
    return TableWrite.objects.create(
        section=section,
        table=table,
        client_id=cid,
        kind=kind,
        result=result,
        call=call,
        digest=digest,
        said=said[:200],
    )
