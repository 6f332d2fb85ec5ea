"""A file in, its results out, with no database: what `manage.py score` runs.

The same reader (`interchange.files.read_file`), the same decisions (`file_plan.plan_file`:
the scale or Butler datum the file agrees with, the session's settings), the same engine and
the same writers (`interchange.export_results`, the printed results) as an import followed by
an export — only nothing is stored. So `score FILE --format json` prints what
`import_travellers FILE` then `export_results ID --format json` would, but for the session's
id, which is null.

Example: `score_file(b"board,ns,ew,score\\n1,1,2,420\\n", "t.csv", "text")` -> the text
report of a one-line session: each pair 1 of a top of 0.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..interchange.compare import Difference
from ..interchange.event import file_boards
from ..interchange.files import file_kind, name_from_filename, read_file
from ..interchange.records import BoardRecord, ResultsFile
from ..models import Club, Session
from .file_plan import FilePlan, plan_file, plan_results
from .interchange import EXPORT_FORMATS, NEEDS_DEALS, export_results

PRINTED = ("html", "pdf")  # the printed results, as the director's Print page makes them
SCORE_FORMATS = (*sorted(EXPORT_FORMATS), *PRINTED)


@dataclass(frozen=True)
class ScoredFile:
    output: str | bytes  # bytes for a PDF
    differences: tuple[Difference, ...]  # between what the file published and clubscorer
    compared: int  # published values compared


def score_file(
    content: bytes,
    filename: str,
    output_format: str,
    *,
    names: bytes | None = None,
    club_name: str = "",
    name: str = "",
    date: datetime.date | None = None,
    scale: str | None = None,
    method: str | None = None,
    butler_discard: str | None = None,
    winners: int | None = None,
    settings: Mapping[str, Any] | None = None,
) -> ScoredFile:
    """The file scored and written in `output_format` (one of SCORE_FORMATS); the options
    are those of an import. Raises FileRefused for a file that cannot be read, ValidationError
    for a setting the session cannot hold."""
    kind = file_kind(filename, content)
    results_file = read_file(content, kind=kind, names=names if kind == "csv" else None)
    plan = plan_file(
        results_file, club=Club(name=club_name), name=name or results_file.name
        or name_from_filename(filename), date=date, scale=scale, method=method,
        butler_discard=butler_discard, winners=winners, settings=settings,
        status=Session.Status.PUBLISHED,  # the results as they go out: no "draft" on them
    )  # fmt: skip
    if output_format in PRINTED:
        output: str | bytes = _printed(plan, results_file, output_format)
    else:
        boards = _boards(results_file) if output_format in NEEDS_DEALS else {}
        results = plan_results(plan, results_file)
        output = export_results(output_format, results, plan.session, boards, reasons=True)
    return ScoredFile(output, plan.differences, results_file.published)


def _boards(results_file: ResultsFile) -> dict[int, BoardRecord]:
    """The boards as an import stores them: the file's deals (as stored, from North) with the
    analysis the file carries, else worked out (endplay: imported only here)."""
    boards = file_boards(results_file)
    if not results_file.deals:
        return boards
    from ..deals import analyse, normalise_deal

    for number, pbn in results_file.deals.items():
        board = boards[number]
        deal = normalise_deal(pbn)
        analysis = board.analysis or analyse(deal, board.dealer, board.vulnerability)
        boards[number] = BoardRecord(number, board.dealer, board.vulnerability, deal, analysis)
    return boards


def _printed(plan: FilePlan, results_file: ResultsFile, output_format: str) -> str | bytes:
    """The printed results (the Print page's "Results") as HTML or PDF."""
    from ..printing import DOCUMENTS, Options, render_html, render_pdf
    from .checks import ResultsState

    results = plan_results(plan, results_file)
    state = ResultsState(missing=0, published_at=None, amended_at=None)
    document, options = DOCUMENTS["results"], Options()
    if output_format == "pdf":
        return render_pdf(plan.session, document, options, results=results, state=state)
    return render_html(plan.session, document, options, results=results, state=state)
