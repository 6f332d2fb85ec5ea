"""A file in, its results out, with no database and no Django: what `manage.py score` runs.

The same reader (`files.read_file`), the same decisions (`plan.plan_file`: the scale or Butler
datum the file agrees with, the session's settings), the same engine and the same writers
(`export.export_results`) as an import followed by an export — only nothing is stored. So
`score FILE --format json` prints what `import_travellers FILE` then `export_results ID
--format json` would, but for the session's id, which is null. The printed results (HTML,
PDF) need Django's templates: the `score` management command adds them.

Example: `score_file(b"board,ns,ew,score\\n1,1,2,420\\n", "t.csv", "text")` -> the text
report of a one-line session: each pair 1 of a top of 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .compare import Difference
from .event import file_boards
from .export import EXPORT_FORMATS, NEEDS_DEALS, Heading, export_results
from .files import file_kind, read_file
from .plan import FilePlan, plan_file, plan_results
from .records import BoardRecord, ResultsFile
from .text import file_notes


@dataclass(frozen=True)
class ScoredFile:
    output: str | bytes  # bytes for a PDF
    differences: tuple[Difference, ...]  # between what the file published and clubscorer
    compared: int  # published values compared
    notes: tuple[str, ...] = ()  # how the file was read (ResultsFile.notes)


def planned_file(
    content: bytes, filename: str, *, names: bytes | None = None, name: str = "", **options: Any
) -> tuple[ResultsFile, FilePlan]:
    """The file read and planned as an import would (`options`: `plan_file`'s date, scale,
    method, butler_discard, winners and settings), published: the results as they go out, no
    "draft" on them. Raises FileRefused for a file that cannot be read, SettingsRefused for a
    setting the session cannot hold."""
    kind = file_kind(filename, content)
    results_file = read_file(content, kind=kind, names=names if kind == "csv" else None)
    plan = plan_file(results_file, name=name, filename=filename, status="published", **options)
    return results_file, plan


def score_file(
    content: bytes, filename: str, output_format: str, *, club_name: str = "", **options: Any
) -> ScoredFile:
    """The file scored and written in `output_format` (a key of EXPORT_FORMATS); `options`
    are `planned_file`'s, those of an import."""
    if output_format not in EXPORT_FORMATS:
        raise ValueError(f"{output_format!r} is not one of {', '.join(EXPORT_FORMATS)}")
    results_file, plan = planned_file(content, filename, **options)
    boards = file_deals(results_file) if output_format in NEEDS_DEALS else {}
    output = export_results(
        output_format,
        plan_results(plan, results_file),
        boards,
        heading=Heading(session_id=None, club_name=club_name),
        reasons=True,
    )
    return ScoredFile(
        output, plan.differences, results_file.published, tuple(file_notes(results_file))
    )


def file_deals(results_file: ResultsFile) -> dict[int, BoardRecord]:
    """The boards as an import stores them: the file's deals (as stored, from North) with the
    analysis the file carries, else worked out (endplay: imported only here)."""
    boards = file_boards(results_file)
    if not results_file.deals:
        return boards
    from .deals import analyse, normalise_deal

    for number, pbn in results_file.deals.items():
        board = boards[number]
        deal = normalise_deal(pbn)
        analysis = board.analysis or analyse(deal, board.dealer, board.vulnerability)
        boards[number] = BoardRecord(number, board.dealer, board.vulnerability, deal, analysis)
    return boards
