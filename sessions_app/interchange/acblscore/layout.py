"""Reading a binary file by offset, every read checked against the file's end.

ACBLscore keeps its game file as linked structures: a table at a fixed place points to each
event, an event's section points to its pairs and boards. A pointer from a damaged or cut
file may point anywhere, so every read here checks that the bytes are in the file and
raises `BadBytes` naming the offset and what was being read; nothing reads past the end, and
a count in the file can make a reader loop at most once per byte of the file.

Example: `Bytes(b"\\x05\\x00").u16(0, "a count")` -> 5; `Bytes(b"\\x05").u16(0, "a count")`
raises BadBytes("byte 0: a count needs 2 bytes, the file ends at byte 1").
"""

from __future__ import annotations

import struct
from decimal import Decimal


class BadBytes(ValueError):
    """A read the file cannot satisfy: the offset and the reason."""

    def __init__(self, offset: int, reason: str):
        self.offset = offset
        super().__init__(f"byte {offset}: {reason}")


class Bytes:
    """A game file's bytes, read by little-endian fields at given offsets."""

    def __init__(self, data: bytes):
        self.data = data

    def __len__(self) -> int:
        return len(self.data)

    def _unpack(self, layout: str, offset: int, what: str) -> int:
        size = struct.calcsize(layout)
        if offset < 0 or offset + size > len(self.data):
            raise BadBytes(
                offset, f"{what} needs {size} bytes, the file ends at byte {len(self.data)}"
            )
        value: int = struct.unpack_from(layout, self.data, offset)[0]
        return value

    def u8(self, offset: int, what: str) -> int:
        return self._unpack("<B", offset, what)

    def i8(self, offset: int, what: str) -> int:
        return self._unpack("<b", offset, what)

    def u16(self, offset: int, what: str) -> int:
        return self._unpack("<H", offset, what)

    def i16(self, offset: int, what: str) -> int:
        return self._unpack("<h", offset, what)

    def u32(self, offset: int, what: str) -> int:
        return self._unpack("<I", offset, what)

    def i32(self, offset: int, what: str) -> int:
        return self._unpack("<i", offset, what)

    def pointer(self, offset: int, what: str) -> int:
        """A 32-bit offset of another structure, checked to lie inside the file (0: none)."""
        target = self.u32(offset, what)
        if target >= len(self.data):
            raise BadBytes(
                offset, f"{what} points to byte {target}, past the file's end ({len(self.data)})"
            )
        return target

    def text(self, offset: int, what: str, longest: int = 255) -> str:
        """A string kept as its length (one byte) then its characters, in DOS code page 437
        as ACBLscore writes them; longer than `longest` is a damaged field."""
        length = self.u8(offset, what)
        if length > longest:
            raise BadBytes(offset, f"{what} is {length} characters long, at most {longest}")
        if offset + 1 + length > len(self.data):
            raise BadBytes(offset, f"{what} runs past the file's end ({len(self.data)})")
        return self.data[offset + 1 : offset + 1 + length].decode("cp437").strip()


def hundredths(value: int) -> Decimal:
    """A figure ACBLscore keeps in hundredths, as written: 5089 -> Decimal("50.89")."""
    return Decimal(value).scaleb(-2)
