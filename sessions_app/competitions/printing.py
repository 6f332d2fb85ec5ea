"""A competition's standings as a PDF, made once per version of the standings.

The template is templates/sessions_app/print/competition.html with the one stylesheet
static/css/print.css, as every printed document. The PDF is kept in `default_storage` under
printing/competitions/<id>/ with the standings' token in its name (competitions/standings.py:
a hash of the competition and of each of its sessions' results version), so it is never
stale, and the language it is in (one copy a language); storing a newer one deletes the
older versions. A wide competition (more than `PORTRAIT_SESSIONS` sessions) is printed
landscape, a column a session, in tables of `LANDSCAPE_SESSIONS` sessions each.

Example: `competition_pdf(competition, standings, PAPERS["a4"])` -> the PDF's bytes; asked
again before any of its sessions changes, the stored file is read back.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language, gettext

from ..core.stored_files import delete_stored
from ..models import Competition
from ..printing.options import Paper
from ..printing.render import html_to_pdf
from ..printing.storage import read_stored
from ..scoring.competitions import CompetitionStandings, CountedSession
from .rows import Cell, CompetitionRow, competition_rows

logger = logging.getLogger(__name__)
PORTRAIT_SESSIONS = 8  # session columns on a portrait page
LANDSCAPE_SESSIONS = 12  # on a landscape page; more go to further tables, 12 to a table
TEMPLATE = "sessions_app/print/competition.html"


class Block(NamedTuple):
    """One table of the printed standings: the first has the places and totals, every one
    has the names and up to `LANDSCAPE_SESSIONS` sessions' columns."""

    first: bool
    sessions: tuple[CountedSession, ...]
    rows: list[tuple[CompetitionRow, tuple[Cell, ...]]]


def blocks(rows: list[CompetitionRow], sessions: tuple[CountedSession, ...]) -> list[Block]:
    """The tables the standings print as: one for up to `LANDSCAPE_SESSIONS` sessions, then
    one more for each further `LANDSCAPE_SESSIONS`. Example: 30 sessions -> tables of 12, 12
    and 6 sessions' columns, the first with the places and totals."""
    found = []
    for start in range(0, max(len(sessions), 1), LANDSCAPE_SESSIONS):
        end = start + LANDSCAPE_SESSIONS
        found.append(
            Block(start == 0, sessions[start:end], [(row, row.cells[start:end]) for row in rows])
        )
    return found


def competition_html(competition: Competition, result: CompetitionStandings, paper: Paper) -> str:
    landscape = len(result.sessions) > PORTRAIT_SESSIONS
    parts = [competition.club.name, competition.name, f"{timezone.localdate():%d %b %Y}"]
    if not competition.published:
        parts.append(gettext("not published"))
    footer = " · ".join(parts)
    rows = competition_rows(result)
    return render_to_string(
        TEMPLATE,
        {
            "competition": competition,
            "result": result,
            "rows": rows,
            "blocks": blocks(rows, result.sessions),
            "page_size": f"{paper.size} landscape" if landscape else paper.size,
            "landscape": landscape,
            "footer": footer,
        },
    )


def competition_pdf(competition: Competition, result: CompetitionStandings, paper: Paper) -> bytes:
    """The standings as PDF bytes: read back when this version was made before in this
    language, else rendered and stored (one copy a language: its words are the page's)."""
    folder = f"printing/competitions/{competition.pk}"
    name = f"{folder}/{result.token}-{paper.key}-{get_language()}.pdf"
    stored = read_stored(name)
    if stored is not None:
        return stored
    pdf = html_to_pdf(competition_html(competition, result, paper))
    _store(folder, name, pdf, keep=f"{result.token}-")
    return pdf


def _store(folder: str, name: str, pdf: bytes, *, keep: str) -> None:
    try:
        delete_stored(folder, keep=keep)  # the older versions'
        saved = default_storage.save(name, ContentFile(pdf))
        if saved != name:  # another request stored it meanwhile: keep theirs
            default_storage.delete(saved)
    except OSError as error:  # a full disk must not stop the PDF from being served
        logger.warning("could not store %s: %s", name, error)
