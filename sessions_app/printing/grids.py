"""The grid of each printed form: which columns a traveller, a score card, a table card and a
guide card have, and what goes in each cell of their rows (from layout's rows).

Blank forms leave room to write (their writing columns stretch, their rows are taller);
completed ones print the results. Set as fixed-width text by `monospace.typeset` (see why
there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..scoring import BoardInfo, SessionResults
from ..scoring.lines import Line
from ..traveller_line import line_ruling
from .layout import CardRow, GuideRow, TableCard, TravellerRow
from .monospace import (
    Column,
    Grid,
    board_range,
    contract_symbols,
    lead_symbols,
    mp_text,
    pct_text,
    score_columns,
    typeset,
)

CONTRACT_LIMIT = 12  # longer contract texts are cut; every ruling is written out in a note


def _played_columns(side: str) -> list[Column]:
    """What was played and the score in the "+" and "−" columns (`side` heads them: "NS ")."""
    return [
        Column("Contract", 8, "l", stretch=4, limit=CONTRACT_LIMIT),
        Column("By", 2, stretch=1),
        Column("Lead", 4, stretch=1),
        Column("Tricks", stretch=1),
        Column(f"{side}+", 4, "r", stretch=2),
        Column(f"{side}−", 4, "r", stretch=2),
    ]


def _played_cells(line: Line, score: int | None) -> list[str]:
    return [
        contract_symbols(line.contract),
        line.declarer,
        lead_symbols(line.lead),
        "" if line.tricks is None else str(line.tricks),
        *score_columns(score),
    ]


def _round_cell(number: int | None, switched: bool) -> str:
    """The round, marked "↕" when arrow-switched."""
    return f"{number or ''}{'↕' if switched else ''}"


def _shade(switched: bool) -> str:
    return "shade" if switched else ""


def traveller_grid(
    rows: Sequence[TravellerRow],
    results: SessionResults | None,
    *,
    width_mm: float,
    completed: bool,
    height_mm: float | None = None,
) -> tuple[Grid, tuple[str, ...]]:
    """A traveller's grid and its notes (long adjustments, split scores). Blank: the pairs
    pre-printed and room to write; completed: the results, matchpoints and percentages."""
    unit = "IMP" if results is not None and results.imps else "MP"
    columns = [
        Column("Rnd"),
        Column("Table"),
        Column("NS", 3),
        Column("EW", 3),
        *_played_columns("NS "),
        Column(f"{unit} NS", 5, "r", stretch=1),
        Column(f"{unit} EW", 5, "r", stretch=1),
    ]
    if completed and unit == "MP":  # at IMPs there is no top, so no percentage
        columns += [Column("% NS", 5, "r"), Column("% EW", 5, "r")]
    cells_rows, notes = [], []
    for row in rows:
        cells = [
            _round_cell(row.round, row.switched),
            "" if row.table is None else str(row.table),
            row.ns,
            row.ew,
        ]
        scored = row.scored if completed else None
        if scored is not None:
            line = scored.line
            played = _played_cells(line, row.ns_score)
            where = f"Table {row.table or '?'}, {row.ns} v {row.ew}"
            ruling = line_ruling(line)
            if ruling:
                notes.append(f"{where}: {ruling}.")
            cells += [*played, mp_text(results, scored.mp_ns), mp_text(results, scored.mp_ew)]
            if unit == "MP":
                cells += [pct_text(scored.pct_ns), pct_text(scored.pct_ew)]
        else:
            cells += [""] * (len(columns) - 4)
        cells_rows.append((cells, _shade(row.switched)))
    grid = typeset(
        columns,
        cells_rows,
        width_mm=width_mm,
        font_pt=9.5 if completed else 10.5,
        row_mm=5.6 if completed else 7.5,
        height_mm=height_mm,
    )
    return grid, tuple(notes)


def score_card_grid(
    rows: Sequence[CardRow],
    results: SessionResults | None,
    boards: Mapping[int, BoardInfo],
    *,
    width_mm: float,
    completed: bool,
    height_mm: float | None = None,
) -> Grid:
    """A personal score card's grid: round, table, seat, opponents and each board (dealer and
    vulnerability), room to write the contract and score, or the pair's own results."""
    imps = results is not None and results.imps
    columns = [
        Column("Rnd"),
        Column("Table"),
        Column("Sit"),
        Column("v Pair"),
        Column("Board"),
        Column("Dlr Vul", align="l"),
        *_played_columns(""),
        Column("IMP" if imps else "MP", 5, "r", stretch=1),
    ]
    if completed and not imps:  # at IMPs there is no top, so no percentage
        columns.append(Column("%", 6, "r"))
    cells_rows = []
    for row in rows:
        if row.first:
            head = [
                _round_cell(row.round, row.switched),
                "" if row.table is None else str(row.table),
                row.direction,
                "sit out" if row.opponent is None else row.opponent,
            ]
        else:
            head = ["", "", "", ""]
        if row.board is None:
            cells = [*head, *[""] * (len(columns) - 4)]
        else:
            info = boards.get(row.board) or BoardInfo.from_number(row.board)
            cells = [*head, str(row.board), f"{info.dealer} {info.vulnerability}"]
            scored = row.scored if completed else None
            if scored is not None:
                cells += [*_played_cells(scored.line, row.score), mp_text(results, row.matchpoints)]
                if not imps:
                    cells.append(pct_text(row.percentage))
            else:
                cells += [""] * (len(columns) - 6)
        css = " ".join(name for name, on in (("first", row.first), ("shade", row.switched)) if on)
        cells_rows.append((cells, css))
    return typeset(
        columns,
        cells_rows,
        width_mm=width_mm,
        font_pt=9.5,
        row_mm=5.2 if completed else 6.2,
        height_mm=height_mm,
    )


def table_card_grid(card: TableCard, *, width_mm: float, height_mm: float | None = None) -> Grid:
    columns = [
        Column("Round"),
        Column("NS", 3),
        Column("EW", 3),
        Column("Boards", stretch=2),
        Column("EW then to table", stretch=1),
        Column("Boards then to table", stretch=1),
    ]
    rows = [
        (
            [
                _round_cell(row.round, row.switched),
                row.ns or "—",
                row.ew or "—",
                board_range(row.boards),
                "" if row.pair_to is None else str(row.pair_to),
                row.boards_to,
            ],
            _shade(row.switched),
        )
        for row in card.rows
    ]
    return typeset(columns, rows, width_mm=width_mm, font_pt=12, row_mm=9, height_mm=height_mm)


def guide_card_grid(
    rows: Sequence[GuideRow], *, width_mm: float, height_mm: float | None = None
) -> Grid:
    columns = [
        Column("Round"),
        Column("Table", stretch=1),
        Column("Sit", stretch=1),
        Column("Against pair", stretch=1),
        Column("Boards", stretch=2),
    ]
    lines = [
        (
            [
                _round_cell(row.round, row.switched),
                "—" if row.opponent is None else str(row.table),
                "sit out" if row.opponent is None else row.direction,
                row.opponent or "",
                board_range(row.boards),
            ],
            _shade(row.switched),
        )
        for row in rows
    ]
    return typeset(columns, lines, width_mm=width_mm, font_pt=12, row_mm=9, height_mm=height_mm)
