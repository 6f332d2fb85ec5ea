"""A phone's result is ruled by the director's grid's rules (table_scoring/entries.py): the
same Ruling as the grid makes of the same result typed, the same refusals, the same score;
what its fields say together is checked with the field named; a body's fields reach the
service as given (views/bodies.py)."""

from __future__ import annotations

import pytest

from sessions_app.scoring.rulings import parse_ruling
from sessions_app.table_scoring.access import TableRefused
from sessions_app.table_scoring.entries import TableResult, table_ruling
from sessions_app.table_scoring.views.bodies import line_input, table_result


@pytest.mark.parametrize(
    ("result", "entry", "vulnerability", "score_ns"),
    [
        # 4 x 30 doubled = 240 for the tricks, + 300 game (not vulnerable), + 50 for the insult.
        (
            TableResult(level=4, strain="S", doubled=1, declarer="N", tricks=10),
            "4SX N 10",
            "None",
            590,
        ),
        # Two down redoubled, EW vulnerable: 400 + 600 = 1000 to NS.
        (
            TableResult(level=3, strain="NT", doubled=2, declarer="W", tricks=7),
            "3NTXX W 7",
            "EW",
            1000,
        ),
        # 40 + 6 x 30 = 220, + 500 game + 1500 grand slam, vulnerable: 2220.
        (
            TableResult(level=7, strain="NT", doubled=0, declarer="S", tricks=13),
            "7NT S 13",
            "All",
            2220,
        ),
        # Nine down undoubled, not vulnerable, NS declaring: 9 x 50 = -450.
        (TableResult(level=3, strain="NT", declarer="S", tricks=0), "3NT S 0", "None", -450),
        (TableResult(passed_out=True), "PASS", "All", 0),
    ],
)
def test_a_phone_result_is_the_grid_s_entry(result, entry, vulnerability, score_ns):
    ruling = table_ruling(result, vulnerability)
    assert ruling.shown is not None and ruling.shown.score_ns == score_ns
    assert ruling == parse_ruling(entry.lower(), vulnerability)  # as the director types it


@pytest.mark.parametrize(
    ("result", "error", "field"),
    [
        (
            TableResult(passed_out=True, lead="HK"),
            "a passed-out board has no lead: send 0 or \"\" or leave it out, not 'HK'",
            "lead",
        ),
        (
            TableResult(level=3, strain="NT", tricks=9),
            "declarer must be N, E, S or W, not nothing",
            "declarer",
        ),
        (
            TableResult(level=0, strain="S", declarer="N", tricks=9),
            "level must be a whole number from 1 to 7 (or passed_out true), not 0",
            "level",
        ),
        (
            TableResult(level=4, strain="", declarer="N", tricks=9),
            "strain must be one of C, D, H, S, NT, not ''",
            "strain",
        ),
    ],
)
def test_fields_that_do_not_fit_together_are_refused_by_name(result, error, field):
    with pytest.raises(TableRefused) as refused:
        table_ruling(result, "None")
    assert (refused.value.status, refused.value.message, refused.value.field) == (400, error, field)


def test_a_body_s_fields_reach_the_service_as_given():
    line = line_input({"client_id": "c1", "board": 7, "level": 4, "strain": "S", "tricks": 10})
    assert (line.client_id, line.board) == ("c1", 7)
    assert line.result == TableResult(level=4, strain="S", tricks=10)
    assert (line.result.doubled, line.result.declarer, line.result.opening_lead) == (None, None, "")
    assert table_result({"passed_out": True}) == TableResult(passed_out=True)
