"""PBN 2.1 hand records and results, in and out (FORMATS.md; syntax in `pbn_syntax.py`).

In: each game is a board — `Board`, `Dealer`, `Vulnerable` (Law 2 from the number when they
are missing or `?`), `Deal`, and its double-dummy analysis from `OptimumResultTable` and
`OptimumScore` when present. A `ScoreTable` gives traveller lines, read with the same rules as
a travellers CSV (`scoring.notation`); its `MP_*` and `Percentage_*` columns, and a
`TotalScoreTable`'s totals, are what the file published, to compare with clubscorer's own.

ScoreTable values, as other programs write them (Magic Contest, ScoreBridge ...):
- `Contract` `4S`, `3NTX`, `2N`, `Pass`; `Declarer` N/E/S/W; `Result` the tricks declarer took
  (also `=`, `+1`, `-2`); `Score_NS` / `Score_EW` quoted or not, the side that scored in its
  own column and `-` in the other (or both, signed);
- `-` is irrelevant and `?` unknown; `^` marks an artificial score: `^A+` / `^A-` in the score
  columns, or the percentage (`^60` is average-plus); an adjustment token in `Contract`
  (`A+/A-`, `NP`) is read too; a line whose contract, score and matchpoints are all `-` was
  not played;
- `Table`, `Round`, `Lead` are kept; user columns `Section` (several sections in one file,
  also the `Section` tag of a game) and, in the TotalScoreTable, `Direction` (NS/EW in a
  two-winner section, `-` in one field) are clubscorer's, and others are ignored.

IMP pairs: the `Scoring` tag of the games with results says how the file was scored: `Butler`
(also `IMP;Butler`) is Butler IMPs, `IMP;Cross` (or plain `IMP`) cross-IMPs, anything else
matchpoints; the published values are then the ScoreTable's `IMP_NS` / `IMP_EW` and the
TotalScoreTable's `TotalIMP`.

Out: one game per board, the 15 mandatory tags in export order, the analysis, a `ScoreTable`
and, in the first game, the `TotalScoreTable`; reading the file back gives the same results.
At IMPs `Scoring` is `IMP;Cross` or `Butler` and the tables have `IMP_NS`, `IMP_EW` and
`TotalIMP` in place of the matchpoints and percentages.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal, InvalidOperation

from ..deals import SEATS, Analysis, DealError, analysis_from_tags, analysis_tags, normalise_deal
from ..scoring.board import dealer as law2_dealer
from ..scoring.board import vulnerability as law2_vulnerability
from ..scoring.contract import ContractError
from ..scoring.display import number as rounded
from ..scoring.notation import Outcome, outcome_from_fields, parse_adjustment
from ..scoring.results import ScoredLine, SessionResults
from ..scoring.rulings import played
from .names_csv import NamesRow
from .pbn_syntax import Game, Row, quoted, read_games, read_table, table, tag_pair
from .records import (
    BoardRecord,
    FileError,
    PublishedLine,
    PublishedTotal,
    ResultsFile,
    check_label,
    split_names,
)
from .travellers_csv import DEFAULT_SECTION, TravellerRow

PbnError = FileError
_VULNERABLE = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "EW": "EW",
               "ALL": "All", "BOTH": "All"}  # fmt: skip
_ABSENT = {"", "-", "?"}
MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
             "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")  # fmt: skip
SCORING = {"mp": "MP", "cross_imps": "IMP;Cross", "butler": "Butler"}  # the Scoring tag written
_POINTS = ("mp_ns", "mp_ew", "percentage_ns", "percentage_ew", "imp_ns", "imp_ew")


def scoring_method(value: str) -> str:
    """A `Scoring` tag's method: "butler" (`Butler`, `IMP;Butler`), "cross_imps" (`IMP;Cross`,
    `IMP`, `Cross`) or "mp" (`MP`, `MatchPoints`, anything else)."""
    words = {word.strip().lower() for word in value.split(";")}
    if words & {"mp", "matchpoints"}:
        return "mp"
    if "butler" in words:
        return "butler"
    if words & {"cross", "imp", "imps", "crossimps", "cross-imps"}:
        return "cross_imps"
    return "mp"


def decode_pbn(data: bytes) -> str:
    """A PBN file's text: UTF-8 (PBN 2.1), else the Windows code page older programs write."""
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def read_pbn(text: str) -> ResultsFile:
    """A PBN file's boards, traveller lines, names and published values; raises PbnError
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
        raise PbnError(_in_line_order(errors))
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
        self.scoring: tuple[str, str, int] | None = None  # method, Scoring tag, its line

    def game(self, game: Game) -> None:
        self.name = self.name or _known(game.value("Event"))
        self.date = self.date or _date(game.value("Date"))
        section = _known(game.value("Section")) or DEFAULT_SECTION
        board = self.board(game)
        score_table = game.get("ScoreTable")
        if score_table is not None or game.get("TotalScoreTable") is not None:
            self.scoring_of(game)
        if score_table is not None:
            if board is not None:
                self.score_table(game, board, section)
            elif game.get("Board") is None:
                self.errors.append(f"line {score_table.line}: a ScoreTable needs a Board tag")
        total_table = game.get("TotalScoreTable")
        if total_table is not None:
            self.total_table(game, section)

    def scoring_of(self, game: Game) -> None:
        """Note how a game with results was scored; every such game must agree."""
        tag = game.get("Scoring") or game.get("ScoreTable") or game.get("TotalScoreTable")
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
                self.errors.append(f"line {game.get('Deal').line}: a Deal needs a Board tag")
            return None
        if not tag.value.strip().isdigit() or not 1 <= int(tag.value) <= 32767:
            self.errors.append(f"line {tag.line}: Board {tag.value!r} is not a board number")
            return None
        number = int(tag.value)
        try:
            record = _board_record(game, number)
        except ValueError as error:
            self.errors.append(str(error))
            return None
        known = self.boards.get(number)
        if known is None:
            self.boards[number] = record
            return record
        # The same board in another game (another section): what both state must agree.
        if (
            (record.stated[0] and known.stated[0] and record.dealer != known.dealer)
            or (
                record.stated[1] and known.stated[1] and record.vulnerability != known.vulnerability
            )
            or (record.deal and known.deal and record.deal != known.deal)
        ):
            self.errors.append(
                f"line {tag.line}: board {number} is not the board of line {known.line}"
                " (another deal, dealer or vulnerability)"
            )
            return None
        merged = replace(
            known,
            dealer=known.dealer if known.stated[0] or not record.stated[0] else record.dealer,
            vulnerability=(
                known.vulnerability
                if known.stated[1] or not record.stated[1]
                else record.vulnerability
            ),
            deal=known.deal or record.deal,
            analysis=known.analysis or record.analysis,
            stated=(known.stated[0] or record.stated[0], known.stated[1] or record.stated[1]),
        )
        self.boards[number] = merged
        return merged

    def score_table(self, game: Game, board: BoardRecord, default_section: str) -> None:
        tag = game.get("ScoreTable")
        columns, rows, errors = read_table(tag)
        self.errors.extend(errors)
        names = {column.name.lower(): index for index, column in enumerate(columns)}
        missing = [n for n in ("PairId_NS", "PairId_EW") if n.lower() not in names]
        if not {"contract", "score_ns", "score_ew"} & set(names):
            missing.append("Contract or Score_NS")
        if missing:
            self.errors.append(f"line {tag.line}: the ScoreTable has no {', '.join(missing)}")
            return
        for row in rows:
            cells = _Cells(row, names)
            try:
                self.score_row(cells, board, default_section, tag.line)
            except (ContractError, ValueError) as error:
                self.errors.append(f"line {row.line}: board {board.number}: {error}")

    def score_row(
        self, cells: _Cells, board: BoardRecord, default_section: str, table_line: int
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
        outcome = _outcome(cells, board.vulnerability)
        self.rows.append(
            TravellerRow(
                line=cells.row.line,
                section=section,
                board=board.number,
                ns=ns,
                ew=ew,
                ruling=played(outcome),
                round=cells.positive("round"),
                table=cells.positive("table"),
                lead=cells.text("lead")[:3],
            )
        )
        values = {
            name: value
            for name, column in (("mp_ns", "mp_ns"), ("mp_ew", "mp_ew"),
                                 ("pct_ns", "percentage_ns"), ("pct_ew", "percentage_ew"),
                                 ("imp_ns", "imp_ns"), ("imp_ew", "imp_ew"))
            if (value := cells.decimal(column)) is not None
        }  # fmt: skip
        if set(cells.names) & set(_POINTS):
            # also a line without values (not played): the file has it
            self.lines.append(PublishedLine(cells.row.line, section, board.number, ns, ew, values))
        for pair, column in ((ns, "names_ns"), (ew, "names_ew")):
            if cells.text(column) and (section, pair) not in self.names:
                self.names[(section, pair)] = NamesRow(
                    section, pair, split_names(cells.text(column))
                )

    def total_table(self, game: Game, default_section: str) -> None:
        tag = game.get("TotalScoreTable")
        columns, rows, errors = read_table(tag)
        self.errors.extend(errors)
        names = {column.name.lower(): index for index, column in enumerate(columns)}
        if "pairid" not in names:
            self.errors.append(f"line {tag.line}: the TotalScoreTable has no PairId")
            return
        for row in rows:
            cells = _Cells(row, names)
            try:
                section = check_label(cells.text("section") or default_section, "section")
                pair = cells.text("pairid")
                if not pair:
                    continue
                check_label(pair, "pair")
                direction = cells.text("direction").upper()
                if direction not in ("", "NS", "EW"):
                    raise ValueError(f"direction {direction!r} is not NS, EW or -")
                if "direction" in names:
                    self.directions.setdefault(section, set()).add(direction)
                names_text = cells.text("names")
                known = self.names.get((section, pair))
                self.names[(section, pair)] = NamesRow(
                    section,
                    pair,
                    split_names(names_text) if names_text else (known.names if known else ("", "")),
                    direction,
                )
                values = {
                    name: value
                    for name, column in (
                        ("mp", "totalmp"),
                        ("pct", "totalpercentage"),
                        ("imps", "totalimp"),
                    )
                    if (value := cells.decimal(column)) is not None
                }
                if values:
                    self.totals.append(PublishedTotal(row.line, section, pair, values))
            except ValueError as error:
                self.errors.append(f"line {row.line}: {error}")

    def finish(self) -> ResultsFile:
        winners = {
            section: 2 if directions & {"NS", "EW"} else 1
            for section, directions in self.directions.items()
        }
        return ResultsFile(
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


class _Cells:
    """The values of one table row by lower-cased column name: `-` and `?` read as empty,
    a leading `^` (artificial) noted and removed."""

    def __init__(self, row: Row, names: dict[str, int]):
        self.row = row
        self.names = names
        self.texts: dict[str, str] = {}
        self.marked: set[str] = set()  # columns whose value is marked artificial (^)
        for name, index in names.items():
            value = row.values[index].text.strip()
            if value.startswith("^"):
                self.marked.add(name)
                value = value[1:]
            self.texts[name] = "" if value in _ABSENT else value

    def text(self, name: str) -> str:
        return self.texts.get(name, "")

    def artificial(self, name: str) -> bool:
        return name in self.marked

    def empty_except(self, *names: str) -> bool:
        return all(not self.text(name) for name in self.names if name not in names)

    def positive(self, name: str) -> int | None:
        value = self.text(name)
        if not value:
            return None
        if not value.isdigit() or not 1 <= int(value) <= 32767:
            raise ValueError(f"{name} {value!r} is not a number from 1 up")
        return int(value)

    def decimal(self, name: str) -> Decimal | None:
        value = self.text(name).rstrip("%")
        if not value:
            return None
        try:
            return Decimal(value)
        except InvalidOperation:
            raise ValueError(f"{self._column(name)} {value!r} is not a number") from None

    def _column(self, name: str) -> str:
        return {"mp_ns": "MP_NS", "mp_ew": "MP_EW", "percentage_ns": "Percentage_NS",
                "percentage_ew": "Percentage_EW", "totalmp": "TotalMP",
                "totalpercentage": "TotalPercentage", "imp_ns": "IMP_NS", "imp_ew": "IMP_EW",
                "totalimp": "TotalIMP"}.get(name, name)  # fmt: skip


def _outcome(cells: _Cells, vul: str) -> Outcome:
    contract = cells.text("contract")
    adjustment = parse_adjustment(contract) if contract else None
    if adjustment:
        return adjustment
    if cells.artificial("score_ns") or cells.artificial("score_ew"):
        return _artificial(cells.text("score_ns"), cells.text("score_ew"), cells)
    score = _ns_score(cells.text("score_ns"), cells.text("score_ew"))
    if not contract and not score:
        if any(cells.artificial(name) for name in _POINTS):
            return _artificial("", "", cells)
        if cells.text("mp_ns") or cells.text("mp_ew"):
            raise ContractError("matchpoints without a contract or a score")
        if cells.text("imp_ns") or cells.text("imp_ew"):
            raise ContractError("IMPs without a contract or a score")
        return Outcome("not_played")
    result = cells.text("result")
    tricks = result if result.isdigit() else ""
    return outcome_from_fields(
        contract=contract,
        declarer=cells.text("declarer"),
        tricks=tricks,
        result="" if tricks else result,
        score=score,
        vul=vul,
    )


def _ns_score(score_ns: str, score_ew: str) -> str:
    """The NS score from the two score columns (either may be empty); both must agree."""
    ns = _score(score_ns, "Score_NS") if score_ns else None
    ew = _score(score_ew, "Score_EW") if score_ew else None
    if ns is not None and ew is not None and ns != -ew and not (ns == 0 and ew == 0):
        raise ContractError(
            f"Score_NS {ns} and Score_EW {ew} disagree (a split score, which clubscorer"
            " cannot import)"
        )
    if ns is None and ew is None:
        return ""
    return str(ns if ns is not None else -ew)


def _score(text: str, column: str) -> int:
    cleaned = text.upper().removeprefix("NS").removeprefix("EW").strip()
    try:
        return int(cleaned)
    except ValueError:
        raise ContractError(f"{column} {text!r} is not a score") from None


def _artificial(score_ns: str, score_ew: str, cells: _Cells) -> Outcome:
    """An artificial score from `^A+` / `^A-` in the score columns, or from the percentages
    (60 or more: average-plus; 50: average; 40 or less: average-minus)."""
    kinds = []
    for text, percentage in ((score_ns, "percentage_ns"), (score_ew, "percentage_ew")):
        token = parse_adjustment(text) if text else None
        if token is not None and token.kind == "artificial":
            kinds.append(token.ns_artificial)
            continue
        value = cells.decimal(percentage)
        if value is None:
            raise ContractError(
                "an artificial score (^) needs its kind: A+, A or A- in Score_NS and Score_EW,"
                " or the percentages"
            )
        kinds.append("A+" if value >= 60 else "A-" if value <= 40 else "A" if value == 50 else "")
        if not kinds[-1]:
            raise ContractError(f"an artificial score of {value}% is not A+, A or A-")
    token = kinds[0] if kinds[0] == kinds[1] else f"{kinds[0]}/{kinds[1]}"
    outcome = parse_adjustment(token)
    assert outcome is not None
    return outcome


def _board_record(game: Game, number: int) -> BoardRecord:
    board_tag = game.get("Board")
    dealer_text = game.value("Dealer").upper()
    vul_text = game.value("Vulnerable")
    stated = (bool(_known(dealer_text)), vul_text not in ("", "?"))
    if _known(dealer_text):
        if dealer_text not in SEATS:
            raise ValueError(f"line {game.get('Dealer').line}: Dealer {dealer_text!r} is not N,"
                             " E, S or W")  # fmt: skip
        dealer = dealer_text
    else:
        dealer = law2_dealer(number)
    if stated[1]:
        vulnerability = _VULNERABLE.get(vul_text.upper())
        if vulnerability is None:
            raise ValueError(
                f"line {game.get('Vulnerable').line}: Vulnerable {vul_text!r} is not None, NS,"
                " EW or All"
            )
    else:
        vulnerability = law2_vulnerability(number)
    deal = _deal(game)
    analysis = _analysis(game) if deal else None
    return BoardRecord(number, dealer, vulnerability, deal, analysis, board_tag.line, stated)


def _deal(game: Game) -> str:
    tag = game.get("Deal")
    value = tag.value.strip() if tag else ""
    if not value or value == "?":
        return ""
    hands = value[2:].split() if value[1:2] == ":" else value.split()
    if hands and all(hand == "-" for hand in hands):
        return ""  # every hand unknown: a results file without the cards
    if len(hands) != 4 or "-" in hands:
        raise ValueError(
            f"line {tag.line}: the deal {value!r} is incomplete: clubscorer needs all four hands"
        )
    try:
        return normalise_deal(value)
    except DealError as error:
        raise ValueError(f"line {tag.line}: {_deal_message(error)}") from None


def _deal_message(error: DealError) -> str:
    text = str(error)
    return text if text.startswith("each hand") else f"the deal is not a PBN deal ({text})"


def _analysis(game: Game) -> Analysis | None:
    """The double-dummy analysis the game carries, or None (clubscorer then computes it)."""
    tag = game.get("OptimumResultTable")
    if tag is None:
        return None
    columns, rows, errors = read_table(tag)
    if errors:
        raise ValueError(errors[0])
    index = {column.name.lower(): i for i, column in enumerate(columns)}
    if not {"declarer", "denomination", "result"} <= set(index):
        return None
    table_rows = []
    for row in rows:
        declarer, strain, tricks = (
            row.values[index[name]].text.upper() for name in ("declarer", "denomination", "result")
        )
        table_rows.append([declarer, "NT" if strain == "N" else strain, tricks])
    tags = {"OptimumResultTable": {"rows": table_rows}, "OptimumScore": game.value("OptimumScore")}
    if game.get("ParContract"):
        tags["ParContract"] = game.value("ParContract")
    try:
        return analysis_from_tags(tags)
    except ValueError:
        return None


def _known(value: str) -> str:
    return "" if value.strip() in _ABSENT else value.strip()


def _date(value: str) -> datetime.date | None:
    match = re.fullmatch(r"(\d{4})\.(\d{2})\.(\d{2})", value.strip())
    if not match:
        return None
    try:
        return datetime.date(*map(int, match.groups()))
    except ValueError:
        return None


def _in_line_order(errors: list[str]) -> list[str]:
    def line(message: str) -> int:
        match = re.match(r"line (\d+):", message)
        return int(match.group(1)) if match else 0

    return sorted(errors, key=line)


# Writing ------------------------------------------------------------------------------------


def write_pbn(results: SessionResults, boards: Mapping[int, BoardRecord], *, site: str = "") -> str:
    """The session as PBN 2.1 in export format: one game per board (FORMATS.md)."""
    several = [section.name for section in results.sections] not in ([], [DEFAULT_SECTION])
    date = f"{results.date:%Y.%m.%d}" if results.date else "?"
    out = ["% PBN 2.1", "% EXPORT", "% Content-type: text/x-pbn; charset=UTF-8",
           "% Creator: clubscorer", ""]  # fmt: skip
    for position, (number, info) in enumerate(results.boards.items()):
        record = boards.get(number)
        values = {
            "Event": results.name, "Site": site, "Date": date, "Board": str(number),
            "West": "", "North": "", "East": "", "South": "", "Dealer": info.dealer,
            "Vulnerable": info.vulnerability,
            "Deal": record.deal if record and record.deal else "N:- - - -",
            "Scoring": SCORING[results.settings.method], "Declarer": "", "Contract": "",
            "Result": "",
        }  # fmt: skip
        out += [tag_pair(name, values[name]) for name in MANDATORY]
        if record and record.deal and record.analysis:
            out.append(analysis_tags(record.analysis).rstrip("\n"))
        lines = [
            (section.name, scored)
            for section in results.sections
            if (board := section.board(number)) is not None
            for scored in board.lines
        ]
        if lines:
            out.append(_score_table(results, lines, several))
        if position == 0:
            out.append(_total_score_table(results, several))
        out.append("")
    return "\n".join(out)


def _score_table(results: SessionResults, lines: list[tuple[str, ScoredLine]], several: bool):
    columns = [("Table", "R"), ("Round", "R"), ("PairId_NS", "R"), ("PairId_EW", "R"),
               ("Contract", "L"), ("Declarer", "L"), ("Result", "R"), ("Lead", "L"),
               ("Score_NS", "R"), ("Score_EW", "R")]  # fmt: skip
    if results.imps:
        columns += [("IMP_NS", "R"), ("IMP_EW", "R")]
    else:
        columns += [("MP_NS", "R"), ("MP_EW", "R"), ("Percentage_NS", "R"),
                    ("Percentage_EW", "R")]  # fmt: skip
    rows = []
    for section, scored in lines:
        line = scored.line
        row = [_or_dash(line.table), _or_dash(line.round), line.ns, line.ew]
        row += _contract_cells(scored)
        row += [_or_dash(line.lead or None)]
        row += _score_cells(scored)
        artificial = "^" if not line.is_real and not line.is_not_played else ""
        row += [
            _value(results.scaled(scored.mp_ns), artificial),  # IMPs are never scaled
            _value(results.scaled(scored.mp_ew), artificial),
        ]
        if not results.imps:
            row += [_value(scored.pct_ns, artificial), _value(scored.pct_ew, artificial)]
        rows.append(([section] if several else []) + row)
    if several:
        columns.insert(0, ("Section", "L"))
    return table("ScoreTable", columns, rows)


def _contract_cells(scored: ScoredLine) -> list[str]:
    line = scored.line
    if not line.is_real or line.score_ns is None:  # adjusted, or weighted/split
        return ["-", "-", "-"]
    if not line.contract:
        return ["?", "?", "?"]  # only the score is known
    if line.contract == "PASS":
        return ["Pass", "-", "-"]
    return [line.contract, line.declarer or "?", _or_dash(line.tricks)]


def _score_cells(scored: ScoredLine) -> list[str]:
    line = scored.line
    if line.is_not_played:
        return ["-", "-"]
    if not line.is_real:
        return ["^" + line.ns_award.kind, "^" + line.ew_award.kind]
    score, split = line.score_ns, line.score_ew
    if score is None and split is not None:  # a split score: each side's own view
        ns = line.ns_award[0][1]
        return [str(ns), str(-split)]
    if score is None:
        return ["-", "-"]  # a weighted score: only the matchpoints
    return [str(score), "-"] if score >= 0 else ["-", str(-score)]


def _total_score_table(results: SessionResults, several: bool) -> str:
    columns = [("Rank", "R"), ("PairId", "R"), ("Direction", "L"), ("Names", "L")]
    if results.imps:
        columns += [("TotalIMP", "R")]
    else:
        columns += [("TotalMP", "R"), ("MaxMP", "R"), ("TotalPercentage", "R")]
    columns += [("NrBoards", "R")]
    rows = []
    for section in results.sections:
        for field in section.fields:
            for standing in field.standings:
                score = standing.score
                names = section.pairs[score.label].names if score.label in section.pairs else ()
                row = [
                    standing.place,
                    score.label,
                    field.direction or "-",
                    quoted(";".join(names)),
                    _value(results.scaled(score.matchpoints)),
                ]
                if not results.imps:
                    row += [_value(results.scaled(score.top)), _value(score.percentage)]
                row += [str(score.boards)]
                rows.append(([section.name] if several else []) + row)
    if several:
        columns.insert(0, ("Section", "L"))
    return table("TotalScoreTable", columns, rows)


def _value(value, mark: str = "") -> str:
    return "-" if value is None else f"{mark}{rounded(value):.2f}"


def _or_dash(value) -> str:
    return "-" if value is None else str(value)
