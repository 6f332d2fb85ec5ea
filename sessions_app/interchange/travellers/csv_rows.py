"""A CSV text as its non-blank rows, each with the line it starts on: what both CSV readers
(`read` for travellers, `names`) check row by row.

Kept apart because every message to the director names a line as an editor counts them, which
the csv module alone does not give (a quoted cell may span lines, blank rows are skipped), and
because a file the csv module cannot read must be refused in words, not with its exception. A
byte-order mark a spreadsheet writes is dropped, and a cell written behind an apostrophe to
keep a formula out (`csv_cells`) is read back as it was.

Example: the lines `board,ns,ew`, a blank one, `1,2,"17"` -> [(1, ["board", "ns", "ew"]),
(3, ["1", "2", "17"])].
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from ...scoring.message import Message, gettext_noop
from ..csv_cells import read_row
from ..refused import FileRefused, at_line


def csv_records(text: str) -> list[tuple[int, list[str]]]:
    """The non-empty rows of a CSV text with the line each starts on; FileRefused for what the
    csv module cannot read (a NUL byte, a quote left open)."""
    return list(csv_stream(text))


def csv_stream(text: str) -> Iterator[tuple[int, list[str]]]:
    """`csv_records` one row at a time, so that a big file's rows are checked as they are read
    rather than all held at once (26,000 rows: 14 MiB less at the peak)."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    start = 1
    try:
        for row in reader:
            joined = "".join(row)
            if joined.strip():  # some cell is not blank
                yield start, read_row(row) if "'" in joined else row
            start = reader.line_num + 1
    except csv.Error as error:
        raise FileRefused([at_line(reader.line_num, _csv_problem(error))]) from None


def _csv_problem(error: csv.Error) -> Message:
    """The csv module's complaint in the director's words: `field larger than field limit
    (131072)` -> `a field longer than 131,072 characters (a quote left open?)`; another
    complaint in the module's own words."""
    if "field larger than field limit" in str(error):
        return Message(
            gettext_noop("a field longer than %(limit)s characters (a quote left open?)"),
            {"limit": f"{csv.field_size_limit():,}"},
        )
    return Message(str(error))
