"""A file to import, read through one door: which format it is, then that format's reader.

Every way a file comes in (the director's upload, `import_travellers`, `import_pbn`,
`import_usebio`, `load_demo`) reads it here into one `ResultsFile` and gives that to the
import service (`files/imports.py`). A file that cannot be read is refused whole
(`FileRefused`), every problem named with its line.

Example: `read_file(b"board,ns,ew,score\\n1,1,2,420\\n", kind="csv")` -> a ResultsFile with one
traveller line and board 1 as Law 2 deals it (dealer N, vulnerability None).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from operator import attrgetter

from ..scoring.event import Method
from .acblscore import MAGIC as GAME_FILE_START
from .nzscorer import starts_session
from .published_places import read_places
from .records import (
    BoardRecord,
    FileKind,
    NamesRow,
    PublishedLine,
    PublishedTotal,
    ResultsFile,
    TravellerRow,
)
from .text import decode_text
from .travellers.names import read_names_file
from .travellers.read import read_travellers_file

KINDS: tuple[FileKind, ...] = ("csv", "pbn", "usebio", "acbl", "nzscorer")


def file_kind(filename: str, content: bytes) -> FileKind:
    """csv, pbn, usebio, acbl or nzscorer, from the file's name, else from how it starts.
    Examples: `monday.xml` -> usebio; `results.txt` starting `[Event` or `%` -> pbn; `data` ->
    csv; an ACBLscore game file (`170618.ACA`, `.ACM`: the last letter varies) -> acbl, by its
    first bytes whatever its name; an NZ Bridge Scorer results file (`pairs.xml`) -> nzscorer,
    by its root element `<session>` whatever its name."""
    if content.startswith(GAME_FILE_START):
        return "acbl"
    if starts_session(content):
        return "nzscorer"
    suffix = filename.lower().rsplit(".", 1)[-1]
    if suffix == "pbn":
        return "pbn"
    if suffix == "csv":
        return "csv"
    start = content.lstrip()
    if suffix == "xml" or start.startswith(b"<"):
        return "usebio"
    return "pbn" if start.startswith((b"[", b"%")) else "csv"


def read_file(content: bytes, *, kind: FileKind, names: bytes | None = None) -> ResultsFile:
    """The file read as `kind` (one of KINDS), its places read as the ranking they are
    (`published_places.py`: in each section or across sections); `names`, a names CSV, goes
    with a travellers CSV only (PBN, USEBIO, ACBLscore and NZ Bridge Scorer files carry their
    own). Raises FileRefused."""
    return read_places(_read(content, kind=kind, names=names))


def _read(content: bytes, *, kind: FileKind, names: bytes | None) -> ResultsFile:
    if kind == "csv":
        text = decode_text(content, "the file")
        rows, lines, method = read_travellers_file(text.text)
        named: list[NamesRow] = []
        totals: list[PublishedTotal] = []
        encodings = {"the file": text.encoding}
        if names:
            names_text = decode_text(names, "the names file")
            named, totals = read_names_file(names_text.text)
            encodings["the names file"] = names_text.encoding
        read = travellers_file(rows, named, lines, totals, method)
        return replace(read, encodings=_unusual(encodings))
    # The PBN and USEBIO readers bring interchange/deals.py and endplay (a second to load):
    # imported only when a file needs them, so that a travellers CSV never waits for them.
    if kind == "pbn":
        from .pbn.read import read_pbn

        text = decode_text(content, "the file")
        return replace(read_pbn(text.text), encodings=_unusual({"the file": text.encoding}))
    if kind == "usebio":
        from .usebio.read import read_usebio

        return read_usebio(content)
    if kind == "acbl":
        from .acblscore.read import read_acblscore

        return read_acblscore(content)
    if kind == "nzscorer":
        from .nzscorer.read import read_nzscorer

        return read_nzscorer(content)
    raise ValueError(f"no reader for {kind!r} (one of {', '.join(KINDS)})")


def file_digest(content: bytes) -> str:
    """The SHA-256 of a file as uploaded, by which the same file chosen again is recognised
    (`ImportedFile`): byte for byte, so a file saved again by a program that changes
    nothing else is still the same file."""
    import hashlib  # an import's, not `manage.py score`'s

    return hashlib.sha256(content).hexdigest()


def travellers_file(
    rows: Iterable[TravellerRow],
    names: Iterable[NamesRow] = (),
    lines: Iterable[PublishedLine] = (),
    totals: Iterable[PublishedTotal] = (),
    method: Method = "mp",
) -> ResultsFile:
    """Traveller lines and names (a travellers CSV and its names file) as a ResultsFile: its
    boards are those of Law 2; what it publishes (salliere's matchpoints or cross-IMPs and
    totals) is compared with clubscorer's. salliere's names file after `ximp` holds the pairs'
    total IMPs where it holds matchpoints otherwise, and beside them a figure that is not a
    percentage (docs/formats.md), which is not compared."""
    rows = list(rows)
    numbers = sorted(set(map(attrgetter("board"), rows)))
    boards = {number: BoardRecord.law2(number) for number in numbers}
    if method != "mp":
        totals = [
            PublishedTotal(total.line, total.section, total.pair, {"imps": total.values["mp"]})
            for total in totals
            if "mp" in total.values
        ]
    return ResultsFile(
        kind="csv",
        boards=boards,
        rows=rows,
        names=list(names),
        lines=list(lines),
        totals=list(totals),
        method=method,
    )


def _unusual(encodings: dict[str, str]) -> dict[str, str]:
    """The files not read as UTF-8, the ones worth a word to the director."""
    return {what: encoding for what, encoding in encodings.items() if encoding != "utf-8"}
