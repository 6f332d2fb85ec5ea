"""Every printed document of the demo evening in French with no English left (issue 29):
each document rendered in English and in French, read back from the PDF (pdftotext -layout,
its columns split where two spaces or more part them), and a text the two share with an
English word in it, not a name and not what the catalogue says in French, is English left —
the same test as the pages' (tests/pages/test_every_page_in_every_language.py). Example:
"Vulnerable: None" on the French traveller would be ("vulnerable", "none"); "Monday Evening
Pairs" and "4♠ N" are not (a name, a contract). A French figure has its decimal comma.

In the nine other languages the documents are walked as the HTML WeasyPrint lays out (the
PDF's text is that HTML's, and rendering 90 PDFs would cost CI a minute): the same test on
the texts of `render_html`, the monospace grids' columns split as pdftotext's."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.utils import translation

from sessions_app.models import Session
from sessions_app.printing import DOCUMENTS, PAPERS, Options, render_html, render_pdf
from tests.pages.test_every_page_in_every_language import (
    date_words,
    names_of_the_evening,
    said_in,
    same_english,
    unsaid,
)
from tests.pages.test_languages import TRANSLATED, VisibleText

from .conftest import pdf_pages

# With tests/printing/test_documents.py on one worker: the English A4 documents are its
# `demo_pdfs` (rendered once for both), only the French ones are rendered here.
pytestmark = [pytest.mark.slow, pytest.mark.django_db, pytest.mark.xdist_group("demo_pdfs")]


def texts(pdf: bytes) -> list[str]:
    """The document's texts: each laid-out line cut where two spaces or more part columns."""
    return [
        cell.strip()
        for page in pdf_pages(pdf)
        for line in page.splitlines()
        for cell in re.split(r"\s{2,}", line)
        if cell.strip()
    ]


def test_every_printed_document_in_french_leaves_no_english(demo_pdfs):
    call_command("load_demo", stdout=io.StringIO())
    session = Session.objects.get(name="Monday Evening Pairs")
    names, said = names_of_the_evening() | date_words("fr"), said_in("fr")
    found = {}
    for slug, document in DOCUMENTS.items():
        rendered = {"en-gb": texts(demo_pdfs.get(slug))}
        with translation.override("fr"):
            rendered["fr"] = texts(render_pdf(session, document, Options(PAPERS["a4"])))
        if slug == "results":  # pair 14 of section A: 56.27 %, in French 56,27
            assert "56.27" in " ".join(rendered["en-gb"]) and "56.27" not in " ".join(
                rendered["fr"]
            )
            assert "56,27" in " ".join(rendered["fr"])
        left = unsaid(same_english(rendered["en-gb"], rendered["fr"]), names, said)
        if left:
            found[slug] = left
    assert found == {}, "\n".join(f"{slug}: {left}" for slug, left in found.items())


class DocumentText(VisibleText):
    """A document's texts as `texts` reads them from its PDF: each line of a text node cut
    where two spaces or more part columns (the monospace grids are `<pre>` text)."""

    def handle_data(self, data):
        if self.hidden:
            return
        for line in data.splitlines():
            self.texts += [
                " ".join(cell.split()) for cell in re.split(r"\s{2,}", line) if cell.strip()
            ]


def html_texts(html: str) -> list[str]:
    parser = DocumentText()
    parser.feed(html)
    return parser.texts


@pytest.mark.words  # the French test's documents again, for the nine other catalogues
def test_every_printed_document_in_every_other_language_leaves_no_english():
    call_command("load_demo", stdout=io.StringIO())
    session = Session.objects.get(name="Monday Evening Pairs")
    names = names_of_the_evening()
    options = Options(PAPERS["a4"])

    def rendered(language: str) -> dict[str, list[str]]:
        with translation.override(language):
            return {
                slug: html_texts(render_html(session, document, options))
                for slug, document in DOCUMENTS.items()
            }

    english = rendered("en-gb")
    assert "56.27" in " ".join(english["results"])  # pair 14 of section A
    found = {}
    for language in (code for code in TRANSLATED if code != "fr"):
        said, known = said_in(language), names | date_words(language)
        documents = rendered(language)
        for slug, texts_there in documents.items():
            left = unsaid(same_english(english[slug], texts_there), known, said)
            if left:
                found[language, slug] = left
        if "56,27" not in " ".join(documents["results"]):
            found[language, "results"] = "no 56,27"
    assert found == {}, "\n".join(f"{where}: {left}" for where, left in found.items())
