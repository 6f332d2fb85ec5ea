"""The grid of each printed form: which columns a traveller, a score card, a table card and a
guide card have, and what goes in each cell of their rows (from the rows of `layout` and
`movement_cards`).

Blank forms leave room to write (their writing columns stretch, their rows are taller);
completed ones print the results. Set as fixed-width text by `monospace.typeset` (see why
there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from ..rows import ScoreCardRow, TravellerLineRow
from ..rows.words import DIRECTION_WORDS, SEAT_LETTERS, VULNERABILITY_SHORT
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
# A row the director adjusted, as the board's page marks it (lazy: str() it where it is used).
RULED = pgettext_lazy("adjusted score marker, lower case", "adj")
SCORE_AT = 8  # a traveller's "NS+" column: Rnd, Table, NS, EW, Contract, By, Lead, Tricks
# Where a set goes after the last time it is played (movement_cards' words), as printed.
BOARDS_TO = {
    "bye stand": pgettext_lazy("where a set of boards waits for a later round", "bye stand"),
    "put aside": pgettext_lazy("a set of boards played for the last time", "put aside"),
}


def _played_columns(plus: str, minus: str) -> list[GridColumn]:
    """What was played and the score in the `plus` and `minus` columns ("NS +", "NS −")."""
    return [
        GridColumn(_("Contract"), 8, "l", stretch=4, limit=CONTRACT_LIMIT),
        GridColumn(pgettext("declarer", "By"), 2, stretch=1),
        GridColumn(pgettext("opening lead", "Lead"), 4, stretch=1),
        GridColumn(_("Tricks"), stretch=1),
        GridColumn(plus, 4, "r", stretch=2),
        GridColumn(minus, 4, "r", stretch=2),
    ]


def _round_column() -> GridColumn:
    return GridColumn(pgettext("round of a movement, abbreviated", "Rnd"))


def _sit_out() -> str:
    """A round with no opponents, in a score card's or a guide card's cell."""
    return pgettext("a round with no opponents", "sit out")


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
            values = {"adj": RULED, "ns": row.ns, "ew": row.ew, "ruling": row.line.ruling.words}
            if row.table is not None:
                # Translators: a ruling under a traveller: "adj: table 7, 12 v 4: artificial:
                # A+ to NS, A- to EW." (adj: the marker of an adjusted row; 12 v 4: the pairs)
                note = _("%(adj)s: table %(table)s, %(ns)s v %(ew)s: %(ruling)s.")
                values["table"] = row.table
            else:
                # Translators: a ruling under a traveller: "adj: 12 v 4: artificial: A+ to NS,
                # A- to EW." (adj: the marker of an adjusted row; 12 v 4: the pairs)
                note = _("%(adj)s: %(ns)s v %(ew)s: %(ruling)s.")
            notes.append(note % values)
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
    if imps:
        points_ns, points_ew = (
            pgettext("traveller column heading", "IMP NS"),
            pgettext("traveller column heading", "IMP EW"),
        )
    else:
        points_ns, points_ew = (
            pgettext("traveller column heading", "MP NS"),
            pgettext("traveller column heading", "MP EW"),
        )
    columns = [
        _round_column(),
        GridColumn(_("Table")),
        GridColumn(str(DIRECTION_WORDS["NS"]), 3),
        GridColumn(str(DIRECTION_WORDS["EW"]), 3),
        *_played_columns(
            pgettext("traveller column heading", "NS +"),
            pgettext("traveller column heading", "NS −"),
        ),
        GridColumn(points_ns, 5, "r", stretch=1),
        GridColumn(points_ew, 5, "r", stretch=1),
    ]
    if completed and not imps:  # at IMPs there is no top, so no percentage
        columns += [
            # xgettext:no-python-format
            GridColumn(pgettext("traveller column heading", "% NS"), 5, "r"),
            # xgettext:no-python-format
            GridColumn(pgettext("traveller column heading", "% EW"), 5, "r"),
        ]
    ruled = completed and any(row.line is not None and row.line.ruling for row in rows)
    if ruled:
        columns.insert(SCORE_AT, GridColumn(pgettext("adjusted score, abbreviated", "Adj")))
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
                played.insert(SCORE_AT - 4, str(RULED) if line.ruling else "")
            cells += [
                *played,
                points_text(line.points_ns, places),
                points_text(line.points_ew, places),
            ]
            if not imps:
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
        _round_column(),
        GridColumn(_("Table")),
        GridColumn(pgettext("column: the direction the pair sits", "Sit")),
        GridColumn(pgettext("column: the opponents' pair number", "v Pair")),
        GridColumn(pgettext("bridge board (deal)", "Board")),
        GridColumn(pgettext("column: dealer and vulnerability, abbreviated", "Dlr Vul"), align="l"),
        *_played_columns("+", "−"),
        GridColumn(
            pgettext("IMPs, abbreviated", "IMP")
            if imps
            else pgettext("matchpoints, abbreviated", "MP"),
            5,
            "r",
            stretch=1,
        ),
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
                _sit_out() if row.opponent is None else row.opponent,
            ]
        else:
            head = ["", "", "", ""]
        if row.board is None:
            cells = [*head, *[""] * (len(columns) - 4)]
        else:
            info = boards.get(row.board) or BoardInfo.from_number(row.board)
            dealer = SEAT_LETTERS.get(info.dealer, info.dealer)
            said = f"{dealer} {VULNERABILITY_SHORT.get(info.vulnerability, info.vulnerability)}"
            cells = [*head, str(row.board), said]
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
        GridColumn(pgettext("round of a movement", "Round")),
        GridColumn(str(DIRECTION_WORDS["NS"]), 3),
        GridColumn(str(DIRECTION_WORDS["EW"]), 3),
        GridColumn(_("Boards"), stretch=2),
        *([GridColumn(_("EW then to table"), stretch=1)] if movers else []),
        GridColumn(_("Boards then to table"), stretch=1),
    ]
    rows = [
        (
            [
                _round_cell(row.round, row.switched),
                row.ns or "—",
                row.ew or "—",
                board_range(row.boards),
                *(["" if row.pair_to is None else str(row.pair_to)] if movers else []),
                str(BOARDS_TO.get(row.boards_to, row.boards_to)),
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
        GridColumn(pgettext("round of a movement", "Round")),
        GridColumn(_("Table"), stretch=1),
        GridColumn(pgettext("column: the direction the pair sits", "Sit"), stretch=1),
        GridColumn(_("Against pair"), stretch=1),
        GridColumn(_("Boards"), stretch=2),
    ]
    lines = [
        (
            [
                _round_cell(row.round, row.switched),
                "—" if row.opponent is None else str(row.table),
                _sit_out() if row.opponent is None else row.direction,
                row.opponent or "",
                board_range(row.boards),
            ],
            _shade(row.switched),
        )
        for row in rows
    ]
    return typeset(columns, lines, width_mm=width_mm, font_pt=12, row_mm=9, height_mm=height_mm)
