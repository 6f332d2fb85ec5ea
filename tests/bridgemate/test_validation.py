"""A malformed request is answered with the guide's error (fixtures/responses/Error.json's
shape): DataType 4, an error code of the guide's table, the broken rules as text."""

from __future__ import annotations

import json

import pytest
from bridgemate_dataconnector.dto import ContinueDTO, InitDTO, ResultDTO, ScoringProgramRequest
from bridgemate_dataconnector.dto import DataConnectorResponseData as Data
from bridgemate_dataconnector.dto import ScoringProgramDataConnectorCommands as Commands

from tests.bridgemate.club_night import SESSION_GUID, club_night, init_data
from tests.bridgemate.golden import golden_response, shape, shape_differences


def first_section(init: dict) -> dict:
    return init["Sessions"][0]["ScoringGroups"][0]["Sections"][0]


def lowercase_guid(init: dict) -> str:
    init["Sessions"][0]["SessionGuid"] = SESSION_GUID.lower()
    return "is not 32 uppercase hexadecimal characters"


def year_1999(init: dict) -> str:
    init["Sessions"][0]["Year"] = 1999
    return "Year 1999 must be at least 2000"


def february_30(init: dict) -> str:
    init["Sessions"][0] |= {"Month": 2, "Day": 30}
    return "Day 30 is not a day of 2026-02"


def table_twice(init: dict) -> str:
    tables = first_section(init)["Tables"]
    tables[2] = {**tables[2], "TableNumber": 2}
    return "table 2 occurs 2 times"


def pair_twice_in_a_round(init: dict) -> str:
    first_section(init)["Tables"][1]["Rounds"][0]["PairEW"] = 1
    return "Section A round 1: pair EW 1 occurs 2 times"


def no_sessions(init: dict) -> str:
    init["Sessions"] = []
    return "at least one session is required"


def without_reset(init: dict) -> str:
    init["Commands"] = 1 + 4
    return "must include 1 (start BCS) and 2 (reset)"


def scoring_method_99(init: dict) -> str:
    init["Sessions"][0]["ScoringGroups"][0]["ScoringMethod"] = 99
    return "ScoringMethod 99 is not one of"


def player_without_last_name(init: dict) -> str:
    init["PlayerData"][0]["LastName"] = ""
    return "Player 1001: LastName is required"


@pytest.mark.parametrize(
    "break_it",
    [
        lowercase_guid,
        year_1999,
        february_30,
        table_twice,
        pair_twice_in_a_round,
        no_sessions,
        without_reset,
        scoring_method_99,
        player_without_last_name,
    ],
)
def test_it_refuses_a_malformed_initialize_event_with_the_guides_error(bcs, client, break_it):
    init = init_data()
    rule = break_it(init)
    response = client.initialize(InitDTO.from_dict(init))
    answer = bcs.exchanges[-1][1]
    assert (response.data_type, int(response.error_type)) == (Data.Error, 5)  # Validation
    assert rule in json.loads(answer["SerializedData"])
    assert shape_differences(shape(answer), shape(golden_response("Error"))) == []
    assert bcs.state.sessions == {}  # nothing of it was kept


def test_it_answers_a_result_for_a_board_the_round_does_not_play_with_movement(bcs, client):
    client.initialize(club_night())
    # Round 1 at table 1 plays boards 1-2.
    result = ResultDTO(SESSION_GUID, "A", 1, 1, 5, 3, False, 1, 1, 1, 1, 4, 3, 0, 10)
    response = client.send_results(SESSION_GUID, [result])
    assert (response.data_type, int(response.error_type)) == (Data.Error, 4)
    assert "the round plays boards 1-2 only" in json.loads(response.serialized_data)


def test_it_refuses_to_continue_an_unknown_event_or_with_a_reset(bcs, client):
    client.initialize(club_night())
    unknown = client.continue_event(ContinueDTO(event_guid="F" * 32, commands=5))
    assert (unknown.data_type, int(unknown.error_type)) == (Data.Error, 6)  # EntryUnknown
    reset = client.continue_event(ContinueDTO(event_guid=SESSION_GUID, commands=7))
    assert (reset.data_type, int(reset.error_type)) == (Data.Error, 5)
    assert "2, reset, belongs to InitializeEvent" in json.loads(reset.serialized_data)


def test_it_answers_a_command_it_does_not_simulate_with_not_implemented(bcs, client):
    response = client.send_request(
        ScoringProgramRequest(Commands.ManageBCS, session_guid="", serialized_data="{}")
    )
    assert (response.data_type, int(response.error_type)) == (Data.Error, 8)
