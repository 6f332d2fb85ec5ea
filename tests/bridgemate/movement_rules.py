"""The rules that need the event BCS holds: a result, a TD call or a participation must name
a section, table and round of the movement, and a result a board played there (the official
client's ResultDTO: "The section must exist", "The table must exist", "The round must exist",
"The board must exist, i.e.: it must have been specified in the RoundDTO's LowBoardNumber and
HighBoardNumber properties"). The guide answers these with error code 4, Movement: "The
included data did not comply to a known section, table in a section or round on a table".

The values of a result (ResultDTO page: ScoringDirection, DeclaringPair, DeclarerDirection,
Level, Denomination, Stake, TotalTricks, the lead card) are checked here too, as they are
read with the round's pairs.
"""

from __future__ import annotations

from tests.bridgemate.connector_state import SessionState
from tests.bridgemate.dto_rules import Dto, number, text


def place_rules(session: SessionState, dto: Dto, what: str) -> list[str]:
    """Section, table and round of `dto` exist in the session's movement."""
    letters, table = text(dto, "SectionLetters"), number(dto, "TableNumber")
    round_number = number(dto, "RoundNumber")
    where = f"{what} {letters}{table} round {round_number}"
    if letters not in session.movement:
        return [f"{where}: section {letters or '?'} is not in the session."]
    if table not in session.movement[letters]:
        return [f"{where}: table {table} is not in section {letters}."]
    if round_number and session.round(letters, table, round_number) is None:
        return [f"{where}: round {round_number} is not played on that table."]
    return []


def result_place_rules(session: SessionState, result: Dto) -> list[str]:
    where = f"Result board {result.get('BoardNumber')}"
    found = place_rules(session, result, where)
    if found or number(result, "RoundNumber") <= 0:
        return found or [f"{where}: RoundNumber must be greater than zero."]
    round_ = session.round(
        text(result, "SectionLetters"), number(result, "TableNumber"), number(result, "RoundNumber")
    )
    assert round_ is not None
    low, high = number(round_, "LowBoardNumber"), number(round_, "HighBoardNumber")
    if not low <= number(result, "BoardNumber") <= high or low <= 0:
        return [f"{where}: the round plays boards {low}-{high} only."]
    return []


def result_value_rules(result: Dto) -> list[str]:
    """ResultDTO page. A deleted result (IsDeleted) carries nothing else to check."""
    where = (
        f"Result {result.get('SectionLetters')}{result.get('TableNumber')} "
        f"round {result.get('RoundNumber')} board {result.get('BoardNumber')}"
    )
    if result.get("IsDeleted"):
        return []
    messages = []
    level = number(result, "Level")
    pairs = (number(result, "PairNorthSouth"), number(result, "PairEastWest"))
    if number(result, "ScoringDirection") not in (1, 2, 3):
        messages.append(f"{where}: ScoringDirection must be 1, 2 or 3 (use 3).")
    if not -10 <= level <= 7:
        messages.append(f"{where}: Level {level} must be -10 to 7.")
    if level >= 1:
        if number(result, "DeclaringPair") not in pairs:
            messages.append(f"{where}: DeclaringPair must be {pairs[0]} or {pairs[1]}.")
        if number(result, "DeclarerDirection") not in (1, 2, 3, 4):
            messages.append(f"{where}: DeclarerDirection must be 1-4 for a contract.")
        if number(result, "Denomination") not in (1, 2, 3, 4, 5):
            messages.append(f"{where}: Denomination must be 1-5 for a contract.")
    if number(result, "Stake") not in (0, 1, 2):
        messages.append(f"{where}: Stake must be 0, 1 or 2.")
    if not 0 <= number(result, "TotalTricks") <= 13:
        messages.append(f"{where}: TotalTricks must be 0-13.")
    rank, suit = number(result, "LeadCardRank"), number(result, "LeadCardSuit")
    if rank and not (2 <= rank <= 14 and 1 <= suit <= 4):
        messages.append(f"{where}: a lead card is rank 2-14 (Ace) of suit 1-4.")
    return messages


def td_call_rules(session: SessionState, call: Dto) -> list[str]:
    """The TD call of the official client's TdCallDTO: a table and round of the movement and a
    Status of 1 launched, 2 in progress, 3 resolved, 4 deferred."""
    messages = place_rules(session, call, "TD call")
    if number(call, "Status") not in (1, 2, 3, 4):
        messages.append(f"TD call: Status {call.get('Status')} must be 1-4.")
    return messages
