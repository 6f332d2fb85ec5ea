"""Fixed-size records of the binary deal files, read with the byte offset of each problem."""

from __future__ import annotations

from collections.abc import Iterator

from ..refused import FileRefused


def records(content: bytes, size: int, extension: str) -> Iterator[tuple[int, bytes]]:
    """Each record of `size` bytes as (its offset, its bytes). A file that is not a whole
    number of records is refused, naming where the last one starts. Example: 130 bytes of a
    .bri file (128-byte records) -> "byte 128: the file ends 2 bytes into a board's record of
    128 (a .bri file is whole records)"."""
    if not content:
        raise FileRefused([f"byte 0: the file is empty (a .{extension} file holds boards)"])
    left = len(content) % size
    if left:
        start = len(content) - left
        raise FileRefused(
            [
                f"byte {start}: the file ends {left} bytes into a board's record of {size}"
                f" (a .{extension} file is whole records)"
            ]
        )
    for offset in range(0, len(content), size):
        yield offset, content[offset : offset + size]


def is_blank(record: bytes) -> bool:
    """A record of spaces and NULs only: padding after the last board."""
    return not record.strip(b" \x00\r\n")


def board_problem(error: Exception, offset: int, number: int) -> str:
    """A board's problem as `byte N: board B: reason`, N the byte the reason names (`byte N:`
    at its start) or else the board's record's first. Example: BadDeal("byte 130: '7x' is not
    a card (01-52)") in board 2 -> "byte 130: board 2: '7x' is not a card (01-52)"."""
    text = str(error)
    where, words = f"byte {offset}", text
    if text.startswith("byte "):
        where, _, words = text.partition(": ")
    return f"{where}: board {number}: {words}"
