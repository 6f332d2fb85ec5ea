"""Back up a session (or every session of a club) to plain JSON, and restore it.

The file holds everything that makes the session: its settings, sections and movements, pairs
and names, boards with deals and analyses, every traveller line with its rulings, and the
audit trail. Ids are not kept: a restore creates new rows, so a backup can be restored beside
the original, on another server, or after the original was deleted.

The same pieces keep what the trash holds (trash/deleting.py): a whole session, or one section
(its pairs and lines, and the boards they were played on) or one pair (and its lines), in the
shapes of a backup's "sections", "boards" and "results" entries. Example: the document of
pair 14 of section A is {"section": "A", "pair": ["14", "", "Ann Lee", "Bob Ray"],
"boards": [{"number": 3, ...}], "results": [{"board": 3, "section": "A", "ns": "14",
"ew": "2", ...}]}.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.dateparse import parse_datetime

from ..core.bulk import db_value, rows_insert
from ..core.results import session_touch
from ..models import Board, Club, Pair, Result, ResultChange, Section, Session
from ..players.linking import session_link_players
from ..scoring.traveller_line import LINE_COLUMNS
from ..setup.sessions import SECTION_SETTINGS, SESSION_SETTINGS, TABLE_SETTINGS
from .backup_check import backup_problems

FORMAT = "clubscorer-backup"
VERSION = 1
SESSION_FIELDS = (
    "status",
    *(name for name in SESSION_SETTINGS if name != "date"),
    *TABLE_SETTINGS,
)
SECTION_FIELDS = SECTION_SETTINGS
BOARD_FIELDS = (
    "number",
    "dealer",
    "vulnerability",
    "deal",
    "double_dummy",
    "par_score",
    "par_contracts",
)
RESULT_FIELDS = (*LINE_COLUMNS, "version")
STAMPS = ("published_at", "amended_at")  # when the session was published, last amended
_LINES = ("board", "section", "ns", "ew", "updated_by")  # select_related for result_data


def session_backup(*, sessions) -> dict:
    """The backup document of `sessions` (a queryset or list), in a fixed number of queries
    per session."""
    documents = [session_document(session) for session in sessions]
    return {"format": FORMAT, "version": VERSION, "sessions": documents}


def session_document(session: Session) -> dict:
    """One session of a backup: everything that makes it."""
    sections = list(session.sections.order_by("name").prefetch_related("pairs"))
    results = Result.objects.filter(section__session=session).select_related(*_LINES).order_by("pk")
    changes = ResultChange.objects.filter(session=session).select_related("user").order_by("pk")
    return {
        "club": {"name": session.club.name, "slug": session.club.slug},
        "date": session.date.isoformat(),
        **{name: _plain(getattr(session, name)) for name in SESSION_FIELDS},
        **{name: _iso(getattr(session, name)) for name in STAMPS},
        "sections": [section_data(section) for section in sections],
        "boards": [board_data(board) for board in session.boards.order_by("number")],
        "results": [result_data(r) for r in results],
        "changes": [change_data(c) for c in changes],
    }


def _plain(value: object) -> object:
    """A setting as JSON holds it: a percentage (a Decimal, 61.80) as its text "61.80"."""
    return str(value) if isinstance(value, Decimal) else value


def _iso(moment: datetime.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def section_data(section: Section) -> dict:
    return {
        **{name: getattr(section, name) for name in SECTION_FIELDS},
        "pairs": [pair_data(pair) for pair in sorted(section.pairs.all(), key=lambda p: p.pk)],
    }


def pair_data(pair: Pair) -> list:
    return [pair.label, pair.direction, pair.player1, pair.player2]


def board_data(board: Board) -> dict:
    return {name: getattr(board, name) for name in BOARD_FIELDS}


def result_data(r: Result) -> dict:
    return {
        "board": r.board.number,
        "section": r.section.name,
        "ns": r.ns.label,
        "ew": r.ew.label,
        "updated_by": r.updated_by.get_username() if r.updated_by else "",
        "updated_at": r.updated_at.isoformat(),
        **{name: getattr(r, name) for name in RESULT_FIELDS},
    }


def change_data(c: ResultChange) -> dict:
    return {
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


def section_document(section: Section) -> dict:
    """One section for the trash: its settings, pairs and lines, and the boards they were
    played on (the session keeps its boards; these are put back only if gone meanwhile)."""
    section = Section.objects.prefetch_related("pairs").get(pk=section.pk)
    results = list(section.results.select_related(*_LINES).order_by("pk"))
    return {"section": section_data(section), **_lines_and_boards(results)}


def pair_document(pair: Pair) -> dict:
    """One pair for the trash: its label, direction and names, and every line it played."""
    results = list(
        Result.objects.filter(Q(ns=pair) | Q(ew=pair)).select_related(*_LINES).order_by("pk")
    )
    return {"section": pair.section.name, "pair": pair_data(pair), **_lines_and_boards(results)}


def _lines_and_boards(results: list[Result]) -> dict:
    boards = {r.board.number: r.board for r in results}
    return {
        "boards": [board_data(boards[number]) for number in sorted(boards)],
        "results": [result_data(r) for r in results],
    }


@transaction.atomic
def session_restore(*, document: dict, club: Club | None = None) -> list[Session]:
    """New sessions from a backup document, all or none. With `club` they go to that club;
    else to the club of the backup's slug, created if this server does not have it."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValidationError("this is not a clubscorer backup")
    if document.get("version") != VERSION:
        raise ValidationError(f"backup version {document.get('version')} is not {VERSION}")
    if not isinstance(document.get("sessions"), list):
        raise ValidationError("the backup is damaged: it holds no list of sessions")
    problems = backup_problems(document["sessions"])
    if problems:
        raise ValidationError([f"{len(problems)} problem(s), nothing restored:", *problems])
    try:
        sessions = [restore_session(data, club) for data in document["sessions"]]
    except (KeyError, TypeError, ValueError) as error:
        raise ValidationError(f"the backup is damaged: {error!r}") from None
    for session in sessions:
        session_link_players(session=session)  # the names the club's register knows for sure
    return sessions


def _default(model, name: str):
    """A column's value in a backup written before the column existed."""
    return model._meta.get_field(name).get_default()


def restore_session(
    data: dict,
    club: Club | None,
    *,
    pk: int | None = None,
    note: str | None = "restored from a backup",
) -> Session:
    """One session of a backup document; with `pk`, under that id (the trash puts a deleted
    session back at its old address). `note` None: the caller records the restore itself."""
    if club is None:
        club, _ = Club.objects.get_or_create(
            slug=data["club"]["slug"], defaults={"name": data["club"]["name"]}
        )
    session = Session(
        pk=pk,
        club=club,
        date=datetime.date.fromisoformat(data["date"]),
        **{name: data.get(name, _default(Session, name)) for name in SESSION_FIELDS},
        **{name: parse_datetime(data[name]) if data.get(name) else None for name in STAMPS},
    )
    session.full_clean()
    session.save(force_insert=True)
    sections = {}
    for section in data["sections"]:
        restored = restore_section_rows(session, section)
        sections[restored.name] = restored
    boards = restore_boards(session, data["boards"])
    unknown = restore_lines(sections, boards, data["results"])
    users = club_directors(club)
    rows_insert(  # the audit trail keeps its own times
        model=ResultChange,
        fields=(
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
        rows=[
            (
                session.pk,
                c["section"],
                c["board"],
                c["action"],
                db_value(ResultChange, "before", c["before"]),
                db_value(ResultChange, "after", c["after"]),
                c["note"],
                users.get(c["user"]),  # a name not among them: left empty, as the line
                db_value(ResultChange, "at", parse_datetime(c["at"])),
                c.get("restored", False),
            )
            for c in data["changes"]
        ],
    )
    unknown |= {c["user"] for c in data["changes"] if c["user"] and c["user"] not in users}
    if note is not None:
        if unknown:
            note += f"; not directors of {club.name} here, left without a user: "
            note += ", ".join(sorted(unknown))
        ResultChange.objects.create(session=session, action=ResultChange.Action.IMPORT, note=note)
    session_touch(session, amends=False)  # the session as it was, not a correction
    return session


def restore_section_rows(session: Session, data: dict) -> Section:
    """A section of a document and its pairs, in `session` (lines apart)."""
    settings = {n: data[n] for n in SECTION_FIELDS if n in data}  # older backups lack
    section = Section(session=session, **settings)  # the newer settings
    section.full_clean(exclude=["session"])
    section.save()
    Pair.objects.bulk_create(
        Pair(section=section, label=label, direction=direction, player1=p1, player2=p2)
        for label, direction, p1, p2 in data["pairs"]
    )
    return section


def restore_boards(session: Session, boards: list[dict]) -> dict[int, int]:
    """The session's board ids by number, adding the document's boards it does not have."""
    existing = dict(session.boards.values_list("number", "pk"))
    Board.objects.bulk_create(
        Board(session=session, **{n: b[n] for n in BOARD_FIELDS})
        for b in boards
        if b["number"] not in existing
    )
    return dict(session.boards.values_list("number", "pk"))


def restore_lines(
    sections: dict[str, Section], boards: dict[int, int], results: list[dict]
) -> set[str]:
    """Insert a document's traveller lines as they were (versions and times kept), into
    `sections` (by name) whose pairs exist; `boards` maps board numbers to ids. Returns the
    `updated_by` names left empty, those not directing the club here (`club_directors`)."""
    pairs = {
        (pair.section_id, pair.label): pair.pk
        for pair in Pair.objects.filter(section__in=list(sections.values()))
    }
    users = club_directors(next(iter(sections.values())).session.club) if sections else {}
    now = db_value(Result, "created_at", datetime.datetime.now(datetime.UTC))
    rows = []
    for r in results:
        section = sections[r["section"]]
        rows.append(
            (
                boards[r["board"]],
                section.pk,
                pairs[(section.pk, r["ns"])],
                pairs[(section.pk, r["ew"])],
                *(db_value(Result, n, r.get(n, _default(Result, n))) for n in RESULT_FIELDS),
                now,
                db_value(Result, "updated_at", parse_datetime(r["updated_at"])),
                users.get(r["updated_by"]),
            )
        )
    rows_insert(
        model=Result,
        fields=(
            "board_id",
            "section_id",
            "ns_id",
            "ew_id",
            *RESULT_FIELDS,
            "created_at",
            "updated_at",
            "updated_by_id",
        ),
        rows=rows,
    )
    return {r["updated_by"] for r in results if r["updated_by"] and r["updated_by"] not in users}


def club_directors(club: Club) -> dict[str, int]:
    """The users a backup's names are credited to: the club's directors on this server, by
    username. A backup is a file anyone can edit, so a name alone credits nothing to anyone
    else, a superuser least of all. Example: a line `"updated_by": "admin"` restored into a
    club that `admin` does not direct is stored without a user, and the restore says so."""
    return dict(club.directors.values_list(get_user_model().USERNAME_FIELD, "pk"))
