"""A read file as the session it will become: its pairs and lines as they will be stored, and
the same session as the scoring engine's input, before anything is stored.

The import service stores `file_pairs` and each row's `line_columns`; `file_event` builds from
exactly those the `EventInput` that `core.results.event_input` reads back once they are
stored (a new section has no movement: E is the most lines on a board, winners as the file or
the director says). So what a file leaves open (the matchpoint scale, the Butler datum
setting) is chosen by scoring it here, and the session is stored once, with its settings.

Example: a PBN file publishes board 1's MP_NS 2.5 where clubscorer makes 5 of a top of 12 on
2/1: scored here, the file agrees on 1/½, so the session is created on 1/½.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from ..scoring import BoardInfo, EventInput, PairEntry, SectionEntry, Settings, Traveller
from ..scoring.event import SCALES, choice, direction
from ..scoring.lines import Line
from ..scoring.ranking import natural_key
from ..scoring.traveller_line import STORED_LINE, stored_lines, to_columns
from .records import BoardRecord, ResultsFile, TravellerRow, pair_directions


@dataclass(frozen=True, slots=True)
class PairRecord:
    """A pair as it will be stored: its home direction (NS, EW or "") and players."""

    section: str
    label: str
    direction: str
    names: tuple[str, str]


def file_sections(results_file: ResultsFile) -> list[str]:
    """The sections of the travellers and the names, in order."""
    names = results_file.names
    return sorted({row.section for row in results_file.rows} | {row.section for row in names})


def file_pairs(results_file: ResultsFile) -> list[PairRecord]:
    """Every pair of the travellers and the names, by section and label (2 before 10). Its
    home direction is the one the file names, else the one direction it sat in (none for a
    pair that sat both ways: a Howell or an arrow switch)."""
    sat = pair_directions(results_file.rows)
    named = {(row.section, row.pair): row for row in results_file.names}
    pairs = []
    for section, label in sorted(set(sat) | set(named), key=lambda k: (k[0], natural_key(k[1]))):
        entry = named.get((section, label))
        directions = sat.get((section, label), set())
        if entry and entry.direction:
            direction = entry.direction
        else:
            direction = next(iter(directions)) if len(directions) == 1 else ""
        pairs.append(PairRecord(section, label, direction, entry.names if entry else ("", "")))
    return pairs


def file_boards(results_file: ResultsFile) -> dict[int, BoardRecord]:
    """The boards the session gets: the file's, and Law 2's for any board only its lines
    name."""
    boards = dict(results_file.boards)
    for number in {row.board for row in results_file.rows} - set(boards):
        boards[number] = BoardRecord.law2(number)
    return dict(sorted(boards.items()))


def line_columns(row: TravellerRow) -> dict[str, Any]:
    """A row as the LINE_COLUMNS of its stored line (`traveller_line.to_columns`)."""
    return {
        **to_columns(row.ruling),
        "round": row.round,
        "table": row.table,
        "lead": row.lead,
        "foul_group": row.foul_group,
        "reason": row.reason,
    }


def file_event(
    results_file: ResultsFile,
    pairs: Sequence[PairRecord],
    columns: Sequence[Mapping[str, Any]],
    *,
    settings: Settings,
    winners: Mapping[str, int | None],
    scale: str,
) -> EventInput:
    """The session the file will be, as the engine's input: `pairs` from `file_pairs`,
    `columns` each row's `line_columns`, `winners` by section (None: from the travellers)."""
    lines: dict[str, dict[int, list[Line]]] = defaultdict(lambda: defaultdict(list))
    rows = list(zip(results_file.rows, columns, strict=True))
    # In the order a stored session reads its lines (LINE_ORDER: round, table, then as stored,
    # a line without a round or table first), read as the stored lines are (`stored_lines`,
    # with the labels for pair ids: the readers have refused a pair against itself); each
    # line's `ref` is its place in the file, as a stored line's is its id (a line's reason is
    # looked up by it).
    order = list(range(len(rows)))
    if any(row.round is not None or row.table is not None for row, _ in rows):
        order.sort(key=lambda index: _line_order(rows[index][0], index))
    take = itemgetter(*STORED_LINE[3:])
    stored = [
        (index + 1, rows[index][0].ns, rows[index][0].ew, *take(rows[index][1])) for index in order
    ]
    labels = {label: label for row, _ in rows for label in (row.ns, row.ew)}
    for index, line in zip(order, stored_lines(stored, labels), strict=True):
        row = rows[index][0]
        lines[row.section][row.board].append(line)
    entries: dict[str, list[PairEntry]] = defaultdict(list)
    for pair in pairs:
        names = tuple(name for name in pair.names if name)
        entries[pair.section].append(PairEntry(pair.label, names, direction(pair.direction)))
    return EventInput(
        sections=tuple(
            SectionEntry(
                section,
                tuple(
                    Traveller(number, tuple(board_lines))
                    for number, board_lines in sorted(lines[section].items())
                ),
                tuple(entries[section]),
                winners.get(section),
            )
            for section in file_sections(results_file)
        ),
        settings=settings,
        boards=tuple(
            BoardInfo(board.number, board.dealer, board.vulnerability)
            for board in file_boards(results_file).values()
        ),
        name=results_file.name,
        date=results_file.date,
        scale=choice(scale, SCALES),
    )


def _line_order(row: TravellerRow, place: int) -> tuple[int, int, int, int, int]:
    """Round, then table, then the place in the file; no round (table) before round 1."""
    return (row.round is not None, row.round or 0, row.table is not None, row.table or 0, place)
