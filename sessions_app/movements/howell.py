"""The seatings of complete Howell movements for 2-15 tables: every pair meets every other pair
exactly once. The `Movement` a director asks for is built from them by `howell_movement`.

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
- 9-15 tables: the same construction. A complete Howell in which no two tables share a set is a
  Room square of side 2T-1 (rounds x sets, each cell a table's two pairs); Room squares exist for
  every odd side except 3 and 5 (Mullin & Wallis 1975), which is why 2 and 3 tables share, and
  the cyclic ones come from a "starter" (round 1's pairings) and an "adder" (round 1's sets).
  Balance comes from the EW seats: in round 1 shifted back by each table's set, the EW pairs
  form a set D of T numbers mod 2T-1, and two pairs whose numbers differ by d are compared
  2·λ(d)-1 times, λ(d) being how often d is a difference of D. So every two pairs are compared
  T-1 times exactly when D is a (2T-1, T, T/2) difference set (Berlekamp & Hwang's balanced
  Howell rotations): 10 and 12 tables use the Paley sets (the non-residues mod 19, 23 and 0),
  8 tables a (15, 8, 4) set. 14 tables (27) has no such cyclic set: its D differs by at most 1
  from T/2, so counts differ by at most 4. With odd T, λ takes (T-1)/2 and (T+1)/2: the
  residues and 0 mod 17 and 29 (9 and 15 tables), sets found by search mod 21 and 25; counts
  are T-2 and T. Round 1 was found by a backtracking search over these constraints and is checked
  by `check()` and by the comparison counts in the tests. Beyond 15 tables a complete Howell
  needs 31 rounds or more: more boards than a session plays; such a field plays a Mitchell.

Example: howell_layouts(4), played as howell(4, 3): round 1 -> table 1: 8 v 1 on boards 1-3,
table 2: 6 v 5 on 4-6, table 3: 4 v 2 on 7-9, table 4: 7 v 3 on 13-15; round 2 -> table 1: 8 v
2 on 4-6.
"""

from __future__ import annotations

MIN_TABLES = 2
MAX_TABLES = 15

Layout = tuple[tuple[int, int, int], ...]  # (NS pair, EW pair, board set) at tables 1, 2, ...

# Round 1 of each cyclic Howell, tables in order. Pair 2T is the stationary pair.
_CYCLIC_ROUND_ONE: dict[int, Layout] = {
    2: ((4, 1, 1), (3, 2, 1)),
    4: ((8, 1, 1), (6, 5, 2), (4, 2, 3), (7, 3, 5)),
    5: ((2, 6, 1), (5, 8, 2), (10, 1, 3), (3, 4, 4), (7, 9, 5)),
    6: ((2, 9, 1), (12, 1, 2), (7, 6, 3), (4, 10, 4), (8, 11, 6), (3, 5, 7)),
    7: ((4, 8, 1), (13, 11, 2), (3, 9, 3), (14, 1, 4), (7, 6, 5), (5, 10, 6), (12, 2, 7)),
    8: (
        (6, 11, 1),
        (14, 15, 2),
        (7, 10, 3),
        (3, 5, 4),
        (16, 1, 5),
        (12, 8, 6),
        (2, 9, 9),
        (4, 13, 10),
    ),
    9: (
        (11, 3, 1),
        (8, 6, 2),
        (17, 4, 3),
        (15, 12, 4),
        (18, 14, 5),
        (1, 2, 6),
        (10, 5, 7),
        (13, 7, 8),
        (16, 9, 9),
    ),
    10: (
        (6, 9, 1),
        (8, 2, 7),
        (17, 7, 8),
        (15, 19, 9),
        (20, 4, 10),
        (3, 14, 11),
        (10, 5, 12),
        (1, 13, 13),
        (18, 16, 14),
        (12, 11, 15),
    ),
    11: (
        (17, 8, 1),
        (16, 10, 2),
        (20, 4, 3),
        (6, 2, 4),
        (18, 5, 5),
        (22, 15, 6),
        (19, 12, 7),
        (14, 11, 8),
        (13, 3, 9),
        (9, 7, 10),
        (1, 21, 11),
    ),
    12: (
        (14, 20, 1),
        (8, 23, 2),
        (12, 17, 3),
        (9, 6, 6),
        (11, 18, 7),
        (24, 7, 8),
        (2, 16, 9),
        (5, 4, 10),
        (13, 3, 11),
        (1, 22, 12),
        (21, 10, 13),
        (15, 19, 14),
    ),
    13: (
        (15, 17, 1),
        (19, 11, 2),
        (1, 22, 3),
        (9, 8, 4),
        (4, 23, 5),
        (6, 13, 6),
        (26, 10, 7),
        (3, 16, 8),
        (5, 20, 9),
        (7, 12, 10),
        (21, 24, 11),
        (18, 2, 12),
        (25, 14, 13),
    ),
    14: (
        (13, 10, 1),
        (4, 18, 2),
        (7, 6, 14),
        (28, 1, 15),
        (26, 17, 16),
        (16, 14, 17),
        (12, 24, 18),
        (27, 22, 19),
        (8, 25, 20),
        (5, 11, 21),
        (9, 20, 22),
        (3, 23, 23),
        (19, 15, 24),
        (2, 21, 25),
    ),
    15: (
        (12, 5, 1),
        (14, 1, 2),
        (17, 28, 3),
        (23, 4, 4),
        (20, 29, 5),
        (3, 26, 6),
        (24, 16, 7),
        (30, 9, 8),
        (11, 25, 9),
        (13, 15, 10),
        (21, 18, 11),
        (10, 6, 12),
        (2, 19, 13),
        (22, 27, 14),
        (7, 8, 15),
    ),
}

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


def howell_layouts(tables: int) -> tuple[Layout, ...]:
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
