"""A session as the Data Connector's InitDTO: its sections, their tables and rounds, which
Bridgemate Control Software loads into the table terminals (docs/bridgemates.md). Pure: the
movement comes in as `movements.Movement`, the DTOs go out as the official client's classes.

Each section is a SectionDTO whose tables list every round: the pairs as they sit (an
arrow-switched round's EW pair in the NS seat, as `movements` already seats it) and the
boards as a range (low to high); the known deals go as hand records. A sit-out table has
pair 0 facing the missing pair and no boards. Sections matchpointed across the field share
one scoring group, which BCS scores as one section; otherwise each is its own group. Pairs
are numbered by their labels, which must be numbers: a Mitchell's NS pairs 1-7 and EW pairs
8-14 keep those numbers.

Example: a 7-table Mitchell, 3 boards a round, switch on the last round; round 7 at table 1
sits EW pair 9 NS: RoundDTO(table_number=1, round_number=7, pair_ns=9, pair_ew=1,
low_board_number=19, high_board_number=21).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from bridgemate_dataconnector.dto import (
    HandrecordDTO,
    InitDTO,
    RoundDTO,
    ScoringGroupDTO,
    SectionDTO,
    SectionUpdateDTO,
    SessionDTO,
    TableDTO,
)

from ..interchange.deals import hands
from ..movements import Movement
from .people import Member, PairPlayers, participations, player_data
from .terminal_settings import TerminalSettings, bridgemate2_settings, bridgemate3_settings

# InitDTO.Commands: start BCS, reset the terminals with this event and start reading their
# results (the guide's InitDTO page adds these flags up; the client's validation takes 0-255).
START_COMMANDS = InitDTO.StartBCS | InitDTO.Command_Reset | InitDTO.Command_StartReading
# ScoringGroupDTO.ScoringMethod by clubscorer's method.
SCORING_METHODS = {"mp": 10, "butler": 20, "cross_imps": 30}
PAIRS_GAME = 10  # SectionDTO.GameType: pairs
# A section as BCS names it: a letter, or one letter twice or three times (A-Z, AA-ZZ,
# AAA-ZZZ; the guide's SectionDTO page).
_LETTERS = re.compile(r"^([A-Z])\1{0,2}$")


class EventRefused(ValueError):
    """The session cannot go to the Bridgemates as it is; the message says why."""


@dataclass(frozen=True)
class BridgemateSection:
    """A section as the Bridgemates need it: its name and movement, its number of winners,
    and its pairs' players as far as they are named."""

    name: str
    movement: Movement
    winners: int
    pairs: tuple[PairPlayers, ...] = ()


@dataclass(frozen=True)
class BridgemateSession:
    """What the InitDTO is made of: the session's name, date, scoring and sections, the
    guids that name the event and the session to BCS (32 upper-case hex digits each), the
    club's members known by number and the club's settings for its terminals."""

    event_guid: str
    session_guid: str
    name: str
    date: datetime.date
    method: str
    across_the_field: bool
    sections: tuple[BridgemateSection, ...]
    deals: Mapping[int, str] = field(default_factory=dict)  # board -> PBN deal, when known
    members: tuple[Member, ...] = ()
    settings: TerminalSettings = field(default_factory=TerminalSettings)


def init_dto(session: BridgemateSession) -> InitDTO:
    """The InitDTO that starts `session` on the Bridgemates; EventRefused naming the section
    or pair that BCS could not take (a section name that is no letters, a pair label that
    is no number, boards that are no range)."""
    sections = [_section(session.session_guid, section) for section in session.sections]
    if session.across_the_field:
        groups = [(1, sections)]
    else:
        groups = [(number, [section]) for number, section in enumerate(sections, start=1)]
    method = SCORING_METHODS[session.method]
    scoring_groups, handrecords = [], []
    boards = {section.name.upper(): section.movement.boards for section in session.sections}
    for number, members in groups:
        for section in members:
            section.scoring_group_number = number
        played = max(boards[str(section.letters)] for section in members)
        handrecords += _handrecords(session, number, str(members[0].letters), played)
        scoring_groups.append(
            ScoringGroupDTO(
                session_guid=session.session_guid,
                sections=members,
                scoring_group_number=number,
                scoring_method=method,
            )
        )
    dto = InitDTO(
        commands=START_COMMANDS,
        event_guid=session.event_guid,
        sessions=[
            SessionDTO(
                scoring_groups=scoring_groups,
                event_guid=session.event_guid,
                session_guid=session.session_guid,
                name=session.name[:50],
                year=session.date.year,
                month=session.date.month,
                day=session.date.day,
            )
        ],
        handrecords=handrecords or None,
    )
    return _add_people_and_settings(dto, session)


def _add_people_and_settings(dto: InitDTO, session: BridgemateSession) -> InitDTO:
    """`dto` with the player data, the first-round participations and both terminals'
    settings, one of each settings for every section."""
    guid = session.session_guid
    members = player_data(guid, session.members)
    numbers = {str(member.player_number) for member in members}
    seated = [
        participation
        for section in session.sections
        for participation in participations(
            guid, section.name.upper(), section.movement, section.pairs, numbers
        )
    ]
    letters = [section.name.upper() for section in session.sections]
    dto.player_data = members or None
    dto.participations = seated or None
    dto.bridgemate2_settings = [bridgemate2_settings(guid, x, session.settings) for x in letters]
    dto.bridgemate3_settings = [bridgemate3_settings(guid, x, session.settings) for x in letters]
    return dto


def section_updates(session: BridgemateSession, club_id: str) -> list[SectionUpdateDTO]:
    """Each section's movement again, for UpdateMovement after the director changed one (a
    table added, a different movement): the same sections, groups and rounds `init_dto`
    sends, as SectionUpdateDTOs. EventRefused as `init_dto`."""
    sessions = init_dto(session).sessions or []
    return [
        SectionUpdateDTO(
            session_guid=session.session_guid,
            club_id=club_id,
            scoring_group_number=group.scoring_group_number,
            scoring_group_scoring_method=group.scoring_method,
            letters=section.letters,
            winners=section.winners,
            game_type=section.game_type,
            tables=section.tables,
        )
        for sent in sessions
        for group in sent.scoring_groups or []
        for section in group.sections or []
    ]


SEAT_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _handrecords(
    session: BridgemateSession, group: int, letters: str, boards: int
) -> list[HandrecordDTO]:
    """The known deals of boards 1 to `boards` for a scoring group, which the terminals show
    the players after each board: each seat's cards suit by suit, a void as "".
    Example: board 1 "N:AKQ.JT9..5432 ..." -> north_spades "AKQ", north_diamonds ""."""
    records = []
    for board in range(1, boards + 1):
        deal = session.deals.get(board)
        if not deal:
            continue
        record = HandrecordDTO(
            session_guid=session.session_guid,
            scoring_group_number=group,
            section_letters=letters,
            board_number=board,
        )
        for seat, suits in hands(deal).items():
            for suit, cards in suits.items():
                setattr(record, f"{SEAT_WORDS[seat]}_{SUIT_WORDS[suit]}", cards)
        records.append(record)
    return records


def _section(session_guid: str, section: BridgemateSection) -> SectionDTO:
    letters = section.name.upper()
    if not _LETTERS.match(letters):
        raise EventRefused(
            f"section {section.name!r}: Bridgemates name a section by a letter, or one"
            " letter two or three times (A, B ... Z, AA, BB ... ZZZ): rename it"
        )
    tables: dict[int, list[RoundDTO]] = {}
    for round_ in section.movement.rounds:
        for seating in round_.tables:
            played = seating.played
            low, high = _board_range(section.name, round_.number, seating.table, seating.boards)
            tables.setdefault(seating.table, []).append(
                RoundDTO(
                    session_guid=session_guid,
                    section_letters=letters,
                    table_number=seating.table,
                    round_number=round_.number,
                    low_board_number=low if played else 0,
                    high_board_number=high if played else 0,
                    pair_ns=_pair_number(section.name, seating.ns),
                    pair_ew=_pair_number(section.name, seating.ew),
                )
            )
    return SectionDTO(
        session_guid=session_guid,
        letters=letters,
        winners=section.winners,
        game_type=PAIRS_GAME,
        tables=[
            TableDTO(
                session_guid=session_guid,
                section_letters=letters,
                table_number=number,
                rounds=rounds,
            )
            for number, rounds in sorted(tables.items())
        ],
    )


def _pair_number(section: str, label: str | None) -> int:
    """A pair's number on the Bridgemates: its label; 0 for a missing pair's empty seat."""
    if label is None:
        return 0
    if not label.isdigit() or int(label) == 0:
        raise EventRefused(
            f"section {section}: pair {label!r}: Bridgemates number pairs 1, 2, 3 ...:"
            " give the pairs numbers"
        )
    return int(label)


def _board_range(section: str, round_: int, table: int, boards: tuple[int, ...]) -> tuple[int, int]:
    """The lowest and highest board of a round's set, which must be every board between."""
    if not boards:
        return 0, 0
    low, high = min(boards), max(boards)
    if sorted(boards) != list(range(low, high + 1)):
        raise EventRefused(
            f"section {section}, round {round_}, table {table}: boards"
            f" {', '.join(map(str, boards))} are not a range, which is all Bridgemates take"
        )
    return low, high
