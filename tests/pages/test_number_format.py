"""One number format for matchpoints, IMPs and percentages (scoring/display.py `points`,
`percent`): the same figure reads the same on the players' pages, the director's pages, the
printed sheets and the text and CSV files.

The figures are the published ones of docs/rules.md §9.9 (cross-IMPs, board 2): pair 1 (NS)
scores +620 against 170, 140, 140 and -100 -> IMPs 11, 10, 10, 13 -> average per comparison
(11 + 10 + 10 + 13) / 4 = 10.50, and its opponents, pair 11, -10.50; pair 2 -0.25. At
matchpoints, Pagat's board 1 (§9.1) on the 1/½ scale, NS scores 420, 430, 500, 420, 450,
-50, 170: pair 1 (+420) beats 170 and -50 and ties with pair 4 -> 2·2 + 1 = 5 on 2/1, 2.5 on
1/½, of a top of 6 -> 5/12 = 41.67%, placed 4= in the NS field.
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest
from django.urls import reverse

import sessions_app
from sessions_app.files.exports import session_export
from sessions_app.scoring import display
from tests.conftest import PAGAT_BOARD_1, publish
from tests.imps.conftest import (
    CROSS_IMPS_BOARD_2,
    NAMES,
    _media_root,  # noqa: F401 (a fixture: PDFs in a tmp dir)
    pdf_text,
)
from tests.interchange.conftest import every_ruling  # noqa: F401 (a fixture)
from tests.pages.conftest import parse, row_for, table_headers, table_rows


def test_it_writes_each_kind_of_figure_one_way():
    assert display.points(Fraction(21, 2)) == "10.5"
    assert display.points(Fraction(21, 2), imps=True) == "10.50"
    assert display.points(-Fraction(1, 4), imps=True) == "-0.25"
    assert display.points(12) == display.points(12, imps=True) == "12"
    assert display.points(Fraction(25, 3)) == "8.33"
    assert display.points(None) == display.points(None, imps=True) == ""
    assert display.percent(Fraction(200, 3)) == "66.67"
    assert display.percent(50) == "50.00"
    assert display.percent(Fraction(1, 8)) == "0.13"  # half-way: away from zero
    assert display.percent(None) == ""


@pytest.fixture
def cross_imps(make_session, director):
    return make_session(CROSS_IMPS_BOARD_2, NAMES, method="cross_imps", publish=True)


@pytest.fixture
def half_points(make_session, director):
    return make_session(PAGAT_BOARD_1, scale="1/0.5", publish=True)


def cells(tree, css_class: str) -> list[str]:
    return [cell.text for cell in tree.find_all(class_=css_class)]


def pair_row(tree, table_id: str, label: str) -> dict[str, str]:
    """The ranking row of pair `label`, as {header: text}."""
    headers = table_headers(tree, table_id)
    for row in table_rows(tree, table_id):
        if row[headers.index("Pair")] == label:
            return dict(zip(headers, row, strict=True))
    raise AssertionError(f"no pair {label} in {table_id}")


@pytest.mark.django_db
def test_every_page_sheet_and_file_writes_pair_1s_cross_imps_as_10_50(client, cross_imps):
    session = cross_imps.pk
    ranking = parse(client.get(reverse("sessions_app:session", args=[session])))
    assert pair_row(ranking, "ranking-a-ns", "1")["IMPs"] == "10.50"
    card = parse(client.get(reverse("sessions_app:pair", args=[session, "A", "1"])))
    assert row_for(card, "scorecard-card", "2")["IMPs"] == "10.50"
    assert "10.50" in card.find("dl", class_="summary").text
    board = parse(client.get(reverse("sessions_app:board", args=[session, 2])))
    row = row_for(board, "traveller-a", "1")
    assert (row["IMP NS"], row["IMP EW"]) == ("10.50", "-10.50")

    results_pdf = pdf_text(client.get(f"/sessions/{session}/print/results.pdf").content)
    pair_1 = next(line.split() for line in results_pdf.splitlines() if "Ann Lee" in line)
    assert pair_1[-1] == "10.50"
    cards_pdf = pdf_text(client.get(f"/sessions/{session}/print/score-cards.pdf").content)
    assert "Total 10.50 IMPs on 1 board" in " ".join(cards_pdf.split())
    travellers_pdf = pdf_text(client.get(f"/sessions/{session}/print/travellers.pdf").content)
    assert "10.50" in travellers_pdf.split() and "-10.50" in travellers_pdf.split()

    ranking_csv = list(csv.reader(io.StringIO(session_export(cross_imps, "csv"))))
    assert next(row for row in ranking_csv if row[3] == "1")[-2] == "10.50"
    text = session_export(cross_imps, "text")
    assert "10.50" in text.split() and "-10.50" in text.split()


@pytest.mark.django_db
def test_the_directors_pages_write_cross_imps_as_the_players_pages(director_client, cross_imps):
    session = cross_imps.pk
    dashboard = parse(director_client.get(reverse("sessions_app:director_session", args=[session])))
    first = dashboard.find("table", class_="ranking").find("tbody").find("tr")
    assert [cell.text for cell in first.find_all("td")][3] == "10.50"
    grid = parse(director_client.get(reverse("sessions_app:board_entry", args=[session, "A", 2])))
    assert cells(grid, "mp-ns")[:2] == ["10.50", "-0.25"]
    assert cells(grid, "mp-ew")[:2] == ["-10.50", "0.25"]


@pytest.mark.django_db
def test_every_page_sheet_and_file_writes_half_matchpoints_alike(client, half_points):
    session = half_points.pk
    ranking = parse(client.get(reverse("sessions_app:session", args=[session])))
    row = pair_row(ranking, "ranking-a-ns", "1")
    assert (row["MP"], row["%"]) == ("2.5", "41.67")
    board = row_for(
        parse(client.get(reverse("sessions_app:board", args=[session, 1]))), "traveller-a", "1"
    )
    assert (board["NS MP"], board["NS %"]) == ("2.5", "41.67")
    results_pdf = pdf_text(client.get(f"/sessions/{session}/print/results.pdf").content)
    pair_1 = next(
        line.split() for line in results_pdf.splitlines() if line.split()[:2] == ["4=", "1"]
    )
    assert pair_1[-3:] == ["2.5", "6", "41.67"]
    ranking_csv = list(csv.reader(io.StringIO(session_export(half_points, "csv"))))
    assert next(row for row in ranking_csv if row[3] == "1")[-4:-1] == ["2.5", "6", "41.67"]


@pytest.mark.django_db
def test_every_kind_of_line_reads_the_same_everywhere(client, director_client, every_ruling):  # noqa: F811
    """Played, passed out, split, weighted, artificial, not played, a phantom, a fouled board:
    each pair's matchpoints, percentage and boards read the same on the ranking page, its score
    card, the director's page, the printed results and the CSV ranking."""
    publish(every_ruling)
    session = every_ruling.pk
    ranking = parse(client.get(reverse("sessions_app:session", args=[session])))
    ranked = {}
    for table in ("ranking-a-ns", "ranking-a-ew", "ranking-b-ns", "ranking-b-ew"):
        headers = table_headers(ranking, table)
        for row in table_rows(ranking, table):
            shown = dict(zip(headers, row, strict=True))
            ranked[(table[8], shown["Pair"])] = (shown["MP"], shown["%"], shown["Boards"])
    assert len(ranked) == 12
    # Section A pair 3's board 5 was not played (NP): 5 boards of its 6 count.
    assert ranked[("a", "3")][2] == "5"

    csv_rows = list(csv.reader(io.StringIO(session_export(every_ruling, "csv"))))[1:]
    assert {(row[0].lower(), row[3]): (row[5], row[7], row[8]) for row in csv_rows} == ranked

    results_pdf = pdf_text(client.get(f"/sessions/{session}/print/results.pdf").content)
    printed, section = {}, None
    for line in results_pdf.splitlines():
        words = line.split()
        if words[:1] == ["Section"] and len(words) >= 2:
            section = words[1].lower()
        elif len(words) == 6 and words[1].isdigit():  # place, pair, boards, MP, top, %
            printed[(section, words[1])] = (words[3], words[5], words[2])
    assert printed == ranked

    dashboard = parse(director_client.get(reverse("sessions_app:director_session", args=[session])))
    shown = {}
    for table in dashboard.find_all("table", class_="ranking"):
        section = table.find("caption").text.split()[1].lower()
        for row in table.find("tbody").find_all("tr"):
            cells = [cell.text for cell in row.find_all("td")]
            shown[(section, cells[1])] = (cells[3], cells[4], cells[5])
    assert shown == ranked

    for (section, label), (points, percentage, boards) in ranked.items():
        card = parse(
            client.get(reverse("sessions_app:pair", args=[session, section.upper(), label]))
        )
        summary = {
            dt.text: dd.text
            for dt, dd in zip(card.find_all("dt"), card.find_all("dd"), strict=True)
        }
        assert summary["Matchpoints"].startswith(f"{points} of")
        assert summary["Score"] == f"{percentage}%"
        footer = table_rows(card, "scorecard-card", "tfoot")[0]
        assert footer[-2:] == [points, percentage]
        scored = [row for row in table_rows(card, "scorecard-card") if row[-2]]
        assert len(scored) == int(boards)


# Where a figure may still be written with its own format string: the one helper, and files
# whose format prescribes it (PBN and USEBIO: two decimals), or what is no scored figure (a
# sheet's size in mm, a director's percentage in a ruling's words).
OWN_FORMATS = {
    "scoring/display.py",
    "interchange/pbn/write.py",
    "interchange/usebio/line.py",
    "interchange/usebio/write.py",
    "printing/monospace.py",  # millimetres of the printed grid's rules
    "scoring/awards.py",  # "55%", the director's percentage in words
    "session_rules.py",  # the session's Ave+/Ave/Ave- settings as the director typed them
    "interchange/settings.py",  # the same settings in files
    "core/cache_keys.py",  # timestamps in a cache key
    "players/trend.py",  # coordinates of the SVG plot (its percentages: `percent`)
}


def test_no_page_sheet_or_file_formats_a_figure_its_own_way():
    root = Path(sessions_app.__file__).parent
    own = set()
    for path in root.rglob("*.py"):
        source = path.read_text()
        if re.search(r":\.\d+f\}|%\.\d+f|\.normalize\(\)", source):
            own.add(str(path.relative_to(root)))
    assert own - OWN_FORMATS == set()
    templates = Path(sessions_app.__file__).parents[1] / "templates"
    assert not [p for p in templates.rglob("*.html") if "floatformat" in p.read_text()]
