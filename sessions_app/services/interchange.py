"""Every export format out of the database (files in: `services/imports.py`).

Exports read the same `SessionResults` as the pages, plus the boards' deals (one query).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

from ..deals import Analysis
from ..interchange.pbn.write import write_pbn
from ..interchange.records import BoardRecord
from ..interchange.results_export import ranking_csv, results_json, results_text
from ..interchange.travellers.write import names_csv, travellers_csv
from ..interchange.usebio.write import write_usebio
from ..models import Board, Session
from ..scoring.results import SessionResults
from .results import session_results


@dataclass(frozen=True)
class ExportFormat:
    name: str
    content_type: str
    extension: str
    write: Callable[
        [SessionResults, Session, dict[int, BoardRecord], Mapping[Hashable, str]], str
    ]  # results, session, boards, each line's reason by its ref
    description: str


def _program_version() -> str:
    try:
        return version("clubscorer")
    except PackageNotFoundError:
        return ""


EXPORT_FORMATS = {
    export.name: export
    for export in (
        ExportFormat("json", "application/json", "json",
                     lambda r, s, b, n: results_json(r, s.pk, n) + "\n", "Results (JSON)"),
        ExportFormat("csv", "text/csv", "csv", lambda r, s, b, n: ranking_csv(r),
                     "Ranking (CSV)"),
        ExportFormat("text", "text/plain", "txt", lambda r, s, b, n: results_text(r, n),
                     "Results (text)"),
        ExportFormat("pbn", "application/x-pbn", "pbn",
                     lambda r, s, b, n: write_pbn(r, b, site=s.club.name, reasons=n),
                     "Hand records and results (PBN)"),
        ExportFormat("usebio", "application/xml", "xml",
                     lambda r, s, b, n: write_usebio(r, b, club=s.club.name,
                                                     program_version=_program_version(),
                                                     reasons=n),
                     "Results (USEBIO 1.2)"),
        ExportFormat("travellers", "text/csv", "csv", lambda r, s, b, n: travellers_csv(r, n),
                     "Travellers (CSV)"),
        ExportFormat("names", "text/csv", "csv", lambda r, s, b, n: names_csv(r),
                     "Pairs and names (CSV)"),
    )
}  # fmt: skip


NEEDS_DEALS = ("pbn", "usebio")


def session_export(session: Session, name: str, *, reasons: bool | None = None) -> str:
    """The session in export format `name` (a key of EXPORT_FORMATS). The director's reasons
    for rulings go with it when `reasons` says so, by default when the club shows them to
    players (the downloads are public once the session is published)."""
    boards = board_records(session) if name in NEEDS_DEALS else {}
    if reasons is None:
        reasons = session.club.show_reasons
    return export_results(name, session_results(session), session, boards, reasons=reasons)


def export_results(
    name: str,
    results: SessionResults,
    session: Session,
    boards: dict[int, BoardRecord],
    *,
    reasons: bool,
) -> str:
    """`results` in export format `name`, with the director's reasons when `reasons` says so;
    `boards` (deals and analyses) are needed by the formats in NEEDS_DEALS only. `session`
    gives the club's name and the session's id, and need not be stored (`manage.py score`)."""
    notes = line_reasons(results) if reasons and name not in ("csv", "names") else {}
    return EXPORT_FORMATS[name].write(results, session, boards, notes)


def line_reasons(results: SessionResults) -> dict[Hashable, str]:
    """The director's reason of each line that has one, by the line's `ref` (its id)."""
    return {
        scored.line.ref: scored.line.reason
        for section in results.sections
        for board in section.boards
        for scored in board.lines
        if scored.line.reason
    }


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


__all__ = [
    "EXPORT_FORMATS", "NEEDS_DEALS", "board_records", "export_filename", "export_results",
    "session_export",
]  # fmt: skip
