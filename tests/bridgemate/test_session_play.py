"""A whole evening through the official client: three rounds as tables play them, with a
correction, a result sent twice, a TD call, a connector outage in the middle of round 2 and a
BCS restart before round 3. The scoring program's side is a plain poll-and-accept loop, as
clubscorer's will be; at the end it holds every board's last result once, nothing lost."""

from __future__ import annotations

from bridgemate_dataconnector.dto import ContinueDTO, ErrorType, ResultDTO
from bridgemate_dataconnector.dto import DataConnectorResponseData as Data

from tests.bridgemate.club_night import SESSION_GUID, club_night

BoardKey = tuple[int, int, int]  # table, round, board


class Scorer:
    """Polls new results, keeps the last one per table, round and board, accepts them."""

    def __init__(self, client):
        self.client = client
        self.results: dict[BoardKey, ResultDTO] = {}
        self.items_seen = 0

    def collect(self) -> int:
        polled = self.client.poll_for_results(SESSION_GUID)
        for result in polled:
            key = (result.table_number, result.round_number, result.board_number)
            if result.is_deleted:
                self.results.pop(key, None)
            else:
                self.results[key] = result
        if polled:
            assert self.client.accept_queue_data(SESSION_GUID, Data.Results).data_type == Data.OK
        self.items_seen += len(polled)
        return len(polled)

    def tricks(self) -> dict[BoardKey, int]:
        return {key: result.total_tricks for key, result in sorted(self.results.items())}


ROUND_1 = {("A", 1): {1: "4H N 10", 2: "3NT S 9"}, ("A", 2): {3: "2S E 8"}, ("A", 3): {5: "PASS"}}


def test_it_plays_an_evening_with_an_outage_and_a_restart(bcs, client):
    scorer = Scorer(client)
    assert client.initialize(club_night()).data_type == Data.OK

    bcs.tables.play_round(1, ROUND_1)
    bcs.tables.enter_result("A", 2, 1, 4, "1NT W 7")
    bcs.tables.enter_result("A", 3, 1, 6, "4SX S 9 HA")
    bcs.tables.resend_result("A", 1, 1, 1)  # a second item, the same result
    assert scorer.collect() == 7

    # Round 2: half the room has entered when the connector fails.
    bcs.tables.play_round(2, {("A", 1): {5: "3C N 9"}, ("A", 2): {1: "4H S 11"}})
    bcs.answer_5xx(503)
    assert client.poll_for_results(SESSION_GUID) == []  # the client's answer to an outage
    assert bcs.refused_requests == 5  # its five attempts
    bcs.tables.play_round(2, {("A", 1): {6: "2D E 8"}, ("A", 2): {2: "6NT N 12"}})
    bcs.tables.correct_result("A", 2, 2, 1, "4H S 10")  # a later item replaces 11 tricks
    bcs.tables.call_td("A", 3, 2)
    bcs.end_outage()
    assert scorer.collect() == 5
    assert len(client.poll_for_td_calls(SESSION_GUID)) == 1

    # BCS restarts before round 3: the port comes back, BCS reads nothing until ContinueEvent.
    bcs.restart()
    bcs.tables.play_round(3, {("A", 1): {3: "5D N 11"}, ("A", 3): {1: "4H N 10"}})
    assert scorer.collect() == 0
    continued = client.continue_event(ContinueDTO(event_guid=SESSION_GUID, commands=1 + 4))
    assert continued.data_type == Data.OK
    assert scorer.collect() == 2

    assert scorer.tricks() == {
        (1, 1, 1): 10,
        (1, 1, 2): 9,
        (1, 2, 5): 9,
        (1, 2, 6): 8,
        (1, 3, 3): 11,
        (2, 1, 3): 8,
        (2, 1, 4): 7,
        (2, 2, 1): 10,  # corrected from 11
        (2, 2, 2): 12,
        (3, 1, 5): 0,  # passed out
        (3, 1, 6): 9,
        (3, 3, 1): 10,
    }
    every_item = client.poll_for_results(SESSION_GUID, all=True)
    assert len(every_item) == scorer.items_seen == 14  # each polled once, none lost
    assert client.poll_for_results(SESSION_GUID) == []


def test_it_refuses_connections_during_an_outage_and_answers_after_it(bcs, client):
    bcs.refuse_connections()
    answer = client.ping()
    assert (answer.data_type, answer.error_type) == (Data.Error, ErrorType.NoConnection)
    assert client.connect().error_type == ErrorType.NoConnection
    bcs.end_outage()
    assert client.ping().data_type == Data.OK


def test_it_lets_the_clients_retries_ride_out_a_short_outage(bcs, client):
    assert client.initialize(club_night()).data_type == Data.OK
    bcs.tables.enter_result("A", 1, 1, 1, "4H N 10")
    bcs.answer_5xx(503, requests=2)
    [result] = client.poll_for_results(SESSION_GUID)  # the third attempt is answered
    assert result.board_number == 1
    assert bcs.refused_requests == 2


def test_it_keeps_the_event_and_its_queues_over_a_restart(bcs, client):
    assert client.initialize(club_night()).data_type == Data.OK
    bcs.tables.play_round(1, ROUND_1)
    port = bcs.port
    bcs.restart()
    assert bcs.port == port
    assert len(client.poll_for_results(SESSION_GUID)) == 4  # queued before the restart
    assert client.continue_event(ContinueDTO(event_guid=SESSION_GUID, commands=5)).data_type == (
        Data.OK
    )
    assert len(client.poll_for_results(SESSION_GUID, all=True)) == 4
