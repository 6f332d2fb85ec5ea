"""The guide's rules for the DTOs of the data exchange, which the InitDTO may carry too:
PlayerDataDTO, ParticipationDTO, HandrecordDTO and the two BridgemateSettingsDTO pages of the
"Bridgemate Data Connector developer's guide", and "Update participations". As in
dto_rules.py, each function returns the broken rules as messages.
"""

from __future__ import annotations

import re
from typing import Any

from tests.bridgemate.dto_rules import Dto, guid_rule, number, text

CARDS = "AKQJT98765432"
SUITS = ("Clubs", "Diamonds", "Hearts", "Spades")
HANDS = ("North", "East", "South", "West")


def player_rules(player: Dto) -> list[str]:
    """PlayerDataDTO page: SessionGuid, PlayerNumber and LastName are required."""
    where = f"Player {player.get('PlayerNumber')}"
    messages = guid_rule(player, "SessionGuid", where)
    if not text(player, "PlayerNumber"):
        messages.append("Player: PlayerNumber is required.")
    if not text(player, "LastName"):
        messages.append(f"{where}: LastName is required.")
    return messages


def participation_rules(participation: Dto) -> list[str]:
    """ParticipationDTO page and "Update participations": a player by number (no names) or by
    last name (no number); Direction 1-4; round zero or one only."""
    where = f"Participation {participation.get('SectionLetters')}{participation.get('TableNumber')}"
    messages = guid_rule(participation, "SessionGuid", where)
    has_number = bool(text(participation, "PlayerNumber"))
    has_name = bool(text(participation, "LastName") or text(participation, "FirstName"))
    if has_number == has_name and not participation.get("IsRemoval"):
        messages.append(
            f"{where}: give either the PlayerNumber or the player's name, not both or neither."
        )
    if number(participation, "Direction") not in (1, 2, 3, 4):
        messages.append(f"{where}: Direction must be 1-4 (North, East, South, West).")
    if number(participation, "RoundNumber") not in (0, 1):
        messages.append(f"{where}: only participations for round 0 or 1 are accepted.")
    return messages


def handrecord_rules(handrecord: Dto) -> list[str]:
    """HandrecordDTO page: SessionGuid, ScoringGroupNumber, SectionLetters, BoardNumber; each
    holding of the cards A K Q J T 9 8 7 6 5 4 3 2 (empty for a void), so each hand has 13
    cards and each card of a suit is dealt once."""
    where = f"Handrecord {handrecord.get('SectionLetters')} board {handrecord.get('BoardNumber')}"
    messages = guid_rule(handrecord, "SessionGuid", where)
    if number(handrecord, "ScoringGroupNumber") <= 0 or number(handrecord, "BoardNumber") <= 0:
        messages.append(f"{where}: ScoringGroupNumber and BoardNumber must be above zero.")
    holdings = {(h, s): handrecord.get(f"{h}{s}") for h in HANDS for s in SUITS}
    bad = [h + s for (h, s), cards in holdings.items() if not _is_holding(cards)]
    if bad:
        return [*messages, f"{where}: {', '.join(bad)} hold other than the cards {CARDS}."]
    for hand in HANDS:
        if sum(len(holdings[hand, s] or "") for s in SUITS) != 13:
            messages.append(f"{where}: {hand} does not hold 13 cards.")
    for suit in SUITS:
        dealt = "".join(holdings[h, suit] or "" for h in HANDS)
        if sorted(dealt) != sorted(CARDS):
            messages.append(f"{where}: the {suit.lower()} are not dealt once each.")
    return messages


def _is_holding(cards: Any) -> bool:
    return cards is None or (isinstance(cards, str) and all(card in CARDS for card in cards))


def settings_rules(settings: Dto, pin_key: str) -> list[str]:
    """Bridgemate2SettingsDTO / Bridgemate3SettingsDTO pages: SessionGuid and SectionLetters
    required; the PIN code, when given, "a string of four digits"."""
    where = f"Settings {settings.get('SectionLetters')}"
    messages = guid_rule(settings, "SessionGuid", where)
    if not text(settings, "SectionLetters"):
        messages.append("Settings: SectionLetters are required.")
    pin = settings.get(pin_key)
    if pin not in (None, "") and not (isinstance(pin, str) and re.fullmatch(r"\d{4}", pin)):
        messages.append(f"{where}: {pin_key} '{pin}' is not four digits.")
    return messages
