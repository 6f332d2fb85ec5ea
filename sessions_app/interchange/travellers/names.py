"""Read a names CSV: `pair,player1,player2` with optional `section` and `direction` columns.

A file without a header row is read as salliere's names file: pair, name, name, and after
salliere's `total` command the pair's total matchpoints (or cross-IMPs), percentage and local
points. salliere's printed results (`results --output=csv:...`, header `Pair,Names,,MPs,%age,
LPs`) read the same way. The totals are kept to be compared with clubscorer's (`compare.py`);
the local points are master points, which clubscorer does not award: checked as numbers, not
compared (docs/formats.md). Example row: `1,Ann Adams,Bob Brown,18,75,0` -> pair 1, 18 MP, 75%.
"""

from __future__ import annotations

from ...scoring.message import Message, gettext_noop, message_of
from ..fields import DEFAULT_SECTION, check_label, published_number, too_many_values
from ..records import NamesRow, PublishedTotal
from ..refused import FileRefused, Problems, at_line
from .csv_rows import csv_records

COLUMNS = ("pair", "player1", "player2", "section", "direction")
SALLIERE = ("pair", "player1", "player2", "mp", "pct", "lp")
TOTALS = ("mp", "pct", "lp")


def read_names(text: str) -> list[NamesRow]:
    """Every row of a names file; raises FileRefused naming each bad line."""
    return read_names_file(text)[0]


def read_names_file(text: str) -> tuple[list[NamesRow], list[PublishedTotal]]:
    """Every row of a names file and the totals it publishes (salliere's); raises FileRefused
    naming each bad line."""
    records = csv_records(text)
    if not records:
        return [], []
    header = [cell.strip().lower() for cell in records[0][1]]
    if header[:2] == ["pair", "names"]:  # salliere's printed results
        columns, body = list(SALLIERE), records[1:]
    elif "pair" in header:
        unknown = [name for name in header if name not in COLUMNS]
        if unknown:
            line = records[0][0]
            raise FileRefused(
                [
                    at_line(line, Message(gettext_noop("unknown column %(name)r"), {"name": name}))
                    for name in unknown
                ]
            )
        columns, body = header, records[1:]
    else:
        columns, body = list(SALLIERE), records
    rows, totals = [], []
    errors: Problems[Message] = Problems()
    seen: dict[tuple[str, str], int] = {}  # (section, pair) -> the line naming it
    for number, cells in body:
        while len(cells) > len(columns) and not cells[-1].strip():
            cells = cells[:-1]  # salliere's printed results end each row with `,`
        if len(cells) > len(columns):
            errors.append(at_line(number, too_many_values(len(cells), len(columns))))
            continue
        values = dict.fromkeys(COLUMNS + TOTALS, "")
        values.update({name: cell.strip() for name, cell in zip(columns, cells, strict=False)})
        try:
            published = {name: published_number(values[name], name) for name in TOTALS}
        except ValueError as error:
            errors.append(at_line(number, message_of(error)))
            continue
        direction = values["direction"].upper().replace("-", "").replace("/", "")
        key = (values["section"] or DEFAULT_SECTION, values["pair"])
        try:
            check_label(key[0], "section")
            if key[1]:
                check_label(key[1], "pair")
        except ValueError as error:
            errors.append(at_line(number, message_of(error)))
            continue
        if not values["pair"]:
            errors.append(at_line(number, Message(gettext_noop("the pair label is missing"))))
        elif direction not in ("", "NS", "EW"):
            errors.append(
                at_line(
                    number,
                    Message(
                        gettext_noop("direction %(value)r is not NS or EW"),
                        {"value": values["direction"]},
                    ),
                )
            )
        elif key in seen:
            errors.append(
                at_line(
                    number,
                    Message(
                        gettext_noop("pair %(pair)s is named twice (line %(line)s)"),
                        {"pair": key[1], "line": seen[key]},
                    ),
                )
            )
        else:
            seen[key] = number
            rows.append(NamesRow(key[0], key[1], (values["player1"], values["player2"]), direction))
            figures = {name: value for name, value in published.items() if value is not None}
            figures.pop("lp", None)  # master points: not clubscorer's to compare
            if figures:
                totals.append(PublishedTotal(number, key[0], key[1], figures))
    if errors:
        raise FileRefused(errors)
    return rows, totals
