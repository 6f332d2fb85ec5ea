"""The table code on a printed table card: the code, the address a phone opens and its QR
code, so the players at the table sign in without asking anyone (docs/table-scoring.md).

The address is the site's as the director's browser reached it (`Options.site`, set by the
print view): a laptop in the club room prints its LAN address, a hosted clubscorer its own.
Each table card, Mitchell or Howell, prints the code of its table (a Howell's guide cards
belong to pairs, not tables, and carry none).

Example: table 3 of section A with code K7MQ4P, printed from http://192.168.1.20:8000 ->
CodeMark("K7MQ4P", "http://192.168.1.20:8000/t/K7MQ4P/", "data:image/svg+xml,...").
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import NamedTuple

from ..models import Session, TableCode
from ..table_scoring.listing import table_rows
from ..table_scoring.qr import qr_data_uri
from .options import Options

CODE_MM = 14  # what the QR code adds to a table card's heading when two share a page


class CodeMark(NamedTuple):
    code: str
    url: str
    qr: str  # data URI of the QR code's SVG


def code_marks(session: Session, options: Options) -> dict[tuple[str, int], CodeMark]:
    """The live code of each table, by (section name, table); empty when the print has no
    site to point to (the `score` command's PDFs, of a file with no session stored)."""
    if not options.site or session.pk is None:
        return {}
    return {
        (row.section, row.table): CodeMark(row.code.code, row.url, qr_data_uri(row.url))
        for row in table_rows(session, options.site)
        if row.code is not None
    }


def with_codes(options: Options, session: Session, site: str) -> Options:
    """`options` for printing the table cards of `session` from `site`, with the codes: the
    stored PDF is named after a digest of the site and the live codes, so a re-issued code
    (or another address) prints anew. One query."""
    live = TableCode.objects.filter(section__session=session, revoked_at__isnull=True)
    codes = ",".join(live.order_by("section__name", "table").values_list("code", flat=True))
    stamp = hashlib.sha256(f"{site}|{codes}".encode()).hexdigest()[:12]
    return replace(options, site=site, stamp=stamp)
