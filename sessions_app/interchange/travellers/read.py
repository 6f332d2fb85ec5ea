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

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from itertools import chain, islice
from operator import itemgetter

from ...scoring.board import vulnerability
from ...scoring.contract import ContractError
from ...scoring.event import Method
from ...scoring.message import Message, MessageError, gettext_noop, message_of
from ...scoring.rulings import Ruling
from ..fields import (
    BOTH_PAIRS_NEEDED,
    DEFAULT_SECTION,
    against_itself,
    check_label,
    check_reason,
    foul_group,
    played_twice,
    positive,
    too_many_values,
)
from ..records import PublishedLine, TravellerRow
from ..refused import FileRefused, Problems, at_line
from . import salliere
from .bulk import Block, RulingKey, plain_rows, ruling_of
from .csv_rows import csv_stream

COLUMNS = (
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "result",
    "score",
    "section",
    "round",
    "table",
    "lead",
    "foul",
    "reason",
    "score_ew",
    *salliere.PUBLISHED,
)
REQUIRED = ("board", "ns", "ew")
SALLIERE_COLUMNS = (
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "score",
    "score_ew",
    "mp_ns",
    "mp_ew",
)
SALLIERE_REPORT = ["ns", "ew", "contract", "by", "tricks"]  # `boards --output=csv:...`
SALLIERE_REPORT_REFUSED = Message(
    gettext_noop(
        "this is salliere's printed boards report, which has no board numbers: import"
        " salliere's boards file instead"
    )
)


def read_travellers(text: str) -> list[TravellerRow]:
    """All rows of a travellers CSV, checked; raises FileRefused naming every bad line."""
    return read_travellers_file(text)[0]


def read_travellers_file(text: str) -> tuple[list[TravellerRow], list[PublishedLine], Method]:
    """All rows of a travellers CSV, checked, with the figures the file publishes for them
    (salliere's matchpoints or cross-IMPs, or `mp_ns`... columns) and how it scored them
    (`mp` unless they are cross-IMPs); raises FileRefused naming every bad line."""
    records = csv_stream(text)
    first_number, first = next(records, (0, []))
    if not first_number:
        raise FileRefused([Message(gettext_noop("the file is empty"))])
    header = [cell.strip().lower() for cell in _trimmed(first)]
    body: Iterator[tuple[int, list[str]]]
    if first and salliere.BOARD.match(first[0].strip()):  # no header: salliere's layout
        columns, body = list(SALLIERE_COLUMNS), chain([(first_number, first)], records)
    elif header[:5] == SALLIERE_REPORT:
        raise FileRefused([at_line(first_number, SALLIERE_REPORT_REFUSED)])
    else:
        columns, body = header, records
        problems = _header_problems(columns)
        if problems:
            raise FileRefused([at_line(first_number, problem) for problem in problems])
    rows, errors, published = _read_body(columns, body)
    if errors:
        raise FileRefused(problem for _, problem in sorted(errors, key=_in_file_order))
    if not rows:
        raise FileRefused([Message(gettext_noop("the file has a header but no traveller lines"))])
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


def _in_file_order(error: tuple[int, Message]) -> tuple[int, str]:
    """A problem's place in the list: by its line, then by its English words."""
    return error[0], str(error[1])


def _header_problems(columns: list[str]) -> list[Message]:
    """What is wrong with a header row: each column unknown, twice or missing."""
    problems = [
        Message(gettext_noop("unknown column %(name)r"), {"name": name})
        for name in columns
        if name not in COLUMNS
    ]
    problems += [
        Message(gettext_noop("the column %(name)r appears twice"), {"name": name})
        for name in set(columns)
        if columns.count(name) > 1
    ]
    problems += [
        Message(gettext_noop("the column %(name)r is missing"), {"name": name})
        for name in REQUIRED
        if name not in columns
    ]
    if "contract" not in columns and "score" not in columns:
        problems.append(Message(gettext_noop("there must be a 'contract' or a 'score' column")))
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


# What nearly every row holds, checked by one pattern each (the same rules as
# `fields.check_label` and `fields.positive`, the limits written in): a plain board number, pair
# labels of 10 characters, a section name of 8. A row any pattern refuses is checked again by
# those functions, which say why.
_PLAIN_BOARD = re.compile(r"0*[1-9][0-9]*")
_PLAIN_PAIR = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,9}")
_PLAIN_SECTION = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,7}")
_PLAIN = {
    "board": _PLAIN_BOARD.fullmatch,
    "pair": _PLAIN_PAIR.fullmatch,
    "section": _PLAIN_SECTION.fullmatch,
}
BLOCK = 2048  # rows read together (`bulk.py`): the C passes' gain, the memory of 2,048 rows


def _read_body(
    columns: list[str], body: Iterator[tuple[int, list[str]]]
) -> tuple[list[TravellerRow], list[tuple[int, Message]], list[tuple[_Seat, dict[str, Decimal]]]]:
    """The rows, the problems as (line, problem), and each row's published figures.

    The rows are read BLOCK at a time by `bulk.plain_rows`, and row by row only in a block
    it leaves (a row to refuse, salliere's figures). There, each row's cells are taken in
    COLUMNS order by one itemgetter (a column the file lacks reads as the empty cell put after
    the last). Either way a ruling is read once per distinct set of result cells and
    vulnerability (`4S,N,10` on boards 2 and 5, both NS vulnerable, is parsed once however
    many tables wrote it). Example: with the header `board,ns,ew,contract,declarer,tricks`, the row
    `1,2,17,4H,S,12` gives ("1", "2", "17", "4H", "S", "12", "", "", ...)."""
    width = len(columns)
    take = itemgetter(*(columns.index(name) if name in columns else width for name in COLUMNS))
    publishes = any(name in columns for name in salliere.PUBLISHED)
    rulings: dict[RulingKey, Ruling] = {}
    seen: dict[tuple[str, int, str], int] = {}  # (section, board, pair) -> its first line
    rows, published = [], []
    errors: Problems[tuple[int, Message]] = Problems()
    for block in iter(partial(_block, body), []):
        plain = plain_rows(columns, block, _PLAIN, seen, rulings)
        if plain is not None:
            rows += plain
            continue
        for number, cells in block:
            try:
                if len(cells) > width:
                    cells = _trimmed(cells)
                    if len(cells) > width:
                        raise MessageError(too_many_values(len(cells), width))
                fields = take([cell.strip() for cell in cells] + [""] * (width + 1 - len(cells)))
                (
                    board,
                    ns,
                    ew,
                    contract,
                    declarer,
                    tricks,
                    result,
                    score,
                    section,
                    round_,
                    table,
                    lead,
                    foul,
                    reason,
                    score_ew,
                ) = fields[:15]
                if score or score_ew:  # salliere's two score columns (nothing to do without them)
                    contract, declarer, tricks, score, reason = salliere.result_columns(
                        contract, declarer, tricks, score, score_ew, reason
                    )
                if (
                    _PLAIN_BOARD.fullmatch(board)
                    and _PLAIN_PAIR.fullmatch(ns)
                    and _PLAIN_PAIR.fullmatch(ew)
                    and ns != ew
                    and (not section or _PLAIN_SECTION.fullmatch(section))
                ):
                    section, board_number = section or DEFAULT_SECTION, int(board)
                else:
                    section, board_number = _seat(board, ns, ew, section)
            except ValueError as error:
                errors.append((number, at_line(number, message_of(error))))
                continue
            for pair in (ns, ew):  # a pair may sit at one table per board
                first = seen.setdefault((section, board_number, pair), number)
                if first != number:
                    errors.append(
                        (number, at_line(number, played_twice(pair, board_number, first)))
                    )
            try:
                key = (contract, declarer, tricks, result, score, vulnerability(board_number))
                ruling = ruling_of(rulings, key)
                rows.append(
                    TravellerRow(  # line, section, board, ns, ew, ruling, round, table, lead,
                        number,
                        section,
                        board_number,
                        ns,
                        ew,
                        ruling,  # foul group, reason
                        positive(round_, "round") if round_ else None,
                        positive(table, "table") if table else None,
                        lead[:3],
                        foul_group(foul) if foul else 0,
                        check_reason(reason) if reason else "",
                    )
                )
                if publishes and any(fields[15:]):  # a line that publishes nothing: no figures
                    texts = dict(zip(salliere.PUBLISHED, fields[15:], strict=True))
                    figures = salliere.published_values(texts)
                    published.append((_Seat(number, section, board_number, ns, ew), figures))
            except (ContractError, ValueError) as error:
                errors.append((number, at_line(number, message_of(error))))
    return rows, errors, published


def _block(body: Iterator[tuple[int, list[str]]]) -> Block:
    """The next BLOCK rows of `body` (fewer at its end, none after)."""
    return list(islice(body, BLOCK))


def _seat(board_text: str, ns: str, ew: str, section_text: str) -> tuple[str, int]:
    """(section, board number) of a row the patterns refused, or MessageError saying why."""
    section, number_text = salliere.board_cell(board_text)
    if section and section_text and section != section_text:
        raise MessageError(
            Message(
                gettext_noop("board %(board)s is not in section %(section)s"),
                {"board": board_text, "section": section_text},
            )
        )
    board = positive(number_text, "board")
    if not ns or not ew:
        raise MessageError(BOTH_PAIRS_NEEDED)
    if ns == ew:
        raise MessageError(against_itself(ns))
    check_label(ns, "pair")
    check_label(ew, "pair")
    return check_label(section_text or section or DEFAULT_SECTION, "section"), board
