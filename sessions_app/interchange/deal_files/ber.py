"""`.ber`: 52 digits a board, boards 1, 2, 3 … one after another with nothing between.

Described by deal-convert (BSD-2-Clause, github.com/emkael/deal-convert,
`dealconvert/formats/ber.py`). The digits are the seats of the cards in the order ♠A … ♠2, ♥A …
♣2: 1 North, 2 East, 3 South, 4 West. Example: `1111111111111` then `2222222222222`, `33…`,
`44…` deals the spades to North, the hearts to East, the diamonds to South, the clubs to West.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.message import Message, gettext_noop
from ..refused import FileRefused, Problems
from .boards import BadDeal, DealtBoard, check_owners, numbered_from_one
from .records import board_problem, records

EXTENSION = "ber"
RECORD = 52


def read(content: bytes) -> tuple[DealtBoard, ...]:
    problems: list[Message] = Problems()
    boards = []
    for offset, record in records(content.rstrip(b" \r\n\x00"), RECORD, EXTENSION):
        number = offset // RECORD + 1
        bad = next((index for index, byte in enumerate(record) if byte not in b"1234"), None)
        try:
            if bad is not None:
                raise BadDeal(
                    Message(
                        gettext_noop("%(value)r is not a seat (1-4)"), {"value": chr(record[bad])}
                    ),
                    byte=offset + bad,
                )
            boards.append(DealtBoard.law2(number, check_owners([byte - 49 for byte in record])))
        except BadDeal as error:
            problems.append(board_problem(error, offset, number))
    if problems:
        raise FileRefused(problems)
    return tuple(boards)


def write(boards: Sequence[DealtBoard]) -> bytes:
    numbered_from_one(boards, EXTENSION)
    return b"".join(bytes(49 + owner for owner in board.owners) for board in boards)
