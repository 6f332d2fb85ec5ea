"""`.bri`: the deal files of the Duplimate and other dealing machines' older software.

Described by deal-convert (BSD-2-Clause, github.com/emkael/deal-convert,
`dealconvert/formats/bri.py`) and by the design notes of hand_record_utility (MIT,
github.com/njhammond/hand_record_utility), which quote Duplimate's convert.pdf. One 128-byte
record a board, boards 1, 2, 3 … in order: 78 ASCII digits, two a card, giving the 13
cards of North, then East, then South (West holds the rest); then 32 spaces and 18 NULs. A
card's number is 1 for ♠A … 13 for ♠2, 14 for ♥A … 52 for ♣2. Example: North's `010203…13`
is every spade.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.message import Message, gettext_noop
from .boards import BadDeal, DealtBoard, check_owners, numbered_from_one
from .records import read_boards

EXTENSION = "bri"
RECORD = 128
CARDS_BYTES = 78


def read_cards(part: bytes, offset: int) -> tuple[int, ...]:
    """The owners given by 78 digits at `offset` in the file; raises BadDeal naming the byte
    of a bad card."""
    owners: list[int | None] = [None] * 52
    for index in range(39):
        pair = part[2 * index : 2 * index + 2]
        where = offset + 2 * index
        if not (pair.isascii() and pair.isdigit()) or not 1 <= int(pair) <= 52:
            raise BadDeal(
                Message(
                    gettext_noop("%(value)r is not a card (01-52)"),
                    {"value": pair.decode("latin-1")},
                ),
                byte=where,
            )
        card = int(pair) - 1
        if owners[card] is not None:
            raise BadDeal(
                Message(gettext_noop("card %(card)s is given twice"), {"card": pair.decode()}),
                byte=where,
            )
        owners[card] = index // 13
    return check_owners([3 if owner is None else owner for owner in owners])


def cards_bytes(owners: Sequence[int]) -> bytes:
    """North's, East's and South's cards as 78 digits."""
    return "".join(
        f"{card + 1:02d}" for seat in range(3) for card in range(52) if owners[card] == seat
    ).encode("ascii")


def read(content: bytes) -> tuple[DealtBoard, ...]:
    return read_boards(
        content, RECORD, EXTENSION, lambda record, offset: read_cards(record[:CARDS_BYTES], offset)
    )


def write(boards: Sequence[DealtBoard]) -> bytes:
    numbered_from_one(boards, EXTENSION)
    return b"".join(cards_bytes(board.owners) + b" " * 32 + b"\x00" * 18 for board in boards)
