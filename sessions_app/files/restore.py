"""A backup document back as new rows: all or nothing, checked first, ids and users anew.

Apart from `backup` (which writes the document) because reading one back is the careful half:
the file may come from another server or have been edited by hand, so `restore` checks all of
it first (`backup_check`), creates new rows rather than reusing ids (a backup restores beside
its original), keeps each line's version and times, and credits a name only to a director of
the club here (`club_directors`). The trash (trash/restoring.py) puts a deleted session,
section or pair back with the same pieces: `restore_session`, `restore_section_rows`,
`restore_boards`, `restore_lines`.

Example: restoring Tuesday's backup on a second server where `ann` does not direct the club ->
a new session with every line, `ann`'s lines without a user, and the audit trail noting
"restored from a backup; not directors of Hilltop BC here, left without a user: ann".
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..core.bulk import db_value, rows_insert
from ..core.results import session_touch
from ..models import Board, Club, Pair, Result, ResultChange, Section, Session
from ..players.linking import session_link_players
from .backup import (
    BOARD_FIELDS,
    FORMAT,
    RESULT_FIELDS,
    SECTION_FIELDS,
    SESSION_FIELDS,
    STAMPS,
    VERSION,
)
from .backup_check import backup_problems


@transaction.atomic
def session_restore(*, document: dict, club: Club | None = None) -> list[Session]:
    """New sessions from a backup document, all or none. With `club` they go to that club;
    else to the club of the backup's slug, created if this server does not have it."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValidationError(_("this is not a clubscorer backup"))
    if document.get("version") != VERSION:
        raise ValidationError(
            _("backup version %(version)s is not %(expected)s")
            % {"version": document.get("version"), "expected": VERSION}
        )
    if not isinstance(document.get("sessions"), list):
        raise ValidationError(_("the backup is damaged: it holds no list of sessions"))
    problems = backup_problems(document["sessions"])
    if problems:
        count = len(problems)
        heading = ngettext(
            "%(count)s problem, nothing restored:",
            "%(count)s problems, nothing restored:",
            count,
        )
        raise ValidationError([heading % {"count": count}, *problems])
    try:
        sessions = [restore_session(data, club) for data in document["sessions"]]
    except (KeyError, TypeError, ValueError) as error:
        raise ValidationError(
            _("the backup is damaged: %(error)s") % {"error": repr(error)}
        ) from None
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
