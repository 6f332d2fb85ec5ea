"""What the simulated Data Connector and BCS hold: the events with their movements, what the
scoring program sent towards the tables, and the five queues BCS fills for the scoring program.

The state lives outside the HTTP server so that a restart (a new server on the same port)
keeps it, as the real Data Connector keeps its data tables when BCS or the machine restarts
(guide, page "General": "The Data Connector retains the data from one side until it has been
retrieved by the other side and until the other side has signalled that it has processed the
data. It will always be possible to retrieve all data again").

Queue semantics (guide, "Overview of communication", the polling commands):
- every item gets an id, increasing over the whole connector (ids are never reused);
- PollQueueForNew* answers the items of the session above the last accepted id, oldest
  first, and LastQueueItemId is the id of the last one (0 when there is none); polling does
  not consume: the same items come again until they are accepted;
- Accept*QueueItems(id) marks the session's items up to and including `id` as processed:
  items that arrived after the poll stay new;
- PollQueueForAll* answers every item of the session, accepted or not.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tests.bridgemate.wire import Queue

Dto = dict[str, Any]


@dataclass
class SessionState:
    """One session as BCS holds it after InitializeEvent (and the updates after it)."""

    guid: str
    event_guid: str
    name: str
    scoring_methods: dict[int, int]  # scoring group number -> ScoringMethod
    sections: dict[str, Dto]  # letters -> SectionDTO without its Tables
    movement: dict[str, dict[int, dict[int, Dto]]]  # letters -> table -> round -> RoundDTO
    players: dict[str, Dto] = field(default_factory=dict)  # PlayerNumber -> PlayerDataDTO
    # What the scoring program sent towards the tables, by command name, in arrival order.
    sent_to_tables: dict[str, list[Dto]] = field(default_factory=dict)

    def round(self, letters: str, table: int, round_number: int) -> Dto | None:
        return self.movement.get(letters, {}).get(table, {}).get(round_number)


@dataclass(frozen=True)
class QueueItem:
    item_id: int
    session_guid: str
    dto: Dto


@dataclass
class ConnectorState:
    """Everything kept across a restart. Handler threads and the test thread share it; every
    read or write goes through `locked()`."""

    sessions: dict[str, SessionState] = field(default_factory=dict)
    events: dict[str, list[str]] = field(default_factory=dict)  # event guid -> session guids
    queues: dict[Queue, list[QueueItem]] = field(
        default_factory=lambda: {queue: [] for queue in Queue}
    )
    accepted: dict[tuple[Queue, str], int] = field(default_factory=dict)
    last_item_id: int = 0
    bcs_running: bool = False
    reading: bool = False
    # What tables entered while BCS was not reading: the Bridgemate server keeps it and BCS
    # passes it on once it reads again (after ContinueEvent with command 4).
    held_at_tables: list[tuple[Queue, str, Dto]] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)

    @contextmanager
    def locked(self) -> Iterator[ConnectorState]:
        with self.lock:
            yield self

    def enqueue(self, queue: Queue, session_guid: str, dto: Dto) -> int | None:
        """A table's data reaching the Data Connector: its queue item id, or None while BCS
        does not read (the item waits at the tables)."""
        with self.lock:
            if not (self.bcs_running and self.reading):
                self.held_at_tables.append((queue, session_guid, dto))
                return None
            self.last_item_id += 1
            self.queues[queue].append(QueueItem(self.last_item_id, session_guid, dto))
            return self.last_item_id

    def start_reading(self) -> None:
        """BCS runs and reads: what the tables held arrives, in the order it was entered."""
        with self.lock:
            self.bcs_running = self.reading = True
            held, self.held_at_tables = self.held_at_tables, []
            for queue, session_guid, dto in held:
                self.enqueue(queue, session_guid, dto)

    def poll(self, queue: Queue, session_guid: str, *, every: bool) -> list[QueueItem]:
        with self.lock:
            floor = 0 if every else self.accepted.get((queue, session_guid), 0)
            return [
                item
                for item in self.queues[queue]
                if item.session_guid == session_guid and item.item_id > floor
            ]

    def accept(self, queue: Queue, session_guid: str, up_to: int) -> None:
        with self.lock:
            key = (queue, session_guid)
            self.accepted[key] = max(self.accepted.get(key, 0), up_to)

    def forget_queues(self, session_guids: set[str] | None = None) -> None:
        """Drop queued and accepted items: of the given sessions, or of all ("Clear data",
        InitDTO page, command 128)."""
        with self.lock:
            for items in self.queues.values():
                items[:] = [
                    item
                    for item in items
                    if session_guids is not None and item.session_guid not in session_guids
                ]
            self.accepted = {
                key: value
                for key, value in self.accepted.items()
                if session_guids is not None and key[1] not in session_guids
            }
