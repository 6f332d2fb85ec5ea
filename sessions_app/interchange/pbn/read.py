"""Reading a PBN 2.1 file (docs/formats.md; syntax in `syntax.py`, values in `cells.py`).

Each game is a board — `Board`, `Dealer`, `Vulnerable` (Law 2 from the number when they are
missing or `?`), `Deal`, and its double-dummy analysis from `OptimumResultTable` and
`OptimumScore` when present. A `ScoreTable` gives traveller lines, read with the same rules as
a travellers CSV (`scoring.notation`, `scoring.rulings`); its `MP_*` and `Percentage_*`
columns, and a `TotalScoreTable`'s totals, are what the file published, to compare with
clubscorer's own. `Table`, `Round`, `Lead` are kept; user columns `Section` (several sections
in one file, also the `Section` tag of a game), `Ruling`, `Foul`, `Reason` and, in the
TotalScoreTable, `Direction` (NS/EW in a two-winner section, `-` in one field) are
clubscorer's, and others are ignored.

IMP pairs: the `Scoring` tag of the games with results says how the file was scored: `Butler`
(also `IMP;Butler`) is Butler IMPs, `IMP;Cross` (or plain `IMP`) cross-IMPs, anything else
matchpoints; the published values are then the ScoreTable's `IMP_NS` / `IMP_EW` and the
TotalScoreTable's `TotalIMP`.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import replace

from ...scoring.contract import ContractError
from ...scoring.event import Method
from ..fields import DEFAULT_SECTION, check_label, check_reason, foul_group
from ..records import (
    BoardRecord,
    NamesRow,
    PublishedLine,
    PublishedTotal,
    ResultsFile,
    TravellerRow,
    split_names,
)
from ..refused import FileRefused
from .cells import POINTS, Cells, board_record, known, pbn_date, row_ruling, scoring_method
from .syntax import Game, read_games, read_table


def read_pbn(text: str) -> ResultsFile:
    """A PBN file's boards, traveller lines, names and published values; raises FileRefused
    listing every problem as `line N: reason`."""
    games, errors = read_games(text)
    reader = _Reader(errors)
    previous: dict[str, str] = {}
    for game in games:
        for name, tag in game.tags.items():  # "#": the value of the previous game (import)
            if tag.value == "#" and name in previous:
                tag.value = previous[name]
        previous.update({name: tag.value for name, tag in game.tags.items()})
        reader.game(game)
    result = reader.finish()
    if errors:
        raise FileRefused(sorted(errors, key=_line_of))
    return result


class _Reader:
    def __init__(self, errors: list[str]):
        self.errors = errors
        self.name = ""
        self.date: datetime.date | None = None
        self.boards: dict[int, BoardRecord] = {}
        self.rows: list[TravellerRow] = []
        self.lines: list[PublishedLine] = []
        self.totals: list[PublishedTotal] = []
        self.names: dict[tuple[str, str], NamesRow] = {}
        self.directions: dict[str, set[str]] = {}
        self.tables: dict[tuple[str, int], int] = {}  # (section, board) -> its table's line
        self.seats: dict[tuple[str, int, str], int] = {}  # (section, board, pair) -> line
        self.scoring: tuple[Method, str, int] | None = None  # method, Scoring tag, its line

    def game(self, game: Game) -> None:
        self.name = self.name or known(game.value("Event"))
        self.date = self.date or pbn_date(game.value("Date"))
        section = known(game.value("Section")) or DEFAULT_SECTION
        board = self.board(game)
        score_table = game.get("ScoreTable")
        if score_table is not None or game.get("TotalScoreTable") is not None:
            self.scoring_of(game)
        if score_table is not None:
            if board is not None:
                self.score_table(game, board, section)
            elif game.get("Board") is None:
                self.errors.append(f"line {score_table.line}: a ScoreTable needs a Board tag")
        if game.get("TotalScoreTable") is not None:
            self.total_table(game, section)

    def scoring_of(self, game: Game) -> None:
        """Note how a game with results was scored; every such game must agree."""
        tag = game.get("Scoring") or game.get("ScoreTable") or game.tag("TotalScoreTable")
        value = game.value("Scoring").strip()
        method = scoring_method(value)
        if self.scoring is None:
            self.scoring = (method, value, tag.line)
        elif self.scoring[0] != method:
            self.errors.append(
                f"line {tag.line}: Scoring {value!r} is not the scoring of line"
                f" {self.scoring[2]} ({self.scoring[1]!r})"
            )

    def board(self, game: Game) -> BoardRecord | None:
        tag = game.get("Board")
        if tag is None:
            if game.get("Deal") is not None:
                self.errors.append(f"line {game.tag('Deal').line}: a Deal needs a Board tag")
            return None
        if not tag.value.strip().isdigit() or not 1 <= int(tag.value) <= 32767:
            self.errors.append(f"line {tag.line}: Board {tag.value!r} is not a board number")
            return None
        number = int(tag.value)
        try:
            record = board_record(game, number)
        except ValueError as error:
            self.errors.append(str(error))
            return None
        known_board = self.boards.get(number)
        if known_board is None:
            self.boards[number] = record
            return record
        merged = _merged(known_board, record)
        if merged is None:
            self.errors.append(
                f"line {tag.line}: board {number} is not the board of line {known_board.line}"
                " (another deal, dealer or vulnerability)"
            )
            return None
        self.boards[number] = merged
        return merged

    def score_table(self, game: Game, board: BoardRecord, default_section: str) -> None:
        tag = game.tag("ScoreTable")
        columns, rows, errors = read_table(tag)
        self.errors.extend(errors)
        names = {column.name.lower(): index for index, column in enumerate(columns)}
        missing = [n for n in ("PairId_NS", "PairId_EW") if n.lower() not in names]
        if not {"contract", "score_ns", "score_ew", "ruling"} & set(names):
            missing.append("Contract or Score_NS")
        if missing:
            self.errors.append(f"line {tag.line}: the ScoreTable has no {', '.join(missing)}")
            return
        for row in rows:
            cells = Cells(row, names)
            try:
                self.score_row(cells, board, default_section, tag.line)
            except (ContractError, ValueError) as error:
                self.errors.append(f"line {row.line}: board {board.number}: {error}")

    def score_row(
        self, cells: Cells, board: BoardRecord, default_section: str, table_line: int
    ) -> None:
        section = check_label(cells.text("section") or default_section, "section")
        ns, ew = cells.text("pairid_ns"), cells.text("pairid_ew")
        if not ns or not ew:
            if cells.empty_except("pairid_ns", "pairid_ew", "table", "round", "section"):
                return  # a pair sitting out
            raise ValueError("the NS and EW pairs are both needed")
        if ns == ew:
            raise ValueError(f"pair {ns} cannot play against itself")
        check_label(ns, "pair")
        check_label(ew, "pair")
        first = self.tables.setdefault((section, board.number), table_line)
        if first != table_line:
            raise ValueError(f"the board already has a ScoreTable (line {first})")
        for pair in (ns, ew):
            seen = self.seats.setdefault((section, board.number, pair), cells.row.line)
            if seen != cells.row.line:
                raise ValueError(f"pair {pair} already played board {board.number} (line {seen})")
        self.rows.append(
            TravellerRow(
                line=cells.row.line,
                section=section,
                board=board.number,
                ns=ns,
                ew=ew,
                ruling=row_ruling(cells, board.vulnerability),
                round=cells.positive("round"),
                table=cells.positive("table"),
                lead=cells.text("lead")[:3],
                foul_group=foul_group(cells.text("foul")),
                reason=check_reason(cells.string("reason")),
            )
        )
        values = {
            name: value
            for name, column in (("mp_ns", "mp_ns"), ("mp_ew", "mp_ew"),
                                 ("pct_ns", "percentage_ns"), ("pct_ew", "percentage_ew"),
                                 ("imp_ns", "imp_ns"), ("imp_ew", "imp_ew"))
            if (value := cells.decimal(column)) is not None
        }  # fmt: skip
        if set(cells.names) & set(POINTS):
            # also a line without values (not played): the file has it
            self.lines.append(PublishedLine(cells.row.line, section, board.number, ns, ew, values))
        for pair, column in ((ns, "names_ns"), (ew, "names_ew")):
            if cells.text(column) and (section, pair) not in self.names:
                self.names[(section, pair)] = NamesRow(
                    section, pair, split_names(cells.text(column))
                )

    def total_table(self, game: Game, default_section: str) -> None:
        tag = game.tag("TotalScoreTable")
        columns, rows, errors = read_table(tag)
        self.errors.extend(errors)
        names = {column.name.lower(): index for index, column in enumerate(columns)}
        if "pairid" not in names:
            self.errors.append(f"line {tag.line}: the TotalScoreTable has no PairId")
            return
        for row in rows:
            cells = Cells(row, names)
            try:
                self.total_row(cells, default_section, "direction" in names)
            except ValueError as error:
                self.errors.append(f"line {row.line}: {error}")

    def total_row(self, cells: Cells, default_section: str, has_direction: bool) -> None:
        section = check_label(cells.text("section") or default_section, "section")
        pair = cells.text("pairid")
        if not pair:
            return
        check_label(pair, "pair")
        direction = cells.text("direction").upper()
        if direction not in ("", "NS", "EW"):
            raise ValueError(f"direction {direction!r} is not NS, EW or -")
        if has_direction:
            self.directions.setdefault(section, set()).add(direction)
        names_text = cells.text("names")
        named = self.names.get((section, pair))
        self.names[(section, pair)] = NamesRow(
            section,
            pair,
            split_names(names_text) if names_text else (named.names if named else ("", "")),
            direction,
        )
        values = {
            name: value
            for name, column in (("mp", "totalmp"), ("pct", "totalpercentage"),
                                 ("imps", "totalimp"))
            if (value := cells.decimal(column)) is not None
        }  # fmt: skip
        if values:
            self.totals.append(PublishedTotal(cells.row.line, section, pair, values))

    def finish(self) -> ResultsFile:
        winners = {
            section: 2 if directions & {"NS", "EW"} else 1
            for section, directions in self.directions.items()
        }
        return ResultsFile(
            kind="pbn",
            name=self.name,
            date=self.date,
            boards=dict(sorted(self.boards.items())),
            rows=self.rows,
            names=list(self.names.values()),
            winners=winners,
            lines=self.lines,
            totals=self.totals,
            method=self.scoring[0] if self.scoring else "mp",
        )


def _merged(known_board: BoardRecord, record: BoardRecord) -> BoardRecord | None:
    """The same board in another game (another section): what both state must agree; None
    when they do not."""
    if (
        (record.stated[0] and known_board.stated[0] and record.dealer != known_board.dealer)
        or (
            record.stated[1]
            and known_board.stated[1]
            and record.vulnerability != known_board.vulnerability
        )
        or (record.deal and known_board.deal and record.deal != known_board.deal)
    ):
        return None
    return replace(
        known_board,
        dealer=(
            known_board.dealer if known_board.stated[0] or not record.stated[0] else record.dealer
        ),
        vulnerability=(
            known_board.vulnerability
            if known_board.stated[1] or not record.stated[1]
            else record.vulnerability
        ),
        deal=known_board.deal or record.deal,
        analysis=known_board.analysis or record.analysis,
        stated=(
            known_board.stated[0] or record.stated[0],
            known_board.stated[1] or record.stated[1],
        ),
    )


def _line_of(message: str) -> int:
    match = re.match(r"line (\d+):", message)
    return int(match.group(1)) if match else 0
