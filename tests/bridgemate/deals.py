"""A hand record that passes the guide's HandrecordDTO rules, for the tests that send one."""

from __future__ import annotations

from typing import Any

# North holds the top of every suit; West the two of spades and the rest of the small cards.
HOLDINGS = {
    "North": {"Spades": "AKQJ", "Hearts": "AKQ", "Diamonds": "AKQ", "Clubs": "AKQ"},
    "East": {"Spades": "T987", "Hearts": "JT9", "Diamonds": "JT9", "Clubs": "JT9"},
    "South": {"Spades": "6543", "Hearts": "876", "Diamonds": "876", "Clubs": "876"},
    "West": {"Spades": "2", "Hearts": "5432", "Diamonds": "5432", "Clubs": "5432"},
}

STRAINS = ("Clubs", "Diamonds", "Hearts", "Spades", "NoTrump")


def handrecord(session_guid: str, board: int, *, section: str = "A") -> dict[str, Any]:
    cards = {
        f"{hand}{suit}": held for hand, suits in HOLDINGS.items() for suit, held in suits.items()
    }
    return {
        "SessionGuid": session_guid,
        "ScoringGroupNumber": 1,
        "SectionLetters": section,
        "BoardNumber": board,
        **cards,
        "HasHandEvaluationData": False,
        **{f"DoubleDummy{hand}{strain}": 0 for hand in HOLDINGS for strain in STRAINS},
        "ValidationMessages": None,
    }
