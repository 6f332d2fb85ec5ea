"""What the values of a PBN game mean: a ScoreTable row's cells as a traveller line, and a
game's tags as a board (dealer, vulnerability, deal, double-dummy analysis).

A ScoreTable row, as other programs write it (Magic Contest, ScoreBridge ...): `Contract`
`4S`, `3NTX`, `2N`, `Pass`; `Declarer` N/E/S/W; `Result` the tricks declarer took (also `=`,
`+1`, `-2`); `Score_NS` / `Score_EW` quoted or not, the side that scored in its own column and
`-` in the other (or both, signed); `-` is irrelevant and `?` unknown; `^` marks an artificial
score: `^A+` / `^A-` in the score columns, or the percentage (`^60` is average-plus); an
adjustment token in `Contract` (`A+/A-`, `NP`) is read too; a line whose contract, score and
matchpoints are all `-` was not played.

clubscorer's own columns (the PBN standard has programs skip the columns they do not know):
`Ruling`, the line in the notation of `scoring/rulings.py` when the standard columns cannot
say it (`"assigned 4S N 10"`, `"4S N 10 / 4S N 9"`, `"30% 4S N 10; 70% 3NT S 8"`; `-` for
the others), which clubscorer then reads instead of them; `Foul`, the fouled-board group
(Law 87; `-` for none); `Reason`, the director's reason, quoted.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from ...scoring.board import SEATS
from ...scoring.board import dealer as law2_dealer
from ...scoring.board import vulnerability as law2_vulnerability
from ...scoring.contract import ContractError
from ...scoring.message import Message, MessageError, gettext_noop
from ...scoring.notation import Outcome, outcome_from_fields, parse_adjustment
from ...scoring.rulings import Ruling, parse_ruling
from ..deals import EACH_HAND, Analysis, DealError, analysis_from_tags, normalise_deal
from ..fields import not_from_one, played_or_kept, published_number
from ..records import BoardRecord
from ..refused import at_line
from .dialects import contract_text, plain_artificial
from .syntax import Game, Row, read_table

_VULNERABLE = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    "NS": "NS",
    "EW": "EW",
    "ALL": "All",
    "BOTH": "All",
}
ABSENT = {"", "-", "?"}
POINTS = ("mp_ns", "mp_ew", "percentage_ns", "percentage_ew", "imp_ns", "imp_ew")
_COLUMN_NAMES = {
    "mp_ns": "MP_NS",
    "mp_ew": "MP_EW",
    "percentage_ns": "Percentage_NS",
    "percentage_ew": "Percentage_EW",
    "totalmp": "TotalMP",
    "totalpercentage": "TotalPercentage",
    "imp_ns": "IMP_NS",
    "imp_ew": "IMP_EW",
    "totalimp": "TotalIMP",
}


class Cells:
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
            self.texts[name] = "" if value in ABSENT else value

    def text(self, name: str) -> str:
        return self.texts.get(name, "")

    def string(self, name: str) -> str:
        """A column of free text (a reason): a quoted value exactly as written, so that a
        reason "-" or "^2" survives; an unquoted `-` or `?` is empty."""
        index = self.names.get(name)
        if index is None:
            return ""
        token = self.row.values[index]
        return token.text.strip() if token.quoted else self.text(name)

    def artificial(self, name: str) -> bool:
        return name in self.marked

    def sits_out(self) -> bool:
        """Whether the row is a pair sitting out: one pair or none, and no result — every
        other cell empty, or Magic Contest's `Bye` (a phantom table's row).
        Example: `11 1 11 - "Bye" - - ...` -> True; `11 1 11 - 4S N 10 ...` -> False."""
        pairs = [self.text(name) for name in ("pairid_ns", "pairid_ew")]
        return not all(pairs) and all(
            not text or text.lower() == "bye"
            for name, text in self.texts.items()
            if name not in ("pairid_ns", "pairid_ew", "table", "round", "section")
        )

    def positive(self, name: str) -> int | None:
        value = self.text(name)
        if not value:
            return None
        if not value.isdigit() or not 1 <= int(value) <= 32767:
            raise not_from_one(name, value)
        return int(value)

    def decimal(self, name: str) -> Decimal | None:
        return published_number(self.text(name), _COLUMN_NAMES.get(name, name))


def row_ruling(cells: Cells, vul: str) -> tuple[Ruling, Message | None]:
    """The line a ScoreTable row gives: its `Ruling` when it has one, else its standard
    columns; and, for a line kept by its score (`fields.played_or_kept`: a contract that
    cannot be read, or that contradicts the row's score), why, else None. Example: `Contract
    "42"`, `Result 12`, `Score_NS 480` -> NS +480, "kept by its score, NS +480: '42' is not a
    contract ..."."""
    ruling = cells.string("ruling")
    if ruling:
        return parse_ruling(ruling, vul), None
    return played_or_kept(
        lambda: _outcome(cells, vul),
        contract=cells.text("contract"),
        score=lambda: _ns_score(cells.text("score_ns"), cells.text("score_ew")),
        vul=vul,
    )


def _outcome(cells: Cells, vul: str) -> Outcome:
    contract = contract_text(cells.text("contract"))
    adjustment = parse_adjustment(contract) if contract else None
    if adjustment:
        return adjustment
    if any(
        cells.artificial(name) or plain_artificial(cells.text(name))
        for name in ("score_ns", "score_ew")
    ):
        return _artificial(cells.text("score_ns"), cells.text("score_ew"), cells)
    score = _ns_score(cells.text("score_ns"), cells.text("score_ew"))
    if not contract and not score:
        if any(cells.artificial(name) for name in POINTS):
            return _artificial("", "", cells)
        if cells.text("mp_ns") or cells.text("mp_ew"):
            raise ContractError(Message(gettext_noop("matchpoints without a contract or a score")))
        if cells.text("imp_ns") or cells.text("imp_ew"):
            raise ContractError(Message(gettext_noop("IMPs without a contract or a score")))
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
            Message(
                gettext_noop(
                    "Score_NS %(ns)s and Score_EW %(ew)s disagree (a split score, which"
                    " clubscorer imports only from its own Ruling column)"
                ),
                {"ns": ns, "ew": ew},
            )
        )
    if ns is not None:
        return str(ns)
    return str(-ew) if ew is not None else ""


def _score(text: str, column: str) -> int:
    cleaned = text.upper().removeprefix("NS").removeprefix("EW").strip()
    try:
        return int(cleaned)
    except ValueError:
        raise ContractError(
            Message(
                gettext_noop("%(column)s %(value)r is not a score"),
                {"column": column, "value": text},
            )
        ) from None


def _artificial(score_ns: str, score_ew: str, cells: Cells) -> Outcome:
    """An artificial score from `^A+` / `^A-` (or Ruter's `A+` / `A-`, without the `^`) in the
    score columns, or from the percentages
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
                Message(
                    gettext_noop(
                        "an artificial score (^) needs its kind: A+, A or A- in Score_NS and"
                        " Score_EW, or the percentages"
                    )
                )
            )
        kinds.append("A+" if value >= 60 else "A-" if value <= 40 else "A" if value == 50 else "")
        if not kinds[-1]:
            raise ContractError(
                Message(
                    gettext_noop("an artificial score of %(value)s%% is not A+, A or A-"),
                    {"value": value},
                )
            )
    written = kinds[0] if kinds[0] == kinds[1] else f"{kinds[0]}/{kinds[1]}"
    outcome = parse_adjustment(written)
    assert outcome is not None
    return outcome


def board_record(game: Game, number: int) -> BoardRecord:
    """Board `number` as game `game` states it; MessageError naming the line of a bad tag."""
    board_tag = game.tag("Board")
    dealer_text = game.value("Dealer").upper()
    vul_text = game.value("Vulnerable")
    stated = (bool(known(dealer_text)), vul_text not in ("", "?"))
    if known(dealer_text):
        if dealer_text not in SEATS:
            raise MessageError(
                at_line(
                    game.tag("Dealer").line,
                    Message(
                        gettext_noop("Dealer %(value)r is not N, E, S or W"), {"value": dealer_text}
                    ),
                )
            )
        dealer = dealer_text
    else:
        dealer = law2_dealer(number)
    if stated[1]:
        vulnerability = _VULNERABLE.get(vul_text.upper())
        if vulnerability is None:
            raise MessageError(
                at_line(
                    game.tag("Vulnerable").line,
                    Message(
                        gettext_noop("Vulnerable %(value)r is not None, NS, EW or All"),
                        {"value": vul_text},
                    ),
                )
            )
    else:
        vulnerability = law2_vulnerability(number)
    deal = _deal(game)
    analysis = _analysis(game) if deal else None
    return BoardRecord(number, dealer, vulnerability, deal, analysis, board_tag.line, stated)


def _deal(game: Game) -> str:
    tag = game.get("Deal")
    value = tag.value.strip() if tag else ""
    if tag is None or not value or value == "?":
        return ""
    hands = value[2:].split() if value[1:2] == ":" else value.split()
    if hands and all(hand == "-" for hand in hands):
        return ""  # every hand unknown: a results file without the cards
    if len(hands) != 4 or "-" in hands:
        raise MessageError(
            at_line(
                tag.line,
                Message(
                    gettext_noop(
                        "the deal %(deal)r is incomplete: clubscorer needs all four hands"
                    ),
                    {"deal": value},
                ),
            )
        )
    try:
        return normalise_deal(value)
    except DealError as error:
        raise MessageError(at_line(tag.line, _deal_message(error))) from None


def _deal_message(error: DealError) -> Message:
    """A deal endplay cannot read, said as the PBN reader says it: hands of other than 13
    cards as they are; anything else as "the deal is not a PBN deal (...)"."""
    if error.message.text == EACH_HAND:
        return error.message
    return Message(
        gettext_noop("the deal is not a PBN deal (%(problem)s)"), {"problem": error.message}
    )


def _analysis(game: Game) -> Analysis | None:
    """The double-dummy analysis the game carries, or None (clubscorer then computes it)."""
    tag = game.get("OptimumResultTable")
    if tag is None:
        return None
    columns, rows, errors = read_table(tag)
    if errors:
        raise MessageError(errors[0])
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


def known(value: str) -> str:
    return "" if value.strip() in ABSENT else value.strip()


def merged_board(known_board: BoardRecord, record: BoardRecord) -> BoardRecord | None:
    """The same board in another game (another section, another table): what both state must
    agree; None when they do not."""
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
    dealer_from = known_board if known_board.stated[0] or not record.stated[0] else record
    vul_from = known_board if known_board.stated[1] or not record.stated[1] else record
    return replace(
        known_board,
        dealer=dealer_from.dealer,
        vulnerability=vul_from.vulnerability,
        deal=known_board.deal or record.deal,
        analysis=known_board.analysis or record.analysis,
        stated=(
            known_board.stated[0] or record.stated[0],
            known_board.stated[1] or record.stated[1],
        ),
    )
