"""Complete Howell movements for 2-8 tables: every pair meets every other pair exactly once.

With 2T pairs there are 2T-1 rounds and 2T-1 board sets; each pair plays every set once, so
each set is played T times and all pairs form one field (one winner). With 2T-1 pairs the
highest pair is a phantom: whoever would meet it sits out, always at the same table.

How the tables are made (the cyclic Howell of bridgecentral.com "Deriving Howell movements"):
pair 2T stays put; round 1 is given below; in each later round every other pair number and
every set number goes up by one, wrapping 2T-1 -> 1. So each pair moves to the seat the pair
one number lower just left, and the boards move down one table, passing through relay stands
where a set waits a round or more. Round 1 is built from two "starters" of Z(2T-1) (the base
pairing and the board skeleton): the pairings of round 1 use every difference ±1..±(T-1) once,
so every two pairs meet once, and the skeleton puts a set on each table such that no pair meets
a set twice. The tables are numbered along the board circuit, the relay stands sit in as few
gaps as possible ("perfect": one stand with odd T, two with even T) and, among those, the NS/EW
orientation chosen is the best balanced: with even T every two pairs are compared (same
direction, same board) exactly T-1 times; with odd T that cannot be done, and the counts differ
by at most 2.

- 2 tables: the ACBL standard 3-round Howell (pair 4 stays NS at table 1, pair 3 NS v 2 at
  table 2 in round 1); both tables share the set each round.
- 3 tables: no cyclic Howell avoids sharing, so the ACBL-style one is used as published
  (robinsbridge.blogspot.com "Howell some more", after the Bridge Guys site): four sets go
  round for rounds 1-4 and all three tables share set 5 in round 5.
- 4 tables: the published movement of bridgecentral.com "Producing Howell movements":
  8-1 6-5 4-2 R 7-3 2R (sets 1, 2, 3, 5 on tables 1-4; one relay set between tables 3 and 4,
  two between tables 4 and 1).
- 5-8 tables: round 1 found by the construction above and checked by `check()` in the tests.

Example: howell(4, 3) round 1 -> table 1: 8 v 1 on boards 1-3, table 2: 6 v 5 on 4-6, table 3:
4 v 2 on 7-9, table 4: 7 v 3 on 13-15; round 2 -> table 1: 8 v 2 on 4-6.
"""

from __future__ import annotations

from .arrow_switch import ArrowSwitch, switch_rounds
from .model import Movement, Round, Seating, board_set

MIN_TABLES = 2
MAX_TABLES = 8

Layout = tuple[tuple[int, int, int], ...]  # (NS pair, EW pair, board set) at tables 1, 2, ...

# Round 1 of each cyclic Howell, tables in order. Pair 2T is the stationary pair.
_CYCLIC_ROUND_ONE: dict[int, Layout] = {
    2: ((4, 1, 1), (3, 2, 1)),
    4: ((8, 1, 1), (6, 5, 2), (4, 2, 3), (7, 3, 5)),
    5: ((2, 6, 1), (5, 8, 2), (10, 1, 3), (3, 4, 4), (7, 9, 5)),
    6: ((2, 9, 1), (12, 1, 2), (7, 6, 3), (4, 10, 4), (8, 11, 6), (3, 5, 7)),
    7: ((4, 8, 1), (13, 11, 2), (3, 9, 3), (14, 1, 4), (7, 6, 5), (5, 10, 6), (12, 2, 7)),
    8: (
        (6, 11, 1), (14, 15, 2), (7, 10, 3), (3, 5, 4),
        (16, 1, 5), (12, 8, 6), (2, 9, 9), (4, 13, 10),
    ),
}  # fmt: skip

# The 3-table Howell, all five rounds (its boards do not move cyclically).
_THREE_TABLES: tuple[Layout, ...] = (
    ((6, 1, 1), (4, 3, 2), (2, 5, 4)),
    ((6, 2, 2), (5, 4, 3), (3, 1, 4)),
    ((6, 3, 3), (1, 5, 2), (4, 2, 1)),
    ((6, 4, 4), (2, 1, 3), (5, 3, 1)),
    ((6, 5, 5), (3, 2, 5), (1, 4, 5)),
)


def howell_rounds(tables: int) -> int:
    """Rounds of a complete Howell: 2T-1 (every pair meets the 2T-1 others once).

    Example: howell_rounds(5) -> 9; howell_rounds(7) -> 13.
    """
    return 2 * tables - 1


def howell(
    tables: int,
    boards_per_round: int,
    *,
    pairs: int | None = None,
    rounds: int | None = None,
    arrow_switch: ArrowSwitch = None,
) -> Movement:
    """A complete Howell of `tables` tables (2-8) with any number of boards a round.

    `pairs` is 2T (default) or 2T-1 (pair 2T is then a phantom and its opponents sit out).
    `rounds`, if given, must be the full 2T-1. An arrow switch does not apply (ValueError).

    Example: howell(5, 3, pairs=9) -> 9 rounds, 27 boards, pairs "1".."9"; in round r pair r
    sits out at table 3 and every board is played 4 times (expected_plays == 4).
    """
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise ValueError(
            f"a Howell here has {MIN_TABLES} to {MAX_TABLES} tables"
            f" ({2 * MIN_TABLES} to {2 * MAX_TABLES} pairs), not {tables}"
        )
    if boards_per_round < 1:
        raise ValueError(f"a round has at least one board, not {boards_per_round}")
    if switch_rounds(arrow_switch, howell_rounds(tables)):
        raise ValueError("an arrow switch does not apply to a Howell: it is one field already")
    full = howell_rounds(tables)
    if rounds is not None and rounds != full:
        raise ValueError(f"a {tables}-table Howell is played complete: {full} rounds, not {rounds}")
    if pairs not in (None, 2 * tables, 2 * tables - 1):
        raise ValueError(
            f"a {tables}-table Howell has {2 * tables} or {2 * tables - 1} pairs, not {pairs}"
        )
    phantom = str(2 * tables) if pairs == 2 * tables - 1 else None

    def seat(pair: int) -> str | None:
        return None if str(pair) == phantom else str(pair)

    built = tuple(
        Round(
            number,
            tuple(
                Seating(table, seat(ns), seat(ew), board_set(number_set, boards_per_round))
                for table, (ns, ew, number_set) in enumerate(layout, start=1)
            ),
        )
        for number, layout in enumerate(_layouts(tables), start=1)
    )
    return Movement(
        kind="howell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=built,
        pairs=tuple(str(p) for p in range(1, 2 * tables + 1) if str(p) != phantom),
        boards=full * boards_per_round,
        description=_describe(tables, boards_per_round, phantom),
    )


def _layouts(tables: int) -> tuple[Layout, ...]:
    """Every round's (NS, EW, set) by table: the stored table, or round 1 moved cyclically."""
    if tables == 3:
        return _THREE_TABLES
    first = _CYCLIC_ROUND_ONE[tables]
    size = howell_rounds(tables)

    def moved(number: int, shift: int) -> int:
        return number if number == 2 * tables else (number - 1 + shift) % size + 1

    return tuple(
        tuple(
            (moved(ns, shift), moved(ew, shift), (s - 1 + shift) % size + 1) for ns, ew, s in first
        )
        for shift in range(size)
    )


def _describe(tables: int, boards_per_round: int, phantom: str | None) -> str:
    size = howell_rounds(tables)
    parts = [f"Howell, {tables} tables", f"{size} rounds of {boards_per_round}"]
    first = _layouts(tables)[0]
    home = next(t for t, (ns, _, _) in enumerate(first, start=1) if ns == 2 * tables)
    if phantom is None:
        parts.append(f"pair {2 * tables} stays NS at table {home}")
    else:
        parts.append(f"pair {phantom} missing: in round r pair r sits out at table {home}")
    if tables == 2:
        parts.append("both tables share each set")
    elif tables == 3:
        parts.append("all three tables share set 5 in round 5")
    else:
        sets = [s for _, _, s in first]
        relays = [
            f"{(sets[(i + 1) % tables] - s - 1) % size} between tables {i + 1} and"
            f" {(i + 1) % tables + 1}"
            for i, s in enumerate(sets)
            if (sets[(i + 1) % tables] - s - 1) % size
        ]
        parts.append("relay sets: " + ", ".join(relays))
    return "; ".join(parts)
