"""The heights (mm) a printed part keeps besides its grid, so that parts sharing a page fit.

A grid's rows are set to the height left of a part's share of the page (`Options.grid_height`),
so every builder must know what the part's other lines take: these are print.css's sizes for
its heading, the draft line, a completed traveller's hand diagram, a score card's total, and
the notes under a grid, which grow with their text. Kept in one place because three builders
(`sheets` for travellers and score cards, `card_sheets` for table cards) reserve the same
heading, and a change to print.css is a change here.

Example: two blank travellers to an A4 page, 133.5 mm each -> HEADING_MM 26 reserved, 107.5 mm
left for the grid; a ruling said in 300 characters adds `notes_mm` 7.4 mm more.
"""

from __future__ import annotations

from math import ceil

# What a part keeps for itself besides its grid when two share a page (print.css sizes).
HEADING_MM = 26  # title, board or pair line, one line of notes under the grid
DIAGRAM_MM = 52  # the hand diagram of a completed traveller
TOTAL_MM = 8  # a completed score card's total line
DRAFT_MM = 7  # "Draft — not published" under a completed form's heading
NOTE_LINE_MM = 3.7  # each further line of notes: 8 pt at a line height of 1.3
NOTE_CHAR_MM = 1.75  # a character of the notes, a little wider than DejaVu Sans's average


def notes_mm(text: str, width_mm: float) -> float:
    """The height the notes under a grid take beyond the one line HEADING_MM allows, so that
    a traveller with rulings said in words still fits its share of the page.

    Example: 300 characters across 186 mm (A4) -> 300 x 1.75 / 186 = 2.8, so 3 lines: 2 more
    than HEADING_MM's, 7.4 mm.
    """
    lines = max(1, ceil(len(text) * NOTE_CHAR_MM / width_mm))
    return (lines - 1) * NOTE_LINE_MM
