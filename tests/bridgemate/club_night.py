"""The event the tests play: a three-table Mitchell (two winners) of one section A, three
rounds of two boards, built with the official client's DTO classes.

NS pair t sits at table t all evening; EW pairs move up a table and the boards down a table
each round: in round r table t has EW pair ((t + r - 2) mod 3) + 1 and the boards of set
((t - r) mod 3), set s being boards 2s+1 and 2s+2. Round 1: table 1 NS 1 v EW 1 boards 1-2,
table 2 NS 2 v EW 2 boards 3-4, table 3 NS 3 v EW 3 boards 5-6.
"""

from __future__ import annotations

from typing import Any

from bridgemate_dataconnector.dto import InitDTO

SESSION_GUID = "A1B2C3D4E5F60718293A4B5C6D7E8F90"  # the golden fixtures' session
TABLES = ROUNDS = 3
PLAYERS = {"1001": ("Ann", "North"), "1002": ("Bob", "South"), "1003": ("Cat", "East")}


def seats(table: int, round_number: int) -> dict[str, int]:
    board_set = (table - round_number) % TABLES
    return {
        "PairNS": table,
        "PairEW": (table + round_number - 2) % TABLES + 1,
        "LowBoardNumber": 2 * board_set + 1,
        "HighBoardNumber": 2 * board_set + 2,
    }


def init_data(session_guid: str = SESSION_GUID, *, commands: int = 1 + 2 + 4) -> dict[str, Any]:
    """The InitDTO as wire JSON, for tests that break one property of it."""
    where = {"SessionGuid": session_guid, "SectionLetters": "A"}
    tables = [
        {
            **where,
            "TableNumber": table,
            "Rounds": [
                {**where, "TableNumber": table, "RoundNumber": r, **seats(table, r)}
                for r in range(1, ROUNDS + 1)
            ],
        }
        for table in range(1, TABLES + 1)
    ]
    section = {
        "SessionGuid": session_guid,
        "ScoringGroupNumber": 1,
        "Letters": "A",
        "Winners": 2,
        "GameType": 10,
        "Tables": tables,
    }
    session = {
        "SessionGuid": session_guid,
        "EventGuid": session_guid,
        "Name": "Club night",
        "Year": 2026,
        "Month": 11,
        "Day": 29,
        "Hour": 19,
        "Minute": 30,
        "ScoringGroups": [
            {
                "SessionGuid": session_guid,
                "ScoringGroupNumber": 1,
                "ScoringMethod": 10,
                "Sections": [section],
            }
        ],
    }
    players = [
        {"SessionGuid": session_guid, "PlayerNumber": n, "FirstName": first, "LastName": last}
        for n, (first, last) in PLAYERS.items()
    ]
    return {
        "Commands": commands,
        "EventGuid": session_guid,
        "Sessions": [session],
        "PlayerData": players,
    }


def club_night(session_guid: str = SESSION_GUID, *, commands: int = 1 + 2 + 4) -> InitDTO:
    return InitDTO.from_dict(init_data(session_guid, commands=commands))
