"""Initialising with the optional arrays, and changing the event afterwards: the movement of a
section (guide, "Update the movement for a section or add one", "Delete a section"), the
scoring groups ("Update scoringgroups", "Delete scoringgroups"), the Put commands."""

from __future__ import annotations

import json

import pytest
from bridgemate_dataconnector.dto import DataConnectorResponseData as Data
from bridgemate_dataconnector.dto import (
    InitDTO,
    ParticipationDTO,
    ScoringGroupDTO,
    ScoringProgramRequest,
    SectionUpdateDTO,
    TableDirection,
)
from bridgemate_dataconnector.dto import ScoringProgramDataConnectorCommands as Commands

from tests.bridgemate.club_night import SESSION_GUID, club_night, init_data
from tests.bridgemate.deals import handrecord


def section_a() -> dict:
    return init_data()["Sessions"][0]["ScoringGroups"][0]["Sections"][0]


def test_it_keeps_the_participations_hand_records_and_settings_of_the_init(bcs, client):
    init = init_data()
    seat = {"SessionGuid": SESSION_GUID, "SectionLetters": "A", "TableNumber": 1}
    init["Participations"] = [{**seat, "Direction": 1, "RoundNumber": 1, "PlayerNumber": "1001"}]
    init["Handrecords"] = [handrecord(SESSION_GUID, 1)]
    settings = {"SessionGuid": SESSION_GUID, "SectionLetters": "A"}
    init["Bridgemate2Settings"] = [{**settings, "BM2PINcode": "1234"}]
    init["Bridgemate3Settings"] = [{**settings, "BM3PINcode": "4321"}]
    response = client.initialize(InitDTO.from_dict(init))
    assert response.data_type == Data.OK, response.serialized_data
    sent = bcs.state.sessions[SESSION_GUID].sent_to_tables
    assert [len(sent[key]) for key in sorted(sent)] == [1, 1, 1, 1]


def test_it_refuses_a_participation_of_a_player_it_was_not_given(bcs, client):
    client.initialize(club_night())
    stranger = ParticipationDTO(SESSION_GUID, "A", 1, TableDirection.West, 1, "9999")
    response = client.send_participations(SESSION_GUID, [stranger])
    assert response.data_type == Data.Error
    assert "player 9999 was not sent as PlayerData first" in json.loads(response.serialized_data)


def test_it_answers_the_rounds_a_movement_update_changes(bcs, client):
    client.initialize(club_night())
    table_3 = section_a()["Tables"][2]
    table_3["Rounds"] = table_3["Rounds"][1:]  # rounds 2 and 3: round 1 is kept
    table_3["Rounds"][1] |= {"PairEW": 0, "LowBoardNumber": 0, "HighBoardNumber": 0}  # sit-out
    update = {**section_a(), "ScoringGroupScoringMethod": 10, "Tables": [table_3]}
    response = client.update_movement(SectionUpdateDTO.from_dict(update))
    assert response.data_type == Data.Movement
    [changed] = json.loads(response.serialized_data)["Tables"]
    assert [r["RoundNumber"] for r in changed["Rounds"]] == [3]
    rounds = bcs.state.sessions[SESSION_GUID].movement["A"][3]
    assert (sorted(rounds), rounds[3]["PairEW"]) == ([1, 2, 3], 0)


def test_it_deletes_a_section_and_then_refuses_its_results(bcs, client):
    client.initialize(club_night())
    deleted = SectionUpdateDTO(session_guid=SESSION_GUID, letters="A", is_deleted=True)
    assert client.update_movement(deleted).data_type == Data.OK
    with pytest.raises(ValueError, match="section A is not in the session"):
        bcs.tables.enter_result("A", 1, 1, 1, "PASS")


def test_it_refuses_to_delete_a_scoring_group_that_still_has_sections(bcs, client):
    client.initialize(club_night())
    group = ScoringGroupDTO(session_guid=SESSION_GUID, scoring_group_number=1, scoring_method=10)
    group.is_deleted = True
    response = client.update_scoring_groups([group])
    assert response.data_type == Data.Error
    assert "Scoring group 1 still has sections" in json.loads(response.serialized_data)


def test_it_moves_a_section_to_a_new_scoring_group(bcs, client):
    client.initialize(club_night())
    group = ScoringGroupDTO.from_dict(
        {
            "SessionGuid": SESSION_GUID,
            "ScoringGroupNumber": 2,
            "ScoringMethod": 20,
            "Sections": [{**section_a(), "ScoringGroupNumber": 2}],
        }
    )
    assert client.update_scoring_groups([group]).data_type == Data.OK
    session = bcs.state.sessions[SESSION_GUID]
    assert (session.sections["A"]["ScoringGroupNumber"], session.scoring_methods[2]) == (2, 20)


def test_it_answers_a_dto_of_the_wrong_types_with_exception(bcs, client):
    request = ScoringProgramRequest(
        Commands.InitializeEvent, session_guid="", serialized_data='{"Sessions": "A"}'
    )
    response = client.send_request(request)
    assert (response.data_type, int(response.error_type)) == (Data.Error, 7)
