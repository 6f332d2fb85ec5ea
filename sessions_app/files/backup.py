"""Back up a session (or every session of a club) to plain JSON; `restore` reads it back.

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

from django.db.models import Q

from ..models import Board, Pair, Result, ResultChange, Section, Session
from ..scoring.traveller_line import LINE_COLUMNS
from ..setup.sessions import SECTION_SETTINGS, SESSION_SETTINGS, TABLE_SETTINGS

FORMAT = "clubscorer-backup"
VERSION = 1
SESSION_FIELDS = (
    "status",
    *(name for name in SESSION_SETTINGS if name != "date"),
    *TABLE_SETTINGS,
)
SECTION_FIELDS = SECTION_SETTINGS
BOARD_FIELDS = Board.RECORD_FIELDS
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
