"""Every golden request of tests/bridgemate/fixtures/requests, sent by the official client over
HTTP, is understood by the simulator and answered in the shape of the golden response.

The golden files pin the wire format, not an event: their values are placeholders ("Name 1",
Year 1, GameType 1, the cards "NorthClubs 1"). Nine of them break a rule the guide writes, and
the simulator answers those with the guide's error (fixtures/responses/Error.json) naming the
rule, as BCS would; each is then sent again built by the client from values the guide allows,
and accepted, its envelope carrying every property of the golden request.
"""

from __future__ import annotations

import json

import pytest
from bridgemate_dataconnector import DataConnectorClient
from bridgemate_dataconnector.dto import (
    Bridgemate2SettingsDTO,
    Bridgemate3SettingsDTO,
    ContinueDTO,
    DataConnectorResponseData,
    HandrecordDTO,
    ParticipationDTO,
    ResultDTO,
    ScoringGroupDTO,
    ScoringProgramRequest,
    ScoringProgramResponse,
    SectionUpdateDTO,
    TableDirection,
)

from tests.bridgemate.club_night import SESSION_GUID, club_night, init_data
from tests.bridgemate.deals import handrecord
from tests.bridgemate.golden import (
    REQUESTS,
    envelope,
    golden_response,
    shape,
    shape_differences,
)
from tests.bridgemate.simulator import BcsSimulator

# Golden request -> the placeholder value that breaks a rule of the guide, as the answer says it.
PLACEHOLDERS_REFUSED = {
    "InitializeEvent": "Year 1 must be at least 2000",
    "ContinueEvent": "Commands 7 may only sum 1, 4, 16, 32 and 128",
    "UpdateMovement": "GameType 1 must be 10, 20 or 30",
    "UpdateScoringGroups": "ScoringMethod 1 is not one of",
    "PutResults": "a lead card is rank 2-14",
    "PutParticipations": "not both",
    "PutHandrecords": "hold other than the cards",
    "PutBridgemate2Settings": "BM2PINcode 'BM2PINcode 1' is not four digits",
    "PutBridgemate3Settings": "BM3PINcode 'BM3PINcode 1' is not four digits",
}


@pytest.fixture
def evening(bcs: BcsSimulator, client: DataConnectorClient) -> BcsSimulator:
    """The golden files' session (A1B2...) initialised, and something in every queue."""
    assert client.initialize(club_night()).data_type == DataConnectorResponseData.OK
    bcs.tables.enter_result("A", 1, 1, 1, "4H N 10 SA")
    bcs.tables.enter_players("A", 1, 1, {"N": "1001"})
    bcs.tables.call_td("A", 1, 1)
    bcs.tables.enter_handrecord(handrecord(SESSION_GUID, 1))
    return bcs


def send_golden(client: DataConnectorClient, name: str) -> ScoringProgramResponse:
    return client.send_request(ScoringProgramRequest.from_dict(envelope("requests", name)))


def answered(bcs: BcsSimulator) -> dict:
    """The last response as it went over the wire."""
    return bcs.exchanges[-1][1]


@pytest.mark.parametrize("name", REQUESTS)
def test_it_answers_every_golden_request_in_the_golden_shape(evening, client, name):
    response = send_golden(client, name)
    wire = answered(evening)
    assert wire["RequestCommand"] == envelope("requests", name)["Command"]
    if name in PLACEHOLDERS_REFUSED:
        assert response.data_type == DataConnectorResponseData.Error
        assert PLACEHOLDERS_REFUSED[name] in json.loads(wire["SerializedData"])
        assert shape_differences(shape(wire), shape(golden_response("Error"))) == []
        return
    assert response.data_type != DataConnectorResponseData.Error, wire["SerializedData"]
    golden = golden_response(name)
    assert golden is not None
    assert shape_differences(shape(wire), shape(golden)) == []
    assert (wire["DataType"], wire["ErrorType"]) == (golden["DataType"], golden["ErrorType"])
    if name.startswith("PollQueueFor"):
        assert json.loads(wire["SerializedData"]), "the queue was filled by the tables"
        assert wire["LastQueueItemId"] > 0


def test_it_echoes_a_ping_as_the_golden_ping(evening, client):
    send_golden(client, "Ping")
    assert answered(evening) == golden_response("Ping")


def valid_twin(client: DataConnectorClient, name: str) -> ScoringProgramResponse:
    """The request `name` built by the client's own methods from values the guide allows."""
    guid = SESSION_GUID
    section = init_data()["Sessions"][0]["ScoringGroups"][0]["Sections"][0]
    if name == "InitializeEvent":
        return client.initialize(club_night())
    if name == "ContinueEvent":
        return client.continue_event(ContinueDTO(event_guid=guid, commands=1 + 4))
    if name == "UpdateMovement":
        table_3 = section["Tables"][2]
        update = {**section, "ScoringGroupScoringMethod": 10, "Tables": [table_3]}
        return client.update_movement(SectionUpdateDTO.from_dict(update))
    if name == "UpdateScoringGroups":
        group = {"SessionGuid": guid, "ScoringGroupNumber": 1, "ScoringMethod": 10}
        return client.update_scoring_groups(
            [ScoringGroupDTO.from_dict({**group, "Sections": [section]})]
        )
    if name == "PutResults":
        result = ResultDTO(guid, "A", 1, 1, 2, 3, False, 1, 1, 1, 1, 3, 5, 0, 9, 12, 3)
        return client.send_results(guid, [result])
    if name == "PutParticipations":
        seat = ParticipationDTO(guid, "A", 2, TableDirection.East, 1, "1003")
        return client.send_participations(guid, [seat])
    if name == "PutHandrecords":
        return client.send_handrecords(guid, [HandrecordDTO.from_dict(handrecord(guid, 2))])
    if name == "PutBridgemate2Settings":
        settings2 = Bridgemate2SettingsDTO(session_guid=guid, section_letters="A")
        settings2.bm2_pi_ncode = "1234"
        return client.send_bridgemate2_settings(guid, [settings2])
    assert name == "PutBridgemate3Settings"
    settings3 = Bridgemate3SettingsDTO(session_guid=guid, section_letters="A")
    settings3.bm3_pi_ncode = "1234"
    return client.send_bridgemate3_settings(guid, [settings3])


@pytest.mark.parametrize("name", sorted(PLACEHOLDERS_REFUSED))
def test_it_accepts_the_refused_golden_requests_with_values_the_guide_allows(evening, client, name):
    response = valid_twin(client, name)
    sent, wire = evening.exchanges[-1]
    assert response.data_type != DataConnectorResponseData.Error, wire["SerializedData"]
    assert shape_differences(shape(sent), shape(envelope("requests", name)), newer=True) == []
    if name == "UpdateMovement":
        # No golden response; the guide: "contains a SectionDTO ... which rounds have been
        # updated" (DataType 14, Movement).
        assert wire["DataType"] == DataConnectorResponseData.Movement
        assert json.loads(wire["SerializedData"])["Tables"] == []  # table 3 sent unchanged
        return
    assert shape_differences(shape(wire), shape(golden_response(name))) == []
