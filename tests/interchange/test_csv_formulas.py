"""No CSV clubscorer writes carries a spreadsheet formula: a cell that a spreadsheet would run
(`=`, `+`, `-`, `@`, tab, carriage return first, and not a number) is written as text behind
an apostrophe, and reading the file back gives the text exactly as it was
(interchange/csv_cells.py)."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sessions_app.core.results import session_results
from sessions_app.interchange.csv_cells import read_cell, written_cell
from tests.conftest import PAGAT_BOARD_1, export

RUNS = ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ('=HYPERLINK("http://x","Ann")', '\'=HYPERLINK("http://x","Ann")'),
        ("+1+2", "'+1+2"),
        ("-Bob", "'-Bob"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("-420", "-420"),  # a score
        ("+420", "+420"),
        ("-3.5", "-3.5"),
        ("55%", "55%"),
        ("'t Hart", "'t Hart"),  # a Dutch name, left alone
        ("'=x", "''=x"),  # an apostrophe that would be taken away: doubled
        ("''", "'''"),
        ("Ann Lee", "Ann Lee"),
        ("", ""),
    ],
)
def test_it_writes_a_cell_a_spreadsheet_would_run_as_text(text, written):
    assert written_cell(text) == written
    assert read_cell(written) == text


@given(st.text(max_size=12))
def test_every_text_reads_back_exactly_and_none_is_written_as_a_formula(text):
    cell = written_cell(text)
    assert read_cell(cell) == text
    assert not cell.startswith(RUNS) or cell.lstrip("+-").replace(".", "").rstrip("%").isdigit()


NAMES = """\
    pair,player1,player2
    3,"=HYPERLINK(""http://evil.example/"",""Ann"")",+1+2
    11,-Bob Ray,@SUM(A1)
    5,'t Hart,''=x
"""
# Read as any CSV: the apostrophe before `=` is the spreadsheet's "text" mark, so `''=x` is '=x.
EVIL = {
    "3": ('=HYPERLINK("http://evil.example/","Ann")', "+1+2"),
    "11": ("-Bob Ray", "@SUM(A1)"),
    "5": ("'t Hart", "'=x"),
}


def cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def is_formula(cell: str) -> bool:
    number = cell.lstrip("+-").replace(".", "", 1).rstrip("%")
    return cell.startswith(RUNS) and not number.isdigit()


@pytest.mark.django_db
def test_no_csv_export_writes_a_formula_and_each_reads_back_the_same(make_session):
    session = make_session(PAGAT_BOARD_1, names=NAMES, publish=True)
    names = {
        label: pair.names for label, pair in session_results(session).sections[0].pairs.items()
    }
    assert {label: names[label] for label in EVIL} == EVIL  # what the import stored
    written = {fmt: export(session.pk, fmt) for fmt in ("csv", "travellers", "names")}
    for fmt, text in written.items():
        assert [cell for cell in cells(text) if is_formula(cell)] == [], fmt
    assert '\'=HYPERLINK("http://evil.example/","Ann")' in cells(written["names"])
    again = make_session(written["travellers"], names=written["names"], name="Again")
    pairs = session_results(again).sections[0].pairs
    assert {label: pairs[label].names for label in EVIL} == EVIL
