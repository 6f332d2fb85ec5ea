"""Movements: who plays which boards against whom in each round. Pure Python, no Django.

- `model`: the data (Seating, Round, Movement) and what the scorer asks of it (E per board,
  winners, home direction, a board's and a pair's schedule, `to_dict()`).
- `mitchell`: Mitchell for 3-20 tables, 1-8 boards a round; skip or relay and bye stand for even
  tables.
- `howell`: the seatings of complete Howells for 2-15 tables, and how they were found;
  `howell_movement`: a Howell as a Movement (any pair may be the missing one).
- `arrow_switch`: switched rounds of a Mitchell.
- `checks`: `check(movement)` lists what is wrong with a movement, in words.
- `text`: the movement as a text table.

Example: mitchell(7, 3, arrow_switch="last") -> 7 rounds, 21 boards, 1 winner, and
check(mitchell(7, 3)) == [].
"""

from .arrow_switch import ArrowSwitch, parse_arrow_switch, switch_rounds
from .checks import check
from .howell import howell_rounds
from .howell_movement import howell
from .mitchell import EvenMethod, full_rounds, mitchell
from .model import (
    BoardVisit,
    Direction,
    Kind,
    Movement,
    PairRound,
    Round,
    Seating,
    board_set,
)
from .text import movement_text

__all__ = [
    "ArrowSwitch",
    "BoardVisit",
    "Direction",
    "EvenMethod",
    "Kind",
    "Movement",
    "PairRound",
    "Round",
    "Seating",
    "board_set",
    "check",
    "full_rounds",
    "howell",
    "howell_rounds",
    "mitchell",
    "movement_text",
    "parse_arrow_switch",
    "switch_rounds",
]
