"""Printing tests: PDFs read back as text, page by page, and the demo evening's documents
rendered once for every test that reads them."""

from __future__ import annotations

import io
import shutil
import subprocess
from dataclasses import dataclass

import pytest
from django.core.management import call_command
from django.db import transaction
from pypdf import PdfReader

from sessions_app.models import Session
from sessions_app.printing import DOCUMENTS, PAPERS, Options, render_pdf


@pytest.fixture(autouse=True)
def _media_root(settings, tmp_path):
    """Stored PDFs go to a temporary MEDIA_ROOT, never the project's var/media."""
    settings.MEDIA_ROOT = tmp_path / "media"


def pdf_pages(pdf: bytes) -> list[str]:
    """The text of each page, row by row as laid out (pdftotext -layout, else pypdf)."""
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", "-layout", "-enc", "UTF-8", "-", "-"],
            input=pdf,
            capture_output=True,
            check=True,
        ).stdout.decode()
        pages = text.split("\f")
        return pages[:-1] if pages and not pages[-1].strip() else pages
    return [
        page.extract_text(extraction_mode="layout") for page in PdfReader(io.BytesIO(pdf)).pages
    ]


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def page_size(pdf: bytes) -> tuple[int, int]:
    """The first page's size in points, rounded: A4 (595, 842), Letter (612, 792)."""
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


def rows(page: str) -> list[list[str]]:
    """The page's lines split into words, for matching a traveller row cell by cell."""
    return [line.split() for line in page.splitlines() if line.strip()]


def has_row(page: str, *cells: str) -> bool:
    """Whether some line of the page starts with these cells, in this order."""
    return any(words[: len(cells)] == list(cells) for words in rows(page))


@dataclass
class DemoPdfs:
    session_id: int
    pdfs: dict[tuple[str, str, int], bytes]  # (document, paper, per page) -> bytes

    def get(self, document: str, paper: str = "a4", per_page: int = 1) -> bytes:
        return self.pdfs[document, paper, per_page]

    def pages(self, document: str, paper: str = "a4", per_page: int = 1) -> list[str]:
        return pdf_pages(self.get(document, paper, per_page))


DEMO_RENDERS = [
    *((slug, paper, 1) for slug in DOCUMENTS for paper in PAPERS),
    ("blank-travellers", "a4", 2),
    ("score-cards", "letter", 2),
]


@pytest.fixture(scope="session")
def demo_pdfs(django_db_setup, django_db_blocker) -> DemoPdfs:
    """Every document of the demo evening on A4 and Letter (and some two to a page), rendered
    once for the whole run; the demo itself is rolled back afterwards."""
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("load_demo", stdout=io.StringIO())
        session = Session.objects.get(name="Monday Evening Pairs")
        pdfs = {
            (slug, paper, per_page): render_pdf(
                session, DOCUMENTS[slug], Options(PAPERS[paper], per_page)
            )
            for slug, paper, per_page in DEMO_RENDERS
        }
        transaction.set_rollback(True)
    return DemoPdfs(session.pk, pdfs)
