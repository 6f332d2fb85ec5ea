"""Every export format out of the database (files in: `files/imports.py`).

Exports read the same `SessionResults` as the pages, plus the boards' deals (one query).
"""

from __future__ import annotations

from ..core.results import session_results
from ..interchange.deals import Analysis
from ..interchange.export import EXPORT_FORMATS, NEEDS_DEALS, Heading, export_results
from ..interchange.records import BoardRecord
from ..models import Board, Pair, Session


def session_export(session: Session, name: str, *, reasons: bool | None = None) -> str:
    """The session in export format `name` (a key of EXPORT_FORMATS). The director's reasons
    for rulings go with it when `reasons` says so, by default when the club shows them to
    players (the downloads are public once the session is published)."""
    boards = board_records(session) if name in NEEDS_DEALS else {}
    if reasons is None:
        reasons = session.club.show_reasons
    heading = Heading(
        session_id=session.pk,
        club_name=session.club.name,
        club_id=session.club.national_club_id,
        members=pair_members(session) if name == "usebio" else {},
    )
    return export_results(name, session_results(session), boards, heading=heading, reasons=reasons)


def pair_members(session: Session) -> dict[tuple[str, str], tuple[str, ...]]:
    """Each pair's named players' membership numbers ("" where the register has none for
    the player, or the name is not linked to it), in the order the results name them, by
    (section, label): one query."""
    members = {}
    pairs = Pair.objects.filter(section__session=session).select_related(
        "section", "player1_ref", "player2_ref"
    )
    for pair in pairs:
        members[pair.section.name, pair.label] = tuple(
            ref.member_number if ref else ""
            for name, ref in ((pair.player1, pair.player1_ref), (pair.player2, pair.player2_ref))
            if name
        )
    return members


def export_filename(session: Session, name: str) -> str:
    export = EXPORT_FORMATS[name]
    suffix = f"-{name}" if name in ("travellers", "names") else ""
    return f"session-{session.pk}-{session.date:%Y-%m-%d}{suffix}.{export.extension}"


def board_records(session: Session) -> dict[int, BoardRecord]:
    """The session's boards with their deals and analyses, by number (one query)."""
    records = {}
    for board in Board.objects.filter(session=session).order_by("number"):
        analysis = None
        if board.deal and board.double_dummy and board.par_score is not None:
            contracts = tuple(c.strip() for c in board.par_contracts.split(",") if c.strip())
            analysis = Analysis(board.double_dummy, board.par_score, contracts)
        records[board.number] = BoardRecord(
            board.number, board.dealer, board.vulnerability, board.deal, analysis
        )
    return records
