"""Reading a ScoringProgramRequest: the envelope's own rules, and the refusals the handlers
raise, each with the guide's error code ("Overview of communication", Error codes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tests.bridgemate.connector_state import ConnectorState, SessionState
from tests.bridgemate.dto_rules import Dto, text
from tests.bridgemate.wire import ErrorType


class Refusal(Exception):
    """A request the Data Connector answers with DataType Error."""

    def __init__(self, error_type: ErrorType, messages: list[str]):
        super().__init__("; ".join(messages))
        self.error_type = error_type
        self.messages = messages


def refuse_if(messages: list[str], error_type: ErrorType = ErrorType.VALIDATION) -> None:
    if messages:
        raise Refusal(error_type, messages)


@dataclass(frozen=True)
class Request:
    command: int
    session_guid: str
    serialized_data: str

    @classmethod
    def read(cls, envelope: Any) -> Request:
        """The envelope of fixtures/requests/*.json. ClubId and LicenceKey: "Required when using
        the http interface for the dataconnector" (the official client's ScoringProgramRequest)."""
        if not isinstance(envelope, dict) or not isinstance(envelope.get("Command"), int):
            raise Refusal(
                ErrorType.WRONG_DATA_TYPE, ["The request is not a ScoringProgramRequest."]
            )
        request = cls(
            envelope["Command"], text(envelope, "SessionGuid"), envelope.get("SerializedData") or ""
        )
        if not text(envelope, "ClubId") or not text(envelope, "LicenceKey"):
            raise Refusal(ErrorType.VALIDATION, ["ClubId and LicenceKey are required over http."])
        return request

    def data(self) -> Any:
        """SerializedData, parsed: NoData when there is none (error code 2), WrongDataType
        (12) when it is not JSON."""
        if not self.serialized_data.strip():
            raise Refusal(ErrorType.NO_DATA, ["The command needs data and none was sent."])
        try:
            return json.loads(self.serialized_data)
        except json.JSONDecodeError as error:
            raise Refusal(
                ErrorType.WRONG_DATA_TYPE, [f"SerializedData is not JSON: {error}"]
            ) from error

    def dto(self) -> Dto:
        found = self.data()
        if not isinstance(found, dict):
            raise Refusal(ErrorType.WRONG_DATA_TYPE, ["SerializedData must be one DTO."])
        return found

    def dtos(self) -> list[Dto]:
        """An array of DTOs of this request's session: an empty array is NoData, a DTO of
        another session a validation error (the client's ScoringProgramRequest: "Validation
        will check ... if the SessionGuid properties of the SerializedData has the same
        value")."""
        found = self.data()
        if not isinstance(found, list) or not all(isinstance(dto, dict) for dto in found):
            raise Refusal(ErrorType.WRONG_DATA_TYPE, ["SerializedData must be an array of DTOs."])
        if not found:
            raise Refusal(ErrorType.NO_DATA, ["The array of DTOs is empty."])
        refuse_if(self.other_sessions(found))
        return found

    def other_sessions(self, dtos: list[Dto]) -> list[str]:
        return [
            f"A DTO has SessionGuid {dto.get('SessionGuid')}, the request {self.session_guid}."
            for dto in dtos
            if dto.get("SessionGuid") != self.session_guid
        ]

    def without_session(self) -> None:
        """InitializeEvent and ContinueEvent: "The SessionGuid must not be set in the
        ScoringProgramRequest" (pages "Initialize an event", "Continue an event")."""
        refuse_if(
            [f"SessionGuid must be empty, not {self.session_guid}."] * bool(self.session_guid)
        )

    def session(self, state: ConnectorState) -> SessionState:
        """The session the request is for: EntryUnknown (6) when BCS has no such session."""
        found = state.sessions.get(self.session_guid)
        if found is None:
            raise Refusal(ErrorType.ENTRY_UNKNOWN, [f"No session {self.session_guid!r} is known."])
        return found
