"""`.dge`: the deal files of the Duplimate dealing machine's DOS software.

Described by deal-convert (BSD-2-Clause, github.com/emkael/deal-convert,
`dealconvert/formats/dge.py`) and by the design notes of hand_record_utility (MIT,
github.com/njhammond/hand_record_utility). One 128-byte record a board, boards 1, 2, 3 … in
order: 68 bytes, the hands of North, East, South and West, each four suits of a suit mark and
its cards (`AKQJT98765432`); then 60 NULs. The marks are the old PC's card symbols: byte 6 ♠,
3 ♥, 4 ♦, 5 ♣. Example: a hand `\\x06AK\\x03QJT\\x04\\x05AKQJT98` holds ♠AK ♥QJT, no
diamond and ♣AKQJT98.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.message import Message, gettext_noop
from .boards import RANKS, BadDeal, DealtBoard, check_owners, numbered_from_one
from .records import read_boards

EXTENSION = "dge"
RECORD = 128
HANDS_BYTES = 68
SUIT_MARKS = b"\x06\x03\x04\x05"  # spades, hearts, diamonds, clubs
_BEFORE_ANY_MARK = gettext_noop("%(value)r (byte value %(byte)s) is a card before any suit mark")
_NOT_A_CARD = gettext_noop("%(value)r (byte value %(byte)s) is not a card")


def read_hands(part: bytes, offset: int) -> tuple[int, ...]:
    """The owners given by 68 bytes at `offset`; raises BadDeal naming the byte of a card
    before any suit mark, a byte that is no card, or a fifth hand."""
    owners: list[int | None] = [None] * 52
    marks, suit = 0, -1
    for index, byte in enumerate(part):
        where = offset + index
        if byte in SUIT_MARKS:
            suit, marks = SUIT_MARKS.index(byte), marks + 1
            if marks > 16:
                raise BadDeal(
                    Message(gettext_noop("a seventeenth suit mark (four hands of four)")),
                    byte=where,
                )
            continue
        rank = RANKS.find(chr(byte))
        if rank < 0 or suit < 0:
            reason = _BEFORE_ANY_MARK if rank >= 0 else _NOT_A_CARD
            raise BadDeal(Message(reason, {"value": chr(byte), "byte": byte}), byte=where)
        card = 13 * suit + rank
        if owners[card] is not None:
            raise BadDeal(
                Message(
                    gettext_noop("%(card)s of the same suit is given twice"), {"card": chr(byte)}
                ),
                byte=where,
            )
        owners[card] = (marks - 1) // 4
    return check_owners(owners)


def hands_bytes(owners: Sequence[int]) -> bytes:
    """The four hands as 68 bytes."""
    out = bytearray()
    for seat in range(4):
        for suit in range(4):
            out.append(SUIT_MARKS[suit])
            out += bytes(ord(RANKS[rank]) for rank in range(13) if owners[13 * suit + rank] == seat)
    return bytes(out)


def read(content: bytes) -> tuple[DealtBoard, ...]:
    return read_boards(
        content, RECORD, EXTENSION, lambda record, offset: read_hands(record[:HANDS_BYTES], offset)
    )


def write(boards: Sequence[DealtBoard]) -> bytes:
    numbered_from_one(boards, EXTENSION)
    return b"".join(hands_bytes(board.owners) + b"\x00" * 60 for board in boards)
