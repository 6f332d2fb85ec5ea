"""Sending a session to the Bridgemates: its movement as the InitDTO (`event.py`) to the club's
Data Connector, which starts BCS, resets the table terminals with it and starts reading their
results. Each table gets its Bridgemate as a device of its table code (`TableDevice` labelled
BRIDGEMATE), which the audit trail names for every line it sends, as it names a phone.

A session is sent once; sending it again starts a new event (new guids) and resets the
terminals, which the director asks for knowingly (`again`), since results the terminals hold
and have not sent would stay on the old event.
"""

from __future__ import annotations

import secrets
import uuid

from bridgemate_dataconnector.dto import ContinueDTO
from django.db import transaction
from django.utils import timezone

from ..core.section_movement import section_plan, usable_movement
from ..models import BridgemateEvent, BridgemateLink, Pair, Player, Session, TableDevice
from ..models.table_devices import BRIDGEMATE
from ..table_scoring.access import codes_issue, token_hash
from .connector import BridgemateProblem, check_answer, connector
from .event import (
    BridgemateSection,
    BridgemateSession,
    EventRefused,
    init_dto,
    section_updates,
)
from .people import Member, PairPlayers
from .terminal_settings import (
    TerminalSettings,
    bridgemate2_settings,
    bridgemate3_settings,
    settings_from,
    settings_stored,
)


def new_guid() -> str:
    """A guid as BCS takes one: 32 upper-case hex digits, no dashes or braces."""
    return uuid.uuid4().hex.upper()


def club_link(session: Session) -> BridgemateLink:
    """The club's Data Connector; BridgemateProblem when the club has not set it up."""
    link = BridgemateLink.objects.filter(club_id=session.club_id).first()
    if link is None:
        raise BridgemateProblem(
            "the club has no Bridgemates set up: give the Data Connector's address, club id"
            " and licence key first"
        )
    return link


def event_of(
    session: Session, event_guid: str, session_guid: str, link: BridgemateLink | None = None
) -> BridgemateSession:
    """The session as the InitDTO is made of it, with the club's members known by number
    and `link`'s settings for the terminals; BridgemateProblem for a section without a
    movement (the terminals need to know who sits where)."""
    sections = []
    named = _pairs_named(session)
    for section in session.sections.order_by("name"):
        movement = usable_movement(section)
        if movement is None:
            raise BridgemateProblem(
                f"section {section.name} has no movement: the Bridgemates need to know who"
                " sits where (choose its movement on the section's page)"
            )
        winners = section_plan(section).winners or movement.winners
        sections.append(
            BridgemateSection(section.name, movement, winners, named.get(section.pk, ()))
        )
    if not sections:
        raise BridgemateProblem("the session has no sections to send")
    return BridgemateSession(
        event_guid=event_guid,
        session_guid=session_guid,
        name=session.name,
        date=session.date,
        method=session.method,
        across_the_field=session.across_the_field,
        sections=tuple(sections),
        deals=dict(session.boards.exclude(deal="").values_list("number", "deal")),
        members=tuple(
            Member(number, name)
            for number, name in Player.objects.filter(club_id=session.club_id)
            .exclude(member_number="")
            .values_list("member_number", "name")
        ),
        settings=settings_from(link.terminal_settings if link else {}),
    )


def _pairs_named(session: Session) -> dict[int, tuple[PairPlayers, ...]]:
    """Each section's pairs with their players' member numbers (where the register links
    them) and names, by section id."""
    named: dict[int, list[PairPlayers]] = {}
    pairs = Pair.objects.filter(section__session=session).select_related(
        "player1_ref", "player2_ref"
    )
    for pair in pairs:
        players = [
            (ref.member_number if ref else "", name or (ref.name if ref else ""))
            for ref, name in ((pair.player1_ref, pair.player1), (pair.player2_ref, pair.player2))
        ]
        named.setdefault(pair.section_id, []).append(PairPlayers(pair.label, *players))
    return {section: tuple(pairs) for section, pairs in named.items()}


def bridgemates_send(*, session: Session, user=None, again: bool = False) -> BridgemateEvent:
    """Start `session` on the club's Bridgemates; BridgemateProblem in words when the club has
    none set up, the session cannot go as it is, it was sent already (without `again`), or
    the Data Connector does not answer or refuses it."""
    link = club_link(session)
    sent = BridgemateEvent.objects.filter(session=session).first()
    if sent is not None and not again:
        raise BridgemateProblem(
            f"the session was sent to the Bridgemates on {sent.sent_at:%d/%m/%Y at %H:%M};"
            " sending it again starts the terminals afresh"
        )
    event_guid, session_guid = new_guid(), new_guid()
    try:
        dto = init_dto(event_of(session, event_guid, session_guid, link))
    except EventRefused as error:
        raise BridgemateProblem(str(error)) from None
    check_answer(link, connector(link).initialize(dto), "sending the session")
    with transaction.atomic():
        _bridgemate_devices(session)
        values = {
            "event_guid": event_guid,
            "session_guid": session_guid,
            "sent_at": timezone.now(),
            "sent_by": user,
            "polled_at": None,
            "problem": "",
        }
        event, _ = BridgemateEvent.objects.update_or_create(session=session, defaults=values)
    return event


def bridgemates_update_movement(*, event: BridgemateEvent) -> int:
    """Send every section's movement again (UpdateMovement), after the director changed a
    section of a session already on the Bridgemates; how many sections were sent.
    BridgemateProblem as `bridgemates_send`."""
    link = club_link(event.session)
    try:
        updates = section_updates(
            event_of(event.session, event.event_guid, event.session_guid, link), link.bcs_club_id
        )
    except EventRefused as error:
        raise BridgemateProblem(str(error)) from None
    client = connector(link)
    for update in updates:
        check_answer(link, client.update_movement(update), f"sending section {update.letters}")
    return len(updates)


def bridgemates_settings_save(*, session: Session, settings: TerminalSettings) -> bool:
    """Keep `settings` as the club's choices for its terminals and, when `session` is on the
    Bridgemates, send them to its sections at once (PutBridgemate2Settings and
    PutBridgemate3Settings, each section's); whether they were sent. BridgemateProblem, the
    choices kept, when the Data Connector does not answer or refuses."""
    link = club_link(session)
    link.terminal_settings = settings_stored(settings)
    link.save(update_fields=["terminal_settings"])
    event = BridgemateEvent.objects.filter(session=session).first()
    if event is None:
        return False
    names = session.sections.order_by("name").values_list("name", flat=True)
    letters = [name.upper() for name in names]
    guid = event.session_guid
    client = connector(link)
    answer = client.send_bridgemate2_settings(
        guid, [bridgemate2_settings(guid, section, settings) for section in letters]
    )
    check_answer(link, answer, "sending the Bridgemate 2 settings")
    answer = client.send_bridgemate3_settings(
        guid, [bridgemate3_settings(guid, section, settings) for section in letters]
    )
    check_answer(link, answer, "sending the Bridgemate 3 settings")
    return True


# ContinueDTO.Commands 5: start BCS, let it reconnect to the event's scoring file and read.
CONTINUE_COMMANDS = 5


def bridgemates_continue(*, event: BridgemateEvent) -> None:
    """Have BCS go on with `event` after BCS or clubscorer was restarted: it reconnects to the
    event and reads the terminals again; what they entered meanwhile comes with the next
    fetch, and what was fetched before is not sent again (the queue was accepted).
    BridgemateProblem when the Data Connector does not answer or refuses."""
    link = club_link(event.session)
    dto = ContinueDTO(
        event_guid=event.event_guid, club_id=link.bcs_club_id, commands=CONTINUE_COMMANDS
    )
    check_answer(link, connector(link).continue_event(dto), "continuing the session")


def _bridgemate_devices(session: Session) -> None:
    """A Bridgemate device on every table's code that has none (codes issued as needed)."""
    codes = codes_issue(session=session)
    having = set(
        TableDevice.objects.filter(
            table_code__in=codes, label=BRIDGEMATE, revoked_at=None
        ).values_list("table_code_id", flat=True)
    )
    TableDevice.objects.bulk_create(
        TableDevice(table_code=code, label=BRIDGEMATE, token=token_hash(secrets.token_urlsafe(32)))
        for code in codes
        if code.pk not in having
    )
