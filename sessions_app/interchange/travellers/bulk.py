"""The rows of a travellers CSV read a block at a time, a column at a time, when they are plain.

Nearly every file is plain: a board number, two pair labels and a result in each row, every
row as wide as the next. A 3,000-table event has 78,000 such rows but 26 board numbers, 6,000
pair labels and a few hundred distinct results; so each rule is checked once for each distinct
value (a label's pattern, a result's ruling) or by one pass of the standard library's C code
(no pair against itself, no pair twice on a board), and the rows are made by one `map`.

A block that breaks a rule, or that holds what only the reading row by row handles (salliere's
scores and published figures, rows of different widths), is not read here: `read._read_body`
reads it row by row and says which row is wrong and why. The rows are the same either way.

Example: the block [(1, ["1", "2", "17", "4H", "S", "10"]), (2, ["1", "3", "18", "4H", "S",
"10"])] under salliere's columns -> two TravellerRows of section A, board 1, sharing one Ruling
(4H by S, 10 tricks, +420: board 1 is not vulnerable).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from operator import eq
from typing import Any

from ...scoring.board import vulnerability
from ...scoring.contract import ContractError
from ...scoring.ruling_columns import ruling_from_fields
from ...scoring.rulings import Ruling
from ..fields import DEFAULT_SECTION, check_reason, foul_group, positive
from ..records import TravellerRow
from . import salliere

RulingKey = tuple[str, str, str, str, str, str]  # contract, declarer, tricks, result, score, vul
Block = Sequence[tuple[int, list[str]]]  # (line, cells) as `csv_rows.csv_stream` gives them
_NOT_PLAIN = ("score", "score_ew", *salliere.PUBLISHED)  # read row by row
_row = partial(tuple.__new__, TravellerRow)


def plain_rows(
    columns: Sequence[str],
    block: Block,
    patterns: Mapping[str, Callable[[str], object]],
    seen: dict[tuple[str, int, str], int],
    rulings: dict[RulingKey, Ruling],
) -> list[TravellerRow] | None:
    """The rows of `block`, or None when some row must be read row by row (nothing is then
    changed but `rulings`, a cache). `patterns` are the plain board, pair and section
    patterns' `fullmatch`; `seen` the first line of each (section, board, pair) so far, which
    the rows' seats are added to; `rulings` each result read so far."""
    numbers, cells = zip(*block, strict=True)
    widths = set(map(len, cells))
    width = widths.pop()
    if widths or width > len(columns):
        return None
    count = len(numbers)
    empty = ("",) * count
    found = dict(
        zip(
            columns,
            [tuple(map(str.strip, cell)) for cell in zip(*cells, strict=True)],
            strict=False,
        )
    )

    def column(name: str) -> tuple[str, ...]:
        return found.get(name, empty)

    if any(any(column(name)) for name in _NOT_PLAIN):
        return None
    boards, ns, ew = column("board"), column("ns"), column("ew")
    sections = column("section")
    if not (
        all(map(patterns["board"], set(boards)))
        and all(map(patterns["pair"], set(ns).union(ew)))
        and not any(map(eq, ns, ew))
        and all(map(patterns["section"], set(sections) - {""}))
    ):
        return None
    board_numbers = _each(boards, int)
    sections = _each(sections, lambda text: text or DEFAULT_SECTION)
    seats = [*zip(sections, board_numbers, ns, strict=True)]
    seats += zip(sections, board_numbers, ew, strict=True)
    if len(set(seats)) != len(seats) or not seen.keys().isdisjoint(seats):
        return None  # a pair twice on a board: row by row, to say where
    try:
        read = [
            _each(column("round"), lambda text: positive(text, "round") if text else None),
            _each(column("table"), lambda text: positive(text, "table") if text else None),
            _each(column("lead"), lambda text: text[:3]),
            _each(column("foul"), lambda text: foul_group(text) if text else 0),
            _each(column("reason"), lambda text: check_reason(text) if text else ""),
        ]
        keys = [
            *zip(
                column("contract"),
                column("declarer"),
                column("tricks"),
                column("result"),
                column("score"),
                _each(board_numbers, vulnerability),
                strict=True,
            )
        ]
        for key in set(keys).difference(rulings):
            ruling_of(rulings, key)
    except (ContractError, ValueError):
        return None
    seen.update(zip(seats, numbers + numbers, strict=True))
    return list(
        map(
            _row,
            zip(
                numbers,
                sections,
                board_numbers,
                ns,
                ew,
                map(rulings.__getitem__, keys),
                *read,
                strict=True,
            ),
        )
    )


def ruling_of(rulings: dict[RulingKey, Ruling], key: RulingKey) -> Ruling:
    """The ruling a line's cells `key` say, read once a file: kept in `rulings` (a
    ContractError or ValueError, in words, when they say none). Example: ("4H", "S", "10",
    "", "", "None") -> 4H by S, 10 tricks, +420, then the same Ruling for every such line."""
    ruling = rulings.get(key)
    if ruling is None:
        contract, declarer, tricks, result, score, vul = key
        ruling = rulings[key] = ruling_from_fields(
            contract=contract, declarer=declarer, tricks=tricks, result=result, score=score, vul=vul
        )
    return ruling


def _each(values: Sequence[Hashable], convert: Callable[[Any], Any]) -> tuple[Any, ...]:
    """`convert` of each value, called once per distinct value: a column of 78,000 cells
    holds a few thousand different ones. Example: (("1", "1", "2"), int) -> (1, 1, 2), `int`
    called twice."""
    converted = {value: convert(value) for value in set(values)}
    return tuple(map(converted.__getitem__, values))
