"""Read queries shared by the players' pages and the printed documents, keyword-only.

Who may see a session is `Session.objects.visible_to(user)` (models/sessions.py); the rows the pages
and documents show are built from the scored results by `rows/`, with no query.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Count, Max
from django.http import Http404
from django.shortcuts import get_object_or_404

from ..models import Board, Club, Competition, ImportedFile, Section, Session, Trash

SESSIONS_ON_HOME = 20
SESSIONS_PER_PAGE = 50


def session_for_viewer(*, user, session_id: int) -> Session:
    """The session if this user may see it; a draft is a 404 to the public."""
    session = Session.objects.visible_to(user).select_related("club").filter(pk=session_id).first()
    if session is None:
        raise Http404("No such session")
    return session


def latest_sessions(*, user, limit: int = SESSIONS_ON_HOME) -> list[Session]:
    """The sessions this user may see, latest first (one query)."""
    return list(Session.objects.visible_to(user).distinct().order_by("-date", "-id")[:limit])


def clubs_with_sessions(*, user) -> list[Club]:
    """The clubs that have a session this user may see, each annotated with how many
    (`session_count`) and the date of the latest (`latest_date`); one query."""
    visible = Session.objects.visible_to(user).values("pk")
    return list(
        Club.objects.filter(sessions__in=visible)
        .annotate(session_count=Count("sessions", distinct=True), latest_date=Max("sessions__date"))
        .order_by("name")
    )


def club_by_slug(*, slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def club_sessions(*, user, club: Club, page: str | int | None) -> Page:
    """A page of the club's sessions this user may see, latest first (two queries)."""
    sessions = (
        Session.objects.visible_to(user).filter(club=club).distinct().order_by("-date", "-id")
    )
    return Paginator(sessions, SESSIONS_PER_PAGE).get_page(page)


def published_competitions(*, club: Club) -> list[Competition]:
    """The club's competitions players may see, newest first (one query)."""
    return list(
        Competition.objects.filter(club=club, published=True).order_by("-created_at", "-id")
    )


def board_record(*, session: Session, number: int) -> Board | None:
    """The stored board with its deal, double-dummy table and par (one query)."""
    return Board.objects.filter(session=session, number=number).only(*Board.RECORD_FIELDS).first()


def dealt_boards(*, session: Session) -> list[Board]:
    """The session's boards whose deal is stored, by number, for its hand records (one
    query)."""
    return list(
        Board.objects.filter(session=session)
        .exclude(deal="")
        .only(*Board.RECORD_FIELDS)
        .order_by("number")
    )


def session_sections(*, session: Session) -> list[Section]:
    """The session's sections by name, with what their movements are built from (one
    query)."""
    return list(Section.objects.filter(session=session).order_by("name"))


@dataclass(frozen=True)
class ImportedBefore:
    """A file imported already, as the director is told of it: the session it made, and
    whether that session is still among the club's, else in its trash (else it is gone)."""

    record: ImportedFile
    session_exists: bool
    in_trash: bool


def imported_before(*, club: Club, digest: str) -> ImportedBefore | None:
    """The latest import into `club` of the file whose SHA-256 is `digest` (three queries at
    most)."""
    record = ImportedFile.objects.filter(club=club, sha256=digest).first()
    if record is None:
        return None
    if Session.objects.filter(club=club, pk=record.session_ref).exists():
        return ImportedBefore(record, session_exists=True, in_trash=False)
    trashed = Trash.objects.filter(
        club=club, kind=Trash.Kind.SESSION, session_ref=record.session_ref
    ).exists()
    return ImportedBefore(record, session_exists=False, in_trash=trashed)
