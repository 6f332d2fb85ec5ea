"""Every export format, from a session's results: what the downloads, `export_results` and
`manage.py score` write. Plain Python: `score` writes a file's results without Django
(files/exports.py reads a stored session's results and boards for the others).

Example: `export_results("text", results, {}, session_id=None, club_name="", reasons=True)`
-> the text report; `"json"` -> the JSON document, its session's id null.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field

from ..scoring.results import SessionResults
from .records import BoardRecord
from .results_export import ranking_csv, results_json


@dataclass(frozen=True)
class Heading:
    """What a file says of where its results come from, besides the results."""

    session_id: int | None  # None: scored without being stored
    club_name: str
    club_id: str = ""  # the club's number with its national body
    # each pair's players' membership numbers with the body, by (section, label), in the
    # order of its names ("" for a player without one)
    members: Mapping[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class ExportFormat:
    name: str
    content_type: str
    extension: str
    write: Write  # results, boards, each line's reason by its ref, heading
    description: str


def _program_version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # only a USEBIO file says it

    try:
        return version("clubscorer")
    except PackageNotFoundError:
        return ""


# The other formats' writers are loaded when their format is asked for: `manage.py score`
# writes its JSON without loading the PBN and USEBIO writers (a fifth of its start).
Write = Callable[[SessionResults, dict[int, BoardRecord], Mapping[Hashable, str], Heading], str]


def _text(
    results: SessionResults,
    boards: dict[int, BoardRecord],
    reasons: Mapping[Hashable, str],
    heading: Heading,
) -> str:
    from .results_text import results_text

    return results_text(results, reasons)


def _pbn(
    results: SessionResults,
    boards: dict[int, BoardRecord],
    reasons: Mapping[Hashable, str],
    heading: Heading,
) -> str:
    from .pbn.write import write_pbn

    return write_pbn(results, boards, site=heading.club_name, reasons=reasons)


def _usebio(
    results: SessionResults,
    boards: dict[int, BoardRecord],
    reasons: Mapping[Hashable, str],
    heading: Heading,
) -> str:
    from .usebio.write import write_usebio

    return write_usebio(
        results,
        boards,
        club=heading.club_name,
        club_id=heading.club_id,
        members=heading.members,
        program_version=_program_version(),
        reasons=reasons,
    )


def _travellers(
    results: SessionResults,
    boards: dict[int, BoardRecord],
    reasons: Mapping[Hashable, str],
    heading: Heading,
) -> str:
    from .travellers.write import travellers_csv

    return travellers_csv(results, reasons)


def _names(
    results: SessionResults,
    boards: dict[int, BoardRecord],
    reasons: Mapping[Hashable, str],
    heading: Heading,
) -> str:
    from .travellers.write import names_csv

    return names_csv(results)


EXPORT_FORMATS = {
    export.name: export
    for export in (
        ExportFormat(
            "json",
            "application/json",
            "json",
            lambda r, b, n, h: results_json(r, h.session_id, n) + "\n",
            "Results (JSON)",
        ),
        ExportFormat("csv", "text/csv", "csv", lambda r, b, n, h: ranking_csv(r), "Ranking (CSV)"),
        ExportFormat("text", "text/plain", "txt", _text, "Results (text)"),
        ExportFormat(
            "pbn",
            "application/x-pbn",
            "pbn",
            _pbn,
            "Hand records and results (PBN)",
        ),
        ExportFormat(
            "usebio",
            "application/xml",
            "xml",
            _usebio,
            "Results (USEBIO 1.2)",
        ),
        ExportFormat(
            "travellers",
            "text/csv",
            "csv",
            _travellers,
            "Travellers (CSV)",
        ),
        ExportFormat("names", "text/csv", "csv", _names, "Pairs and names (CSV)"),
    )
}
NEEDS_DEALS = ("pbn", "usebio")


def export_results(
    name: str,
    results: SessionResults,
    boards: dict[int, BoardRecord],
    *,
    heading: Heading,
    reasons: bool,
) -> str:
    """`results` in export format `name`, with the director's reasons when `reasons` says so;
    `boards` (deals and analyses) are needed by the formats in NEEDS_DEALS only."""
    notes = line_reasons(results) if reasons and name not in ("csv", "names") else {}
    return EXPORT_FORMATS[name].write(results, boards, notes, heading)


def line_reasons(results: SessionResults) -> dict[Hashable, str]:
    """The director's reason of each line that has one, by the line's `ref` (its id)."""
    return {
        scored.line.ref: scored.line.reason
        for section in results.sections
        for board in section.boards
        for scored in board.lines
        if scored.line.reason
    }
