"""A deal file's boards as the `ResultsFile` every import reads (`interchange/records.py`), so
that a dealing machine's file is attached to a session by the same service as a PBN hand
record (`files/imports.session_attach_deals`), and the boards of a session as a deal file's.

Example: the boards of a .dlm file -> a ResultsFile whose `boards` hold each board's deal,
dealer and vulnerability (Law 2's, marked not stated, as the file gives none), with no lines.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..records import BoardRecord, ResultsFile
from .boards import DealtBoard


def as_results_file(boards: Iterable[DealtBoard]) -> ResultsFile:
    return ResultsFile(
        boards={
            board.number: BoardRecord(
                board.number,
                board.dealer,
                board.vulnerability,
                deal=board.deal,
                stated=board.stated,
            )
            for board in boards
        }
    )
