"""A Bridgemate's result (the Data Connector's ResultDTO) as a traveller line: the board, the
round and table, the pairs as they sat, the result as a Ruling and the lead. Pure: the
vulnerability comes in, the Ruling is made by the same rules as a phone's or the grid's
(`scoring.notation.outcome_from_contract`), never from text.

The DTO's numbers (the guide's ResultDTO page): `level` 1-7 a contract, 0 passed out, -10 not
played, -1 to -9 an artificial score, Average minus / Average / Average plus for the scoring
side and its opponents (-1 Avg-/Avg-, -2 Avg-/Avg, ... -9 Avg+/Avg+); `denomination` 1-5
clubs to no trump; `stake` 0-2; `declarer_direction` 1-4 North to West; `total_tricks` the
tricks declarer's side took; the lead as `lead_card_rank` (2-14, 14 the ace) and
`lead_card_suit` (1-4 clubs to spades). A scoring direction of 3 (both sides, the only one
BCS sends) reads an artificial code from NS's side.

Example: level 4, denomination 4, stake 1, declarer 2 (East), 8 tricks, on a board with EW
vulnerable, NS pair 3 v EW pair 10 -> 4SX by E, 8 tricks, NS +500; lead rank 13 suit 3 -> HK.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgemate_dataconnector.dto import ResultDTO

from ..scoring.board import SEATS as BOARD_SEATS
from ..scoring.contract import STRAINS as CONTRACT_STRAINS
from ..scoring.contract import Contract, ContractError
from ..scoring.notation import Outcome, outcome_from_contract
from ..scoring.rulings import Ruling, played

# The DTO's numbers in clubscorer's order of seats (1 North ... 4 West), of strains (1 clubs
# ... 5 no trump) and of suits (1 clubs ... 4 spades); ranks 2-14 as a card is written.
SEATS = dict(enumerate(BOARD_SEATS, start=1))
STRAINS = dict(enumerate(CONTRACT_STRAINS, start=1))
SUITS = dict(enumerate(CONTRACT_STRAINS[:4], start=1))
RANKS = dict(zip(range(14, 1, -1), "AKQJT98765432", strict=True))
NOT_PLAYED = -10
# The artificial codes -1 to -9: (the scoring side's, its opponents').
ARTIFICIAL = {
    -1: ("A-", "A-"),
    -2: ("A-", "A"),
    -3: ("A-", "A+"),
    -4: ("A", "A-"),
    -5: ("A", "A"),
    -6: ("A", "A+"),
    -7: ("A+", "A-"),
    -8: ("A+", "A"),
    -9: ("A+", "A+"),
}


class ResultRefused(ValueError):
    """A result that is no bridge result; the message names the field."""


@dataclass(frozen=True)
class BridgemateLine:
    """A Bridgemate's result as clubscorer stores a line (pairs as labels)."""

    section: str
    table: int
    round: int
    board: int
    ns: str
    ew: str
    ruling: Ruling
    lead: str
    deleted: bool


def line_of(result: ResultDTO, vulnerability: str) -> BridgemateLine:
    """The line `result` says on a board of `vulnerability` ("None", "NS", "EW", "All");
    ResultRefused naming what cannot be read."""
    return BridgemateLine(
        section=(result.section_letters or "").strip(),
        table=result.table_number,
        round=result.round_number,
        board=result.board_number,
        ns=str(result.pair_north_south),
        ew=str(result.pair_east_west),
        ruling=played(_outcome(result, vulnerability)),
        lead=lead_of(result),
        deleted=result.is_deleted,
    )


def _outcome(result: ResultDTO, vulnerability: str) -> Outcome:
    level = result.level
    if level == NOT_PLAYED:
        return Outcome("not_played")
    if level in ARTIFICIAL:
        mine, theirs = ARTIFICIAL[level]
        if result.scoring_direction == ResultDTO.ScoringDirection_EW:
            mine, theirs = theirs, mine
        return Outcome("artificial", ns_artificial=mine, ew_artificial=theirs)
    if level == 0:
        return outcome_from_contract(Contract(0, "", 0), "", 0, vulnerability)
    if not 1 <= level <= 7:
        raise ResultRefused(f"level {level} is no contract level (1-7, 0 pass, -1 to -10)")
    strain = STRAINS.get(result.denomination)
    declarer = SEATS.get(result.declarer_direction)
    if strain is None:
        raise ResultRefused(f"denomination {result.denomination} is no strain (1-5)")
    if declarer is None:
        raise ResultRefused(f"declarer direction {result.declarer_direction} is no seat (1-4)")
    if result.stake not in (0, 1, 2):
        raise ResultRefused(f"stake {result.stake} is not 0, 1 (doubled) or 2 (redoubled)")
    try:
        contract = Contract(level, strain, result.stake)
        return outcome_from_contract(contract, declarer, result.total_tricks, vulnerability)
    except ContractError as error:
        raise ResultRefused(str(error)) from None


def lead_of(result: ResultDTO) -> str:
    """The lead as a line stores it ("HK"), "" when the table gave none."""
    if not result.lead_card_rank:
        return ""
    rank, suit = RANKS.get(result.lead_card_rank), SUITS.get(result.lead_card_suit)
    if rank is None or suit is None:
        raise ResultRefused(
            f"lead rank {result.lead_card_rank} suit {result.lead_card_suit} is no card"
        )
    return suit + rank
