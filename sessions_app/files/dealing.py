"""A session's boards dealt here, and a session's deals as a dealing machine's file.

`session_deal_boards` deals the boards the director names (`interchange/deal_files/dealing.py`:
from the secure source, or from the director's seed) and attaches them as the session's hand
records through the one attach service, `imports.session_attach_deals`, which works out their
double-dummy tables and par and keeps a board's different deal unless told to replace it.
`session_deal_file` writes the session's deals, as stored, in any deal file format
(`interchange/deal_files/formats.py`), so the file the director downloads for the dealing
machine is always the hand record the players will see.

Example: boards "1-28", seed "Tuesday", format dlm -> 28 deals stored on boards 1-28 and a
.dlm file of them; the same seed in another session deals the same 28 boards.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..interchange.deal_files.as_results import as_results_file
from ..interchange.deal_files.boards import DealtBoard, NotWritable
from ..interchange.deal_files.dealing import deal_boards
from ..interchange.deal_files.formats import DEAL_FORMATS
from ..models import Board, Session
from .imports import ImportReport, session_attach_deals


def session_deal_boards(
    *, session: Session, numbers: list[int], seed: str | None, fmt: str, replace_deals: bool
) -> ImportReport:
    """Deal `numbers` and attach them to `session`. Raises NotWritable, before anything is
    dealt or stored, when format `fmt` cannot hold those boards (boards 5-8 as a .bri file)."""
    check_writable(numbers, fmt)
    dealt = deal_boards(numbers, seed=seed)
    return session_attach_deals(
        session=session, results_file=as_results_file(dealt), replace_deals=replace_deals
    )


def check_writable(numbers: list[int], fmt: str) -> None:
    """NotWritable when format `fmt` cannot hold boards `numbers` (any deal tells: it is the
    numbers that decide)."""
    placeholder = (0,) * 13 + (1,) * 13 + (2,) * 13 + (3,) * 13
    DEAL_FORMATS[fmt].write([DealtBoard.law2(number, placeholder) for number in numbers])


def session_deal_file(session: Session, fmt: str) -> bytes:
    """The session's deals, with their boards' dealer and vulnerability, as format `fmt`
    writes them. Raises NotWritable (no deals yet, or boards the format cannot number)."""
    boards = [
        DealtBoard(board.number, board.deal, board.dealer, board.vulnerability, (True, True))
        for board in Board.objects.filter(session=session).exclude(deal="").order_by("number")
    ]
    if not boards:
        raise NotWritable(_("the session has no deals yet"))
    return DEAL_FORMATS[fmt].write(boards)


def deal_filename(session: Session, fmt: str) -> str:
    """Example: session 12 of 2026-11-17 as .dlm -> "session-12-2026-11-17-deals.dlm"."""
    return f"session-{session.pk}-{session.date:%Y-%m-%d}-deals.{fmt}"
