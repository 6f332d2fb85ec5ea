"""A file's figures printed as floating-point numbers (7 significant digits: 41.66667 beside
8.333333) are compared each at its own decimals (sessions_app/interchange/compare.py).

The board: pagat's board 1 (docs/rules.md §9.1) with pair 7's 3S N 10 (+170) made 5S N 10
(-50), so that two NS scores of -50 tie at the bottom. On the 2/1 scale, top 12: -50 and -50
have 1 each (one tie), +420 twice 5 each (two below, one tie), +430 8, +450 10, +500 12. As
percentages of 12: 1/12 = 8.333333...%, 5/12 = 41.666666...%, 8/12 = 66.666666...%,
10/12 = 83.333333...%, 100%; printed at 7 significant digits: 8.333333, 41.66667, 66.66667,
83.33333, 100.
"""

from __future__ import annotations

import textwrap
from decimal import Decimal

from sessions_app.interchange.compare import compare
from sessions_app.interchange.event import file_event, file_pairs, line_columns
from sessions_app.interchange.files import read_file
from sessions_app.interchange.records import PublishedLine
from sessions_app.scoring import Settings, score_session
from tests.conftest import PAGAT_BOARD_1

BOARD = PAGAT_BOARD_1.replace("1,7,10,3S,N,10", "1,7,10,5S,N,10")
PRINTED = {  # NS pair -> its NS percentage as a program printing floats writes it
    "1": "41.66667",
    "2": "66.66667",
    "3": "100",
    "4": "41.66667",
    "5": "83.33333",
    "6": "8.333333",
    "7": "8.333333",
}
EW = {"1": "8", "2": "13", "3": "11", "4": "9", "5": "14", "6": "12", "7": "10"}


def results():
    results_file = read_file(textwrap.dedent(BOARD).encode(), kind="csv")
    event = file_event(
        results_file,
        file_pairs(results_file),
        [line_columns(row) for row in results_file.rows],
        settings=Settings(),
        winners={"A": None},
        scale="2/1",
    )
    return score_session(event)


def published(percentages: dict[str, str]) -> list[PublishedLine]:
    return [
        PublishedLine(n, "A", 1, ns, EW[ns], {"pct_ns": Decimal(value)})
        for n, (ns, value) in enumerate(percentages.items(), start=2)
    ]


def test_printed_floats_agree_each_at_its_own_decimals():
    assert compare(results(), published(PRINTED)) == []


def test_a_printed_float_one_unit_off_in_its_last_digit_is_a_difference():
    wrong = {**PRINTED, "5": "83.33334"}  # 10/12 = 83.333333... prints 83.33333
    differences = [str(d) for d in compare(results(), published(wrong))]
    assert differences == [
        "line 6: board 1, 5 v 14: NS percentage 83.33334 in the file, 83.33 here"
    ]
