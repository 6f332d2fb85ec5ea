"""Every printed document of the demo evening in French with no English left (issue 29):
each document rendered in English and in French, read back from the PDF (pdftotext -layout,
its columns split where two spaces or more part them), and a text the two share with an
English word in it, not a name and not what the catalogue says in French, is English left —
the same test as the pages' (tests/pages/test_every_page_in_every_language.py). Example:
"Vulnerable: None" on the French traveller would be ("vulnerable", "none"); "Monday Evening
Pairs" and "4♠ N" are not (a name, a contract). A French figure has its decimal comma."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.utils import translation

from sessions_app.models import Session
from sessions_app.printing import DOCUMENTS, PAPERS, Options, render_pdf
from tests.pages.test_every_page_in_every_language import (
    date_words,
    names_of_the_evening,
    said_in,
    same_english,
    unsaid,
)

from .conftest import pdf_pages

pytestmark = [pytest.mark.slow, pytest.mark.django_db]


def texts(pdf: bytes) -> list[str]:
    """The document's texts: each laid-out line cut where two spaces or more part columns."""
    return [
        cell.strip()
        for page in pdf_pages(pdf)
        for line in page.splitlines()
        for cell in re.split(r"\s{2,}", line)
        if cell.strip()
    ]


def test_every_printed_document_in_french_leaves_no_english():
    call_command("load_demo", stdout=io.StringIO())
    session = Session.objects.get(name="Monday Evening Pairs")
    names, said = names_of_the_evening() | date_words("fr"), said_in("fr")
    found = {}
    for slug, document in DOCUMENTS.items():
        rendered = {}
        for language in ("en-gb", "fr"):
            with translation.override(language):
                rendered[language] = texts(render_pdf(session, document, Options(PAPERS["a4"])))
        if slug == "results":  # pair 14 of section A: 56.27 %, in French 56,27
            assert "56.27" in " ".join(rendered["en-gb"]) and "56.27" not in " ".join(
                rendered["fr"]
            )
            assert "56,27" in " ".join(rendered["fr"])
        left = unsaid(same_english(rendered["en-gb"], rendered["fr"]), names, said)
        if left:
            found[slug] = left
    assert found == {}, "\n".join(f"{slug}: {left}" for slug, left in found.items())
