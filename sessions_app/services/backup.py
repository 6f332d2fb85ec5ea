"""Back up a session (or every session of a club) to plain JSON, and restore it.

The file holds everything that makes the session: its settings, sections and movements, pairs
and names, boards with deals and analyses, every traveller line with its rulings, and the
audit trail. Ids are not kept: a restore creates new rows, so a backup can be restored beside
the original, on another server, or after the original was deleted.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.dateparse import parse_datetime

from ..models import Board, Club, Pair, Result, ResultChange, Section, Session
from ..traveller_line import LINE_COLUMNS
from .bulk import db_value, insert_rows
from .results import session_touch
from .sessions import SECTION_SETTINGS, SESSION_SETTINGS

FORMAT = "clubscorer-backup"
VERSION = 1
SESSION_FIELDS = ("status", *(name for name in SESSION_SETTINGS if name != "date"))
SECTION_FIELDS = SECTION_SETTINGS
BOARD_FIELDS = (
    "number", "dealer", "vulnerability", "deal", "double_dummy", "par_score", "par_contracts",
)  # fmt: skip
RESULT_FIELDS = (*LINE_COLUMNS, "version")


def backup(sessions) -> dict:
    """The backup document of `sessions` (a queryset or list), in a fixed number of queries
    per session."""
    return {"format": FORMAT, "version": VERSION, "sessions": [_session(s) for s in sessions]}


def _session(session: Session) -> dict:
    sections = list(session.sections.order_by("name").prefetch_related("pairs"))
    results = (
        Result.objects.filter(section__session=session)
        .select_related("board", "section", "ns", "ew", "updated_by")
        .order_by("pk")
    )
    changes = ResultChange.objects.filter(session=session).select_related("user").order_by("pk")
    return {
        "club": {"name": session.club.name, "slug": session.club.slug},
        "date": session.date.isoformat(),
        **{name: getattr(session, name) for name in SESSION_FIELDS},
        "sections": [
            {
                **{name: getattr(section, name) for name in SECTION_FIELDS},
                "pairs": [
                    [pair.label, pair.direction, pair.player1, pair.player2]
                    for pair in sorted(section.pairs.all(), key=lambda p: p.pk)
                ],
            }
            for section in sections
        ],
        "boards": [
            {name: getattr(board, name) for name in BOARD_FIELDS}
            for board in session.boards.order_by("number")
        ],
        "results": [
            {
                "board": r.board.number,
                "section": r.section.name,
                "ns": r.ns.label,
                "ew": r.ew.label,
                "updated_by": r.updated_by.get_username() if r.updated_by else "",
                "updated_at": r.updated_at.isoformat(),
                **{name: getattr(r, name) for name in RESULT_FIELDS},
            }
            for r in results
        ],
        "changes": [
            {
                "section": c.section_name,
                "board": c.board_number,
                "action": c.action,
                "before": c.before,
                "after": c.after,
                "note": c.note,
                "at": c.at.isoformat(),
                "user": c.user.get_username() if c.user else "",
                "restored": c.restored,
            }
            for c in changes
        ],
    }


@transaction.atomic
def restore(document: dict, *, club: Club | None = None) -> list[Session]:
    """New sessions from a backup document, all or none. With `club` they go to that club;
    else to the club of the backup's slug, created if this server does not have it."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValidationError("this is not a clubscorer backup")
    if document.get("version") != VERSION:
        raise ValidationError(f"backup version {document.get('version')} is not {VERSION}")
    try:
        return [_restore_session(data, club) for data in document["sessions"]]
    except (KeyError, TypeError, ValueError) as error:
        raise ValidationError(f"the backup is damaged: {error!r}") from None


def _default(name: str):
    """A column's value in a backup written before the column existed."""
    return Result._meta.get_field(name).get_default()


def _restore_session(data: dict, club: Club | None) -> Session:
    if club is None:
        club, _ = Club.objects.get_or_create(
            slug=data["club"]["slug"], defaults={"name": data["club"]["name"]}
        )
    session = Session(
        club=club,
        date=datetime.date.fromisoformat(data["date"]),
        **{name: data[name] for name in SESSION_FIELDS},
    )
    session.full_clean()
    session.save()
    users = {u.get_username(): u.pk for u in get_user_model().objects.all()}
    sections, pairs = {}, {}
    for section_data in data["sections"]:
        settings = {n: section_data[n] for n in SECTION_FIELDS if n in section_data}  # older
        section = Section(session=session, **settings)  # backups lack the newer settings
        section.full_clean(exclude=["session"])
        section.save()
        sections[section.name] = section
        Pair.objects.bulk_create(
            Pair(section=section, label=label, direction=direction, player1=p1, player2=p2)
            for label, direction, p1, p2 in section_data["pairs"]
        )
    for pair in Pair.objects.filter(section__session=session):
        pairs[(pair.section_id, pair.label)] = pair.pk
    boards = {
        board.number: board.pk
        for board in Board.objects.bulk_create(
            Board(session=session, **{n: b[n] for n in BOARD_FIELDS}) for b in data["boards"]
        )
    }
    now = db_value(Result, "created_at", datetime.datetime.now(datetime.UTC))
    rows = []
    for r in data["results"]:
        section = sections[r["section"]]
        rows.append(
            (
                boards[r["board"]], section.pk, pairs[(section.pk, r["ns"])],
                pairs[(section.pk, r["ew"])],
                *(db_value(Result, n, r.get(n, _default(n))) for n in RESULT_FIELDS),
                now, db_value(Result, "updated_at", parse_datetime(r["updated_at"])),
                users.get(r["updated_by"]),
            )
        )  # fmt: skip
    insert_rows(
        Result,
        (
            "board_id",
            "section_id",
            "ns_id",
            "ew_id",
            *RESULT_FIELDS,
            "created_at",
            "updated_at",
            "updated_by_id",
        ),
        rows,
    )
    insert_rows(  # the audit trail keeps its own times
        ResultChange,
        (
            "session_id",
            "section_name",
            "board_number",
            "action",
            "before",
            "after",
            "note",
            "user_id",
            "at",
            "restored",
        ),
        [
            (
                session.pk,
                c["section"],
                c["board"],
                c["action"],
                db_value(ResultChange, "before", c["before"]),
                db_value(ResultChange, "after", c["after"]),
                c["note"],
                users.get(c["user"]),
                db_value(ResultChange, "at", parse_datetime(c["at"])),
                c.get("restored", False),
            )
            for c in data["changes"]
        ],
    )
    ResultChange.objects.create(
        session=session, action=ResultChange.Action.IMPORT, note="restored from a backup"
    )
    session_touch(session)
    return session
