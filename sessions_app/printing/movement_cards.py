"""Which rows a table card and a Howell pair's guide card get: the movement alone, read for
the people who move.

Apart from `layout` (travellers and score cards), because these cards are printed before a
result exists and never show one: a table card tells the players at a table who sits where
each round and where the boards and the moving pair go next; a guide card tells a Howell pair
its own table and seat each round, since in a Howell no single rule moves every pair. Pure
functions of a `Movement` (no database, no results), so what a card holds is tested without
rendering it.

Example (7-table Mitchell, 3 a round): table 3's card, round 1 -> NS "3", EW "10", boards
7-9, the EW pair to table 4, the boards to table 2.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..movements import Movement


class TableCardRow(NamedTuple):
    """One round at one table, and where the movers go next."""

    round: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]
    switched: bool
    pair_to: int | None  # Mitchell: the table the moving (home EW) pair goes to; None: last
    # round, or a Howell (its pairs' own guide cards say where each goes)
    boards_to: str  # the table(s) the boards go to: "6", "1/8", "bye stand" (played again in
    # a later round), "put aside" (played for the last time), "" (last round)


@dataclass(frozen=True)
class TableCard:
    table: int
    rows: tuple[TableCardRow, ...]


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """A card for each table, Mitchell or Howell: round by round who sits NS and EW (as they
    sit: in an arrow-switched round the home EW pair sits NS) and which boards they play, the
    table read from each round with `Round.seating`; then where the boards go next and, in a
    Mitchell, the moving pair.

    Examples: 7-table Mitchell, 3 a round: table 3, round 1 -> NS "3", EW "10", boards 7-9,
    the EW pair to table 4, the boards to table 2. 3-table Howell, 2 a round (howell.py):
    table 2 -> round 1 4 v 3 on 3-4 (then to table 1), round 2 5 v 4 on 5-6, round 3 1 v 5 on
    3-4 (put aside: their third play), round 4 2 v 1 on 5-6, round 5 3 v 2 on 9-10.
    """
    pair_tables: dict[tuple[str, int], int] = {}
    board_tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    for rnd, seating in movement.seatings():
        for label in (seating.ns, seating.ew):
            if label is not None:
                pair_tables[label, rnd.number] = seating.table
        if seating.boards:
            board_tables[seating.boards[0], rnd.number].append(seating.table)
    last = max((rnd.number for rnd in movement.rounds), default=0)
    mitchell = movement.kind == "mitchell"
    cards = []
    for table in range(1, movement.tables + 1):
        rows = []
        for rnd in movement.rounds:
            here = rnd.seating(table)
            if here is None:
                continue
            mover = here.ns if rnd.switched else here.ew
            pair_to, boards_to = None, ""
            if rnd.number != last:
                if mitchell and mover:
                    pair_to = pair_tables.get((mover, rnd.number + 1))
                boards_to = _boards_to(board_tables, here.boards, rnd.number, last)
            rows.append(
                TableCardRow(
                    rnd.number,
                    here.ns,
                    here.ew,
                    here.boards,
                    rnd.switched,
                    pair_to,
                    boards_to,
                )
            )
        cards.append(TableCard(table, tuple(rows)))
    return tuple(cards)


def _boards_to(
    board_tables: Mapping[tuple[int, int], list[int]],
    boards: tuple[int, ...],
    round_number: int,
    last: int,
) -> str:
    """Where a set goes after `round_number`: its tables next round, else the bye stand when
    a later round plays it, else put aside."""
    if not boards:
        return ""
    tables = sorted(board_tables.get((boards[0], round_number + 1), ()))
    if tables:
        return "/".join(map(str, tables))
    later = any((boards[0], later) in board_tables for later in range(round_number + 2, last + 1))
    return "bye stand" if later else "put aside"


class GuideRow(NamedTuple):
    round: int
    table: int
    direction: str
    opponent: str | None  # None: sits out
    boards: tuple[int, ...]
    switched: bool


def guide_rows(movement: Movement, label: str) -> tuple[GuideRow, ...]:
    """A Howell pair's guide card: each round its table, the seat it takes, its opponents and
    boards. Example (4-table Howell, 3 a round): pair "1", round 1 -> table 1, EW v 8, 1-3."""
    switched = set(movement.switched_rounds)
    return tuple(
        GuideRow(
            stop.round,
            stop.table,
            stop.direction,
            stop.opponent,
            stop.boards,
            stop.round in switched,
        )
        for stop in movement.pair_schedule(label)
    )
