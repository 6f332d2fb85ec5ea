"""One number of decimals for each kind of a session's figures (docs/rules.md §3.4): totals of
104.07, 101.6 and 55 read 104.07, 101.60 and 55.00 on every page, sheet and file.

The session: 51 tables play boards 1 and 2 (NS pairs 1-51 against EW pairs 101-151), so E = 51
and each board's top is 2 x (51 - 1) = 100: a percentage the director gives is that many
matchpoints (§5.9). Three tables get the director's percentages on both boards:
- pair 1: 52.07% then 52% -> 52.07 + 52 = 104.07 of 200;
- pair 2: 50.8% twice -> 50.8 + 50.8 = 101.6;
- pair 3: 27.5% twice -> 27.5 + 27.5 = 55.
The other 48 tables pass each board out: 48 real results, all tied, each M = 47 among
themselves, factored to E = 51 (§4.1): (47 + 1) x 51/48 - 1 = 50, so pairs 4-51 have 100.
The totals need 2 decimals (104.07), so every total has 2; so do the lines (52.07).
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.urls import reverse

from sessions_app.files.exports import session_export
from sessions_app.scoring import display
from tests.imps.conftest import _media_root, pdf_text  # noqa: F401 (a fixture: PDFs in a tmp dir)
from tests.pages.conftest import parse, row_for, table_headers, table_rows

RULINGS = {1: ("52.07%/47.93%", "52%/48%"), 2: ("50.8%/49.2%",) * 2, 3: ("27.5%/72.5%",) * 2}
TOTALS = {"1": "104.07", "2": "101.60", "3": "55.00"}


def travellers() -> str:
    lines = ["board,ns,ew,contract,declarer,tricks"]
    for board in (1, 2):
        for table in range(1, 52):
            contract = RULINGS[table][board - 1] if table in RULINGS else "PASS"
            lines.append(f"{board},{table},{100 + table},{contract},,")
    return "\n".join(lines) + "\n"


@pytest.fixture
def totals(make_session):
    return make_session(travellers(), publish=True)


def test_it_gives_a_kind_of_figure_the_decimals_its_most_precise_one_needs():
    figures = [Fraction(10407, 100), Fraction(508, 5), 55]
    places = display.decimals(figures)
    assert places == 2
    assert [display.fixed(figure, places) for figure in figures] == ["104.07", "101.60", "55.00"]
    assert display.decimals([12, Fraction(15, 2), None]) == 1  # 12.0, 7.5
    assert display.decimals([12, 8]) == 0
    assert display.decimals([9, Fraction(21, 2)], imps=True) == 2  # IMPs: 9.00, 10.50
    assert display.fixed(Fraction(-1, 4), 2) == "-0.25"
    assert display.fixed(Fraction(15, 2), 0) == "8"  # half-way: away from zero


@pytest.mark.django_db
def test_the_ranking_page_writes_every_total_with_two_decimals(client, totals):
    page = parse(client.get(reverse("sessions_app:session", args=[totals.pk]), follow=True))
    headers = table_headers(page, "ranking-a-ns")
    pair, mp = headers.index("Pair"), headers.index("MP")
    shown = {row[pair]: row[mp] for row in table_rows(page, "ranking-a-ns")}
    assert {label: shown[label] for label in TOTALS} == TOTALS
    assert shown["4"] == "100.00"


@pytest.mark.django_db
def test_the_score_card_writes_the_total_as_the_ranking(client, totals):
    for label, total in TOTALS.items():
        url = reverse("sessions_app:pair", args=[totals.pk, "A", label])
        card = parse(client.get(url, follow=True))
        terms = zip(card.find_all("dt"), card.find_all("dd"), strict=True)
        summary = {dt.text: dd.text for dt, dd in terms}
        assert summary["Matchpoints"] == f"{total} of 200"
        footer = table_rows(card, "scorecard-card", "tfoot")[0]
        assert footer[-2] == total
    card = parse(client.get(reverse("sessions_app:pair", args=[totals.pk, "A", "2"])))
    assert row_for(card, "scorecard-card", "1")["MP"] == "50.80"


@pytest.mark.django_db
def test_the_traveller_writes_every_line_with_two_decimals(client, totals):
    page = parse(client.get(reverse("sessions_app:board", args=[totals.pk, 2]), follow=True))
    rows = [row_for(page, "traveller-a", label) for label in ("1", "2", "3", "4")]
    assert [(row["NS MP"], row["EW MP"]) for row in rows] == [
        ("52.00", "48.00"),
        ("50.80", "49.20"),
        ("27.50", "72.50"),
        ("50.00", "50.00"),
    ]


@pytest.mark.django_db
def test_the_directors_dashboard_writes_the_totals_as_the_ranking(director_client, totals):
    url = reverse("sessions_app:director_session", args=[totals.pk])
    dashboard = parse(director_client.get(url, follow=True))
    table = dashboard.find("table", class_="ranking")  # the NS field first
    shown = {}
    for row in table.find("tbody").find_all("tr"):
        cells = [cell.text for cell in row.find_all("td")]
        shown[cells[1]] = cells[3]
    assert {label: shown[label] for label in TOTALS} == TOTALS


@pytest.mark.django_db
def test_the_printed_results_and_the_files_write_the_totals_as_the_pages(client, totals):
    response = client.get(f"/sessions/{totals.pk}/print/results.pdf", follow=True)
    printed = {}
    for line in pdf_text(response.content).splitlines():
        words = line.split()
        if len(words) == 6 and words[1].isdigit():  # place, pair, boards, MP, top, %
            printed[words[1]] = words[3]
    assert {label: printed[label] for label in TOTALS} == TOTALS

    download = client.get(reverse("sessions_app:ranking_csv", args=[totals.pk]), follow=True)
    rows = list(csv.DictReader(io.StringIO(download.content.decode("utf-8-sig"))))
    ns = {row["pair"]: row["matchpoints"] for row in rows if row["field"] == "NS"}
    assert {label: ns[label] for label in TOTALS} == TOTALS

    text = session_export(totals, "text").split()
    assert "101.60" in text and "55.00" in text and "27.50" in text
