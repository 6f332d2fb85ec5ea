"""The results JSON, the ranking CSV and the text report: rulings in words, keys only added,
and a pair without a percentage."""

from __future__ import annotations

import pytest

from tests.conftest import export

# One table, two boards: each board is played once, so E = 1 and its top is 2(E - 1) = 0; the
# pairs score 0 of 0 and have no percentage at all.
ONE_TABLE = """\
    board,ns,ew,contract,declarer,tricks
    1,1,2,4S,N,10
    2,1,2,3NT,S,9
"""
PLAYED_KEYS = {
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "score_ns",
    "mp_ns",
    "mp_ew",
    "pct_ns",
    "pct_ew",
}


@pytest.mark.django_db
def test_it_writes_the_text_report_of_pairs_without_a_percentage(make_session):
    # Was a TypeError in results_export.py (formatting None as "%.2f").
    session = make_session(ONE_TABLE)
    text = export(session.pk, "text")
    assert text.splitlines()[2:5] == [
        "Section A NS",
        "Place Pair  Names                                          MP     Max       %",
        "1     1                                                     0       0",
    ]


@pytest.mark.django_db
def test_it_writes_the_ranking_csv_of_pairs_without_a_percentage(make_session):
    session = make_session(ONE_TABLE)
    assert export(session.pk, "csv").splitlines() == [
        "section,field,place,pair,names,matchpoints,max,percentage,boards",
        "A,NS,1,1,,0,0,,2",
        "A,EW,1,2,,0,0,,2",
    ]


def _line(document: dict, section: str, board: int, ns: str) -> dict:
    sections = {s["name"]: s for s in document["sections"]}
    boards = {b["number"]: b for b in sections[section]["boards"]}
    return next(r for r in boards[board]["results"] if r["ns"] == ns)


@pytest.mark.django_db
def test_it_adds_the_ruling_in_words_to_a_lines_json(every_ruling):
    document = export(every_ruling.pk)
    weighted = _line(document, "A", 3, "2")
    assert weighted == {
        "ns": "2",
        "ew": "5",
        "contract": "",
        "declarer": "",
        "tricks": None,
        "score_ns": None,
        "mp_ns": 0.9,
        "mp_ew": 3.1,
        "pct_ns": 22.5,
        "pct_ew": 77.5,  # worked by hand in
        "kind": "weighted",  # test_rulings_round_trip.py
        "ruling": "weighted: 30% of 4S by N, 10 tricks (+420) + 70% of 3NT by S, 8 tricks (-50)",
        "reason": "Law 12C1(c)",
    }
    split = _line(document, "A", 2, "3")
    assert (split["contract"], split["kind"], split["ruling"]) == (
        "4S",
        "split",
        "split: NS 4S by N, 10 tricks (+620), EW 4S by N, 9 tricks (-100)",
    )
    fouled = _line(document, "A", 6, "2")
    assert (fouled["foul_group"], "kind" in fouled) == (1, False)  # played, in group 1
    assert set(_line(document, "A", 1, "1")) == PLAYED_KEYS  # a played line: keys as before
    # An explicit percentage (docs/rules.md §5.9), E = 3 so the top is 4: 55% -> 2.2, 45% -> 1.8.
    explicit = _line(document, "A", 4, "1")
    assert (explicit["contract"], explicit["mp_ns"], explicit["mp_ew"], explicit["ruling"]) == (
        "55%/45%",
        2.2,
        1.8,
        "artificial: 55% to NS, 45% to EW",
    )


@pytest.mark.django_db
def test_it_says_each_ruling_in_words_in_the_text_report(every_ruling):
    lines = export(every_ruling.pk, "text").splitlines()
    board_2 = lines.index("Board 2  dealer E  vulnerable NS  top 4")
    # The weighted lines (1/3 ...) give every line of the session 2 decimals (rules §3.4).
    assert lines[board_2 + 2].endswith(
        "3.00     1.00  assigned: 4H by S, 10 tricks (+620);"
        ' reason: Law 16B: a "slow" pass, then 4H; see the notes'
    )
    assert lines[board_2 + 4].endswith("3.00     4.00  split: NS +620, EW -200")
    board_6 = lines.index("Board 6  dealer E  vulnerable EW  top 4")
    assert lines[board_6 + 4].endswith(
        "2.00     2.00  2S by W, 8 tricks (-110); fouled board, group 2; reason: Law 87: two groups"
    )
