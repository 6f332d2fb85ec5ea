"""Travellers and names CSV out, in the layout `import_travellers` reads back (docs/formats.md).

`travellers_csv`: one row per traveller line, `section,board,round,table,ns,ew,contract,
declarer,tricks,lead,score`, then `foul` and `reason` when some line has a fouled-board group
or a director's reason (so a session without them is written as it always was). A played line
has its contract, declarer and tricks and, as a check, its NS score; a line known only by its
score has the score alone; an artificial score or a board not played has its token in
`contract` (`A+/A-`, `A`, `NP`); an assigned, split or weighted score has the whole ruling in
`contract` in the notation of `scoring/rulings.py`, the other columns empty:

    A,2,1,1,1,4,assigned 4S N 10,,,,,,Law 16B
    A,2,2,3,3,5,4S N 10 / 4S N 9,,,,,,
    A,3,1,2,2,5,30% 4S N 10; 70% 3NT S 8,,,,,1,

The CSV has no vulnerability column: reading it back takes the vulnerability from the board
number (Law 2), and a score that does not fit is refused rather than silently changed.

`names_csv`: `section,pair,player1,player2,direction` (direction in a two-winner section).

A cell a spreadsheet would run as a formula is written as text (interchange/csv_cells.py).
"""

from __future__ import annotations

import io
from collections.abc import Hashable, Mapping

from ...scoring.lines import Line
from ...scoring.results import SessionResults
from ..csv_cells import CsvWriter

TRAVELLER_COLUMNS = (
    "section",
    "board",
    "round",
    "table",
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "lead",
    "score",
)
WRITTEN_WHOLE = ("assigned", "split", "weighted")  # rulings written whole in `contract`


def travellers_csv(results: SessionResults, reasons: Mapping[Hashable, str] | None = None) -> str:
    reasons = reasons or {}
    lines = [
        (section.name, board.number, scored.line)
        for section in results.sections
        for board in section.boards
        for scored in board.lines
    ]
    fouls = any(line.group for _, _, line in lines)
    with_reasons = any(reasons.get(line.ref) for _, _, line in lines)
    out = io.StringIO()
    writer = CsvWriter(out)
    writer.writerow(
        [*TRAVELLER_COLUMNS, *(["foul"] if fouls else []), *(["reason"] if with_reasons else [])]
    )
    for section, number, line in lines:
        row = [
            section,
            number,
            "" if line.round is None else line.round,
            "" if line.table is None else line.table,
            line.ns,
            line.ew,
            *_result_cells(line),
        ]
        if fouls:
            row.append(line.group or "")
        if with_reasons:
            row.append(reasons.get(line.ref, ""))
        writer.writerow(row)
    return out.getvalue()


def _result_cells(line: Line) -> list[str]:
    """contract, declarer, tricks, lead, score."""
    ruling = line.ruling
    if ruling is not None and ruling.kind in WRITTEN_WHOLE:
        return [ruling.text, "", "", line.lead, ""]
    score = "" if line.score_ns is None else str(line.score_ns)
    tricks = "" if line.tricks is None else str(line.tricks)
    return [line.contract, line.declarer, tricks, line.lead, score]


def names_csv(results: SessionResults) -> str:
    out = io.StringIO()
    writer = CsvWriter(out)
    writer.writerow(["section", "pair", "player1", "player2", "direction"])
    for section in results.sections:
        directions = {
            standing.score.label: field.direction or ""
            for field in section.fields
            for standing in field.standings
        }
        for label, entry in section.pairs.items():
            names = [*entry.names, "", ""][:2]
            direction = entry.direction or directions.get(label, "")
            writer.writerow([section.name, label, *names, direction])
    return out.getvalue()
