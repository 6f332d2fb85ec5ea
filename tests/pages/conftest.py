"""Builders and an HTML reader for the results pages' tests.

`parse(response)` turns a page into a small tree (stdlib `html.parser`, no extra package) and
`table_rows(tree, id)` reads a table's cells as text, so tests assert on what a player sees.
"""

from __future__ import annotations

import io
from html.parser import HTMLParser

import pytest
from django.core.management import call_command

from sessions_app.models import Session
from tests.conftest import PAGAT_BOARD_1

VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}

PAGAT_NAMES = """\
    pair,player1,player2
    3,Ann Lee,Bob Ray
    11,Cy Dunn,Di Fox
"""


class Node:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None = None):
        self.tag, self.attrs, self.parent, self.children = tag, attrs, parent, []

    @property
    def text(self) -> str:
        """The text a reader sees on a wide screen, whitespace and soft hyphens taken out (the
        `narrow` and `short` elements, shown only on phones, are left out)."""
        parts = []
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            elif not child.classes & {"narrow", "short"}:
                parts.append(child.text)
        return " ".join("".join(parts).replace("\u00ad", "").split())

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def find_all(self, tag: str | None = None, **attrs) -> list[Node]:
        """Descendants with this tag and these attributes (`class_` matches one class)."""
        found = []
        for child in self.children:
            if isinstance(child, str):
                continue
            if _matches(child, tag, attrs):
                found.append(child)
            found.extend(child.find_all(tag, **attrs))
        return found

    def find(self, tag: str | None = None, **attrs) -> Node | None:
        nodes = self.find_all(tag, **attrs)
        return nodes[0] if nodes else None


def _matches(node: Node, tag: str | None, attrs: dict) -> bool:
    if tag and node.tag != tag:
        return False
    for name, value in attrs.items():
        if name == "class_":
            if value not in node.classes:
                return False
        elif node.attrs.get(name) != value:
            return False
    return True


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.current = Node("#document", {})

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {name: value or "" for name, value in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(response) -> Node:
    assert response.status_code == 200, response.status_code
    builder = _TreeBuilder()
    builder.feed(response.content.decode())
    return builder.root


def table_rows(tree: Node, table_id: str, part: str = "tbody") -> list[list[str]]:
    """The text of each cell (th or td) of each row of one part of a table."""
    table = tree.find("table", id=table_id)
    assert table is not None, f"no table {table_id}"
    section = table.find(part)
    return [
        [cell.text for cell in row.children if not isinstance(cell, str)]
        for row in (section.find_all("tr") if section else [])
    ]


def table_headers(tree: Node, table_id: str) -> list[str]:
    return table_rows(tree, table_id, "thead")[0]


def column(tree: Node, table_id: str, header: str) -> list[str]:
    index = table_headers(tree, table_id).index(header)
    return [row[index] for row in table_rows(tree, table_id)]


def row_for(tree: Node, table_id: str, first_cell: str) -> dict[str, str]:
    """The row whose first cell reads `first_cell` (its first word: a traveller's pair label
    has the pair's names below it when the register links them), as {header: text}."""
    headers = table_headers(tree, table_id)
    for row in table_rows(tree, table_id):
        if row[0].split()[:1] == [first_cell]:
            return dict(zip(headers, row, strict=True))
    raise AssertionError(f"no row {first_cell!r} in {table_id}")


@pytest.fixture
def pagat(make_session):
    """Pagat's board 1 (docs/rules.md §9.1) as a published session: NS 1-7, EW 8-14, two fields."""
    return make_session(PAGAT_BOARD_1, names=PAGAT_NAMES, publish=True)


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=io.StringIO())
    return Session.objects.get(name="Monday Evening Pairs")
