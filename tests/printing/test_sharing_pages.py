"""Printed travellers as a club uses them: adjusted rows marked in the row, two travellers
really sharing each Letter page, and blank travellers several to a page.

Expected values come from the demo's fixture files (fixtures/demo), Law 12C2 (Ave+ 60%,
Ave- 40%) and how a Mitchell numbers its boards."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from sessions_app.files.imports import session_attach_deals, session_import
from sessions_app.interchange.files import read_file
from sessions_app.printing import DOCUMENTS, PAPERS, Options, render_pdf
from sessions_app.setup.sessions import section_save, session_create
from tests.conftest import PAGAT_BOARD_1, publish

from .conftest import has_row, pdf_pages

# slow (not in `dev.py test --fast`): PDFs of several documents to a page.
pytestmark = pytest.mark.slow

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"

# docs/rules.md §9.1's traveller with table 7's line an artificial Ave+/Ave-.
PAGAT_ADJUSTED = PAGAT_BOARD_1.replace("1,7,10,3S,N,10", "1,7,10,A+/A-,,")


def boards_by_page(pdf: bytes) -> list[list[int]]:
    return [[int(n) for n in re.findall(r"Board (\d+)", page)] for page in pdf_pages(pdf)]


@pytest.mark.django_db
def test_it_marks_an_adjusted_row_in_the_printed_traveller(make_session):
    session = make_session(PAGAT_ADJUSTED, publish=True)
    (page,) = pdf_pages(render_pdf(session, DOCUMENTS["travellers"], Options()))
    # Seven lines expected, so the top is 2 x (7 - 1) = 12; Ave+ is 60% of it for NS (7.2)
    # and Ave- 40% for EW (4.8); the six real results factored from 6 to 7 (pair 1's 11/3 =
    # 3.67) give every line 2 decimals (docs/rules.md §3.4). The row itself says "adj", and
    # the note says why.
    assert has_row(page, "7", "10", "A+/A-", "adj", "7.20", "4.80", "60.00", "40.00")
    played = next(line for line in page.splitlines() if line.split()[:3] == ["1", "8", "4♠"])
    assert "adj" not in played
    assert "adj: 7 v 10: artificial" in " ".join(page.split())


def _demo_section_a(*, ruled_tables: int, published: bool, club):
    """The demo's section A (7-table Mitchell, 21 boards, with its deals), board 7's first
    `ruled_tables` lines replaced by a weighted ruling."""
    lines = []
    for line in (DEMO / "travellers.csv").read_text().splitlines():
        cells = line.split(",")
        if cells[0] == "B":
            continue
        if cells[:2] == ["A", "7"] and int(cells[3]) <= ruled_tables:
            cells[6:9] = ["30% 3H N 9; 70% 4H S 8", "", ""]
        lines.append(",".join(cells))
    travellers = read_file("\n".join(lines).encode(), kind="csv")
    session = session_import(
        club=club, results_file=travellers, name="Letter pairs", date=datetime.date(2026, 11, 16)
    ).session
    section_save(
        session=session,
        section=session.sections.get(name="A"),
        movement="mitchell",
        tables=7,
        boards_per_round=3,
        arrow_switch="last",
    )
    deals = read_file((DEMO / "deals.pbn").read_bytes(), kind="pbn")
    session_attach_deals(session=session, results_file=deals)
    if published:
        publish(session)
    session.refresh_from_db()
    return session


PAIRED = [
    [1, 2],
    [3, 4],
    [5, 6],
    [7, 8],
    [9, 10],
    [11, 12],
    [13, 14],
    [15, 16],
    [17, 18],
    [19, 20],
    [21],
]


@pytest.mark.django_db
def test_it_pairs_completed_travellers_with_rulings_on_letter(club):
    # Board 7 has three weighted rulings, each said in words under its grid.
    session = _demo_section_a(ruled_tables=3, published=True, club=club)
    pdf = render_pdf(session, DOCUMENTS["travellers"], Options(PAPERS["letter"], 2))
    assert boards_by_page(pdf) == PAIRED  # 21 boards, two a page: 11 pages


@pytest.mark.django_db
def test_it_pairs_a_drafts_completed_travellers_on_letter(club):
    # A draft's travellers carry "not published" under each heading.
    session = _demo_section_a(ruled_tables=0, published=False, club=club)
    pdf = render_pdf(session, DOCUMENTS["travellers"], Options(PAPERS["letter"], 2))
    assert "not published" in pdf_pages(pdf)[0]
    assert boards_by_page(pdf) == PAIRED


@pytest.mark.django_db
@pytest.mark.parametrize(("per_page", "pages"), [(3, 7), (4, 6)])
def test_it_prints_blank_travellers_several_to_a_page(club, per_page, pages):
    session = session_create(club=club, name="Tuesday pairs", date=datetime.date(2026, 11, 17))
    section_save(
        session=session,
        name="A",
        movement="mitchell",
        tables=7,
        boards_per_round=3,
        arrow_switch="last",
    )
    session.refresh_from_db()
    pdf = render_pdf(session, DOCUMENTS["blank-travellers"], Options(PAPERS["a4"], per_page))
    # 21 boards, `per_page` a page, in order: 21 / 3 = 7 pages; 21 / 4 -> 6 pages, 1 on the last.
    expected = [list(range(first, min(first + per_page, 22))) for first in range(1, 22, per_page)]
    assert boards_by_page(pdf) == expected and len(expected) == pages
    # Board 8 (set 3, boards 7-9) starts at table 3, NS 3 v EW 10, as on one to a page.
    assert has_row(pdf_pages(pdf)[7 // per_page], "1", "3", "3", "10")


@pytest.mark.django_db
def test_it_offers_blank_travellers_several_to_a_page(director_client, mitchell):
    session = mitchell.session
    page = director_client.get(f"/director/sessions/{session.pk}/", follow=True)
    html = page.content.decode()
    url = f"/director/sessions/{session.pk}/print/blank-travellers.pdf"
    for per_page in (2, 3, 4):
        assert f'href="{url}?per_page={per_page}"' in html
    response = director_client.get(url, {"per_page": "4"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
