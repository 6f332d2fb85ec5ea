"""The players' member numbers keyed in at the Bridgemates (the Data Connector's player data
and participations queues), given to the pairs sitting there and linked to the register by
number; accepted on the queues once stored."""

from __future__ import annotations

from bridgemate_dataconnector import DataConnectorClient
from bridgemate_dataconnector.dto import DataConnectorResponseData, TableDirection

from ..core.section_movement import usable_movement
from ..models import BridgemateEvent, BridgemateLink, Pair, Player
from ..movements import Movement
from ..players.linking import session_link_players
from ..players.session_names import pairs_set_names
from .connector import check_answer

# A participation's seat: the pair sitting NS or EW, and its first or second player.
SEAT_SLOTS = {
    TableDirection.North: ("ns", 0),
    TableDirection.South: ("ns", 1),
    TableDirection.East: ("ew", 0),
    TableDirection.West: ("ew", 1),
}


def players_take(event: BridgemateEvent, client: DataConnectorClient, link: BridgemateLink) -> int:
    """The player numbers keyed in at the tables, as the players of the pairs sitting there:
    written "Name (number)" (the register's name for a member number it holds, else the one
    BCS gives, else the number alone), so that the register links them by number
    (players/linking.py: a member number is a sure match). Example: 1001 keyed in at North
    of table A3 in round 1, the register's Ann Lee having member number 1001 -> pair 3's first
    player "Ann Lee (1001)", linked to her. Returns how many pairs were named."""
    known = {
        data.player_number: " ".join(filter(None, (data.first_name, data.last_name)))
        for data in client.poll_for_player_data(event.session_guid)
        if data.player_number
    }
    if known:
        answer = client.accept_queue_data(event.session_guid, DataConnectorResponseData.PlayerData)
        check_answer(link, answer, "accepting the players' data")
    seated = client.poll_for_participations(event.session_guid)
    register = dict(
        Player.objects.filter(
            club_id=event.session.club_id,
            member_number__in=[p.player_number for p in seated if p.player_number],
        ).values_list("member_number", "name")
    )
    names: dict[tuple[str, str], list[str]] = {}
    sections = {s.name.upper(): s for s in event.session.sections.all()}
    current = {
        (pair.section_id, pair.label): [pair.player1, pair.player2]
        for pair in Pair.objects.filter(section__session=event.session)
    }
    movements = {name: usable_movement(section) for name, section in sections.items()}
    for seat in seated:
        letters = (seat.section_letters or "").strip().upper()
        section = sections.get(letters)
        slot = SEAT_SLOTS.get(seat.direction)
        number = (seat.player_number or "").strip()
        if section is None or slot is None or not number or seat.is_removal:
            continue
        seating = _seating(movements[letters], seat.table_number, seat.round_number)
        label = getattr(seating, slot[0]) if seating else None
        if label is None:
            continue
        pair = names.setdefault(
            (section.name, label), list(current.get((section.pk, label), ["", ""]))
        )
        name = register.get(number) or known.get(number) or seat_name(seat)
        pair[slot[1]] = f"{name} ({number})" if name else number
    for (section_name, label), (first, second) in names.items():
        pairs_set_names(
            section=sections[section_name.upper()],
            names=[(label, first, second)],
            add_missing=False,
        )
    if seated:
        answer = client.accept_queue_data(
            event.session_guid, DataConnectorResponseData.Participations
        )
        check_answer(link, answer, "accepting the players' seats")
    if names:
        session_link_players(session=event.session)
    return len(names)


def seat_name(seat) -> str:
    return " ".join(filter(None, (seat.first_name, seat.last_name)))


def _seating(movement: Movement | None, table: int, round_: int):
    if movement is None or not 1 <= round_ <= len(movement.rounds):
        return None
    return movement.rounds[round_ - 1].seating(table)
