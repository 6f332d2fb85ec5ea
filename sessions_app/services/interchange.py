"""PBN and USEBIO files into the database, and every export format out of it.

Imports store through the one path every result takes (`imports.session_import_travellers`)
and the one that stores deals (`boards.session_set_deals`), all in one transaction: a file is
stored whole or not at all. What the file published (matchpoints, percentages, totals) is then
compared with clubscorer's own results and every difference is reported.

Exports read the same `SessionResults` as the pages, plus the boards' deals (one query).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

from django.db import transaction

from ..deals import Analysis
from ..interchange.compare import Difference, compare, likely_discard, likely_scale
from ..interchange.pbn import write_pbn
from ..interchange.records import BoardRecord, FileError, ResultsFile
from ..interchange.results_export import ranking_csv, results_json, results_text
from ..interchange.travellers_export import names_csv, travellers_csv
from ..interchange.usebio import write_usebio
from ..models import Board, Club, Section, Session
from ..scoring.results import SessionResults
from .boards import session_set_deals
from .imports import session_import_travellers
from .results import event_input, session_results, session_touch


@dataclass(frozen=True)
class ImportReport:
    session: Session
    lines: int  # traveller lines stored
    deals: int  # deals stored
    compared: int  # published traveller lines and totals compared
    differences: tuple[Difference, ...]


@transaction.atomic
def session_import_file(
    *,
    club: Club,
    results_file: ResultsFile,
    name: str = "",
    date: datetime.date | None = None,
    scale: str | None = None,
    publish: bool = False,
    user=None,
    source: str = "",
) -> ImportReport:
    """A new session from a read PBN or USEBIO file: its boards (dealer and vulnerability as
    the file says), traveller lines, pairs and names, deals and their analysis.

    The session is scored as the file was: at matchpoints, cross-IMPs or Butler IMPs. Without
    `scale`, a matchpoint session takes the scale the file's published matchpoints agree with
    best (2/1 when it published none); a Butler session takes the datum setting (results left
    out at each end) its published IMPs and datums agree with best (one at each end when it
    published none). A file with deals but no results makes a draft session holding only the
    boards.
    """
    session = session_import_travellers(
        club=club,
        rows=results_file.rows,
        names=results_file.names,
        name=(name or results_file.name or "Imported session")[:120],
        date=date or results_file.date or datetime.date.today(),
        scale=scale or Session.Scale.TWO_ONE,
        publish=publish,
        user=user,
        source=source,
        method=results_file.method,
    )
    if not results_file.rows and not publish:
        Session.objects.filter(pk=session.pk).update(status=Session.Status.DRAFT)
        session.status = Session.Status.DRAFT
    _store_boards(session, results_file.boards.values(), update=True)
    for section_name, winners in results_file.winners.items():
        Section.objects.filter(session=session, name=section_name).update(winners=winners)
    _store_deals(session, results_file)
    results = session_results(session)
    changes = {}
    if results_file.published and scale is None and session.method == Session.Method.MATCHPOINTS:
        changes["scale"] = likely_scale(results, results_file.lines, results_file.totals)
    if results_file.published and session.method == Session.Method.BUTLER:
        changes["butler_discard"] = likely_discard(
            event_input(session),
            results_file.lines,
            results_file.totals,
            results_file.datums.values(),
        )
    changes = {name: value for name, value in changes.items() if getattr(session, name) != value}
    if changes:
        Session.objects.filter(pk=session.pk).update(**changes)
        for name, value in changes.items():
            setattr(session, name, value)
        session_touch(session, amends=False)  # still creating the session
        results = session_results(session)
    return ImportReport(
        session=session,
        lines=len(results_file.rows),
        deals=len(results_file.deals),
        compared=results_file.published,
        differences=tuple(
            compare(
                results,
                results_file.lines,
                results_file.totals,
                datums=results_file.datums.values(),
            )
        ),
    )


@transaction.atomic
def session_attach_deals(*, session: Session, results_file: ResultsFile) -> ImportReport:
    """Store a file's deals on an existing session's boards (creating the boards it lacks);
    its traveller lines are not imported, but what it published is compared with the
    session's results. A board whose dealer or vulnerability the file states differently is
    refused (FileError), since the session's scores were entered for its own."""
    boards = {board.number: board for board in session.boards.all()}
    errors = []
    for record in results_file.boards.values():
        board = boards.get(record.number)
        if board is None or not record.deal:
            continue
        for stated, what, theirs, ours in (
            (record.stated[0], "dealer", record.dealer, board.dealer),
            (record.stated[1], "vulnerability", record.vulnerability, board.vulnerability),
        ):
            if stated and theirs != ours:
                errors.append(
                    f"line {record.line}: board {record.number} has {what} {theirs} in the file"
                    f" but {ours} in the session"
                )
    if errors:
        raise FileError(errors)
    _store_boards(
        session, [record for record in results_file.boards.values() if record.deal], update=False
    )
    _store_deals(session, results_file)
    results = session_results(session)
    differences: list[Difference] = []
    if results_file.published:
        scale = (
            None if results.imps else likely_scale(results, results_file.lines, results_file.totals)
        )
        differences = compare(
            results, results_file.lines, results_file.totals, scale, results_file.datums.values()
        )
    return ImportReport(
        session=session,
        lines=0,
        deals=len(results_file.deals),
        compared=results_file.published,
        differences=tuple(differences),
    )


def _store_boards(session: Session, records, *, update: bool) -> None:
    """Create the boards the session lacks with the file's dealer and vulnerability; with
    `update`, also correct those just created by number (Law 2) where the file differs."""
    existing = {board.number: board for board in session.boards.all()}
    for record in records:
        board = existing.get(record.number)
        if board is None:
            board = Board(
                session=session,
                number=record.number,
                dealer=record.dealer,
                vulnerability=record.vulnerability,
            )
        elif not update or (board.dealer, board.vulnerability) == (
            record.dealer,
            record.vulnerability,
        ):
            continue
        board.dealer, board.vulnerability = record.dealer, record.vulnerability
        board.full_clean()
        board.save()


def _store_deals(session: Session, results_file: ResultsFile) -> None:
    deals = results_file.deals
    if deals:
        analyses = {
            number: board.analysis
            for number, board in results_file.boards.items()
            if board.deal and board.analysis
        }
        session_set_deals(session=session, deals=deals, analyses=analyses)
    else:
        session_touch(session, amends=False)  # still creating the session


# Exports ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExportFormat:
    name: str
    content_type: str
    extension: str
    write: Callable[[SessionResults, Session, dict[int, BoardRecord], dict[int, str]], str]
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


def session_export(session: Session, name: str, *, reasons: bool | None = None) -> str:
    """The session in export format `name` (a key of EXPORT_FORMATS). The director's reasons
    for rulings go with it when `reasons` says so, by default when the club shows them to
    players (the downloads are public once the session is published)."""
    export = EXPORT_FORMATS[name]
    boards = board_records(session) if name in ("pbn", "usebio") else {}
    if reasons is None:
        reasons = session.club.show_reasons
    results = session_results(session)
    notes = line_reasons(results) if reasons and name not in ("csv", "names") else {}
    return export.write(results, session, boards, notes)


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
    "EXPORT_FORMATS",
    "FileError",
    "ImportReport",
    "board_records",
    "export_filename",
    "session_attach_deals",
    "session_export",
    "session_import_file",
]
