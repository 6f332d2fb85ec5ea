"""What a movement is: who sits where, against whom, on which boards, in each round.

A movement is plain data, built once by `mitchell()` or `howell()` (or by hand in a test) and
then only read: the scorer asks it how many times a board is played (E for Neuberg), how many
winners there are, and which pairs a traveller line should show; the printer asks it for table
cards and score cards. Nothing here knows about Django.

Pairs are labels (strings, "1" .. "2T") because that is what a traveller shows. A seat holding
None is empty: the pair that would sit there is missing (a half table or a phantom pair), so its
opponents sit out that round and the boards on that table are not played there.

Boards are numbered 1..B. With k boards a round, board set s is boards (s-1)·k+1 … s·k, so in a
7-table Mitchell with 3 boards a round set 3 is boards 7, 8, 9 (`board_set(3, 3)`).

Example (7-table Mitchell, 3 boards a round): round 1 at table 3 is
Seating(table=3, ns="3", ew="10", boards=(7, 8, 9)). The boards move down a table each round
and pair 10 moves up, so `board_schedule(7)` begins (1, 3, "3", "10"), (2, 2, "2", "8"),
(3, 1, "1", "13"), (4, 7, "7", "11"), ... and board 7 is played 7 times: `expected_plays(7) == 7`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from ..scoring.message import Message

Kind = Literal["mitchell", "howell"]
Direction = Literal["NS", "EW"]


def board_set(number: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards of set `number` when `boards_per_round` boards are played a round.

    Example: board_set(3, 3) -> (7, 8, 9); board_set(1, 2) -> (1, 2).
    """
    first = (number - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


@dataclass(frozen=True)
class Seating:
    """One table in one round: the pairs as they sit and the boards they play there."""

    table: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]

    @property
    def played(self) -> bool:
        """Whether two real pairs sit here (False for a sit-out against a missing pair)."""
        return self.ns is not None and self.ew is not None

    def swapped(self) -> Seating:
        """The same table with NS and EW changing seats (what an arrow switch does)."""
        return replace(self, ns=self.ew, ew=self.ns)


@dataclass(frozen=True)
class Round:
    """All the tables of one round; `switched` marks an arrow-switched round."""

    number: int
    tables: tuple[Seating, ...]
    switched: bool = False

    def seating(self, table: int) -> Seating | None:
        """Who sits at `table` this round and what it plays; None for a table the round does
        not use. Example: round 1 of a 7-table Mitchell, seating(3) -> NS 3 v EW 3, boards
        7-9 (3 a round)."""
        return next((seating for seating in self.tables if seating.table == table), None)


class BoardVisit(NamedTuple):
    """One stop of a board on its way round the room (one line of its traveller)."""

    round: int
    table: int
    ns: str | None
    ew: str | None


class PairRound(NamedTuple):
    """Where a pair is in one round: its table, the direction it sits, opponent and boards."""

    round: int
    table: int
    direction: Direction
    opponent: str | None
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Movement:
    """The whole schedule of a section.

    `pairs` lists the real pairs (a missing pair of a half table is left out); `boards` is B, the
    number of boards in play. Nothing is validated here, so that a broken movement can be built
    and shown to `check()`; the builders only ever return sound movements.
    """

    kind: Kind
    tables: int
    boards_per_round: int
    rounds: tuple[Round, ...]
    pairs: tuple[str, ...]
    boards: int
    # What the builder says of it, worded in a page's language by the page (rows/words.py):
    # "Mitchell, 7 tables; 7 rounds of 3; arrow switch in round 7".
    said: Message | None = None

    @property
    def description(self) -> str:
        """`said` in English (files, the command line): "" for a movement built without."""
        return "" if self.said is None else str(self.said)

    @property
    def switched_rounds(self) -> tuple[int, ...]:
        """Numbers of the arrow-switched rounds, e.g. (7,) for a switch on the last of 7."""
        return tuple(r.number for r in self.rounds if r.switched)

    @property
    def winners(self) -> int:
        """2 for a Mitchell without an arrow switch (NS, EW fields), else 1 (docs/rules.md §6.2)."""
        if self.kind == "mitchell" and not self.switched_rounds:
            return 2
        return 1

    def seatings(self) -> Iterator[tuple[Round, Seating]]:
        """Every (round, table) of the movement, round by round, table by table."""
        for rnd in self.rounds:
            for seating in rnd.tables:
                yield rnd, seating

    def board_schedule(self, board: int) -> list[BoardVisit]:
        """Where `board` goes, in the order it travels: (round, table, NS, EW) as they sit.

        A stop where one seat is empty (None) is a sit-out: the board is there but not played.
        Example (7-table Mitchell, 3 a round): board 7 -> [(1, 3, "3", "10"), (2, 2, "2", "8"),
        (3, 1, "1", "13"), (4, 7, "7", "11"), ...].
        """
        self._check_board(board)
        visits = [
            BoardVisit(rnd.number, s.table, s.ns, s.ew)
            for rnd, s in self.seatings()
            if board in s.boards
        ]
        return sorted(visits, key=lambda v: (v.round, v.table))

    def expected_plays(self, board: int) -> int:
        """E for Neuberg: how many times two real pairs play `board` in this movement.

        Example: 7-table Mitchell -> 7 for every board; with pair 14 missing (13 pairs) -> 6,
        because the table pair 14 comes to sits out once on every board set.
        """
        return sum(1 for visit in self.board_schedule(board) if visit.ns and visit.ew)

    def home_direction(self, label: str) -> Direction | None:
        """The direction a Mitchell pair belongs to (its field), None in a Howell.

        A pair keeps its home direction even in a switched round, where it sits the other way.
        Example: 7-table Mitchell -> "NS" for "3", "EW" for "10". Raises KeyError for a label
        that never sits in the movement.
        """
        for rnd, seating in self.seatings():
            if label in (seating.ns, seating.ew):
                if self.kind == "howell":
                    return None
                sits_ns = seating.ns == label
                return "NS" if sits_ns != rnd.switched else "EW"
        raise KeyError(f"pair {label} does not play in this movement")

    def pair_schedule(self, label: str) -> list[PairRound]:
        """Round by round: the table, direction (as seated), opponent and boards of a pair.

        Example (7-table Mitchell, 3 a round): pair "10" -> [(1, 3, "EW", "3", (7, 8, 9)),
        (2, 4, "EW", "4", (13, 14, 15)), ...]: it moves up a table, skipping one set a round.
        """
        schedule = []
        for rnd, s in self.seatings():
            if s.ns == label:
                schedule.append(PairRound(rnd.number, s.table, "NS", s.ew, s.boards))
            elif s.ew == label:
                schedule.append(PairRound(rnd.number, s.table, "EW", s.ns, s.boards))
        if not schedule:
            raise KeyError(f"pair {label} does not play in this movement")
        return schedule

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the pairs as they sit each round (switched rounds swapped).

        Example: {"kind": "mitchell", "tables": 7, "boards": 21, "rounds": [{"round": 1,
        "tables": [{"table": 1, "ns": "1", "ew": "8", "boards": [1, 2, 3]}, ...]}, ...]}.
        """
        return {
            "kind": self.kind,
            "tables": self.tables,
            "boards": self.boards,
            "rounds": [
                {
                    "round": rnd.number,
                    "tables": [
                        {"table": s.table, "ns": s.ns, "ew": s.ew, "boards": list(s.boards)}
                        for s in rnd.tables
                    ],
                }
                for rnd in self.rounds
            ],
        }

    def _check_board(self, board: int) -> None:
        if not 1 <= board <= self.boards:
            raise ValueError(f"board {board} is not in play: boards are 1 to {self.boards}")
