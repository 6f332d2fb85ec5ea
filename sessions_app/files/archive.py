"""Many results files brought in at once — a club's archive (`manage.py import_folder DIR`) or
the files a director chooses together on the page *Import several files* (`archive_views.py`):
each results file imported as its own session exactly as one file is, a file imported before
(by any way in) recognised by its SHA-256 and not imported again, a file that cannot be read
named with every problem while the others come in all the same, and each new session's
numbered players linked into the club's register (`session_add_unmatched(numbered=True)`: a
member number says who a player is, a name alone may be two people).

Example: 170612.ACA, notes.txt, 170612.ACA again and a game file cut short -> imported,
skipped (not a results file), already imported, refused with the byte and the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import PurePath
from typing import Literal

from ..interchange.files import file_digest, file_kind, read_file
from ..interchange.records import ResultsFile
from ..interchange.refused import FileRefused
from ..interchange.text import file_messages
from ..models import Club, ImportedFile
from ..players.linking import session_add_unmatched
from ..rows.words import worded
from .imports import ImportReport

RESULT_SUFFIXES = frozenset({"pbn", "xml", "csv"})  # besides the files known by their content

Status = Literal["imported", "already", "skipped", "refused"]


@dataclass(frozen=True)
class ArchiveFile:
    """What became of one file of the lot."""

    name: str
    status: Status
    report: ImportReport | None = None  # imported: the session and what it holds
    problems: tuple[str, ...] = ()  # refused: the heading, then every problem
    registered: int = 0  # imported: players added to the club's register
    notes: tuple[str, ...] = ()  # imported: how the file was read (`interchange.text.file_notes`)
    # Both said in the active language: a page's, or English for the command.


def is_results_file(name: str, kind: str) -> bool:
    """A file clubscorer imports, by its name and its kind (`file_kind`): an ACBLscore game
    file or an NZ Bridge Scorer file, known by their content whatever their names, or a
    `.pbn`, `.xml` or `.csv` file.
    Example: "170612.ACA" of kind "acbl" -> True; "notes.txt" of kind "csv" -> False."""
    return kind in ("acbl", "nzscorer") or PurePath(name).suffix.lower()[1:] in RESULT_SUFFIXES


def archive_import(
    *,
    club: Club,
    files: Iterable[tuple[str, bytes]],
    import_one: Callable[[ResultsFile, str, bytes], ImportReport],
) -> Iterator[ArchiveFile]:
    """Each of `files` (name, content), in the order given, as an ArchiveFile. `import_one`
    makes the session of a read file (results_file, name, content) as the caller imports one
    file: the command with its options, the page with the director's; FileRefused from it
    refuses that file alone (a date the file does not carry, a setting a session cannot
    hold)."""
    known = set(ImportedFile.objects.filter(club=club).values_list("sha256", flat=True))
    for name, content in files:
        kind = file_kind(name, content)
        if not is_results_file(name, kind):
            yield ArchiveFile(name, "skipped")
            continue
        digest = file_digest(content)
        if digest in known:
            yield ArchiveFile(name, "already")
            continue
        try:
            results_file = read_file(content, kind=kind)
            report = import_one(results_file, name, content)
        except FileRefused as error:
            yield ArchiveFile(name, "refused", problems=tuple(error.said(worded)))
            continue
        known.add(digest)
        added = session_add_unmatched(session=report.session, numbered=True)
        notes = tuple(worded(note) for note in file_messages(results_file))
        yield ArchiveFile(name, "imported", report=report, registered=len(added), notes=notes)
