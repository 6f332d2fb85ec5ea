"""Read a travellers CSV (docs/formats.md) into checked rows, or into every reason it is refused.

A file is all or nothing: each bad row is reported with its line number and why, and the caller
stores nothing unless the error list is empty. A file without a header row is read in the
salliere layout (board, ns, ew, contract, declarer, tricks, then the NS and EW scores and
matchpoints salliere adds), so salliere's boards files work too (`salliere.py`): the
matchpoints (or cross-IMPs) they publish are kept to be compared with clubscorer's.

Checks, per row: a board number, two different pair labels, a legal contract and declarer,
0-13 tricks (or a result such as `=` / `-2`), a score bridge can produce on that board, contract
and score agreeing when both are given. Across rows: a pair on a board at most once.

A director's ruling is read whole from `contract` in the notation of `scoring/rulings.py`
(`assigned 4S N 10`, `4S N 10 / 4S N 9`, `30% 4S N 10; 70% 3NT S 8`), the other result columns
then empty; `foul` gives a line's fouled-board group (Law 87) and `reason` the director's
reason. Example row: `3,2,5,30% 4S N 10; 70% 3NT S 8,,,,1,Law 12C1(c)` with the header
`board,ns,ew,contract,declarer,tricks,score,foul,reason`.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal

from ...scoring.board import vulnerability
from ...scoring.contract import ContractError
from ...scoring.event import Method
from ...scoring.rulings import ruling_from_fields
from ..fields import DEFAULT_SECTION, check_label, check_reason, foul_group, positive
from ..records import PublishedLine, TravellerRow
from ..refused import FileRefused
from . import salliere

COLUMNS = (
    "board", "ns", "ew", "contract", "declarer", "tricks", "result", "score",
    "section", "round", "table", "lead", "foul", "reason", "score_ew", *salliere.PUBLISHED,
)  # fmt: skip
REQUIRED = ("board", "ns", "ew")
SALLIERE_COLUMNS = ("board", "ns", "ew", "contract", "declarer", "tricks", "score", "score_ew",
                    "mp_ns", "mp_ew")  # fmt: skip
SALLIERE_REPORT = ["ns", "ew", "contract", "by", "tricks"]  # `boards --output=csv:...`


def csv_records(text: str) -> list[tuple[int, list[str]]]:
    """The non-empty rows of a CSV text with the line each starts on; FileRefused for what the
    csv module cannot read (a NUL byte, a quote left open)."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    records = []
    start = 1
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                records.append((start, row))
            start = reader.line_num + 1
    except csv.Error as error:
        raise FileRefused([f"line {reader.line_num}: {error}"]) from None
    return records


def read_travellers(text: str) -> list[TravellerRow]:
    """All rows of a travellers CSV, checked; raises FileRefused naming every bad line."""
    return read_travellers_file(text)[0]


def read_travellers_file(text: str) -> tuple[list[TravellerRow], list[PublishedLine], Method]:
    """All rows of a travellers CSV, checked, with the figures the file publishes for them
    (salliere's matchpoints or cross-IMPs, or `mp_ns`... columns) and how it scored them
    (`mp` unless they are cross-IMPs); raises FileRefused naming every bad line."""
    records = csv_records(text)
    if not records:
        raise FileRefused(["the file is empty"])
    first_number, first = records[0]
    header = [cell.strip().lower() for cell in _trimmed(first)]
    if first and salliere.BOARD.match(first[0].strip()):  # no header: salliere's layout
        columns, body = list(SALLIERE_COLUMNS), records
    elif header[:5] == SALLIERE_REPORT:
        raise FileRefused(
            [
                f"line {first_number}: this is salliere's printed boards report, which has no"
                " board numbers: import salliere's boards file instead"
            ]
        )
    else:
        columns, body = header, records[1:]
        problems = _header_problems(columns)
        if problems:
            raise FileRefused([f"line {first_number}: {problem}" for problem in problems])
    rows, errors, seats, published = [], [], [], []
    for number, cells in body:
        try:
            values = _values(columns, cells)
            seat = _seat(number, values)
            seats.append(seat)
            rows.append(_read_row(seat, values))
            published.append((seat, salliere.published_values(values)))
        except (ContractError, ValueError) as error:
            errors.append((number, f"line {number}: {error}"))
    errors.extend(_duplicate_pairs(seats))
    if errors:
        raise FileRefused(message for _, message in sorted(errors))
    if not rows:
        raise FileRefused(["the file has a header but no traveller lines"])
    imps = salliere.as_cross_imps([values for _, values in published])
    lines = [
        PublishedLine(seat.line, seat.section, seat.board, seat.ns, seat.ew, _named(values, imps))
        for seat, values in published
        if values
    ]
    return rows, lines, "cross_imps" if imps else "mp"


def _named(values: dict[str, Decimal], imps: bool) -> dict[str, Decimal]:
    """salliere's MP columns hold its cross-IMPs when `imps` (`salliere.as_cross_imps`)."""
    if not imps:
        return values
    return {name.replace("mp_", "imp_"): value for name, value in values.items()}


def _trimmed(cells: list[str]) -> list[str]:
    """The cells less the empty ones at the end (salliere's CSV report ends each row with
    `,`)."""
    while cells and not cells[-1].strip():
        cells = cells[:-1]
    return cells


def _header_problems(columns: list[str]) -> list[str]:
    problems = [f"unknown column {name!r}" for name in columns if name not in COLUMNS]
    problems += [
        f"the column {name!r} appears twice" for name in set(columns) if columns.count(name) > 1
    ]
    problems += [f"the column {name!r} is missing" for name in REQUIRED if name not in columns]
    if "contract" not in columns and "score" not in columns:
        problems.append("there must be a 'contract' or a 'score' column")
    return problems


@dataclass(frozen=True, slots=True)
class _Seat:
    """Who sat where on which board: checked before the outcome, so that a row with a bad
    contract still takes part in the check for pairs playing a board twice."""

    line: int
    section: str
    board: int
    ns: str
    ew: str


def _values(columns: list[str], cells: list[str]) -> dict[str, str]:
    cells = _trimmed(cells) if len(cells) > len(columns) else cells
    if len(cells) > len(columns):
        raise ValueError(f"{len(cells)} values for {len(columns)} columns")
    values = dict.fromkeys(COLUMNS, "")
    values.update({name: cell.strip() for name, cell in zip(columns, cells, strict=False)})
    salliere.result_columns(values)
    return values


def _seat(number: int, values: dict[str, str]) -> _Seat:
    section, number_text = salliere.board_cell(values["board"])
    if section and values["section"] and section != values["section"]:
        raise ValueError(f"board {values['board']} is not in section {values['section']}")
    values["section"] = values["section"] or section
    board = positive(number_text, "board")
    ns, ew = values["ns"], values["ew"]
    if not ns or not ew:
        raise ValueError("the NS and EW pairs are both needed")
    if ns == ew:
        raise ValueError(f"pair {ns} cannot play against itself")
    check_label(ns, "pair")
    check_label(ew, "pair")
    section = check_label(values["section"] or DEFAULT_SECTION, "section")
    return _Seat(number, section, board, ns, ew)


def _read_row(seat: _Seat, values: dict[str, str]) -> TravellerRow:
    ruling = ruling_from_fields(
        contract=values["contract"],
        declarer=values["declarer"],
        tricks=values["tricks"],
        result=values["result"],
        score=values["score"],
        vul=vulnerability(seat.board),
    )
    return TravellerRow(
        line=seat.line,
        section=seat.section,
        board=seat.board,
        ns=seat.ns,
        ew=seat.ew,
        ruling=ruling,
        round=positive(values["round"], "round") if values["round"] else None,
        table=positive(values["table"], "table") if values["table"] else None,
        lead=values["lead"][:3],
        foul_group=foul_group(values["foul"]),
        reason=check_reason(values["reason"]),
    )


def _duplicate_pairs(seats: list[_Seat]) -> list[tuple[int, str]]:
    """A pair may sit at one table per board: report every later line that repeats it."""
    seen: dict[tuple[str, int, str], int] = {}
    errors = []
    for row in seats:
        for pair in (row.ns, row.ew):
            key = (row.section, row.board, pair)
            if key in seen:
                errors.append(
                    (
                        row.line,
                        f"line {row.line}: pair {pair} already played board {row.board}"
                        f" (line {seen[key]})",
                    )
                )
            else:
                seen[key] = row.line
    return errors
