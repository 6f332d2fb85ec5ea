"""Who plays, as the terminals show it: the club's members as the Data Connector's PlayerData
(so that a member keying in a number at a table is shown by name) and the pairs' players in
their first-round seats as Participations (so that the terminals greet them by name and BCS
follows them round by round through the movement). Pure: names and numbers in, the client's
DTOs out.

A player the register knows by a member number goes by that number (the guide: a
participation with a PlayerNumber needs the number's PlayerData sent first); any other named
player goes by name only, registered for this session alone. A pair that sits out the first
round has no seat to start from and goes without names until its players key them in.

Example: pair 3 of section A, "Ann Lee" (member 1001) and "Bob Ray" (not in the register),
sitting NS at table 3 in round 1 -> Participation(A, table 3, North, player_number "1001") and
Participation(A, table 3, South, first_name "Bob", last_name "Ray").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgemate_dataconnector.dto import ParticipationDTO, PlayerDataDTO, TableDirection

from ..movements import Movement


@dataclass(frozen=True)
class Member:
    """A register entry with a member number."""

    number: str
    name: str


@dataclass(frozen=True)
class PairPlayers:
    """A pair's two players as its line names them: each a member number (empty when the
    register does not know the player by one) and the name as typed."""

    label: str
    first: tuple[str, str]
    second: tuple[str, str]


def split_name(name: str) -> tuple[str, str]:
    """A name as first and last name, which the terminals show apart: "Lee, Ann" and
    "Ann Lee" -> ("Ann", "Lee"); "Lee" -> ("", "Lee"). A last name of several words is
    written before a comma: "van der Berg, Ann" -> ("Ann", "van der Berg")."""
    name = " ".join(name.split())
    if "," in name:
        last, _, first = name.partition(",")
        return first.strip(), last.strip()
    first, _, last = name.rpartition(" ")
    return first, last


def player_data(session_guid: str, members: Iterable[Member]) -> list[PlayerDataDTO]:
    """The members as PlayerData of the session, one a number (the first name met wins, as
    the register holds one person a number)."""
    sent: dict[str, PlayerDataDTO] = {}
    for member in members:
        first, last = split_name(member.name)
        number = member.number.strip()
        if number and last and number not in sent:
            sent[number] = PlayerDataDTO(
                session_guid=session_guid,
                player_number=number,
                first_name=first or None,
                last_name=last,
            )
    return list(sent.values())


def participations(
    session_guid: str,
    letters: str,
    movement: Movement,
    pairs: Iterable[PairPlayers],
    numbers_sent: set[str],
) -> list[ParticipationDTO]:
    """The named players of a section's pairs in their first-round seats: the first player
    North (or East), the second South (or West). A number goes only when it is among
    `numbers_sent` (sent as PlayerData), else the name."""
    seats: dict[str, tuple[int, TableDirection, TableDirection]] = {}
    if movement.rounds:
        for seating in movement.rounds[0].tables:
            if seating.ns is not None:
                seats[seating.ns] = (seating.table, TableDirection.North, TableDirection.South)
            if seating.ew is not None:
                seats[seating.ew] = (seating.table, TableDirection.East, TableDirection.West)
    sent = []
    for pair in pairs:
        if pair.label not in seats:
            continue
        table, *directions = seats[pair.label]
        for (number, name), direction in zip((pair.first, pair.second), directions, strict=True):
            participation = ParticipationDTO(
                session_guid=session_guid,
                section_letters=letters,
                table_number=table,
                direction=direction,
                round_number=1,
            )
            first, last = split_name(name)
            if number in numbers_sent:
                participation.player_number = number
            elif last:
                participation.first_name, participation.last_name = first or None, last
            else:
                continue
            sent.append(participation)
    return sent
