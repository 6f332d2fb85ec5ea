"""QR codes of the addresses players and directors open: a table's sign-in page on the codes
page and the printed table cards, the club-room server's address in the terminal.

segno draws them (pure Python, no image library); it is imported inside each function, so a
process that never draws one never loads it. Error correction is segno's default level ("L",
then raised as far as the version chosen for the data allows), which is what a URL on a card
needs: a phone reads it across a table.

Example: qr_svg("http://192.168.1.20:8000/t/K7M4Q2/", title="Table 3") -> an `<svg>` element
titled "Table 3" whose viewBox is 33 x 33: the 34 bytes of the URL need version 3 (29 modules
a side; version 2 holds 32 bytes at level L), plus a quiet zone of 2 modules each side.
"""

from __future__ import annotations

import io

from django.utils.html import escape


def qr_svg(url: str, *, title: str = "") -> str:
    """The QR code of `url` as an inline `<svg class="qr">` element with a viewBox and no size
    (the page's CSS sizes it). Safe to mark safe: segno writes only its own markup, and the
    title is escaped here."""
    import segno

    return segno.make(url, micro=False).svg_inline(
        border=2, title=escape(title) or None, svgclass="qr", lineclass=None, omitsize=True
    )


def qr_data_uri(url: str, *, scale: int = 4) -> str:
    """The QR code of `url` as a `data:image/svg+xml` URI, for an `<img>` in a printed
    document (WeasyPrint draws an SVG image as sharply as the page)."""
    import segno

    return segno.make(url, micro=False).svg_data_uri(scale=scale, border=2)


def qr_terminal(url: str) -> str:
    """The QR code of `url` for a terminal, in block characters (two modules a line of text),
    drawn dark on light whatever the terminal's colours."""
    import segno

    out = io.StringIO()
    segno.make(url, micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()
