"""What a table keys in, read into the ResultDTO's fields (guide, page "ResultDTO")."""

from __future__ import annotations

import pytest

from tests.bridgemate.table_entries import result_fields


@pytest.mark.parametrize(
    ("entry", "fields"),
    [
        # Level, Denomination (1 clubs .. 5 NT), Stake (0, 1 X, 2 XX), declarer 1 N .. 4 W,
        # tricks, lead suit (1 clubs .. 4 spades) and rank (2 .. 14 ace).
        ("4H N 10", (4, 3, 0, 1, 10, 0, 0)),
        ("4HX N 10 SA", (4, 3, 1, 1, 10, 4, 14)),
        ("3NTxx W 9 d10", (3, 5, 2, 4, 9, 2, 10)),
        ("1C E 7 HT", (1, 1, 0, 2, 7, 3, 10)),
        ("7S S 13 C2", (7, 4, 0, 3, 13, 1, 2)),
    ],
)
def test_it_reads_a_contract_declarer_tricks_and_lead(entry, fields):
    found = result_fields(entry)
    keys = (
        "Level",
        "Denomination",
        "Stake",
        "DeclarerDirection",
        "TotalTricks",
        "LeadCardSuit",
        "LeadCardRank",
    )
    assert tuple(found[key] for key in keys) == fields


@pytest.mark.parametrize(
    ("entry", "level"), [("PASS", 0), ("NOPLAY", -10), ("AVG+/AVG-", -7), ("avg/avg", -5)]
)
def test_it_reads_a_passed_out_unplayed_or_artificial_board_as_its_level(entry, level):
    assert result_fields(entry)["Level"] == level


def test_it_refuses_an_entry_without_declarer_and_tricks():
    with pytest.raises(ValueError, match="write a contract, declarer and tricks"):
        result_fields("4H")
