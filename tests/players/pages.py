"""Reading a player's page as a player reads it: the rows of its tables, cell by cell."""

from __future__ import annotations

from html.parser import HTMLParser

HIDDEN = {"short", "narrow"}  # a phone's copies of what the wide cells show


class _Rows(HTMLParser):
    def __init__(self, table_class: str):
        super().__init__(convert_charrefs=True)
        self.table_class = table_class
        self.rows: list[list[str]] = []
        self._in_table = self._in_body = False
        self._hidden = 0  # depth inside a hidden span
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        classes = set((dict(attrs).get("class") or "").split())
        if tag == "table" and self.table_class in classes:
            self._in_table = True
        elif self._in_table and tag == "tbody":
            self._in_body = True
        elif self._in_body and tag == "tr":
            self.rows.append([])
        elif self._in_body and tag in ("td", "th"):
            self._cell = []
        elif self._cell is not None and tag == "span" and (classes & HIDDEN or self._hidden):
            self._hidden += 1

    def handle_endtag(self, tag):
        if tag == "span" and self._hidden:
            self._hidden -= 1
        elif tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tbody":
            self._in_body = False
        elif tag == "table":
            self._in_table = False

    def handle_data(self, data):
        if self._cell is not None and not self._hidden:
            self._cell.append(data)


def table_rows(html: str, table_class: str) -> list[list[str]]:
    """The body rows of every table of `table_class`, each a list of its cells' text."""
    reader = _Rows(table_class)
    reader.feed(html)
    return reader.rows
