"""Printed documents as PDFs: travellers, score cards, table cards, results and hand records.

Every PDF clubscorer makes comes from this package, one job a module, from pure to I/O:

- `layout`: which rows a traveller or a score card gets, from the section's movement and
  the results pages' own rows (`sessions_app/rows`; plain data, no database);
  `movement_cards`: which rows a table card or a Howell pair's guide card gets, from the
  movement alone;
- `monospace`: ruled grids as lines of fixed-width text (WeasyPrint's time goes on lines
  of text, and a table cell is a line: see why there), and the texts of their cells;
- `grids`: the columns and cells of each form; `hands`: hand records and their diagrams;
- `heights`: what a part keeps beside its grid (print.css's sizes), so shared pages fit;
- `sheets`: what each results document's template gets (the queries are `selectors`');
  `card_sheets`: the same for the table cards and guide cards;
- `codes`: each table's sign-in code on its table card;
- `documents`: the seven documents (`DOCUMENTS`), who may have each, and the options a
  request may ask for; `options`: the paper and how many items share a page;
- `render`: template and static/css/print.css through WeasyPrint to PDF bytes;
- `storage`: the PDF kept in `default_storage` under a name derived from the session's
  `results_version`, which every write bumps: a stored PDF is never stale.

A club competition's standings over several sessions are printed by
`competitions/printing.py` through `render` and `storage` the same way.

Example: `document_pdf(session, DOCUMENTS["blank-travellers"], Options(PAPERS["letter"], 2))`
-> the bytes of the blank travellers, two to a Letter page; the second call reads the file.

The names below are the ones the views, templatetags, tests and bench use; import anything
else from its module.
"""

from ..core.stored_files import forget_stored
from .documents import DOCUMENTS, Document, OptionError, options_from_query
from .grids import traveller_grid, traveller_notes
from .hands import deal_lines, makeable
from .layout import score_card_rows, traveller_rows
from .monospace import (
    GridColumn,
    board_range,
    contract_symbols,
    lead_symbols,
    pct_text,
    points_text,
    score_columns,
    typeset,
)
from .movement_cards import guide_rows, table_cards
from .options import PAPERS, Options, Paper
from .render import render_html, render_pdf
from .sheets import chunked
from .storage import document_pdf, stored_name

__all__ = [
    "DOCUMENTS",
    "PAPERS",
    "Document",
    "GridColumn",
    "OptionError",
    "Options",
    "Paper",
    "board_range",
    "chunked",
    "contract_symbols",
    "deal_lines",
    "document_pdf",
    "forget_stored",
    "guide_rows",
    "lead_symbols",
    "makeable",
    "options_from_query",
    "pct_text",
    "points_text",
    "render_html",
    "render_pdf",
    "score_card_rows",
    "score_columns",
    "stored_name",
    "table_cards",
    "traveller_grid",
    "traveller_notes",
    "traveller_rows",
    "typeset",
]
