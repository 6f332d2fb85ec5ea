"""The grid of each printed form: which columns a traveller, a score card, a table card and a
guide card have, and what goes in each cell of their rows (from the rows of `layout` and
`movement_cards`).

Blank forms leave room to write (their writing columns stretch, their rows are taller);
completed ones print the results. Set as fixed-width text by `monospace.typeset` (see why
there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..rows import ScoreCardRow, TravellerLineRow
from ..scoring import BoardInfo, SessionResults
from .layout import CardRow, PrintedTravellerRow
from .monospace import (
    Grid,
    GridColumn,
    board_range,
    contract_symbols,
    lead_symbols,
    pct_text,
    points_text,
    score_columns,
    typeset,
)
from .movement_cards import GuideRow, TableCard

CONTRACT_LIMIT = 12  # longer contract texts are cut; every ruling is written out in a note
RULED = "adj"  # a row the director adjusted, as the board's page marks it
SCORE_AT = 8  # a traveller's "NS+" column: Rnd, Table, NS, EW, Contract, By, Lead, Tricks


def _played_columns(side: str) -> list[GridColumn]:
    """What was played and the score in the "+" and "−" columns (`side` heads them: "NS ")."""
    return [
        GridColumn("Contract", 8, "l", stretch=4, limit=CONTRACT_LIMIT),
        GridColumn("By", 2, stretch=1),
        GridColumn("Lead", 4, stretch=1),
        GridColumn("Tricks", stretch=1),
        GridColumn(f"{side}+", 4, "r", stretch=2),
        GridColumn(f"{side}−", 4, "r", stretch=2),
    ]


def _played_cells(line: TravellerLineRow | ScoreCardRow, score: int | None) -> list[str]:
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


def traveller_notes(rows: Sequence[PrintedTravellerRow], *, completed: bool) -> tuple[str, ...]:
    """What a completed traveller says under its grid about the rows marked RULED: each
    ruling in words. Example: "adj: table 7, 12 v 4: artificial: A+ to NS, A- to EW."."""
    if not completed:
        return ()
    notes = []
    for row in rows:
        if row.line is not None and row.line.ruling:
            where = f"table {row.table}, " if row.table is not None else ""
            notes.append(f"{RULED}: {where}{row.ns} v {row.ew}: {row.line.ruling.words}.")
    return tuple(notes)


def traveller_grid(
    rows: Sequence[PrintedTravellerRow],
    results: SessionResults | None,
    *,
    width_mm: float,
    completed: bool,
    height_mm: float | None = None,
) -> Grid:
    """A traveller's grid. Blank: the pairs pre-printed and room to write; completed: the
    results, matchpoints and percentages, and a row the director adjusted marked RULED beside
    its score (the ruling in words is its note, `traveller_notes`)."""
    imps = results is not None and results.imps
    places = results.decimals.lines if results is not None else 0
    unit = "IMP" if imps else "MP"
    columns = [
        GridColumn("Rnd"),
        GridColumn("Table"),
        GridColumn("NS", 3),
        GridColumn("EW", 3),
        *_played_columns("NS "),
        GridColumn(f"{unit} NS", 5, "r", stretch=1),
        GridColumn(f"{unit} EW", 5, "r", stretch=1),
    ]
    if completed and unit == "MP":  # at IMPs there is no top, so no percentage
        columns += [GridColumn("% NS", 5, "r"), GridColumn("% EW", 5, "r")]
    ruled = completed and any(row.line is not None and row.line.ruling for row in rows)
    if ruled:
        columns.insert(SCORE_AT, GridColumn("Adj"))
    cells_rows = []
    for row in rows:
        cells = [
            _round_cell(row.round, row.switched),
            "" if row.table is None else str(row.table),
            row.ns,
            row.ew,
        ]
        line = row.line if completed else None
        if line is not None:
            played = _played_cells(line, line.score_ns)
            if ruled:
                played.insert(SCORE_AT - 4, RULED if line.ruling else "")
            cells += [
                *played,
                points_text(line.points_ns, places),
                points_text(line.points_ew, places),
            ]
            if unit == "MP":
                cells += [pct_text(line.pct_ns), pct_text(line.pct_ew)]
        else:
            cells += [""] * (len(columns) - 4)
        cells_rows.append((cells, _shade(row.switched)))
    return typeset(
        columns,
        cells_rows,
        width_mm=width_mm,
        font_pt=9.5 if completed else 10.5,
        row_mm=5.6 if completed else 7.5,
        height_mm=height_mm,
    )


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
    places = results.decimals.lines if results is not None else 0
    columns = [
        GridColumn("Rnd"),
        GridColumn("Table"),
        GridColumn("Sit"),
        GridColumn("v Pair"),
        GridColumn("Board"),
        GridColumn("Dlr Vul", align="l"),
        *_played_columns(""),
        GridColumn("IMP" if imps else "MP", 5, "r", stretch=1),
    ]
    if completed and not imps:  # at IMPs there is no top, so no percentage
        columns.append(GridColumn("%", 6, "r"))
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
            line = row.line if completed else None
            if line is not None:
                cells += [*_played_cells(line, line.score), points_text(line.points, places)]
                if not imps:
                    cells.append(pct_text(line.pct))
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


def table_card_grid(
    card: TableCard, *, width_mm: float, height_mm: float | None = None, movers: bool = True
) -> Grid:
    """A table card's grid: round, the pairs as they sit, the boards, and where the boards go
    next; with `movers` (a Mitchell) where the moving pair goes too. A Howell's pairs follow
    their own guide cards, so its table card has no such column."""
    columns = [
        GridColumn("Round"),
        GridColumn("NS", 3),
        GridColumn("EW", 3),
        GridColumn("Boards", stretch=2),
        *([GridColumn("EW then to table", stretch=1)] if movers else []),
        GridColumn("Boards then to table", stretch=1),
    ]
    rows = [
        (
            [
                _round_cell(row.round, row.switched),
                row.ns or "—",
                row.ew or "—",
                board_range(row.boards),
                *(["" if row.pair_to is None else str(row.pair_to)] if movers else []),
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
        GridColumn("Round"),
        GridColumn("Table", stretch=1),
        GridColumn("Sit", stretch=1),
        GridColumn("Against pair", stretch=1),
        GridColumn("Boards", stretch=2),
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
