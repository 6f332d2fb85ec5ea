"""A movement as a plain-text table, round by round, for the director's screen or a printout.

Why: before a session the director wants to see the whole movement at a glance and compare it
with the table cards; `show_movement --format text` prints this. Pairs are shown as they sit,
an empty seat (a sit-out) as "-", and a switched round says so in its heading.

Example (mitchell(3, 2, arrow_switch="last")):

    Mitchell, 3 tables; 3 rounds of 2; arrow switch in round 3
    6 pairs, 6 boards, 1 winner

    Round 1
      Table  NS  EW  Boards
          1   1   4  1-2
    ...
    Round 3 (arrow switch: NS and EW pairs change seats)
      Table  NS  EW  Boards
          1   5   1  5-6
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Movement

EMPTY_SEAT = "-"


def boards_text(boards: Sequence[int]) -> str:
    """Boards as a short range where they run on: (7, 8, 9) -> "7-9", (4,) -> "4".

    Example: boards_text((7, 8, 9)) -> "7-9"; boards_text((1, 5)) -> "1, 5".
    """
    numbers = list(boards)
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(str(b) for b in numbers)


def movement_text(movement: Movement) -> str:
    """The whole movement as text, one block per round (see the module example)."""
    winners = "1 winner" if movement.winners == 1 else f"{movement.winners} winners"
    lines = [
        movement.description or f"{movement.kind.title()}, {movement.tables} tables",
        f"{len(movement.pairs)} pairs, {movement.boards} boards, {winners}",
    ]
    width = max([2, *(len(p) for p in movement.pairs)])
    for rnd in movement.rounds:
        heading = f"Round {rnd.number}"
        if rnd.switched:
            heading += " (arrow switch: NS and EW pairs change seats)"
        lines += ["", heading, f"  Table  {'NS':>{width}}  {'EW':>{width}}  Boards"]
        for s in rnd.tables:
            ns = s.ns or EMPTY_SEAT
            ew = s.ew or EMPTY_SEAT
            lines.append(f"  {s.table:>5}  {ns:>{width}}  {ew:>{width}}  {boards_text(s.boards)}")
    return "\n".join(lines) + "\n"
