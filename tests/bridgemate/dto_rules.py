"""The rules the guide writes for the DTOs a scoring program sends, checked on the parsed JSON.

Each function returns the broken rules as messages (an empty list: the DTO passes). Only what
the guide states as a requirement is checked: "Required", "Must be", "uniquely defines",
"Valid values are". The pages are those of the "Bridgemate Data Connector developer's guide"
(github.com/BridgeSystems/Bridgemate-Data-Connector-Scoring-Program-Client, Documentation/MD):
InitDTO, SessionDTO, ScoringGroupDTO, SectionDTO, TableDTO, RoundDTO, ContinueDTO. The DTOs
of the data exchange (player data, participations, hand records, settings) have theirs in
exchange_rules.py.

Rules that need the event's movement (does the table exist, is the board played in that
round) are in movement_rules.py; these need nothing but the DTO.
"""

from __future__ import annotations

import calendar
import re
from collections import Counter
from typing import Any

Dto = dict[str, Any]

GUID = re.compile(r"[0-9A-F]{32}")
SCORING_METHODS = (10, 20, 30, 40, 50, 51, 60, 70)  # ScoringGroupDTO page
GAME_TYPES = (10, 20, 30)  # SectionDTO page: pairs, individual, teams
# InitDTO page: 1 start BCS and 2 reset "Always include"; ContinueDTO page: only these may be
# summed, "the other command values ... are invalid".
INIT_ALWAYS = 1 | 2
CONTINUE_ALLOWED = 1 | 4 | 16 | 32 | 128


def number(dto: Dto, key: str) -> int:
    """An integer property; absent or null reads as 0, as the .NET deserializer leaves it."""
    value = dto.get(key)
    return value if isinstance(value, int) else 0


def text(dto: Dto, key: str) -> str:
    value = dto.get(key)
    return value.strip() if isinstance(value, str) else ""


def guid_rule(dto: Dto, key: str, where: str) -> list[str]:
    """ "A guid uniquely defining the session. Must be exactly 32 character long, uppercase and
    cannot contain dashes or curly braces." (every DTO page)"""
    value = dto.get(key)
    if isinstance(value, str) and GUID.fullmatch(value):
        return []
    return [f"{where}: {key} '{value}' is not 32 uppercase hexadecimal characters."]


def unique_rule(values: list[Any], what: str, where: str) -> list[str]:
    return [
        f"{where}: {what} {value} occurs {count} times; it must be unique."
        for value, count in Counter(values).items()
        if count > 1
    ]


def init_rules(init: Dto) -> list[str]:
    """InitDTO page: Commands include 1 and 2; at least one session; EventGuid required (and
    each session's EventGuid the same) when there are several; then each session, and the
    section letters unique in the event (SectionDTO, Letters) as the scoring group numbers
    are (ScoringGroupDTO, ScoringGroupNumber)."""
    messages = []
    commands = number(init, "Commands")
    if commands & INIT_ALWAYS != INIT_ALWAYS or not 0 <= commands <= 255:
        messages.append(f"InitDTO: Commands {commands} must include 1 (start BCS) and 2 (reset).")
    sessions = init.get("Sessions") or []
    if not sessions:
        return [*messages, "InitDTO: at least one session is required."]
    if len(sessions) > 1 or init.get("EventGuid"):
        messages += guid_rule(init, "EventGuid", "InitDTO")
        for session in sessions:
            if len(sessions) > 1 and session.get("EventGuid") != init.get("EventGuid"):
                messages.append(
                    f"Session {session.get('SessionGuid')}: EventGuid must be the InitDTO's."
                )
    for session in sessions:
        messages += session_rules(session)
    messages += unique_rule([s.get("SessionGuid") for s in sessions], "SessionGuid", "InitDTO")
    groups = [g for s in sessions for g in s.get("ScoringGroups") or []]
    sections = [c for g in groups for c in g.get("Sections") or []]
    messages += unique_rule([c.get("Letters") for c in sections], "section", "Event")
    messages += unique_rule([g.get("ScoringGroupNumber") for g in groups], "scoring group", "Event")
    return messages


def session_rules(session: Dto) -> list[str]:
    """SessionDTO page: SessionGuid; Year at least 2000, Month 1-12, Day a day of that month,
    Hour 0-23, Minute 0-59; at least one scoring group."""
    where = f"Session {session.get('SessionGuid')}"
    messages = guid_rule(session, "SessionGuid", where)
    year, month, day = number(session, "Year"), number(session, "Month"), number(session, "Day")
    if year < 2000:
        messages.append(f"{where}: Year {year} must be at least 2000.")
    if not 1 <= month <= 12:
        messages.append(f"{where}: Month {month} must be between 1 and 12.")
    elif year >= 1 and not 1 <= day <= calendar.monthrange(year, month)[1]:
        messages.append(f"{where}: Day {day} is not a day of {year}-{month:02}.")
    if not 0 <= number(session, "Hour") <= 23 or not 0 <= number(session, "Minute") <= 59:
        messages.append(f"{where}: Hour must be 0-23 and Minute 0-59.")
    groups = session.get("ScoringGroups") or []
    if not groups:
        messages.append(f"{where}: at least one scoring group is required.")
    for group in groups:
        messages += scoring_group_rules(group, session.get("SessionGuid"))
    return messages


def scoring_group_rules(
    group: Dto, session_guid: Any, *, tables_required: bool = True
) -> list[str]:
    """ScoringGroupDTO page: the session's guid, a number above zero, a ScoringMethod of the
    list, its sections (none when IsDeleted, as "Delete scoringgroups" says)."""
    where = f"Scoring group {group.get('ScoringGroupNumber')}"
    messages = guid_rule(group, "SessionGuid", where)
    if group.get("SessionGuid") != session_guid:
        messages.append(f"{where}: SessionGuid must be the session's ({session_guid}).")
    if number(group, "ScoringGroupNumber") <= 0:
        messages.append(f"{where}: ScoringGroupNumber must be greater than zero.")
    if number(group, "ScoringMethod") not in SCORING_METHODS:
        messages.append(
            f"{where}: ScoringMethod {group.get('ScoringMethod')} is not one of "
            f"{', '.join(map(str, SCORING_METHODS))}."
        )
    sections = group.get("Sections") or []
    if group.get("IsDeleted"):
        if sections:
            messages.append(f"{where}: a scoring group to delete must have no sections.")
        return messages
    if not sections:
        messages.append(f"{where}: at least one section is required.")
    for section in sections:
        if section.get("ScoringGroupNumber") != group.get("ScoringGroupNumber"):
            messages.append(
                f"Section {section.get('Letters')}: ScoringGroupNumber must be {where}'s."
            )
        messages += section_rules(section, session_guid, tables_required=tables_required)
    return messages


def section_rules(section: Dto, session_guid: Any, *, tables_required: bool) -> list[str]:
    """SectionDTO and SectionUpdateDTO pages: Letters required, Winners 1 or 2, GameType 10,
    20 or 30, the source sections of a combi section; the tables numbered uniquely, each with
    its rounds (TableDTO: "Required if the TableDTO is part of an InitDTO")."""
    letters = text(section, "Letters")
    where = f"Section {letters or '?'}"
    messages = guid_rule(section, "SessionGuid", where)
    if section.get("SessionGuid") != session_guid:
        messages.append(f"{where}: SessionGuid must be the session's ({session_guid}).")
    if not letters:
        messages.append("Section: Letters are required.")
    if number(section, "Winners") not in (1, 2):
        messages.append(f"{where}: Winners {section.get('Winners')} must be 1 or 2.")
    if number(section, "GameType") not in GAME_TYPES:
        messages.append(f"{where}: GameType {section.get('GameType')} must be 10, 20 or 30.")
    if section.get("IsCombiSection") and not (
        text(section, "NorthSouthPairSectionLetters")
        and text(section, "EastWestPairSectionLetters")
    ):
        messages.append(f"{where}: a combi section names its NS and EW source sections.")
    tables = section.get("Tables") or []
    if tables_required and not tables:
        messages.append(f"{where}: the movement (Tables) is required.")
    messages += unique_rule([t.get("TableNumber") for t in tables], "table", where)
    for table in tables:
        messages += table_rules(table, section, rounds_required=tables_required)
    messages += pair_rules(section)
    return messages


def table_rules(table: Dto, section: Dto, *, rounds_required: bool) -> list[str]:
    """TableDTO and RoundDTO pages: each carries its session, section and table; table and
    round numbers are above zero and a round number is unique on its table; a round that is
    played has its boards (LowBoardNumber to HighBoardNumber)."""
    where = f"Table {section.get('Letters')}{table.get('TableNumber')}"
    messages = []
    if number(table, "TableNumber") <= 0:
        messages.append(f"{where}: TableNumber must be greater than zero.")
    rounds = table.get("Rounds") or []
    if rounds_required and not rounds:
        messages.append(f"{where}: Rounds are required.")
    messages += unique_rule([r.get("RoundNumber") for r in rounds], "round", where)
    for dto in (table, *rounds):
        if dto.get("SessionGuid") != section.get("SessionGuid"):
            messages.append(f"{where}: SessionGuid must be the section's.")
        if dto.get("SectionLetters") != section.get("Letters"):
            messages.append(f"{where}: SectionLetters must be the section's.")
    for round_ in rounds:
        if round_.get("TableNumber") != table.get("TableNumber"):
            messages.append(f"{where}: round {round_.get('RoundNumber')} names another table.")
        if number(round_, "RoundNumber") <= 0:
            messages.append(f"{where}: RoundNumber must be greater than zero.")
        low, high = number(round_, "LowBoardNumber"), number(round_, "HighBoardNumber")
        plays = number(round_, "PairNS") > 0 and number(round_, "PairEW") > 0
        if plays and not 0 < low <= high:
            messages.append(
                f"{where} round {round_.get('RoundNumber')}: boards {low}-{high} are not a range."
            )
    return messages


def pair_rules(section: Dto) -> list[str]:
    """RoundDTO page, PairNS and PairEW: with one winner a pair number is unique among all the
    pairs of a round in the section; with two, among the NS pairs and among the EW pairs."""
    by_round: dict[int, list[tuple[str, int]]] = {}
    for table in section.get("Tables") or []:
        for round_ in table.get("Rounds") or []:
            seats = by_round.setdefault(number(round_, "RoundNumber"), [])
            seats += [(side, number(round_, f"Pair{side}")) for side in ("NS", "EW")]
    messages = []
    two_winners = number(section, "Winners") == 2
    for round_number, seats in sorted(by_round.items()):
        seated = [(side if two_winners else "", pair) for side, pair in seats if pair > 0]
        where = f"Section {section.get('Letters')} round {round_number}"
        messages += unique_rule([f"{side} {pair}".strip() for side, pair in seated], "pair", where)
    return messages


def continue_rules(continuation: Dto) -> list[str]:
    """ContinueDTO page: a valid EventGuid; Commands a sum of 1, 4, 16, 32 and 128 only."""
    messages = guid_rule(continuation, "EventGuid", "ContinueDTO")
    commands = number(continuation, "Commands")
    if commands & ~CONTINUE_ALLOWED:
        messages.append(
            f"ContinueDTO: Commands {commands} may only sum 1, 4, 16, 32 and 128 "
            f"(2, reset, belongs to InitializeEvent)."
        )
    return messages
