"""The lines of a text deal file, numbered from 1, whatever its line ends (CRLF, LF or CR)."""

from __future__ import annotations


def text_lines(content: bytes) -> list[tuple[int, str]]:
    """Lines as (number, text); the text read as Latin-1, so that no byte is refused here (a
    stray byte is then named by the reader of the line it is on). A UTF-8 byte-order mark is
    dropped. Example: b"a\\r\\nb" -> [(1, "a"), (2, "b")]."""
    text = content.removeprefix(b"\xef\xbb\xbf").decode("latin-1")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return list(enumerate(lines, start=1))
