"""The text of a file, whatever encoding the program that saved it chose.

Excel saves "CSV (Comma delimited)" in the Windows code page (cp1252 in Western Europe),
"Unicode text" as UTF-16 with a byte-order mark, and "CSV UTF-8" with a UTF-8 byte-order
mark; older scoring programs write PBN in cp1252. So a file is read, in this order:

1. by its byte-order mark: UTF-8, UTF-16 little- or big-endian;
2. as UTF-16 without a mark when every other byte is NUL (ASCII text stored in two bytes);
3. as UTF-8, which no cp1252 text with an accent is by accident (`é` is the one byte E9 there,
   which UTF-8 never uses alone);
4. as cp1252, whose five unassigned bytes (81 8D 8F 90 9D) are read as Latin-1.

Any other NUL byte means the file is not text at all (a workbook saved as .xlsx, a PDF):
refused, in words that say what to do. Example: `"Müller".encode("cp1252")` (b"M\\xfcller")
-> Decoded("Müller", "cp1252"), which the import names to the director as "Windows-1252".

A CSV download starts with a UTF-8 byte-order mark (`for_excel`) so that Excel, which takes
a file without one for the code page, shows its accents as accents; `export_results` writes
to a terminal or a script and so goes without it.
"""

from __future__ import annotations

import codecs
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..scoring.message import Message, gettext_noop
from .refused import FileRefused, at_line

if TYPE_CHECKING:
    from .records import ResultsFile

BOM = "\ufeff"
# What the import says of an encoding (UTF-8 goes without saying).
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "utf-16-le": "UTF-16 (little-endian)",
    "utf-16-be": "UTF-16 (big-endian)",
    "cp1252": "Windows-1252 (Western European)",
}
# cp1252 is Latin-1 but for the bytes 80-9F, where it has € ‚ ƒ „ … and so on (five unassigned).
_CP1252 = {
    byte: bytes([byte]).decode("cp1252")
    for byte in range(0x80, 0xA0)
    if byte not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
}
_MARKS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# What is said of each file read, by what it is ("the file", "the names file" ...): read in
# another encoding than UTF-8, no text at all, or text with a byte that is not.
_READ_AS = {
    "the file": gettext_noop(
        "The file was read as %(encoding)s text, not UTF-8: check that its accents look right."
    ),
    "the names file": gettext_noop(
        "The names file was read as %(encoding)s text, not UTF-8: check that its accents look"
        " right."
    ),
    "the membership list": gettext_noop(
        "The membership list was read as %(encoding)s text, not UTF-8: check that its accents"
        " look right."
    ),
}
_NOT_TEXT = {
    "the file": gettext_noop(
        "the file is not text (a spreadsheet workbook? save it as CSV and import that)"
    ),
    "the names file": gettext_noop(
        "the names file is not text (a spreadsheet workbook? save it as CSV and import that)"
    ),
    "the membership list": gettext_noop(
        "the membership list is not text (a spreadsheet workbook? save it as CSV and import that)"
    ),
}
_BAD_BYTE = {
    "the file": gettext_noop("the file starts as %(encoding)s text but byte %(byte)s is not"),
    "the names file": gettext_noop(
        "the names file starts as %(encoding)s text but byte %(byte)s is not"
    ),
    "the membership list": gettext_noop(
        "the membership list starts as %(encoding)s text but byte %(byte)s is not"
    ),
}


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str  # a key of ENCODING_NAMES


def encoding_notes(encodings: Mapping[str, str]) -> list[str]:
    """What the import tells the director of the files not read as UTF-8 (ResultsFile's
    `encodings`), in English. Example: {"the file": "cp1252"} -> ["The file was read as
    Windows-1252 (Western European) text, not UTF-8: check that its accents look right."]"""
    return [str(note) for note in encoding_messages(encodings)]


def encoding_messages(encodings: Mapping[str, str]) -> list[Message]:
    """`encoding_notes` as Messages, for a page to word."""
    return [
        Message(_READ_AS[what], {"encoding": ENCODING_NAMES[encoding]})
        for what, encoding in encodings.items()
        if encoding != "utf-8"
    ]


def file_notes(results_file: ResultsFile) -> list[str]:
    """What the director should know of how a file was read, in English (`file_messages`)."""
    return [str(note) for note in file_messages(results_file)]


def file_messages(results_file: ResultsFile) -> list[Message]:
    """What the director should know of how a file was read, shown by every import: a file
    not read as UTF-8 (`encoding_messages`), each setting another program's file gave the
    session ("line 1: the session is scored as the file was: across_the_field=yes"; a
    clubscorer file, which carries its scale and every setting, is not told), then each line
    kept with what was wrong with it (ResultsFile's `notices`: "line 6: board 1: kept by its
    score, NS +480: ...")."""
    taken = [] if "scale" in results_file.settings else sorted(results_file.settings.items())
    return [
        *encoding_messages(results_file.encodings),
        *(
            _where(
                results_file.setting_lines.get(name),
                Message(
                    gettext_noop("the session is scored as the file was: %(setting)s"),
                    {"setting": f"{name}={value}"},
                ),
            )
            for name, value in taken
        ),
        *results_file.notices,
    ]


def _where(line: int | None, note: Message) -> Message:
    """A note of a text file's line after "line 4: "; of a binary file's as it is."""
    return at_line(line, note) if line else note


def decode_text(data: bytes, what: str = "the file") -> Decoded:
    """`data` as text and the encoding it was read in (module docstring); FileRefused when it
    is not text. Examples: b"\\xff\\xfeM\\x00" -> Decoded("M", "utf-16-le");
    b"Fran\\xe7oise" -> Decoded("Françoise", "cp1252")."""
    for mark, encoding in _MARKS:
        if data.startswith(mark):
            return Decoded(_strict(data[len(mark) :], encoding, what), encoding)
    if b"\x00" in data:
        wide = _unmarked_utf16(data)
        if wide is None:
            raise FileRefused([Message(_NOT_TEXT[what])])
        return Decoded(_strict(data, wide, what), wide)
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    return Decoded(data.decode("latin-1").translate(_CP1252), "cp1252")


def _unmarked_utf16(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark, told by where its NULs fall: ASCII text in UTF-16 LE
    has a NUL after each character (b"b\\x00o\\x00"), in UTF-16 BE before each one."""
    pairs = len(data) // 2
    if not pairs or len(data) % 2:
        return None
    if data[1::2].count(0) * 2 > pairs and not data[0::2].count(0):
        return "utf-16-le"
    if data[0::2].count(0) * 2 > pairs and not data[1::2].count(0):
        return "utf-16-be"
    return None


def _strict(data: bytes, encoding: str, what: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise FileRefused(
            [
                Message(
                    _BAD_BYTE[what],
                    {"encoding": ENCODING_NAMES[encoding], "byte": error.start + 1},
                )
            ]
        ) from None


def for_excel(csv_text: str) -> str:
    """A CSV as a page offers it for download: with the byte-order mark that tells Excel it is
    UTF-8. Example: "pair,names\\n1,Zoë Müller\\n" -> "\\ufeffpair,names\\n1,Zoë Müller\\n"."""
    return BOM + csv_text
