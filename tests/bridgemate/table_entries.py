"""What a player keys into a Bridgemate, written the way a traveller reads, turned into the
fields of a ResultDTO (guide, page "ResultDTO").

    "4HX N 10 SA"  4 hearts doubled by North, 10 tricks, lead the ace of spades:
                   Level 4, Denomination 3, Stake 1, DeclarerDirection 1, TotalTricks 10,
                   LeadCardSuit 4, LeadCardRank 14
    "3NT S 8"      3 no trump by South, 8 tricks, no lead entered
    "PASS"         passed out: Level 0
    "NOPLAY"       the board was not played: Level -10
    "AVG+/AVG-"    an artificial score, for the scoring direction first: Level -7
"""

from __future__ import annotations

from typing import Any

DECLARERS = {"N": 1, "E": 2, "S": 3, "W": 4}
STRAINS = {"C": 1, "D": 2, "H": 3, "S": 4, "NT": 5}
STAKES = {"": 0, "X": 1, "XX": 2}
SUITS = {"C": 1, "D": 2, "H": 3, "S": 4}
RANKS = {**{str(n): n for n in range(2, 10)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
# The Level of the guide's table of artificial results.
SPECIAL_LEVELS = {
    "PASS": 0,
    "AVG-/AVG-": -1,
    "AVG-/AVG": -2,
    "AVG-/AVG+": -3,
    "AVG/AVG-": -4,
    "AVG/AVG": -5,
    "AVG/AVG+": -6,
    "AVG+/AVG-": -7,
    "AVG+/AVG": -8,
    "AVG+/AVG+": -9,
    "NOPLAY": -10,
}


def result_fields(entry: str) -> dict[str, Any]:
    """The ResultDTO properties an entry sets, except the places and the pairs."""
    words = entry.upper().split()
    if len(words) == 1 and words[0] in SPECIAL_LEVELS:
        return {"Level": SPECIAL_LEVELS[words[0]], "Denomination": 0, "DeclarerDirection": 0}
    if len(words) not in (3, 4):
        raise ValueError(f"{entry!r}: write a contract, declarer and tricks, e.g. '4H N 10'")
    contract, declarer, tricks = words[:3]
    level, rest = int(contract[0]), contract[1:]
    strain = "NT" if rest.startswith("NT") else rest[:1]
    fields: dict[str, Any] = {
        "Level": level,
        "Denomination": STRAINS[strain],
        "Stake": STAKES[rest[len(strain) :]],
        "DeclarerDirection": DECLARERS[declarer],
        "TotalTricks": int(tricks),
        "LeadCardSuit": 0,
        "LeadCardRank": 0,
    }
    if len(words) == 4:
        lead = words[3].replace("10", "T")
        fields |= {"LeadCardSuit": SUITS[lead[0]], "LeadCardRank": RANKS[lead[1:]]}
    return fields
