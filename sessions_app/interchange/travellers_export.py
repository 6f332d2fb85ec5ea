"""Travellers and names CSV out, in the layout `import_travellers` reads back (FORMATS.md).

`travellers_csv`: one row per traveller line, `section,board,round,table,ns,ew,contract,
declarer,tricks,lead,score`. A played line has its contract, declarer and tricks and, as a
check, its NS score; a line known only by its score has the score alone; an adjusted line has
its token in `contract` (`A+/A-`, `A`, `NP`). The CSV has no vulnerability column: reading it
back takes the vulnerability from the board number (Law 2), and a score that does not fit is
refused rather than silently changed. A split score is written `450/-50` and a weighted score
as its components, which the importer refuses by name: neither has a CSV form yet.

`names_csv`: `section,pair,player1,player2,direction` (direction in a two-winner section).
"""

from __future__ import annotations

import csv
import io

from ..scoring.results import SessionResults

TRAVELLER_COLUMNS = ("section", "board", "round", "table", "ns", "ew", "contract", "declarer",
                     "tricks", "lead", "score")  # fmt: skip


def travellers_csv(results: SessionResults) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(TRAVELLER_COLUMNS)
    for section in results.sections:
        for board in section.boards:
            for scored in board.lines:
                line = scored.line
                contract, declarer, tricks, score = line.contract, line.declarer, "", ""
                if line.is_real and line.score_ns is not None:
                    score = str(line.score_ns)
                    tricks = "" if line.tricks is None else str(line.tricks)
                elif line.is_real and line.score_ew is not None:  # split: NS's / EW's score
                    score = f"{line.ns_award[0][1]}/{line.score_ew}"
                writer.writerow(
                    [
                        section.name,
                        board.number,
                        "" if line.round is None else line.round,
                        "" if line.table is None else line.table,
                        line.ns,
                        line.ew,
                        contract,
                        declarer,
                        tricks,
                        line.lead,
                        score,
                    ]
                )
    return out.getvalue()


def names_csv(results: SessionResults) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
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
