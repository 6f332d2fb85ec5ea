"""Spreadsheet formulas kept out of every CSV clubscorer writes, and read back unchanged.

A spreadsheet takes a cell that begins with `=`, `+`, `-` or `@` (or a tab or carriage return)
for a formula and runs it: a pair named `=HYPERLINK("http://…","Ann")` by an import, the
director or a phone would become a live link in the club's ranking. So every cell written
that begins so, and is not a number, gets an apostrophe in front, which spreadsheets take as
"text" and do not show; a cell that already begins with an apostrophe before one of those
characters (or before another apostrophe) gets one more, so that every text reads back
exactly. Reading a CSV takes that one apostrophe away again.

Examples, written -> read back:
    =1+1       -> '=1+1     -> =1+1
    -420       -> -420      -> -420     (a number is a number)
    @Ann       -> '@Ann     -> @Ann
    't Hart    -> 't Hart   -> 't Hart  (a Dutch name: left alone)
    '=x        -> ''=x      -> '=x
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import IO

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
ESCAPED = frozenset("=+-@\t\r'")  # what may follow the apostrophe this module adds
NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?%?\Z")


def written_cell(cell: object) -> object:
    """The cell as written to a CSV (see the module's examples)."""
    if not isinstance(cell, str) or not cell:
        return cell
    if cell.startswith(FORMULA_STARTS) and not NUMBER.match(cell):
        return "'" + cell
    if cell[0] == "'" and cell[1:2] in ESCAPED:
        return "'" + cell
    return cell


def read_cell(cell: str) -> str:
    """A cell of a CSV as it was before `written_cell`: `'=1+1` -> `=1+1`."""
    if len(cell) > 1 and cell[0] == "'" and cell[1] in ESCAPED:
        return cell[1:]
    return cell


def read_row(row: list[str]) -> list[str]:
    """`read_cell` of each cell of a row that has an apostrophe (most have none)."""
    return [read_cell(cell) for cell in row]


class CsvWriter:
    """`csv.writer` (lines ending in \\n) whose every cell goes through `written_cell`."""

    def __init__(self, out: IO[str]) -> None:
        self._writer = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([written_cell(cell) for cell in row])
