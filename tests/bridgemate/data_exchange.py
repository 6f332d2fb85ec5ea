"""The commands of the data exchange: Ping, the Put* commands (towards the tables), the polls
and accepts of the queues (from the tables), and the one table of every command the simulator
answers. Guide, "Overview of communication": the two command tables; the queue semantics are
written out in connector_state.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.bridgemate import event_setup, exchange_rules
from tests.bridgemate.connector_state import ConnectorState, SessionState
from tests.bridgemate.dto_rules import Dto
from tests.bridgemate.movement_rules import (
    place_rules,
    result_place_rules,
    result_value_rules,
    td_call_rules,
)
from tests.bridgemate.requests_in import Refusal, Request, refuse_if
from tests.bridgemate.wire import (
    QUEUE_COMMANDS,
    Command,
    DataType,
    ErrorType,
    Queue,
    error,
    ok,
    response,
)

Handler = Callable[[ConnectorState, Request], dict[str, Any]]
Rules = Callable[[SessionState, Dto], list[str]]


def ping(state: ConnectorState, request: Request) -> dict[str, Any]:
    """Echoes the string: "Serialize a custom string. On deserializing the response's
    SerializedData the same string should return." (fixtures/responses/Ping.json)"""
    echo = request.data()
    if not isinstance(echo, str):
        raise Refusal(ErrorType.WRONG_DATA_TYPE, ["Ping sends a string."])
    return response(request.command, "", DataType.OK, echo)


def _result_rules(session: SessionState, result: Dto) -> list[str]:
    return result_value_rules(result)


def _participation_rules(session: SessionState, participation: Dto) -> list[str]:
    """A participation by number names a player sent before ("Update participations")."""
    messages = exchange_rules.participation_rules(participation)
    number = participation.get("PlayerNumber")
    if number and number not in session.players:
        messages.append(f"Participation: player {number} was not sent as PlayerData first.")
    return messages


def _participation_place(session: SessionState, participation: Dto) -> list[str]:
    return place_rules(session, {**participation, "RoundNumber": 0}, "Participation")


def _no_place(session: SessionState, dto: Dto) -> list[str]:
    return []


def _handrecord_rules(session: SessionState, handrecord: Dto) -> list[str]:
    """Of a scoring group and section of the session: "The handrecords must have a valid
    scoringgroup id" (PutHandrecords)."""
    messages = exchange_rules.handrecord_rules(handrecord)
    if handrecord.get("ScoringGroupNumber") not in session.scoring_methods:
        messages.append(f"Handrecord: no scoring group {handrecord.get('ScoringGroupNumber')}.")
    if handrecord.get("SectionLetters") not in session.sections:
        messages.append(f"Handrecord: section {handrecord.get('SectionLetters')} is not known.")
    return messages


def _settings_rules(pin_key: str) -> Rules:
    """Settings are sent "for each section separately": the section must be the session's."""

    def rules(session: SessionState, settings: Dto) -> list[str]:
        messages = exchange_rules.settings_rules(settings, pin_key)
        if settings.get("SectionLetters") not in session.sections:
            messages.append(f"Settings: section {settings.get('SectionLetters')} is not known.")
        return messages

    return rules


def _player_rules(session: SessionState, player: Dto) -> list[str]:
    return exchange_rules.player_rules(player)


# Put command -> (the places it names in the movement, error code 4; its values, code 5).
PUTS: dict[Command, tuple[Rules, Rules]] = {
    Command.PUT_RESULTS: (result_place_rules, _result_rules),
    Command.PUT_PLAYER_DATA: (_no_place, _player_rules),
    Command.PUT_PARTICIPATIONS: (_participation_place, _participation_rules),
    Command.PUT_HANDRECORDS: (_no_place, _handrecord_rules),
    Command.PUT_TD_CALLS: (td_call_rules, _no_place),
    Command.PUT_BRIDGEMATE2_SETTINGS: (_no_place, _settings_rules("BM2PINcode")),
    Command.PUT_BRIDGEMATE3_SETTINGS: (_no_place, _settings_rules("BM3PINcode")),
}


def put(state: ConnectorState, request: Request) -> dict[str, Any]:
    """Data from the scoring program for BCS and the tables, all or nothing: one DTO that
    breaks a rule refuses the batch. Player data is kept by number ("Existing player data will
    be updated"); everything is recorded, in order, for a test to read."""
    dtos = request.dtos()
    movement_rules, value_rules = PUTS[Command(request.command)]
    with state.locked():
        session = request.session(state)
        refuse_if([m for dto in dtos for m in movement_rules(session, dto)], ErrorType.MOVEMENT)
        refuse_if([m for dto in dtos for m in value_rules(session, dto)])
        if request.command == Command.PUT_PLAYER_DATA:
            session.players.update({dto["PlayerNumber"]: dto for dto in dtos})
        session.sent_to_tables.setdefault(Command(request.command).name, []).extend(dtos)
    return ok(request.command, session.guid, f"{len(dtos)} received")


def poll(queue: Queue, *, every: bool) -> Handler:
    def handle(state: ConnectorState, request: Request) -> dict[str, Any]:
        with state.locked():
            session = request.session(state)
            items = state.poll(queue, session.guid, every=every)
        last = items[-1].item_id if items else 0
        dtos = [item.dto for item in items]
        return response(
            request.command, session.guid, DataType(queue), dtos, last_queue_item_id=last
        )

    return handle


def accept(queue: Queue) -> Handler:
    def handle(state: ConnectorState, request: Request) -> dict[str, Any]:
        last_processed = request.data()
        if not isinstance(last_processed, int) or isinstance(last_processed, bool):
            raise Refusal(ErrorType.WRONG_DATA_TYPE, ["Accept sends the last queue item id."])
        with state.locked():
            session = request.session(state)
            state.accept(queue, session.guid, last_processed)
        return ok(request.command, session.guid, "Accepted")

    return handle


HANDLERS: dict[int, Handler] = {
    Command.PING: ping,
    Command.INITIALIZE_EVENT: event_setup.initialize_event,
    Command.CONTINUE_EVENT: event_setup.continue_event,
    Command.UPDATE_MOVEMENT: event_setup.update_movement,
    Command.UPDATE_SCORING_GROUPS: event_setup.update_scoring_groups,
    **{command: put for command in PUTS},
}
for _queue, (_new, _all, _accept) in QUEUE_COMMANDS.items():
    HANDLERS[_new] = poll(_queue, every=False)
    HANDLERS[_all] = poll(_queue, every=True)
    HANDLERS[_accept] = accept(_queue)


def answer(state: ConnectorState, envelope: Any) -> dict[str, Any]:
    """The ScoringProgramResponse to one request. Commands the guide lists that clubscorer does
    not use (AddSession, ManageBCS, ClearData, GetMovement) answer NotImplemented (8)."""
    command = envelope.get("Command", 0) if isinstance(envelope, dict) else 0
    session_guid = envelope.get("SessionGuid") if isinstance(envelope, dict) else ""
    try:
        request = Request.read(envelope)
        handler = HANDLERS.get(request.command)
        if handler is None:
            raise Refusal(ErrorType.NOT_IMPLEMENTED, [f"Command {command} is not simulated."])
        return handler(state, request)
    except Refusal as refusal:
        return error(command, session_guid, refusal.error_type, refusal.messages)
    except (KeyError, TypeError, ValueError, AttributeError) as failure:
        # A DTO whose properties are not of the types the guide gives: code 7, Exception,
        # "An error occurred while processing the data".
        return error(
            command, session_guid, ErrorType.EXCEPTION, [f"{type(failure).__name__}: {failure}"]
        )
