"""`.dup`: the deal files of the Duplimate dealing machine.

Described by the design notes of hand_record_utility (MIT,
github.com/njhammond/hand_record_utility), which quote Duplimate's own convert.pdf, and by
deal-convert (BSD-2-Clause, github.com/emkael/deal-convert, `dealconvert/formats/dup.py`).
One 156-byte record a board, in order: the board's `.bri` record's 78 digits (`bri.py`), its
`.dge` record's 68 bytes (`dge.py`) — the same deal twice — and 10 bytes which, in the first
record, describe the set:

    byte 146  Y/N  random hands           byte 147  Y/N  counting backwards
    148-150   the lowest board, left-aligned, space-padded
    151-152   copies of each board        153-155   the highest board

Example: boards 1-32, one copy: `YN1  1 32 `. The other records' 10 bytes are NULs.
deal-convert writes the number of boards where the highest is (the same when the set starts at
board 1) and both are read. A set counting backwards is refused: nothing public says how its
boards are numbered.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.message import Message, gettext_noop, ngettext_lazy
from ..refused import FileRefused, Problems, at_byte, on_board
from . import bri, dge
from .boards import BadDeal, DealtBoard, consecutive, sorted_boards
from .records import board_problem, records

EXTENSION = "dup"
RECORD = 156
HEADER = bri.CARDS_BYTES + dge.HANDS_BYTES  # 146: where the set's 10 bytes are
HIGHEST = 999


def read(content: bytes) -> tuple[DealtBoard, ...]:
    found = list(records(content, RECORD, EXTENSION))
    first = _first_board(found[0][1][HEADER:], len(found))
    problems: list[Message] = Problems()
    boards = []
    for index, (offset, record) in enumerate(found):
        number = first + index
        try:
            owners = bri.read_cards(record[: bri.CARDS_BYTES], offset)
            again = dge.read_hands(record[bri.CARDS_BYTES : HEADER], offset + bri.CARDS_BYTES)
        except BadDeal as error:
            problems.append(board_problem(error, offset, number))
            continue
        if owners != again:
            problems.append(
                at_byte(
                    offset + bri.CARDS_BYTES,
                    on_board(
                        number,
                        Message(
                            gettext_noop(
                                "the record's two copies of the deal differ (its digits and its"
                                " suit-marked hands): the file is damaged"
                            )
                        ),
                    ),
                )
            )
            continue
        boards.append(DealtBoard.law2(number, owners))
    if problems:
        raise FileRefused(problems)
    return tuple(boards)


def _first_board(header: bytes, records_found: int) -> int:
    """The first board's number, from the first record's last 10 bytes."""
    where = HEADER
    if header[:2].upper() not in (b"YN", b"NN", b"YY", b"NY"):
        raise FileRefused(
            [
                at_byte(
                    where,
                    Message(
                        gettext_noop("the first record does not describe the set (Y or N expected)")
                    ),
                )
            ]
        )
    if header[1:2].upper() == b"Y":
        raise FileRefused(
            [
                at_byte(
                    where + 1,
                    Message(
                        gettext_noop("the set counts backwards, which clubscorer cannot number")
                    ),
                )
            ]
        )
    lowest, highest = header[2:5].strip(), header[7:10].strip()
    if not (lowest + highest).isascii() or not lowest.isdigit() or not highest.isdigit():
        raise FileRefused(
            [
                at_byte(
                    where + 2,
                    Message(
                        gettext_noop(
                            "the set's lowest and highest boards are %(value)r, not numbers"
                        ),
                        {"value": header[2:10].decode("latin-1")},
                    ),
                )
            ]
        )
    first, last = int(lowest), int(highest)
    if last - first + 1 != records_found and last != records_found:
        raise FileRefused(
            [
                at_byte(
                    where + 2,
                    ngettext_lazy(
                        "the set says boards %(first)s to %(last)s, the file holds %(count)s board",
                        "the set says boards %(first)s to %(last)s, the file holds %(count)s"
                        " boards",
                        records_found,
                        {"first": first, "last": last},
                    ),
                )
            ]
        )
    return first


def write(boards: Sequence[DealtBoard]) -> bytes:
    ordered = sorted_boards(boards)
    consecutive(ordered, EXTENSION, HIGHEST)
    first, last = ordered[0].number, ordered[-1].number
    header = f"YN{first:<3}1 {last:<3}".encode("ascii")
    out = bytearray()
    for index, board in enumerate(ordered):
        owners = board.owners
        out += bri.cards_bytes(owners) + dge.hands_bytes(owners)
        out += header if index == 0 else b"\x00" * 10
    return bytes(out)
