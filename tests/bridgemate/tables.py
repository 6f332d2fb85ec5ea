"""The tables of a simulated session: what players do at a Bridgemate, reaching the Data
Connector's queues as BCS would pass it on (a result, the same result sent again, a corrected
result, player numbers, a TD call, a hand record).

A table sends what the movement allows: a result names a table, round and board of it, and the
pairs come from the round, so a test cannot make a table play a board it has not got (a
ValueError says which). While BCS does not read (after a restart, before ContinueEvent) what
tables enter waits at the tables and arrives, in order, when BCS reads again.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from tests.bridgemate.connector_state import ConnectorState, SessionState
from tests.bridgemate.dto_rules import Dto
from tests.bridgemate.movement_rules import place_rules, result_place_rules, result_value_rules
from tests.bridgemate.table_entries import DECLARERS, result_fields
from tests.bridgemate.wire import Queue

TableKey = tuple[str, int]  # ("A", 3): section letters and table number


class Tables:
    def __init__(self, state: ConnectorState):
        self._state = state
        # The last result each board has at a table, as its Bridgemate shows it.
        self.shown: dict[tuple[str, str, int, int, int], Dto] = {}

    def session(self, session_guid: str | None = None) -> SessionState:
        sessions = self._state.sessions
        if session_guid is None and len(sessions) == 1:
            return next(iter(sessions.values()))
        if session_guid not in sessions:
            raise ValueError(f"No initialised session {session_guid!r} (have {list(sessions)})")
        return sessions[session_guid]

    def enter_result(
        self,
        section: str,
        table: int,
        round_number: int,
        board: int,
        entry: str,
        *,
        session_guid: str | None = None,
    ) -> int | None:
        """A result keyed in and confirmed (entry as table_entries.py reads it): its queue item
        id, None while it waits for BCS to read."""
        session = self.session(session_guid)
        place = {
            "SessionGuid": session.guid,
            "SectionLetters": section,
            "TableNumber": table,
            "RoundNumber": round_number,
            "BoardNumber": board,
        }
        _refuse(result_place_rules(session, place))
        seats = session.round(section, table, round_number) or {}
        fields = result_fields(entry)
        by_ns = fields["DeclarerDirection"] in (DECLARERS["N"], DECLARERS["S"])
        declaring_pair = seats["PairNS" if by_ns else "PairEW"] if fields["Level"] >= 1 else 0
        result = {
            **place,
            "ScoringDirection": 3,
            "IsDeleted": False,
            "PairNorthSouth": seats["PairNS"],
            "PairEastWest": seats["PairEW"],
            "DeclaringPair": declaring_pair,
            "Stake": 0,
            "TotalTricks": 0,
            "LeadCardRank": 0,
            "LeadCardSuit": 0,
            **fields,
            "ValidationMessages": None,
        }
        _refuse(result_value_rules(result))
        self.shown[session.guid, section, table, round_number, board] = result
        return self._state.enqueue(Queue.RESULTS, session.guid, copy.deepcopy(result))

    def resend_result(
        self,
        section: str,
        table: int,
        round_number: int,
        board: int,
        *,
        session_guid: str | None = None,
    ) -> int | None:
        """The Bridgemate sends the result it shows once more: a second queue item, the same
        result (as after a lost acknowledgement between table and base station)."""
        key = (self.session(session_guid).guid, section, table, round_number, board)
        if key not in self.shown:
            raise ValueError(f"Table {section}{table} has no result for board {board} to re-send")
        return self._state.enqueue(Queue.RESULTS, key[0], copy.deepcopy(self.shown[key]))

    def correct_result(
        self,
        section: str,
        table: int,
        round_number: int,
        board: int,
        entry: str,
        *,
        erase_first: bool = False,
        session_guid: str | None = None,
    ) -> int | None:
        """The players correct a result (BM2ScoreCorrection): a later queue item for the same
        table, round and board replaces it; with erase_first the erasure (IsDeleted) comes
        first, as its own item."""
        if erase_first:
            self.erase_result(section, table, round_number, board, session_guid=session_guid)
        return self.enter_result(
            section, table, round_number, board, entry, session_guid=session_guid
        )

    def erase_result(
        self,
        section: str,
        table: int,
        round_number: int,
        board: int,
        *,
        session_guid: str | None = None,
    ) -> int | None:
        """The result is erased at the table: a ResultDTO with IsDeleted set."""
        key = (self.session(session_guid).guid, section, table, round_number, board)
        erased = {**self.shown.pop(key), "IsDeleted": True}
        return self._state.enqueue(Queue.RESULTS, key[0], erased)

    def play_round(
        self,
        round_number: int,
        results: Mapping[TableKey, Mapping[int, str]],
        *,
        session_guid: str | None = None,
    ) -> list[int | None]:
        """Every table of `results` enters its boards of the round, table by table:
        {("A", 1): {1: "4H N 10", 2: "PASS"}, ("A", 2): {...}}. The queue item ids."""
        return [
            self.enter_result(letters, table, round_number, board, entry, session_guid=session_guid)
            for (letters, table), boards in results.items()
            for board, entry in boards.items()
        ]

    def enter_players(
        self,
        section: str,
        table: int,
        round_number: int,
        numbers: Mapping[str, str],
        *,
        session_guid: str | None = None,
    ) -> list[int | None]:
        """Players key their numbers in ({"N": "1001", "S": "1002", ...}): BCS queues each
        player's data (the name it knows for the number, from PlayerData the scoring program
        sent, else none) and each seat's participation."""
        session = self.session(session_guid)
        where = {"SessionGuid": session.guid, "SectionLetters": section, "TableNumber": table}
        _refuse(place_rules(session, {**where, "RoundNumber": round_number}, "Players"))
        ids = []
        for seat, number in numbers.items():
            known = session.players.get(number, {})
            player = {
                "SessionGuid": session.guid,
                "ClubId": known.get("ClubId"),
                "PlayerNumber": number,
                "FirstName": known.get("FirstName"),
                "LastName": known.get("LastName"),
                "CountryCode": known.get("CountryCode"),
                "ValidationMessages": None,
            }
            seated = {
                **where,
                "Direction": DECLARERS[seat],
                "RoundNumber": round_number,
                "PlayerNumber": number,
                "IsPlayerSwap": False,
                "FirstName": None,
                "LastName": None,
                "CountryCode": None,
                "ValidationMessages": None,
            }
            ids.append(self._state.enqueue(Queue.PLAYER_DATA, session.guid, player))
            ids.append(self._state.enqueue(Queue.PARTICIPATIONS, session.guid, seated))
        return ids

    def call_td(
        self,
        section: str,
        table: int,
        round_number: int,
        *,
        status: int = 1,
        at: tuple[int, int] = (20, 15),
        session_guid: str | None = None,
    ) -> int | None:
        """A TD call from the table (status 1, launched; 2 in progress, 3 resolved, 4
        deferred), at a fixed clock time so that tests never read the real clock."""
        session = self.session(session_guid)
        call = {
            "SessionGuid": session.guid,
            "SectionLetters": section,
            "TableNumber": table,
            "RoundNumber": round_number,
            "Hour": at[0],
            "Minute": at[1],
            "Status": status,
            "ValidationMessages": None,
        }
        _refuse(place_rules(session, call, "TD call"))
        return self._state.enqueue(Queue.TD_CALLS, session.guid, call)

    def enter_handrecord(
        self, handrecord: Mapping[str, Any], *, session_guid: str | None = None
    ) -> int | None:
        """Players key in the deal of a board (BM2EnterHandrecord): a HandrecordDTO."""
        session = self.session(session_guid)
        return self._state.enqueue(
            Queue.HANDRECORDS, session.guid, {**handrecord, "SessionGuid": session.guid}
        )


def _refuse(messages: list[str]) -> None:
    if messages:
        raise ValueError("; ".join(messages))
