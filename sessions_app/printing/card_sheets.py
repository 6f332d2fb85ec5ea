"""What the table-cards document's template gets: a card for each table, and in a Howell a
guide card for each pair, each with its grid set to its share of the page.

Apart from `sheets` (the results' documents) because these are the director's forms for
running the movement: they are printed before any result, show none, and carry what only they
need, the table's sign-in code for the phones (`codes`) and which rounds are arrow-switched or
half tables, for the notes under the grid. A section without a usable movement gets no card
and is named instead, so the director knows why it is missing.

Example: a 3-table Howell -> a guide card for each of its 6 pairs, then a table card for each
of its 3 tables (`howell` True: the pairs move as their guide cards say).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..models import Session
from ..rows import pair_names
from ..scoring import SessionResults
from .codes import CODE_MM, CodeMark, code_marks
from .grids import guide_card_grid, table_card_grid
from .heights import HEADING_MM
from .layout import natural_sorted
from .monospace import Grid
from .movement_cards import TableCardRow, guide_rows, table_cards
from .options import Options
from .sheets import printed_sections, several_sections


@dataclass(frozen=True)
class Card:
    """A table card (Mitchell: `label` is the table) or a guide card (Howell: the pair)."""

    section: str
    kind: str  # "table" or "pair"
    label: str
    names: str
    grid: Grid
    switched: tuple[TableCardRow, ...] = ()  # the arrow-switched rounds, for the note
    sit_out: bool = False  # a round with no pair at some seat (a half table)
    code: CodeMark | None = None  # the table's sign-in code for the phones (printing/codes.py)
    howell: bool = False  # a Howell's table card: its pairs move as their guide cards say


def table_cards_context(
    session: Session, results: SessionResults, options: Options
) -> dict[str, Any]:
    cards, without = [], []
    marks = code_marks(session, options)
    width = options.content_width
    height = options.grid_height(HEADING_MM + (CODE_MM if marks else 0))
    for plan in printed_sections(session, results):
        movement = plan.movement
        if movement is None:
            without.append(plan.name)
        elif movement.kind == "howell":
            for label in natural_sorted(movement.pairs):
                rows = guide_rows(movement, label)
                grid = guide_card_grid(rows, width_mm=width, height_mm=height)
                cards.append(Card(plan.name, "pair", label, pair_names(plan.result, label), grid))
        if movement is not None:
            howell = movement.kind == "howell"
            for card in table_cards(movement):
                switched = tuple(row for row in card.rows if row.switched)
                sit_out = any(row.ns is None or row.ew is None for row in card.rows)
                grid = table_card_grid(card, width_mm=width, height_mm=height, movers=not howell)
                code = marks.get((plan.name, card.table))
                cards.append(
                    Card(
                        plan.name,
                        "table",
                        str(card.table),
                        "",
                        grid,
                        switched,
                        sit_out,
                        code,
                        howell,
                    )
                )
    return {"cards": cards, "without": without, "several": several_sections(results)}
