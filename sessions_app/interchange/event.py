"""A read file as the session it will become: its pairs and lines as they will be stored, and
the same session as the scoring engine's input, before anything is stored.

The import service stores `file_pairs` and each row's `line_columns`; `file_event` builds from
exactly those the `EventInput` that `core.event_inputs.event_input` reads back once they are
stored (a new section has no movement: E is the most lines on a board, winners as the file or
the director says). So what a file leaves open (the matchpoint scale, the Butler datum
setting) is chosen by scoring it here, and the session is stored once, with its settings.

Example: a PBN file publishes board 1's MP_NS 2.5 where clubscorer makes 5 of a top of 12 on
2/1: scored here, the file agrees on 1/½, so the session is created on 1/½.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import Any

from ..scoring import BoardInfo, EventInput, PairEntry, SectionEntry, Settings, Traveller
from ..scoring.event import SCALES, choice, direction
from ..scoring.lines import Line
from ..scoring.ranking import natural_key
from ..scoring.traveller_line import (
    STORED_LINE,
    ruling_lines,
    stored_lines,
    to_columns,
)
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
    sections = set(map(attrgetter("section"), results_file.rows))
    return sorted(sections.union(map(attrgetter("section"), names)))


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
    for number in set(map(attrgetter("board"), results_file.rows)).difference(boards):
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
    columns: Sequence[Mapping[str, Any]] | None = None,
    *,
    settings: Settings,
    winners: Mapping[str, int | None],
    scale: str,
) -> EventInput:
    """The session the file will be, as the engine's input: `pairs` from `file_pairs`,
    `winners` by section (None: from the travellers), each line as it is stored and read back:
    from `columns`, each row's `line_columns`, when given (`stored_lines`), else from each
    distinct ruling stored and read back once (`ruling_lines`: the same lines, without
    making 78,000 rows' columns for `manage.py score`, which stores nothing)."""
    rows = results_file.rows
    _, sections, boards, ns, ew, rulings, round_, table, lead, group, reason = (
        zip(*rows, strict=True) if rows else ((),) * 11
    )
    if columns is None:
        made = ruling_lines(ns, ew, rulings, (group, lead, round_, table, reason))
    else:
        made = _stored_lines(rows, columns)
    # In the order a stored session reads its lines (LINE_ORDER: round, table, then as stored,
    # a line without a round or table first), each traveller's lines together.
    keys: Iterable[tuple[str, int]] = zip(sections, boards, strict=True)
    if round_.count(None) + table.count(None) < 2 * len(rows):  # some line has either
        order = sorted(range(len(rows)), key=lambda index: _line_order(rows[index], index))
        keys, made = ((sections[i], boards[i]) for i in order), [made[i] for i in order]
    lines: dict[str, dict[int, list[Line]]] = defaultdict(lambda: defaultdict(list))
    for (section, board), run in groupby(zip(keys, made, strict=True), key=itemgetter(0)):
        lines[section][board] += map(itemgetter(1), run)  # the lines a file gives in a row
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


def _stored_lines(rows: Sequence[TravellerRow], columns: Sequence[Mapping[str, Any]]) -> list[Line]:
    """The rows as their stored lines read back, from their columns (`stored_lines`, with the
    labels for pair ids: the readers have refused a pair against itself); each line's `ref` is
    its place in the file, as a stored line's is its id (a line's reason is looked up by it)."""
    take = itemgetter(*STORED_LINE[3:])
    stored = [
        (place, row.ns, row.ew, *take(values))
        for place, row, values in zip(range(1, len(rows) + 1), rows, columns, strict=True)
    ]
    return stored_lines(stored, {label: label for row in rows for label in (row.ns, row.ew)})


def _line_order(row: TravellerRow, place: int) -> tuple[int, int, int, int, int]:
    """Round, then table, then the place in the file; no round (table) before round 1."""
    return (row.round is not None, row.round or 0, row.table is not None, row.table or 0, place)
