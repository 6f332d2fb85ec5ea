"""`.cds`: a binary deal file, 14 bytes a board: its number, then its cards as `.rzd` stores
them (`rzd.py`) but with each seat stored as (seat + 1) % 4 — North 1, East 2, South 3, West 0.

Described by deal-convert (BSD-2-Clause, github.com/emkael/deal-convert,
`dealconvert/formats/cds.py`). Example: a board 5 in which North holds every card of rank A,
East every K, … is `05` then `55 AA FF 00 …` (0x55: seat value 1 in each suit's two bits).
Board numbers are one byte, so 1-255.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.message import Message, gettext_noop
from ..refused import FileRefused, Problems
from .boards import BadDeal, DealtBoard, NotWritable
from .records import board_problem, records
from .rzd import rank_bytes, read_ranks

EXTENSION = "cds"
RECORD = 14
SHIFT = 1


def read(content: bytes) -> tuple[DealtBoard, ...]:
    problems: list[Message] = Problems()
    boards: dict[int, DealtBoard] = {}
    for offset, record in records(content, RECORD, EXTENSION):
        number = record[0]
        try:
            if number == 0:
                raise BadDeal(Message(gettext_noop("board number 0")), byte=offset)
            if number in boards:
                raise BadDeal(
                    Message(
                        gettext_noop("board %(board)s is in the file twice"), {"board": number}
                    ),
                    byte=offset,
                )
            boards[number] = DealtBoard.law2(number, read_ranks(record[1:], SHIFT))
        except BadDeal as error:
            problems.append(board_problem(error, offset, number))
    if problems:
        raise FileRefused(problems)
    return tuple(boards.values())


def write(boards: Sequence[DealtBoard]) -> bytes:
    too_big = [board.number for board in boards if board.number > 255]
    if too_big:
        raise NotWritable(
            Message(
                gettext_noop("a .cds file numbers boards 1-255: board %(board)s cannot be written"),
                {"board": too_big[0]},
            )
        )
    return b"".join(bytes([board.number]) + rank_bytes(board.owners, SHIFT) for board in boards)
