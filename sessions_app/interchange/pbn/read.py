"""Reading a PBN 2.1 file (docs/formats.md; syntax in `syntax.py`, values in `cells.py`).

Each game is a board — `Board`, `Dealer`, `Vulnerable` (Law 2 from the number when they are
missing or `?`), `Deal`, and its double-dummy analysis from `OptimumResultTable` and
`OptimumScore` when present. A `ScoreTable` gives traveller lines, read with the same rules as
a travellers CSV (`scoring.notation`, `scoring.rulings`); its `MP_*` and `Percentage_*`
columns, and a `TotalScoreTable`'s totals, are what the file published, to compare with
clubscorer's own. `Table`, `Round`, `Lead` are kept; user columns `Section` (several sections
in one file, also the `Section` tag of a game), `Ruling`, `Foul`, `Reason` and, in the
TotalScoreTable, `Direction` (NS/EW in a two-winner section, `-` in one field) are
clubscorer's, and others are ignored. clubscorer's own tag `ClubscorerSettings` carries the
session's scoring settings (`scale=2/1;...;factoring=total`, `interchange/settings.py`).

IMP pairs: the `Scoring` tag of the games with results says how the file was scored: `Butler`
(also `IMP;Butler`) is Butler IMPs, `IMP;Cross` (or plain `IMP`) cross-IMPs, anything else
matchpoints; the published values are then the ScoreTable's `IMP_NS` / `IMP_EW` and the
TotalScoreTable's `TotalIMP`.
"""

from __future__ import annotations

import datetime

from ...scoring.contract import ContractError
from ...scoring.event import ButlerDiscard, Method
from ...scoring.message import Message, MessageError, gettext_noop, message_of
from ..fields import (
    BOTH_PAIRS_NEEDED,
    DEFAULT_SECTION,
    against_itself,
    check_label,
    check_reason,
    file_lead,
    foul_group,
    played_twice,
)
from ..records import (
    BoardRecord,
    NamesRow,
    PublishedLine,
    ResultsFile,
    TravellerRow,
    line_of,
    split_names,
)
from ..refused import FileRefused, at_line, on_board
from ..settings import read_settings
from . import mp1
from .cells import POINTS, Cells, board_record, known, merged_board, row_ruling
from .dialects import event_type_problem, game_date, scoring
from .games import TablePairs, has_result, table_ruling
from .syntax import Game, read_games, read_table
from .totals import Rankings
from .write import SETTINGS


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
        raise FileRefused(sorted(errors, key=line_of))
    return result


class _Reader:
    def __init__(self, errors: list[Message]):
        self.errors = errors
        self.warnings: list[Message] = []  # lines kept, with what was wrong (ResultsFile)
        self.name = ""
        self.date: datetime.date | None = None
        self.boards: dict[int, BoardRecord] = {}
        self.rows: list[TravellerRow] = []
        self.lines: list[PublishedLine] = []
        self.names: dict[tuple[str, str], NamesRow] = {}
        self.rankings = Rankings(errors, self.names)
        self.tables: dict[tuple[str, int], int] = {}  # (section, board) -> its table's line
        self.seats: dict[tuple[str, int, str], int] = {}  # (section, board, pair) -> line
        self.scoring: tuple[Method, str, int] | None = None  # method, Scoring tag, its line
        self.discard: ButlerDiscard | None = None  # the Butler datum the Scoring tag names
        self.table_pairs = TablePairs()
        self.refused_event = False
        self.settings: list[tuple[int, str]] = []  # clubscorer's ClubscorerSettings, by item

    def game(self, game: Game) -> None:
        problem = event_type_problem(game)
        if problem:
            if not self.refused_event:
                self.errors.append(problem)
            self.refused_event = True
            return
        self.name = self.name or known(game.value("Event"))
        self.date = self.date or game_date(game)
        section = known(game.value("Section")) or DEFAULT_SECTION
        board = self.board(game)
        tag = game.get(SETTINGS)
        if tag is not None:
            self.settings += [(tag.line, item) for item in tag.value.split(";") if item.strip()]
        score_table = game.get("ScoreTable")
        if score_table is None and has_result(game):
            self.scoring_of(game)
            if board is not None:
                self.table_game(game, board, section)
        if score_table is not None or game.get("TotalScoreTable") is not None:
            self.scoring_of(game)
        if score_table is not None:
            if board is not None:
                self.score_table(game, board, section)
            elif game.get("Board") is None:
                self.errors.append(
                    at_line(
                        score_table.line, Message(gettext_noop("a ScoreTable needs a Board tag"))
                    )
                )
        if game.get("TotalScoreTable") is not None:
            self.rankings.table(game.tag("TotalScoreTable"), section)

    def scoring_of(self, game: Game) -> None:
        """Note how a game with results was scored; every such game must agree."""
        tag = game.get("Scoring") or game.get("ScoreTable") or game.get("TotalScoreTable")
        line = tag.line if tag else game.line
        value = game.value("Scoring").strip()
        try:
            method, discard = scoring(value)
        except ValueError as error:
            self.errors.append(at_line(line, message_of(error)))
            return
        self.discard = self.discard or discard
        if self.scoring is None:
            self.scoring = (method, value, line)
        elif self.scoring[0] != method:
            self.errors.append(
                at_line(
                    line,
                    Message(
                        gettext_noop(
                            "Scoring %(value)r is not the scoring of line %(line)s (%(first)r)"
                        ),
                        {"value": value, "line": self.scoring[2], "first": self.scoring[1]},
                    ),
                )
            )

    def board(self, game: Game) -> BoardRecord | None:
        tag = game.get("Board")
        if tag is None:
            if game.get("Deal") is not None:
                self.errors.append(
                    at_line(
                        game.tag("Deal").line, Message(gettext_noop("a Deal needs a Board tag"))
                    )
                )
            return None
        if not tag.value.strip().isdigit() or not 1 <= int(tag.value) <= 32767:
            self.errors.append(
                at_line(
                    tag.line,
                    Message(
                        gettext_noop("Board %(value)r is not a board number"), {"value": tag.value}
                    ),
                )
            )
            return None
        number = int(tag.value)
        try:
            record = board_record(game, number)
        except ValueError as error:
            self.errors.append(message_of(error))
            return None
        known_board = self.boards.get(number)
        if known_board is None:
            self.boards[number] = record
            return record
        merged = merged_board(known_board, record)
        if merged is None:
            self.errors.append(
                at_line(
                    tag.line,
                    Message(
                        gettext_noop(
                            "board %(board)s is not the board of line %(line)s (another deal,"
                            " dealer or vulnerability)"
                        ),
                        {"board": number, "line": known_board.line},
                    ),
                )
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
            self.errors.append(
                at_line(
                    tag.line,
                    Message(
                        # Translators: %(missing)s names PBN columns: "PairId_EW, Contract or
                        # Score_NS", as PBN writes them.
                        gettext_noop("the ScoreTable has no %(missing)s"),
                        {"missing": ", ".join(missing)},
                    ),
                )
            )
            return
        for row in rows:
            cells = Cells(row, names)
            try:
                self.score_row(cells, board, default_section, tag.line)
            except (ContractError, ValueError) as error:
                self.errors.append(at_line(row.line, on_board(board.number, message_of(error))))

    def score_row(
        self, cells: Cells, board: BoardRecord, default_section: str, table_line: int
    ) -> None:
        section = check_label(cells.text("section") or default_section, "section")
        ns, ew = cells.text("pairid_ns"), cells.text("pairid_ew")
        if cells.sits_out():
            return  # no line: nobody played against the pair
        if not ns or not ew:
            raise MessageError(BOTH_PAIRS_NEEDED)
        if ns == ew:
            raise MessageError(against_itself(ns))
        check_label(ns, "pair")
        check_label(ew, "pair")
        first = self.tables.setdefault((section, board.number), table_line)
        if first != table_line:
            raise MessageError(
                Message(
                    gettext_noop("the board already has a ScoreTable (line %(line)s)"),
                    {"line": first},
                )
            )
        self.seat(section, board.number, (ns, ew), cells.row.line)
        ruling, kept = row_ruling(cells, board.vulnerability)
        lead, no_lead = file_lead(cells.text("lead"))
        for why in (kept, no_lead):
            if why:
                self.warnings.append(at_line(cells.row.line, on_board(board.number, why)))
        self.rows.append(
            TravellerRow(
                line=cells.row.line,
                section=section,
                board=board.number,
                ns=ns,
                ew=ew,
                ruling=ruling,
                round=cells.positive("round"),
                table=cells.positive("table"),
                lead=lead,
                foul_group=foul_group(cells.text("foul")),
                reason=check_reason(cells.string("reason")),
            )
        )
        values = {
            name: value
            for name, column in (
                ("mp_ns", "mp_ns"),
                ("mp_ew", "mp_ew"),
                ("pct_ns", "percentage_ns"),
                ("pct_ew", "percentage_ew"),
                ("imp_ns", "imp_ns"),
                ("imp_ew", "imp_ew"),
            )
            if (value := cells.decimal(column)) is not None
        }
        if set(cells.names) & set(POINTS):
            # also a line without values (not played): the file has it
            self.lines.append(PublishedLine(cells.row.line, section, board.number, ns, ew, values))
        for pair, column in ((ns, "names_ns"), (ew, "names_ew")):
            if cells.text(column) and (section, pair) not in self.names:
                self.names[(section, pair)] = NamesRow(
                    section, pair, split_names(cells.text(column))
                )

    def seat(self, section: str, board: int, pairs: tuple[str, str], line: int) -> None:
        """Note that `pairs` played `board`; ValueError when one of them already had."""
        for pair in pairs:
            seen = self.seats.setdefault((section, board, pair), line)
            if seen != line:
                raise MessageError(played_twice(pair, board, seen))

    def table_game(self, game: Game, board: BoardRecord, section: str) -> None:
        """A game that is one table's result, told by its own tags (`games.py`)."""
        line = game.tag("Board").line
        try:
            section = check_label(section, "section")
            ns, ew = self.table_pairs.pairs(game, section)
            if ns == ew:
                raise MessageError(against_itself(ns))
            ruling = table_ruling(game, board.vulnerability)
            self.seat(section, board.number, (ns, ew), line)
            table, round_ = (known(game.value(name)) for name in ("Table", "Round"))
            self.rows.append(
                TravellerRow(
                    line=line,
                    section=section,
                    board=board.number,
                    ns=ns,
                    ew=ew,
                    ruling=ruling,
                    table=int(table) if table.isdigit() and int(table) else None,
                    round=int(round_) if round_.isdigit() and int(round_) else None,
                )
            )
        except (ContractError, ValueError) as error:
            self.errors.append(at_line(line, on_board(board.number, message_of(error))))

    def finish(self) -> ResultsFile:
        lines, totals = mp1.converted(self.rows, self.lines, self.rankings.totals)
        settings, setting_lines, errors = read_settings(self.settings, SETTINGS)
        self.errors += errors
        return ResultsFile(
            kind="pbn",
            name=self.name,
            date=self.date,
            boards=dict(sorted(self.boards.items())),
            rows=self.rows,
            names=[*self.names.values(), *self._table_names()],
            winners=self.rankings.winners(),
            lines=lines,
            totals=totals,
            method=self.scoring[0] if self.scoring else "mp",
            butler_discard=self.discard,
            settings=settings,
            setting_lines=setting_lines,
            notices=self.warnings,
        )

    def _table_names(self) -> list[NamesRow]:
        named = set(self.names)
        return [
            row for row in self.table_pairs.names.values() if (row.section, row.pair) not in named
        ]
