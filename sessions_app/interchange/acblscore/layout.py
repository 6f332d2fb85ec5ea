"""Reading a binary file by offset, every read checked against the file's end.

ACBLscore keeps its game file as linked structures: a table at a fixed place points to each
event, an event's section points to its pairs and boards. A pointer from a damaged or cut
file may point anywhere, so every read here checks that the bytes are in the file and
raises `BadBytes` naming the offset and what was being read; nothing reads past the end, and
a count in the file can make a reader loop at most once per byte of the file.

What is read is named as a Message (`what`), so that the reason is said in the page's
language. Example: `Bytes(b"\\x05\\x00").u16(0, count)` -> 5; `Bytes(b"\\x05").u16(0,
count)`, `count` saying "a count", raises BadBytes("byte 0: a count needs 2 bytes, the file
ends at byte 1").
"""

from __future__ import annotations

import struct
from decimal import Decimal

from ...scoring.message import Message, MessageError, gettext_noop
from ..refused import at_byte


class BadBytes(MessageError):
    """A read the file cannot satisfy: the offset and the reason."""

    def __init__(self, offset: int, reason: Message):
        self.offset = offset
        super().__init__(at_byte(offset, reason))


class Bytes:
    """A game file's bytes, read by little-endian fields at given offsets."""

    def __init__(self, data: bytes):
        self.data = data

    def __len__(self) -> int:
        return len(self.data)

    def _unpack(self, layout: str, offset: int, what: Message) -> int:
        size = struct.calcsize(layout)
        if offset < 0 or offset + size > len(self.data):
            raise BadBytes(
                offset,
                Message(
                    gettext_noop("%(what)s needs %(size)s bytes, the file ends at byte %(end)s"),
                    {"what": what, "size": size, "end": len(self.data)},
                ),
            )
        value: int = struct.unpack_from(layout, self.data, offset)[0]
        return value

    def u8(self, offset: int, what: Message) -> int:
        return self._unpack("<B", offset, what)

    def i8(self, offset: int, what: Message) -> int:
        return self._unpack("<b", offset, what)

    def u16(self, offset: int, what: Message) -> int:
        return self._unpack("<H", offset, what)

    def i16(self, offset: int, what: Message) -> int:
        return self._unpack("<h", offset, what)

    def u32(self, offset: int, what: Message) -> int:
        return self._unpack("<I", offset, what)

    def i32(self, offset: int, what: Message) -> int:
        return self._unpack("<i", offset, what)

    def pointer(self, offset: int, what: Message) -> int:
        """A 32-bit offset of another structure, checked to lie inside the file (0: none)."""
        target = self.u32(offset, what)
        if target >= len(self.data):
            raise BadBytes(
                offset,
                Message(
                    gettext_noop(
                        "%(what)s points to byte %(target)s, past the file's end (%(end)s)"
                    ),
                    {"what": what, "target": target, "end": len(self.data)},
                ),
            )
        return target

    def text(self, offset: int, what: Message, longest: int = 255) -> str:
        """A string kept as its length (one byte) then its characters, in DOS code page 437
        as ACBLscore writes them; longer than `longest` is a damaged field."""
        length = self.u8(offset, what)
        if length > longest:
            raise BadBytes(
                offset,
                Message(
                    gettext_noop("%(what)s is %(length)s characters long, at most %(longest)s"),
                    {"what": what, "length": length, "longest": longest},
                ),
            )
        if offset + 1 + length > len(self.data):
            raise BadBytes(
                offset,
                Message(
                    gettext_noop("%(what)s runs past the file's end (%(end)s)"),
                    {"what": what, "end": len(self.data)},
                ),
            )
        return self.data[offset + 1 : offset + 1 + length].decode("cp437").strip()


def hundredths(value: int) -> Decimal:
    """A figure ACBLscore keeps in hundredths, as written: 5089 -> Decimal("50.89")."""
    return Decimal(value).scaleb(-2)
