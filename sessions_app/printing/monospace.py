"""Ruled grids set as lines of fixed-width text, and the texts that go in their cells.

WeasyPrint spends about a millisecond on every line of text it lays out, and each cell of an
HTML table is a line of its own: a completed traveller as a table is some 150 lines, and the
demo's 42 completed travellers took 7 s of CPU. So the grids (travellers, score cards, table
cards, double-dummy tables) are set in a monospaced font, one line of text a row, each cell
padded to its column's width here; the vertical rules are one small SVG drawn as the grid's
background, the horizontal ones the rows' borders. The same look in a tenth of the lines
(3.5 s for those 42 travellers, hand diagrams included).

The cell texts are rounded through scoring/display like every page's, and bridge notation
gets its suit symbols (the template only escapes it and colours the red suits).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import NamedTuple
from urllib.parse import quote

from ..rows.words import marked, strain_text
from ..scoring import display
from ..scoring.cards import parse_card

MONO_ADVANCE = 1233 / 2048  # DejaVu Sans Mono: every glyph is this many em wide
PT_MM = 25.4 / 72
ELLIPSIS = "…"
MIN_ROW_MM = 3.5
RULE_MM = 0.5  # the most a row's top rule adds to its height (1.3 pt)
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CONTRACT = re.compile(r"^([1-7])(NT|[SHDC])(X{0,2})$")
_ALIGN = {"l": str.ljust, "c": str.center, "r": str.rjust}


@dataclass(frozen=True)
class GridColumn:
    label: str
    width: int = 0  # the least characters, however short the texts
    align: str = "c"  # "l", "c" or "r"
    stretch: int = 0  # this column's share of any spare width (room to write in)
    limit: int = 0  # the most characters shown (0: no limit); longer texts end in "…"


class GridLine(NamedTuple):
    text: str
    css: str = ""  # "shade" (an arrow-switched round), "first" (a round begins)


@dataclass(frozen=True)
class Grid:
    head: str
    lines: tuple[GridLine, ...]
    rules: tuple[int, ...]  # the inner column edges, in characters from the left
    chars: int  # the whole width, in characters
    font_pt: float
    row_mm: float

    @property
    def char_mm(self) -> float:
        return self.font_pt * MONO_ADVANCE * PT_MM

    @property
    def style(self) -> str:
        """The grid's CSS: its width, font size, row height, and its vertical rules drawn as
        one small SVG background (an image is read once however often it is drawn, where
        a box per rule would be laid out on every page)."""
        width = self.chars * self.char_mm
        path = "".join(f"M{edge * self.char_mm:.2f} 0V1" for edge in self.rules)
        svg = (
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.2f}mm' height='10mm' "
            f"viewBox='0 0 {width:.2f} 1' preserveAspectRatio='none'>"
            f"<path d='{path}' stroke='black' stroke-width='0.18'/></svg>"
        )
        return (
            f"width: {width:.2f}mm; font-size: {self.font_pt}pt; line-height: {self.row_mm}mm; "
            f'background-image: url("data:image/svg+xml,{quote(svg)}")'
        )


def typeset(
    columns: Sequence[GridColumn],
    rows: Sequence[tuple[Sequence[str], str]],
    *,
    width_mm: float,
    font_pt: float = 10.0,
    row_mm: float = 6.0,
    height_mm: float | None = None,
) -> Grid:
    """Rows of cell texts as a grid of padded lines (plus `css` for each row), as wide as the
    widest text of each column, within `width_mm`: spare width goes to the stretching columns,
    and a grid too wide for `font_pt` is set in a smaller size.

    Example: typeset([GridColumn("NS"), GridColumn("Score", align="r")], [(("1", "420"), "")],
    width_mm=100) -> head " NS  Score ", lines (" 1     420 ",), rules (4,).
    With `height_mm` (two to a page) the rows are made lower, down to MIN_ROW_MM, to fit it.
    """
    if height_mm is not None:
        pitch = height_mm / (len(rows) + 1)  # each row also has its rule above it
        row_mm = max(MIN_ROW_MM, min(row_mm, int(10 * (pitch - RULE_MM)) / 10))
    widths = [max(column.width, len(column.label)) for column in columns]
    for cells, _ in rows:
        for index, (column, cell) in enumerate(zip(columns, cells, strict=True)):
            shown = min(len(cell), column.limit) if column.limit else len(cell)
            widths[index] = max(widths[index], shown)
    chars = sum(widths) + 2 * len(widths)  # a space either side of every cell
    fits = int(width_mm / (font_pt * MONO_ADVANCE * PT_MM))
    shares = sum(column.stretch for column in columns)
    if chars < fits and shares:
        spare = fits - chars
        extra = [spare * column.stretch // shares for column in columns]
        stretching = [index for index, column in enumerate(columns) if column.stretch]
        for turn in range(spare - sum(extra)):  # what rounding down left over, one each
            extra[stretching[turn % len(stretching)]] += 1
        widths = [width + more for width, more in zip(widths, extra, strict=True)]
        chars = fits
    elif chars > fits:
        font_pt = int(10 * width_mm / (chars * MONO_ADVANCE * PT_MM)) / 10
    return Grid(
        head=_grid_line(columns, [column.label for column in columns], widths),
        lines=tuple(GridLine(_grid_line(columns, cells, widths), css) for cells, css in rows),
        rules=tuple(accumulate(width + 2 for width in widths[:-1])),
        chars=chars,
        font_pt=font_pt,
        row_mm=row_mm,
    )


def _grid_line(columns: Sequence[GridColumn], cells: Sequence[str], widths: Sequence[int]) -> str:
    parts = []
    for column, cell, width in zip(columns, cells, widths, strict=True):
        if len(cell) > width:
            cell = cell[: width - 1] + ELLIPSIS
        parts.append(f" {_ALIGN.get(column.align, str.center)(cell, width)} ")
    return "".join(parts)


def contract_symbols(contract: str) -> str:
    """A contract with its suit symbol, no trumps in the document's language: "4SX" -> "4♠X",
    "3NT" -> "3NT" ("3SA" in French); adjustments ("A+/A-", "PASS", "NP") as they are."""
    match = _CONTRACT.match(contract or "")
    if not match:
        return contract or ""
    level, strain, doubled = match.groups()
    return f"{level}{SUIT_SYMBOLS.get(strain) or strain_text(strain)}{doubled}"


def lead_symbols(lead: str) -> str:
    """An opening lead as written on a traveller ("H3", "ST") with its suit: "♥3", "♠10"."""
    card = parse_card(lead)
    if card is None:
        return lead or ""
    suit, rank = card
    return SUIT_SYMBOLS[suit] + ("10" if rank == "T" else rank)


def points_text(value, places: int) -> str:
    """Matchpoints already on the session's scale (a row's `points`: 2.5 on the 1/½ scale), or
    IMPs, with the session's decimals of their kind (`SessionResults.decimals`: 6.0 beside
    2.5, 10.50), rounded by scoring/display, with the page's decimal mark (10,50 in French);
    "" for None."""
    return marked(display.fixed(value, places))


def pct_text(value) -> str:
    """A percentage to two decimals ("66.67", in French "66,67"), rounded by scoring/display;
    "" for None."""
    return marked(display.percent(value))


def score_columns(score: int | None) -> tuple[str, str]:
    """A score in the "+" and "−" columns: 420 -> ("420", ""), -50 -> ("", "50"), a pass-out
    0 -> ("0", ""), None -> ("", "")."""
    if score is None:
        return "", ""
    return (str(score), "") if score >= 0 else ("", str(-score))


def board_range(boards: Sequence[int]) -> str:
    """(7, 8, 9) -> "7–9"; (1, 5) -> "1, 5"; (4,) -> "4"."""
    boards = list(boards)
    if len(boards) > 2 and boards == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(map(str, boards))
