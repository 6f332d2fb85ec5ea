"""A document as PDF bytes: its template rendered to HTML, then laid out by WeasyPrint.

The templates are templates/sessions_app/print/*.html and the one stylesheet
static/css/print.css (its fonts and images are found from the static folder). Rendering
takes seconds, so callers go through `storage.document_pdf`, which keeps what it made;
`render_pdf` itself never reads or writes a stored file (the tests and bench/pdf.py time it).
"""

from __future__ import annotations

from pathlib import Path

from django.contrib.staticfiles import finders
from django.core.exceptions import ImproperlyConfigured
from django.template.loader import render_to_string
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _

from ..core.results import session_results
from ..models import Session
from ..review.checks import ResultsState, results_state
from ..scoring import SessionResults
from .documents import Document
from .options import Options


def render_html(
    session: Session,
    document: Document,
    options: Options,
    *,
    results: SessionResults | None = None,
    state: ResultsState | None = None,
) -> str:
    """The document's HTML; `results` and `state` are the stored session's unless given (the
    `score` command prints a file scored in memory, with no session stored)."""
    results = session_results(session) if results is None else results
    context = document.build(session, results, options)
    context.update(
        session=session,
        results=results,
        document=document,
        options=options,
        paper=options.paper,
        draft=not session.is_published,
        footer=_footer(session),
        state=results_state(session) if state is None else state,
    )
    return render_to_string(document.template, context)


def _footer(session: Session) -> str:
    """Printed at the foot of every page: "Riverside BC · Monday Pairs · 16 Nov 2026"."""
    parts = [session.club.name, session.name, date_format(session.date, "j M Y")]
    if not session.is_published:
        # Translators: at the foot of a printed page of a session not published yet:
        # "Draft, not published".
        parts.append(_("%(status)s, not published") % {"status": session.get_status_display()})
    return " · ".join(parts)


def render_pdf(
    session: Session,
    document: Document,
    options: Options,
    *,
    results: SessionResults | None = None,
    state: ResultsState | None = None,
) -> bytes:
    """The document as PDF bytes, rendered now (no cache); `results`, `state` as for
    `render_html`."""
    return html_to_pdf(render_html(session, document, options, results=results, state=state))


def html_to_pdf(html: str) -> bytes:
    """A printed page's HTML as PDF bytes, with the one stylesheet static/css/print.css and
    its images found under static/ (every PDF clubscorer makes, the standings' too)."""
    from weasyprint import CSS, HTML  # 1 s to import: only when a PDF is made

    stylesheet = finders.find("css/print.css")
    if stylesheet is None:
        raise ImproperlyConfigured("the static file css/print.css is missing")
    static_dir = Path(stylesheet).parent.parent
    return HTML(string=html, base_url=str(static_dir)).write_pdf(
        stylesheets=[CSS(filename=stylesheet)]
    )
