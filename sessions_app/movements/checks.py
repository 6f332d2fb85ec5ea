"""Is a movement sound? `check(movement)` lists every problem in words (empty list = sound).

Why: a wrong movement silently spoils a whole session. A pair that meets a board twice knows
the result; a pair seated at two tables, or a board that travels to too few tables, leaves
travellers that cannot be matchpointed fairly. The builders are tested with this checker for
every size they offer, and a hand-entered or imported movement can be checked the same way.

What it checks:
- every seated pair is in the pair list, and every listed pair has a seat in every round;
- no pair is seated twice in one round, no table twice, no table outside 1..T, no board outside
  1..B;
- no pair plays a board twice (sit-outs against a missing pair are not plays);
- meetings: in a Mitchell an NS pair and an EW pair meet at most once and two pairs of the same
  home direction never meet, and a pair sits its home direction except in switched rounds; in a
  Howell two pairs meet at most once, and exactly once when the Howell is complete (one round
  for each other pair: 2T-1 rounds for 2T pairs, or for 2T-1 pairs and a phantom);
- every board goes to the same number of tables (sit-out tables included: a missing pair makes
  E smaller, but it must not make the boards travel unevenly).

Example: a 7-table Mitchell (2 a round) whose table 1 gets boards 1-2 again in round 2 ->
["pair 1 plays board 1 twice (rounds 1 and 2)", "pair 1 plays board 2 twice (rounds 1 and 2)",
"pair 14 plays board 1 twice (rounds 2 and 5)", ..., "board 1 goes to 8 tables, the others to
7 tables", ..., "board 3 goes to 6 tables, the others to 7 tables", ...].
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

from .model import Movement, Seating


def check(movement: Movement) -> list[str]:
    """Every problem of `movement`, in words; an empty list means it is sound."""
    return [
        *_pair_problems(movement),
        *_table_problems(movement),
        *_board_twice_problems(movement),
        *_meeting_problems(movement),
        *_direction_problems(movement),
        *_travel_problems(movement),
    ]


def _labels(seating: Seating) -> list[str]:
    return [p for p in (seating.ns, seating.ew) if p is not None]


def _pair_problems(movement: Movement) -> list[str]:
    problems = []
    listed = set(movement.pairs)
    for label, count in Counter(movement.pairs).items():
        if count > 1:
            problems.append(f"pair {label} is listed {count} times")
    unknown: dict[str, list[str]] = defaultdict(list)
    for rnd in movement.rounds:
        tables_of: dict[str, list[int]] = defaultdict(list)
        for seating in rnd.tables:
            for label in _labels(seating):
                tables_of[label].append(seating.table)
                if label not in listed:
                    unknown[label].append(f"round {rnd.number} table {seating.table}")
        for label, tables in tables_of.items():
            if len(tables) > 1:
                where = " and ".join(str(t) for t in tables)
                problems.append(f"pair {label} is seated twice in round {rnd.number} ({where})")
        for label in movement.pairs:
            if label not in tables_of:
                problems.append(f"pair {label} has no seat in round {rnd.number}")
    for label, places in unknown.items():
        problems.append(f"pair {label} is seated ({', '.join(places)}) but is not in the pair list")
    return problems


def _table_problems(movement: Movement) -> list[str]:
    problems = []
    for rnd in movement.rounds:
        for table, count in Counter(s.table for s in rnd.tables).items():
            if count > 1:
                problems.append(f"table {table} appears {count} times in round {rnd.number}")
            if not 1 <= table <= movement.tables:
                problems.append(
                    f"table {table} in round {rnd.number} is not one of tables 1 to"
                    f" {movement.tables}"
                )
        for seating in rnd.tables:
            if seating.ns is not None and seating.ns == seating.ew:
                problems.append(
                    f"pair {seating.ns} sits both NS and EW at table {seating.table} in round"
                    f" {rnd.number}"
                )
            for board in seating.boards:
                if not 1 <= board <= movement.boards:
                    problems.append(
                        f"board {board} at table {seating.table} in round {rnd.number} is not"
                        f" one of boards 1 to {movement.boards}"
                    )
    return problems


def _board_twice_problems(movement: Movement) -> list[str]:
    rounds_of: dict[tuple[str, int], list[int]] = defaultdict(list)
    for rnd, seating in movement.seatings():
        if seating.played:
            for label in _labels(seating):
                for board in seating.boards:
                    rounds_of[(label, board)].append(rnd.number)
    return [
        f"pair {label} plays board {board} {_times(len(rounds))} ({_rounds(rounds)})"
        for (label, board), rounds in rounds_of.items()
        if len(rounds) > 1
    ]


def _meeting_problems(movement: Movement) -> list[str]:
    met: dict[frozenset[str], list[int]] = defaultdict(list)
    for rnd, seating in movement.seatings():
        if seating.played:
            met[frozenset(_labels(seating))].append(rnd.number)
    problems = [
        f"pairs {' and '.join(sorted(pair, key=_order))} meet {_times(len(rounds))}"
        f" ({_rounds(rounds)})"
        for pair, rounds in met.items()
        if len(rounds) > 1
    ]
    if movement.kind == "howell" and _complete_howell(movement):
        problems += [
            f"pairs {a} and {b} never meet in this complete Howell"
            for a, b in combinations(movement.pairs, 2)
            if frozenset((a, b)) not in met
        ]
    return problems


def _complete_howell(movement: Movement) -> bool:
    even_pairs = len(movement.pairs) + len(movement.pairs) % 2
    return len(movement.rounds) == even_pairs - 1


def _direction_problems(movement: Movement) -> list[str]:
    """Mitchell only: each pair keeps one home direction; no two of one direction meet.

    A pair's home direction is the one it plays most often (switched rounds counted the other
    way), so a single misplaced seating is reported where it is.
    """
    if movement.kind != "mitchell":
        return []
    plays: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for rnd, seating in movement.seatings():
        for label, sits_ns in ((seating.ns, True), (seating.ew, False)):
            if label is not None:
                plays[label].append(("NS" if sits_ns != rnd.switched else "EW", rnd.number))
    home = {
        label: Counter(d for d, _ in rows).most_common(1)[0][0] for label, rows in plays.items()
    }
    problems = [
        f"pair {label} is an {home[label]} pair but plays as {direction} in round {number}"
        for label, rows in plays.items()
        for direction, number in rows
        if direction != home[label]
    ]
    for rnd, seating in movement.seatings():
        if not seating.played:
            continue
        ns, ew = _labels(seating)
        if home[ns] == home[ew]:
            problems.append(
                f"pairs {ns} and {ew} are both {home[ns]} pairs but meet in round {rnd.number}"
            )
    return problems


def _travel_problems(movement: Movement) -> list[str]:
    visits = Counter(board for _, s in movement.seatings() for board in s.boards)
    counts = Counter(visits.get(board, 0) for board in range(1, movement.boards + 1))
    if len(counts) <= 1:
        return []
    usual = max(counts, key=lambda c: (counts[c], c))
    return [
        f"board {board} goes to {_tables(visits.get(board, 0))}, the others to {_tables(usual)}"
        for board in range(1, movement.boards + 1)
        if visits.get(board, 0) != usual
    ]


def _times(count: int) -> str:
    return {2: "twice", 3: "three times"}.get(count, f"{count} times")


def _tables(count: int) -> str:
    return "1 table" if count == 1 else f"{count} tables"


def _rounds(rounds: list[int]) -> str:
    return "rounds " + " and ".join(str(r) for r in rounds)


def _order(label: str) -> tuple[int, str]:
    return (int(label), label) if label.isdigit() else (10**9, label)
