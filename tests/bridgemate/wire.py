"""The Data Connector's wire vocabulary, written down from the vendor's guide, not imported
from the official client: the simulator must not agree with the client by construction.

The numbers are the guide's ("Bridgemate Data Connector developer's guide", page "Overview of
communication": the command, data type and error code tables). The TD-call commands (36-39)
and their data type (21) are newer than the guide; they come from the golden envelopes in
tests/bridgemate/fixtures (PollQueueForNewTdCalls.json and its neighbours).

A response is the envelope every fixture under tests/bridgemate/fixtures/responses has:
RequestCommand, DataType, LastQueueItemId, ErrorType, SessionGuid and SerializedData, the last
one a JSON document serialized a second time (a string, a list of DTOs).
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Any

SCORING_PROGRAM_PATH = "/dc-scoringprogram"
# What a GET of the base address answers; the client's connect() looks for this phrase.
SERVICE_BANNER = "Bridgemate dataconnector service version 5.0 (clubscorer simulator)"


class Command(IntEnum):
    PING = 4
    INITIALIZE_EVENT = 5
    UPDATE_MOVEMENT = 6
    ADD_SESSION = 7
    UPDATE_SCORING_GROUPS = 8
    PUT_RESULTS = 10
    PUT_PLAYER_DATA = 11
    PUT_PARTICIPATIONS = 12
    PUT_HANDRECORDS = 13
    PUT_BRIDGEMATE2_SETTINGS = 14
    PUT_BRIDGEMATE3_SETTINGS = 15
    POLL_NEW_RESULTS = 19
    POLL_NEW_PLAYER_DATA = 20
    POLL_NEW_PARTICIPATIONS = 21
    POLL_NEW_HANDRECORDS = 22
    POLL_ALL_RESULTS = 23
    POLL_ALL_PLAYER_DATA = 24
    POLL_ALL_PARTICIPATIONS = 25
    POLL_ALL_HANDRECORDS = 26
    ACCEPT_RESULTS = 27
    ACCEPT_PLAYER_DATA = 28
    ACCEPT_PARTICIPATIONS = 29
    ACCEPT_HANDRECORDS = 30
    CONTINUE_EVENT = 31
    MANAGE_BCS = 34
    CLEAR_DATA = 35
    POLL_NEW_TD_CALLS = 36
    POLL_ALL_TD_CALLS = 37
    ACCEPT_TD_CALLS = 38
    PUT_TD_CALLS = 39


class DataType(IntEnum):
    OK = 1
    ERROR = 4
    PLAYER_DATA = 10
    PARTICIPATIONS = 11
    RESULTS = 12
    HANDRECORDS = 13
    MOVEMENT = 14
    TD_CALLS = 21


class ErrorType(IntEnum):
    NONE = 0
    NO_DATA = 2
    MOVEMENT = 4
    VALIDATION = 5
    ENTRY_UNKNOWN = 6
    EXCEPTION = 7
    NOT_IMPLEMENTED = 8
    WRONG_DATA_TYPE = 12


class Queue(IntEnum):
    """The five queues BCS fills for the scoring program, by the data type their polls answer."""

    RESULTS = DataType.RESULTS
    PLAYER_DATA = DataType.PLAYER_DATA
    PARTICIPATIONS = DataType.PARTICIPATIONS
    HANDRECORDS = DataType.HANDRECORDS
    TD_CALLS = DataType.TD_CALLS


# Poll and accept commands by queue: (poll new, poll all, accept).
QUEUE_COMMANDS: dict[Queue, tuple[Command, Command, Command]] = {
    Queue.RESULTS: (Command.POLL_NEW_RESULTS, Command.POLL_ALL_RESULTS, Command.ACCEPT_RESULTS),
    Queue.PLAYER_DATA: (
        Command.POLL_NEW_PLAYER_DATA,
        Command.POLL_ALL_PLAYER_DATA,
        Command.ACCEPT_PLAYER_DATA,
    ),
    Queue.PARTICIPATIONS: (
        Command.POLL_NEW_PARTICIPATIONS,
        Command.POLL_ALL_PARTICIPATIONS,
        Command.ACCEPT_PARTICIPATIONS,
    ),
    Queue.HANDRECORDS: (
        Command.POLL_NEW_HANDRECORDS,
        Command.POLL_ALL_HANDRECORDS,
        Command.ACCEPT_HANDRECORDS,
    ),
    Queue.TD_CALLS: (
        Command.POLL_NEW_TD_CALLS,
        Command.POLL_ALL_TD_CALLS,
        Command.ACCEPT_TD_CALLS,
    ),
}


def response(
    command: int,
    session_guid: str | None,
    data_type: DataType,
    data: Any,
    *,
    error_type: ErrorType = ErrorType.NONE,
    last_queue_item_id: int = 0,
) -> dict[str, Any]:
    """One ScoringProgramResponse envelope; `data` is serialized into SerializedData."""
    return {
        "RequestCommand": command,
        "DataType": int(data_type),
        "LastQueueItemId": last_queue_item_id,
        "ErrorType": int(error_type),
        "SessionGuid": session_guid or "",
        "SerializedData": json.dumps(data, separators=(",", ":")),
    }


def ok(command: int, session_guid: str | None, message: str) -> dict[str, Any]:
    """DataType OK with a message, as fixtures/responses/InitializeEvent.json ("Initialized")."""
    return response(command, session_guid, DataType.OK, message)


def error(
    command: int, session_guid: str | None, error_type: ErrorType, messages: list[str]
) -> dict[str, Any]:
    """DataType Error (4), the error code, the details as one string: fixtures/responses/
    Error.json. Several messages are joined with CR LF, the line break the getting-started
    sample of the official client expects in them."""
    return response(
        command, session_guid, DataType.ERROR, "\r\n".join(messages), error_type=error_type
    )
