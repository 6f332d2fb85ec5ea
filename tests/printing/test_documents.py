"""The six printed documents, read back from the PDFs: page counts, paper, and the boards,
pairs, scores and matchpoints on the right page.

Expected values come from elsewhere than the code under test: the demo's fixture files
(fixtures/demo: travellers.csv, deals.pbn, names.csv), how a Mitchell moves (section A: 7
tables, 3 boards a round, last round switched; section B: the 4-table Howell of howell.py),
Law 2 (board 8: dealer W, None vulnerable) and the Pagat traveller of docs/rules.md §9.1.
"""

from __future__ import annotations

import datetime
import shutil
import subprocess

import pytest

from sessions_app.models import Session
from sessions_app.printing import DOCUMENTS, PAPERS, Options, render_pdf
from sessions_app.setup.sessions import section_save, session_create
from tests.conftest import BUTLER_BOARD_1, PAGAT_BOARD_1

from .conftest import DEMO_RENDERS, has_row, page_count, page_size, pdf_pages

# slow (not in `dev.py test --fast`): every document of the demo rendered to PDF on two papers;
# on one pytest-xdist worker (dev.py runs `--dist loadgroup`), which renders them once, rather
# than on each.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("demo_pdfs")]

A4, LETTER = (595, 842), (612, 792)

# Pages of each document of the demo evening, one to a page: 21 boards in each of two
# sections; 14 + 8 pairs; 7 Mitchell tables + 8 Howell pairs and 4 Howell tables; 21 deals
# four to a page.
DEMO_PAGES = {
    "blank-travellers": 42,
    "travellers": 42,
    "results": 1,
    "blank-score-cards": 22,
    "score-cards": 22,
    "table-cards": 19,
    "hand-records": 6,
}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("document", list(DOCUMENTS))
def test_it_prints_every_document_of_the_demo_on_a4_and_letter(demo_pdfs, document, paper):
    pdf = demo_pdfs.get(document, paper)
    assert pdf.startswith(b"%PDF")
    assert page_size(pdf) == (A4 if paper == "a4" else LETTER)
    assert page_count(pdf) == DEMO_PAGES[document]


def test_it_prints_two_travellers_to_a_page(demo_pdfs):
    pages = demo_pdfs.pages("blank-travellers", "a4", 2)
    assert len(pages) == 21
    assert "Board 1 " in pages[0] and "Board 2 " in pages[0] and "Board 3 " in pages[1]


def test_it_prints_two_score_cards_to_a_letter_page(demo_pdfs):
    pages = demo_pdfs.pages("score-cards", "letter", 2)
    assert len(pages) == 11
    assert "Pair 1 " in pages[0] and "Pair 2 " in pages[0]


def test_it_prints_a_blank_traveller_for_each_board_as_it_travels(demo_pdfs):
    pages = demo_pdfs.pages("blank-travellers")
    page = pages[7]  # section A's board 8
    assert "Board 8 Section A" in page
    assert "Dealer W · Vulnerable: None" in page  # Law 2
    # Set 3 (boards 7-9) starts at table 3 (NS 3 v EW 10) and moves down a table a round
    # while the EW pairs move up; in round 7 (switched) it is at table 4, where EW pair 12
    # sits NS against 4.
    assert has_row(page, "1", "3", "3", "10")
    assert has_row(page, "2", "2", "2", "8")
    assert has_row(page, "6", "5", "5", "14")
    assert has_row(page, "7↕", "4", "12", "4")
    assert "420" not in page and "Top" not in page  # blank: no results
    # Section B's board 8: the Howell's set 3 (boards 7-9) is at table 3 in round 1, 4 v 2.
    assert "Board 8 Section B" in pages[28]
    assert has_row(pages[28], "1", "3", "4", "2")


def test_it_fills_in_the_completed_travellers(demo_pdfs):
    page = demo_pdfs.pages("travellers")[0]
    assert "Board 1 Section A" in page and "Top 12" in page
    # travellers.csv: A,1,1,1,1,8,2NT,S,11 -> +210 (2NT+3, None vul). Board 1's NS scores are
    # 210, 460, 450, 450, -50, 450, 460: 210 beats only -50, so 2 MP of 12 (16.67 %), EW 10.
    # Board 5's A+/A- line leaves 6 real results factored to 7 (11.83 ...), so every line of
    # the session is written with 2 decimals (docs/rules.md §3.4).
    first = ("1", "1", "1", "8", "2NT", "S", "♥3", "11", "210", "2.00", "10.00", "16.67")
    assert has_row(page, *first)
    # 4S by N, 9 tricks: -50, the bottom: 0 and 12.
    bottom = ("5", "4", "4", "14", "4♠", "N", "♦5", "9", "50", "0.00", "12.00", "0.00")
    assert has_row(page, *bottom)
    # Round 7 is switched: pair 10 (home EW) sat NS against 2 and took the NS matchpoints.
    assert has_row(page, "7↕", "2", "10", "2", "3NT", "S", "♥3", "11", "460", "11.00", "1.00")


def test_it_prints_the_deal_double_dummy_and_par_on_completed_travellers(demo_pdfs):
    page = demo_pdfs.pages("travellers")[7]
    assert "Board 8 Section A" in page and "Dealer W" in page
    # deals.pbn board 8: N KQ.AK85.AT4.8742, with the double-dummy table beside the diagram:
    # N and S take 10 tricks in spades and hearts (level 4), 6 or fewer elsewhere.
    assert has_row(page, "♠", "K", "Q", "NT", "♠", "♥", "♦", "♣")
    assert has_row(page, "♥", "A", "K", "8", "5", "N", "–", "4", "4", "–", "–")
    assert has_row(page, "♦", "A", "10", "4", "S", "–", "4", "4", "–", "–")
    assert has_row(page, "♠", "J", "4", "3", "N", "♠", "A", "5", "W", "1", "–", "–", "1", "1")
    assert "Par 4♠ N=, 4♠ S=, 4♥ N=, 4♥ S= · NS +420" in page


def test_it_ranks_each_field_on_the_results_sheet(demo_pdfs):
    (page,) = demo_pdfs.pages("results")
    assert "Monday Evening Pairs" in page and "Section A" in page and "Section B" in page
    for name in ("Margaret Ellis & David Hart", "Frances Gill & Trevor Lane"):
        assert name in page  # names.csv
    assert "Draft" not in page and "not published" not in page


def test_it_prints_blank_score_cards_from_the_movement(demo_pdfs):
    page = demo_pdfs.pages("blank-score-cards")[0]
    assert "Pair 1 Section A" in page and "Margaret Ellis & David Hart" in page
    assert has_row(page, "1", "1", "NS", "8", "1", "N", "None")
    # Round 7 at table 1: EW pair 9 arrives with boards 19-21 and, switched, sits NS.
    assert has_row(page, "7↕", "1", "EW", "9", "19", "S", "EW")
    assert has_row(page, "21", "N", "NS")
    assert "MP" in page and "%" not in page.split("MP")[1].splitlines()[0]


def test_it_prints_completed_score_cards_with_the_pairs_own_results(demo_pdfs):
    page = demo_pdfs.pages("score-cards")[0]
    assert "Pair 1 Section A" in page
    # Pair 1 played board 1 NS against 8: 2NT by S, 11 tricks, +210, 2 MP (16.67 %).
    assert has_row(page, "1", "1", "NS", "8", "1", "N", "None", "2NT", "S", "♥3", "11", "210")
    assert "16.67" in page and "Total" in page and "of 252 matchpoints" in page


def test_it_prints_table_cards_for_a_mitchell_and_guide_cards_for_a_howell(demo_pdfs):
    pages = demo_pdfs.pages("table-cards")
    assert "Table 3 Section A" in pages[2]
    assert has_row(pages[2], "1", "3", "10", "7–9", "4", "2")
    assert has_row(pages[0], "7↕", "9", "1", "19–21")  # switched: home EW pair 9 sits NS
    assert "Round 7 is arrow-switched" in pages[0]
    # howell(4, 3): pair 1 starts at table 1, EW against 8, on boards 1-3.
    assert "Pair 1 Section B" in pages[7] and "Howell guide card" in pages[7]
    assert has_row(pages[7], "1", "1", "EW", "8", "1–3")


def test_it_prints_hand_records_four_to_a_page(demo_pdfs):
    pages = demo_pdfs.pages("hand-records")
    for board in (5, 6, 7, 8):
        assert f"Board {board} ·" in pages[1]
    assert "Board 9 ·" not in pages[1]
    assert "Board 8 · Dealer W · Vul None" in pages[1]
    assert "Board 21 ·" in pages[5]


def test_it_renders_the_first_page_of_each_document_as_an_image(demo_pdfs, tmp_path):
    """Pictures for a person to look at: `pytest -s` prints where they are."""
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed: no pictures")
    for document, paper, per_page in DEMO_RENDERS:
        pdf = tmp_path / f"{document}-{paper}-{per_page}.pdf"
        pdf.write_bytes(demo_pdfs.get(document, paper, per_page))
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "50",
                "-singlefile",
                "-f",
                "1",
                "-l",
                "1",
                pdf,
                pdf.with_suffix(""),
            ],
            check=True,
        )
        assert pdf.with_suffix(".png").stat().st_size > 1000
    print(f"\nfirst pages of the demo's documents: {tmp_path}")


@pytest.mark.django_db
def test_it_prints_the_pagat_traveller_without_a_movement(make_session):
    session = make_session(PAGAT_BOARD_1, publish=True)
    (page,) = pdf_pages(render_pdf(session, DOCUMENTS["travellers"], Options()))
    # docs/rules.md §9.1: NS +420 -> 5/7; +430 -> 8/4; 5C× by E down 3 -> +500, 12/0; +450 -> 10/2;
    # -50 -> 0/12; +170 -> 2/10. No movement: no rounds or tables, one row per result.
    assert has_row(page, "1", "8", "4♠", "N", "10", "420", "5", "7", "41.67", "58.33")
    assert has_row(page, "2", "13", "3NT", "S", "10", "430", "8", "4")
    assert has_row(page, "3", "11", "5♣X", "E", "8", "500", "12", "0", "100.00", "0.00")
    assert has_row(page, "5", "14", "4♠", "N", "11", "450", "10", "2")
    assert has_row(page, "6", "12", "5♠", "N", "10", "50", "0", "12")
    assert has_row(page, "7", "10", "3♠", "N", "10", "170", "2", "10")
    (blank,) = pdf_pages(render_pdf(session, DOCUMENTS["blank-travellers"], Options()))
    assert has_row(blank, "1", "8") and has_row(blank, "7", "10") and "420" not in blank


@pytest.mark.django_db
def test_it_prints_matchpoints_on_the_sessions_scale(make_session):
    session = make_session(PAGAT_BOARD_1, publish=True, scale=Session.Scale.ONE_HALF)
    (page,) = pdf_pages(render_pdf(session, DOCUMENTS["travellers"], Options()))
    # The 1/½ scale is exactly half of 2/1: +420 -> 2.5/3.5, the percentages unchanged.
    assert has_row(page, "1", "8", "4♠", "N", "10", "420", "2.5", "3.5", "41.67", "58.33")


@pytest.mark.django_db
def test_it_prints_the_pagat_results_and_score_cards(make_session):
    session = make_session(PAGAT_BOARD_1, publish=True)
    (sheet,) = pdf_pages(render_pdf(session, DOCUMENTS["results"], Options()))
    # Two fields (no switch): pair 3 tops NS with 12 of 12, pair 12 tops EW.
    assert has_row(sheet, "1", "3", "1", "12", "12", "100.00")
    assert has_row(sheet, "1", "12", "1", "12", "12", "100.00")
    cards = pdf_pages(render_pdf(session, DOCUMENTS["score-cards"], Options()))
    assert len(cards) == 14
    card_11 = next(page for page in cards if "Pair 11" in page)
    # Pair 11 sat EW against 3, who scored +500: the pair's own −500, 0 MP, place 7 of 7.
    assert has_row(card_11, "EW", "3", "1", "N", "None", "5♣X", "E", "8", "500", "0", "0.00")
    assert "place 7" in card_11


@pytest.mark.django_db
def test_it_marks_a_drafts_documents_as_not_published(make_session):
    session = make_session(PAGAT_BOARD_1)  # imported, not published
    (page,) = pdf_pages(render_pdf(session, DOCUMENTS["results"], Options()))
    assert "not published" in page
    (blank,) = pdf_pages(render_pdf(session, DOCUMENTS["blank-travellers"], Options()))
    assert "not published" in blank  # the footer says so on every document


@pytest.mark.django_db
def test_it_says_so_when_there_are_no_deals_or_no_movement(make_session):
    session = make_session(PAGAT_BOARD_1, publish=True)
    (records,) = pdf_pages(render_pdf(session, DOCUMENTS["hand-records"], Options()))
    assert "No deals have been recorded" in records
    (cards,) = pdf_pages(render_pdf(session, DOCUMENTS["table-cards"], Options(PAPERS["letter"])))
    assert "has no movement" in cards


@pytest.mark.django_db
def test_it_prints_any_session_name_in_the_footer(make_session):
    session = make_session(PAGAT_BOARD_1, publish=True, name='Pairs "A" </style> & Co \\ 1')
    (page,) = pdf_pages(render_pdf(session, DOCUMENTS["results"], Options()))
    assert 'Riverside Bridge Club · Pairs "A" </style> & Co \\ 1 · 16 Nov 2026' in page


@pytest.mark.django_db
def test_it_prints_a_session_that_is_only_set_up(club):
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
    counts = {
        slug: page_count(render_pdf(session, DOCUMENTS[slug], Options())) for slug in DOCUMENTS
    }
    # 21 boards; 7 tables; 14 pairs (no deals yet: one page saying so).
    assert counts == {
        "blank-travellers": 21,
        "travellers": 21,
        "results": 1,
        "blank-score-cards": 14,
        "score-cards": 14,
        "table-cards": 7,
        "hand-records": 1,
    }
    page = pdf_pages(render_pdf(session, DOCUMENTS["travellers"], Options()))[7]
    assert has_row(page, "1", "3", "3", "10") and "Top" not in page


@pytest.mark.django_db
def test_it_prints_imps_instead_of_matchpoints_at_imp_pairs(make_session):
    session = make_session(BUTLER_BOARD_1, publish=True, method="butler")
    Session.objects.filter(pk=session.pk).update(butler_discard="1")
    session.refresh_from_db()
    (page,) = pdf_pages(render_pdf(session, DOCUMENTS["travellers"], Options()))
    assert "Datum -300" in page and "Top" not in page and "% NS" not in page
    assert "IMP NS" in page
    assert has_row(page, "1", "11", "650", "-8", "8")
    assert has_row(page, "4", "14", "100", "9", "-9")
    (sheet,) = pdf_pages(render_pdf(session, DOCUMENTS["results"], Options()))
    assert "IMPs" in sheet and "Top" not in sheet
    assert has_row(sheet, "1", "4", "1", "9")  # pair 4 tops NS with +9
