"""One number of decimals a column (docs/rules.md §3.4): a column of matchpoints is written
with the decimals its most precise figure needs, on the pages, the printed sheets and the CSV.

The figures are docs/rules.md §9.1's traveller (Pagat, board 1) with table 7's line an
artificial Ave+/Ave- (60% / 40% of the top). Seven lines were expected (top 12) and six were
played, so the played lines are Neuberg-factored (§4.1), M' = (M + 1) x 7/6 - 1:
- pair 1, +420: beats -50, ties 420 -> M = 3 of 10 -> 4 x 7/6 - 1 = 11/3 = 3.67 (EW 8.33);
- pair 5, +450: beats 420, 420, 430, -50 -> M = 8 -> 9 x 7/6 - 1 = 9.5 (EW 2.5);
- pair 7, Ave+: 60% of 12 = 7.2 (EW, Ave-: 4.8).
So both matchpoint columns have two decimals: 9.50 and 2.50, 7.20 and 4.80.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.urls import reverse

from sessions_app.scoring import display
from sessions_app.services.interchange import session_export
from tests.imps.conftest import _media_root, pdf_text  # noqa: F401 (a fixture: PDFs in a tmp dir)
from tests.pages.conftest import column, parse
from tests.printing.test_sharing_pages import PAGAT_ADJUSTED


def test_it_gives_a_column_the_decimals_of_its_most_precise_figure():
    totals = [Fraction(10407, 100), Fraction(1016, 10), 55]
    places = display.decimals(totals)
    assert places == 2
    assert [display.points(total, places=places) for total in totals] == [
        "104.07", "101.60", "55.00",
    ]  # fmt: skip
    assert display.decimals([12, Fraction(15, 2), None]) == 1  # 12.0, 7.5
    assert display.decimals([12, 8]) == 0
    assert display.decimals([9, Fraction(21, 2)], imps=True) == 2  # IMPs: 9.00, 10.50


@pytest.fixture
def adjusted(make_session):
    return make_session(PAGAT_ADJUSTED, publish=True)


@pytest.mark.django_db
def test_the_board_page_writes_each_matchpoint_column_one_way(client, adjusted):
    board = parse(client.get(reverse("sessions_app:board", args=[adjusted.pk, 1]), follow=True))
    assert column(board, "traveller-a", "NS MP") == [
        "3.67", "7.17", "11.83", "3.67", "9.50", "0.17", "7.20",
    ]  # fmt: skip
    assert "2.50" in column(board, "traveller-a", "EW MP")
    assert "4.80" in column(board, "traveller-a", "EW MP")


@pytest.mark.django_db
def test_the_ranking_page_writes_the_totals_one_way(client, adjusted):
    ranking = parse(client.get(reverse("sessions_app:session", args=[adjusted.pk]), follow=True))
    # One board: each NS pair's total is its line's matchpoints, best first.
    assert column(ranking, "ranking-a-ns", "MP") == [
        "11.83", "9.50", "7.20", "7.17", "3.67", "3.67", "0.17",
    ]  # fmt: skip


@pytest.mark.django_db
def test_the_printed_sheets_and_the_csv_write_each_column_one_way(client, adjusted):
    session = adjusted.pk
    travellers = pdf_text(client.get(f"/sessions/{session}/print/travellers.pdf").content)
    words = travellers.split()
    assert "9.50" in words and "2.50" in words and "7.20" in words and "4.80" in words
    results = pdf_text(client.get(f"/sessions/{session}/print/results.pdf").content)
    pair_5 = next(line.split() for line in results.splitlines() if line.split()[1:2] == ["5"])
    assert pair_5[-3] == "9.50"  # MP, top, %
    ranking_csv = list(csv.reader(io.StringIO(session_export(adjusted, "csv"))))
    header = ranking_csv[0]
    mp = [row[header.index("matchpoints")] for row in ranking_csv[1:]
          if row[header.index("pair")] in ("5", "7")]  # fmt: skip
    assert sorted(mp) == ["7.20", "9.50"]
