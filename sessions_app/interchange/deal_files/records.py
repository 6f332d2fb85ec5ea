"""Fixed-size records of the binary deal files, read with the byte offset of each problem."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ...scoring.message import Message, gettext_noop
from ..refused import FileRefused, Problems, at_byte, on_board
from .boards import BadDeal, DealtBoard


def records(content: bytes, size: int, extension: str) -> Iterator[tuple[int, bytes]]:
    """Each record of `size` bytes as (its offset, its bytes). A file that is not a whole
    number of records is refused, naming where the last one starts. Example: 130 bytes of a
    .bri file (128-byte records) -> "byte 128: the file ends 2 bytes into a board's record of
    128 (a .bri file is whole records)"."""
    if not content:
        raise FileRefused(
            [
                at_byte(
                    0,
                    Message(
                        gettext_noop("the file is empty (a .%(extension)s file holds boards)"),
                        {"extension": extension},
                    ),
                )
            ]
        )
    left = len(content) % size
    if left:
        start = len(content) - left
        raise FileRefused(
            [
                at_byte(
                    start,
                    Message(
                        gettext_noop(
                            "the file ends %(left)s bytes into a board's record of %(size)s"
                            " (a .%(extension)s file is whole records)"
                        ),
                        {"left": left, "size": size, "extension": extension},
                    ),
                )
            ]
        )
    for offset in range(0, len(content), size):
        yield offset, content[offset : offset + size]


def is_blank(record: bytes) -> bool:
    """A record of spaces and NULs only: padding after the last board."""
    return not record.strip(b" \x00\r\n")


def board_problem(error: BadDeal, offset: int, number: int) -> Message:
    """A board's problem as `byte N: board B: reason`, N the byte the error names or else the
    board's record's first. Example: BadDeal(m, byte=130), m saying "'7x' is not a card
    (01-52)", in board 2 -> "byte 130: board 2: '7x' is not a card (01-52)"."""
    where = offset if error.byte is None else error.byte
    return at_byte(where, on_board(number, error.reason))


def read_boards(
    content: bytes, size: int, extension: str, owners: Callable[[bytes, int], Sequence[int]]
) -> tuple[DealtBoard, ...]:
    """The boards of a file of one board a record, numbered by their places (padding records
    left out), each record's cards read by `owners` (its bytes and offset; BadDeal naming the
    byte); the file refused naming every board that cannot be read. Example: a .bri file's
    second record, at byte 128, is board 2."""
    problems: list[Message] = Problems()
    boards = []
    for offset, record in records(content, size, extension):
        if is_blank(record):
            continue
        number = offset // size + 1
        try:
            boards.append(DealtBoard.law2(number, owners(record, offset)))
        except BadDeal as error:
            problems.append(board_problem(error, offset, number))
    if problems:
        raise FileRefused(problems)
    return tuple(boards)
