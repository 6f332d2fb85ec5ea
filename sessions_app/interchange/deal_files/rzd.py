"""`.rzd`: a binary deal file, 13 bytes a board after a 13-byte header.

Described by deal-convert (BSD-2-Clause, github.com/emkael/deal-convert,
`dealconvert/formats/rzd.py`). The header is the number of boards (two bytes, low byte first)
and 11 spaces; boards are 1, 2, 3 … in order. A board's 13 bytes are its ranks A, K, … 2; each
byte holds the seats of that rank's four cards, two bits each, spades in the highest bits:
(♠ seat) × 64 + (♥ seat) × 16 + (♦ seat) × 4 + (♣ seat), seats 0 North … 3 West. Example:
the byte 0b00011011 = 27 gives that rank's spade to North, heart to East, diamond to South and
club to West. `.cds` (`cds.py`) stores a deal the same way with the seats shifted by one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.message import Message, gettext_noop
from ..refused import FileRefused, Problems, at_byte
from .boards import BadDeal, DealtBoard, check_owners, numbered_from_one
from .records import board_problem, records

EXTENSION = "rzd"
RECORD = 13


def read_ranks(part: bytes, shift: int = 0) -> tuple[int, ...]:
    """The owners given by 13 rank bytes, each seat stored as (seat + shift) % 4."""
    owners: list[int | None] = [None] * 52
    for rank, byte in enumerate(part):
        for suit in range(4):
            owners[13 * suit + rank] = ((byte >> (6 - 2 * suit)) - shift) % 4
    return check_owners(owners)


def rank_bytes(owners: Sequence[int], shift: int = 0) -> bytes:
    """13 rank bytes (module docstring), each seat stored as (seat + shift) % 4."""
    return bytes(
        sum(((owners[13 * suit + rank] + shift) % 4) << (6 - 2 * suit) for suit in range(4))
        for rank in range(13)
    )


def read(content: bytes) -> tuple[DealtBoard, ...]:
    found = list(records(content, RECORD, EXTENSION))
    header = found[0][1]
    count = header[0] + 256 * header[1]
    if count != len(found) - 1:
        raise FileRefused(
            [
                at_byte(
                    0,
                    Message(
                        gettext_noop("the header says %(count)s boards, the file holds %(found)s"),
                        {"count": count, "found": len(found) - 1},
                    ),
                )
            ]
        )
    problems: list[Message] = Problems()
    boards = []
    for offset, record in found[1:]:
        number = offset // RECORD
        try:
            boards.append(DealtBoard.law2(number, read_ranks(record)))
        except BadDeal as error:
            problems.append(board_problem(error, offset, number))
    if problems:
        raise FileRefused(problems)
    return tuple(boards)


def write(boards: Sequence[DealtBoard]) -> bytes:
    numbered_from_one(boards, EXTENSION)
    header = bytes([len(boards) % 256, len(boards) // 256]) + b" " * 11
    return header + b"".join(rank_bytes(board.owners) for board in boards)
