"""Read a names CSV: `pair,player1,player2` with optional `section` and `direction` columns.

A file without a header row is read as pair, name, name (salliere's names file).
"""

from __future__ import annotations

from ..fields import DEFAULT_SECTION, check_label
from ..records import NamesRow
from ..refused import FileRefused
from .read import csv_records

COLUMNS = ("pair", "player1", "player2", "section", "direction")


def read_names(text: str) -> list[NamesRow]:
    """Every row of a names file; raises FileRefused naming each bad line."""
    records = csv_records(text)
    if not records:
        return []
    header = [cell.strip().lower() for cell in records[0][1]]
    if "pair" in header:
        unknown = [name for name in header if name not in COLUMNS]
        if unknown:
            line = records[0][0]
            raise FileRefused([f"line {line}: unknown column {name!r}" for name in unknown])
        columns, body = header, records[1:]
    else:
        columns, body = ["pair", "player1", "player2"], records
    rows, errors = [], []
    seen: dict[tuple[str, str], int] = {}  # (section, pair) -> the line naming it
    for number, cells in body:
        values = dict.fromkeys(COLUMNS, "")
        values.update({name: cell.strip() for name, cell in zip(columns, cells, strict=False)})
        direction = values["direction"].upper().replace("-", "").replace("/", "")
        key = (values["section"] or DEFAULT_SECTION, values["pair"])
        try:
            check_label(key[0], "section")
            if key[1]:
                check_label(key[1], "pair")
        except ValueError as error:
            errors.append(f"line {number}: {error}")
            continue
        if not values["pair"]:
            errors.append(f"line {number}: the pair label is missing")
        elif direction not in ("", "NS", "EW"):
            errors.append(f"line {number}: direction {values['direction']!r} is not NS or EW")
        elif key in seen:
            errors.append(f"line {number}: pair {key[1]} is named twice (line {seen[key]})")
        else:
            seen[key] = number
            rows.append(NamesRow(key[0], key[1], (values["player1"], values["player2"]), direction))
    if errors:
        raise FileRefused(errors)
    return rows
