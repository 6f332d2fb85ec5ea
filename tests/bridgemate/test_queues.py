"""The queues as the guide's polling commands describe them ("Overview of communication"):
new items until accepted, all items always, ids that only grow, one queue per kind of data."""

from __future__ import annotations

import json

from bridgemate_dataconnector.dto import DataConnectorResponseData as Data
from bridgemate_dataconnector.dto import ScoringProgramDataConnectorCommands as Commands
from bridgemate_dataconnector.dto import ScoringProgramRequest

from tests.bridgemate.club_night import SESSION_GUID, club_night
from tests.bridgemate.deals import handrecord


def started(bcs, client):
    assert client.initialize(club_night()).data_type == Data.OK
    return bcs.tables


def test_it_polls_new_results_again_until_they_are_accepted(bcs, client):
    tables = started(bcs, client)
    tables.enter_result("A", 1, 1, 1, "4H N 10")
    assert len(client.poll_for_results(SESSION_GUID)) == 1
    assert len(client.poll_for_results(SESSION_GUID)) == 1  # polling does not consume
    client.accept_queue_data(SESSION_GUID, Data.Results)
    assert client.poll_for_results(SESSION_GUID) == []
    assert len(client.poll_for_results(SESSION_GUID, all=True)) == 1


def test_it_keeps_a_result_entered_between_poll_and_accept_new(bcs, client):
    tables = started(bcs, client)
    first = tables.enter_result("A", 1, 1, 1, "4H N 10")
    client.poll_for_results(SESSION_GUID)
    later = tables.enter_result("A", 2, 1, 3, "3NT E 9")
    client.accept_queue_data(SESSION_GUID, Data.Results)  # accepts up to `first` only
    [still_new] = client.poll_for_results(SESSION_GUID)
    assert (still_new.table_number, still_new.board_number) == (2, 3)
    assert client.get_last_queue_item_id(Data.Results) == later > first


def test_it_answers_an_empty_queue_with_an_empty_list_and_id_zero(bcs, client):
    started(bcs, client)
    assert client.poll_for_results(SESSION_GUID) == []
    answer = bcs.exchanges[-1][1]
    assert (answer["DataType"], answer["SerializedData"], answer["LastQueueItemId"]) == (
        12,
        "[]",
        0,
    )


def test_it_queues_a_resent_result_and_a_correction_as_later_items(bcs, client):
    tables = started(bcs, client)
    tables.enter_result("A", 1, 1, 1, "4H N 10")
    tables.resend_result("A", 1, 1, 1)
    tables.correct_result("A", 1, 1, 1, "4H N 9", erase_first=True)
    items = client.poll_for_results(SESSION_GUID)
    assert [(r.is_deleted, r.total_tricks) for r in items] == [
        (False, 10),
        (False, 10),
        (True, 10),
        (False, 9),
    ]


def test_it_queues_player_numbers_as_player_data_and_participations(bcs, client):
    tables = started(bcs, client)
    tables.enter_players("A", 2, 1, {"N": "1001", "S": "1002", "E": "2001"})
    players = client.poll_for_player_data(SESSION_GUID)
    seats = client.poll_for_participations(SESSION_GUID)
    assert [(p.player_number, p.last_name) for p in players] == [
        ("1001", "North"),  # the name the scoring program sent with the InitDTO
        ("1002", "South"),
        ("2001", None),  # a number BCS was not given
    ]
    assert [(s.table_number, int(s.direction), s.player_number) for s in seats] == [
        (2, 1, "1001"),
        (2, 3, "1002"),
        (2, 2, "2001"),
    ]


def test_it_queues_td_calls_and_hand_records_of_their_own(bcs, client):
    tables = started(bcs, client)
    tables.call_td("A", 3, 2)
    tables.enter_handrecord(handrecord(SESSION_GUID, 4))
    [call] = client.poll_for_td_calls(SESSION_GUID)
    assert (call.table_number, call.round_number, call.status) == (3, 2, 1)
    [deal] = client.poll_for_handrecords(SESSION_GUID)
    assert (deal.board_number, deal.north_spades) == (4, "AKQJ")
    assert client.poll_for_results(SESSION_GUID) == []


def test_it_answers_a_poll_for_an_unknown_session_with_entry_unknown(bcs, client):
    started(bcs, client)
    assert client.poll_for_results("F" * 32) == []
    answer = bcs.exchanges[-1][1]
    assert (answer["DataType"], answer["ErrorType"]) == (4, 6)


def test_it_refuses_an_accept_that_sends_no_queue_item_id(bcs, client):
    started(bcs, client)
    request = ScoringProgramRequest(
        Commands.AcceptResultQueueItems, session_guid=SESSION_GUID, serialized_data='"all"'
    )
    response = client.send_request(request)
    assert (response.data_type, int(response.error_type)) == (Data.Error, 12)
    assert "last queue item id" in json.loads(response.serialized_data)
