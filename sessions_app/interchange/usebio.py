"""USEBIO 1.2, the EBU's results XML, out and in (FORMATS.md).

Out: the club, the event (`EVENT_TYPE="MP_PAIRS"`, the date as dd/mm/yyyy, `WINNER_TYPE` 1 or
2), the pairs (number, direction in a two-winner section, place, percentage, total matchpoints,
players), every board's traveller lines with their matchpoints, and the hands when known.
Several sections are written as `SESSION` / `SECTION SECTION_ID="B"` blocks, one section as
the flat layout of FORMATS.md.

At IMPs the event is `CROSS_IMPS` or `BUTLER_PAIRS` (`BOARD_SCORING_METHOD` `CROSS_IMPS` /
`BUTLER_IMPS`), a pair's `TOTAL_SCORE` is its IMPs (no `PERCENTAGE`), and a traveller line has
`NS_CROSS_IMP_POINTS` / `EW_CROSS_IMP_POINTS` (cross-IMPs, the average per comparison) or
`NS_BUTLER_POINTS` / `EW_BUTLER_POINTS` with the board's datum in `BOARD_AVERAGE`: the names
Compscore3 writes and other USEBIO readers look for (the DTD leaves a line's IMPs to programs).

In: the same, from clubscorer or another program (EBUScore, ScoreBridge, Compscore), parsed
safely (`xml_tree.py`). A traveller line is read with the rules of a travellers CSV: `CONTRACT`
(`4S`, `3NTx`, `PASS`), `PLAYED_BY`, `TRICKS` (or `=`, `+1`), `SCORE` (NS, signed), which must
agree. An adjusted line has its token in `SCORE` (or `CONTRACT`): `A+/A-`, `A`, `NP`, or
percentages `60%/40%`, `A60/A40`. `HANDSET` may sit in `EVENT` (FORMATS.md) or beside it.
The published matchpoints and totals are kept to compare with clubscorer's. IMP pairs are read
too: `CROSS_IMPS` (also Compscore3's `CROSS_IMP`) and `BUTLER_PAIRS` events, or a `PAIRS` event
whose `BOARD_SCORING_METHOD` is `CROSS_IMPS`, `BUTLER_IMPS` or `IMPS` (Butler when its lines
carry Butler points); their IMPs, totals and datums are kept to compare in the same way.
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation

from ..deals import DealError, hands, normalise_deal
from ..scoring.board import dealer as law2_dealer
from ..scoring.board import vulnerability as law2_vulnerability
from ..scoring.contract import ContractError
from ..scoring.display import number as rounded
from ..scoring.notation import Outcome, outcome_from_fields, parse_adjustment
from ..scoring.results import ScoredLine, SectionResult, SessionResults
from ..scoring.rulings import played
from .names_csv import NamesRow
from .records import (
    BoardRecord,
    FileError,
    PublishedDatum,
    PublishedLine,
    PublishedTotal,
    ResultsFile,
    check_label,
)
from .travellers_csv import DEFAULT_SECTION, TravellerRow
from .xml_tree import Node, XmlError, parse

UsebioError = FileError
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS = (("S", "SPADES"), ("H", "HEARTS"), ("D", "DIAMONDS"), ("C", "CLUBS"))
_VULNERABILITIES = {"NONE": "None", "LOVE": "None", "NIL": "None", "NS": "NS",
                    "NORTH-SOUTH": "NS", "EW": "EW", "EAST-WEST": "EW", "ALL": "All",
                    "BOTH": "All"}  # fmt: skip
_PERCENTAGES = re.compile(r"^A?(\d+(?:\.\d+)?)%?(?:/A?(\d+(?:\.\d+)?)%?)?$", re.I)
# EVENT_TYPE -> scoring method ("" for a plain PAIRS event: BOARD_SCORING_METHOD says which).
EVENT_TYPES = {"MP_PAIRS": "mp", "PAIRS": "", "CROSS_IMPS": "cross_imps",
               "CROSS_IMP": "cross_imps", "BUTLER_PAIRS": "butler"}  # fmt: skip
_BOARD_METHODS = {"": "", "MATCH_POINTS": "mp", "MATCHPOINTS": "mp", "MP": "mp",
                  "CROSS_IMPS": "cross_imps", "CROSS_IMP": "cross_imps", "BUTLER_IMPS": "butler",
                  "BUTLER": "butler", "IMPS": "imps", "IMP": "imps"}  # fmt: skip
WRITTEN = {  # method -> EVENT_TYPE, BOARD_SCORING_METHOD, the traveller line's NS and EW points
    "mp": ("MP_PAIRS", "MATCH_POINTS", "NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    "cross_imps": ("CROSS_IMPS", "CROSS_IMPS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
    "butler": ("BUTLER_PAIRS", "BUTLER_IMPS", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
}
# Where a traveller line's IMPs may be, first the names clubscorer writes.
_IMP_TAGS = (("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
             ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
             ("NS_CROSS_IMPS", "EW_CROSS_IMPS"), ("NS_BUTLER_IMPS", "EW_BUTLER_IMPS"))  # fmt: skip


def read_usebio(data: bytes) -> ResultsFile:
    """A USEBIO file's event, pairs, traveller lines, hands and published values; raises
    UsebioError listing every problem as `line N: reason`."""
    try:
        root = parse(data)
    except XmlError as error:
        raise UsebioError([str(error)]) from None
    if root.tag != "USEBIO":
        raise UsebioError([f"line {root.line}: not a USEBIO file (it starts <{root.tag}>)"])
    event = root.find("EVENT")
    if event is None:
        raise UsebioError([f"line {root.line}: the file has no EVENT"])
    reader = _Reader(event, _method(event))
    for handset in root.findall("HANDSET") + event.findall("HANDSET"):
        reader.handset(handset)
    for name, container in _sections(event):
        reader.section(name, container)
    if reader.errors:
        raise UsebioError(sorted(reader.errors, key=_line_of))
    return reader.result()


def _method(event: Node) -> str:
    """The event's scoring method, "mp", "cross_imps" or "butler", from its EVENT_TYPE and
    BOARD_SCORING_METHOD; raises UsebioError for an event clubscorer does not score (teams,
    individuals ...) or one whose two say different things."""
    kind = (event.value("EVENT_TYPE") or "MP_PAIRS").upper()
    scoring = event.value("BOARD_SCORING_METHOD").upper().replace(" ", "_")
    by_kind, by_scoring = EVENT_TYPES.get(kind), _BOARD_METHODS.get(scoring)
    what = f"line {event.line}: a {kind} event ({scoring or 'no scoring method'})"
    if by_kind is None or by_scoring is None:
        raise UsebioError(
            [f"{what}: clubscorer imports pairs at matchpoints, cross-IMPs or Butler IMPs"]
        )
    if by_kind in ("cross_imps", "butler"):
        if by_scoring not in ("", "imps", by_kind):
            raise UsebioError([f"{what}: the event type and its scoring method disagree"])
        return by_kind
    if by_scoring == "imps":  # MP_PAIRS or PAIRS at IMPs: its lines say which
        return _imps_by_lines(event)
    return by_scoring or "mp"


def _imps_by_lines(event: Node) -> str:
    """An IMP pairs event that does not say which: Butler when its lines carry Butler points."""
    stack = [event]
    while stack:
        node = stack.pop()
        if node.tag in ("NS_BUTLER_POINTS", "NS_BUTLER_IMPS"):
            return "butler"
        stack.extend(node.children)
    return "cross_imps"


def _sections(event: Node) -> list[tuple[str, Node]]:
    """(name, element) of each section: SESSION/SECTION or SECTION blocks, else the EVENT."""
    blocks = [s for session in event.findall("SESSION") for s in session.findall("SECTION")]
    blocks += event.findall("SECTION")
    if not blocks:
        return [(DEFAULT_SECTION, event)]
    return [
        (block.value("SECTION_ID") or chr(ord("A") + index), block)
        for index, block in enumerate(blocks)
    ]


class _Reader:
    def __init__(self, event: Node, method: str = "mp"):
        self.errors: list[str] = []
        self.method = method
        self.imps = method != "mp"
        self.name = event.value("EVENT_DESCRIPTION")[:120]
        self.date = self._date(event)
        winner_type = event.value("WINNER_TYPE")
        if winner_type not in ("", "1", "2"):
            self.errors.append(f"line {event.line}: WINNER_TYPE {winner_type!r} is not 1 or 2")
        self.winner_type = int(winner_type) if winner_type in ("1", "2") else None
        self.boards: dict[int, BoardRecord] = {}
        self.rows: list[TravellerRow] = []
        self.names: list[NamesRow] = []
        self.winners: dict[str, int] = {}
        self.lines: list[PublishedLine] = []
        self.totals: list[PublishedTotal] = []
        self.datums: dict[tuple[str, int], PublishedDatum] = {}

    def _date(self, event: Node) -> datetime.date | None:
        text = event.value("DATE")
        for pattern in ("%d/%m/%Y", "%Y-%m-%d"):
            try:
                return datetime.datetime.strptime(text, pattern).date()
            except ValueError:
                continue
        if text:
            node = event.find("DATE")
            line = node.line if node is not None else event.line
            self.errors.append(f"line {line}: DATE {text!r} is not dd/mm/yyyy")
        return None

    def handset(self, handset: Node) -> None:
        for board in handset.findall("BOARD"):
            try:
                number = _board_number(board)
                record = _hand_record(board, number)
            except ValueError as error:
                self.errors.append(f"line {board.line}: {error}")
                continue
            self.boards[number] = record

    def section(self, name: str, container: Node) -> None:
        try:
            check_label(name, "section")
        except ValueError as error:
            self.errors.append(f"line {container.line}: {error}")
            return
        directions = set()
        participants = container.find("PARTICIPANTS")
        for pair in participants.findall("PAIR") if participants is not None else []:
            direction = self._pair(name, pair)
            directions.add(direction)
        if directions & {"NS", "EW"}:
            self.winners[name] = 2
        elif self.winner_type:
            self.winners[name] = self.winner_type
        seats: dict[tuple[int, str], int] = {}
        for board in container.findall("BOARD"):
            try:
                number = _board_number(board)
            except ValueError as error:
                self.errors.append(f"line {board.line}: {error}")
                continue
            record = self.boards.get(number) or BoardRecord(
                number, law2_dealer(number), law2_vulnerability(number), line=board.line,
                stated=(False, False),
            )  # fmt: skip
            self.boards.setdefault(number, record)
            if self.method == "butler":
                self._datum(name, number, board)
            for line in board.findall("TRAVELLER_LINE"):
                try:
                    self._line(name, record, line, seats)
                except (ContractError, ValueError) as error:
                    self.errors.append(f"line {line.line}: board {number}: {error}")

    def _pair(self, section: str, pair: Node) -> str:
        label = pair.value("PAIR_NUMBER")
        direction = pair.value("DIRECTION").upper().replace("-", "")
        try:
            if not label:
                raise ValueError("a PAIR without a PAIR_NUMBER")
            check_label(label, "pair")
            if direction not in ("", "NS", "EW"):
                raise ValueError(f"DIRECTION {direction!r} is not NS or EW")
            players = [p.value("PLAYER_NAME")[:100] for p in pair.findall("PLAYER")][:2]
            players += [""] * (2 - len(players))
            self.names.append(NamesRow(section, label, (players[0], players[1]), direction))
            tags = (
                (("imps", "TOTAL_SCORE"),)
                if self.imps
                else (("mp", "TOTAL_SCORE"), ("pct", "PERCENTAGE"))
            )
            values = {
                name: value
                for name, tag in tags
                if (value := _decimal(pair.value(tag), tag)) is not None
            }
            if values:
                self.totals.append(PublishedTotal(pair.line, section, label, values))
        except ValueError as error:
            self.errors.append(f"line {pair.line}: {error}")
        return direction

    def _line(
        self, section: str, board: BoardRecord, line: Node, seats: dict[tuple[int, str], int]
    ) -> None:
        ns, ew = line.value("NS_PAIR_NUMBER"), line.value("EW_PAIR_NUMBER")
        if not ns or not ew:
            raise ValueError("NS_PAIR_NUMBER and EW_PAIR_NUMBER are both needed")
        if ns == ew:
            raise ValueError(f"pair {ns} cannot play against itself")
        for pair in (ns, ew):
            check_label(pair, "pair")
            seen = seats.setdefault((board.number, pair), line.line)
            if seen != line.line:
                raise ValueError(f"pair {pair} already played board {board.number} (line {seen})")
        self.rows.append(
            TravellerRow(
                line=line.line,
                section=section,
                board=board.number,
                ns=ns,
                ew=ew,
                ruling=played(_outcome(line, board.vulnerability)),
                lead=line.value("LEAD")[:3],
            )
        )
        if self.imps:
            tags = next(
                (tags for tags in _IMP_TAGS if any(line.find(tag) is not None for tag in tags)),
                _IMP_TAGS[0],
            )
            names = (("imp_ns", tags[0]), ("imp_ew", tags[1]))
        else:
            names = (("mp_ns", "NS_MATCH_POINTS"), ("mp_ew", "EW_MATCH_POINTS"))
        values = {
            name: value
            for name, tag in names
            if (value := _decimal(line.value(tag), tag)) is not None
        }
        self.lines.append(PublishedLine(line.line, section, board.number, ns, ew, values))

    def _datum(self, section: str, number: int, board: Node) -> None:
        """A Butler board's published datum (BOARD_AVERAGE), kept to compare."""
        try:
            value = _decimal(board.value("BOARD_AVERAGE"), "BOARD_AVERAGE")
        except ValueError as error:
            self.errors.append(f"line {board.line}: {error}")
            return
        if value is not None:
            node = board.find("BOARD_AVERAGE")
            line = node.line if node is not None else board.line
            self.datums[(section, number)] = PublishedDatum(line, section, number, value)

    def result(self) -> ResultsFile:
        return ResultsFile(
            name=self.name,
            date=self.date,
            boards=dict(sorted(self.boards.items())),
            rows=self.rows,
            names=self.names,
            winners=self.winners,
            lines=self.lines,
            totals=self.totals,
            method=self.method,
            datums=self.datums,
        )


def _outcome(line: Node, vul: str) -> Outcome:
    contract, score = line.value("CONTRACT"), line.value("SCORE")
    for text in (score, contract):
        adjustment = parse_adjustment(text) if text else None
        if adjustment:
            return adjustment
    percentages = _PERCENTAGES.match(score) if ("%" in score or score[:1] in "Aa") else None
    if percentages and not contract:
        return _artificial(*percentages.groups())
    if re.fullmatch(r"[+-]?\d+/[+-]?\d+", score):
        raise ContractError(f"SCORE {score} is a split score, which clubscorer cannot import")
    tricks = line.value("TRICKS")
    return outcome_from_fields(
        contract=contract,
        declarer=line.value("PLAYED_BY"),
        tricks=tricks if tricks.isdigit() else "",
        result="" if tricks.isdigit() else tricks,
        score=score,
        vul=vul,
    )


def _artificial(ns: str, ew: str | None) -> Outcome:
    kinds = []
    for text in (ns, ew or ns):
        value = Decimal(text)
        kind = "A+" if value >= 60 else "A-" if value <= 40 else "A" if value == 50 else ""
        if not kind:
            raise ContractError(f"an artificial score of {text}% is not A+, A or A-")
        kinds.append(kind)
    outcome = parse_adjustment("/".join(kinds))
    assert outcome is not None
    return outcome


def _board_number(board: Node) -> int:
    text = board.value("BOARD_NUMBER")
    if not text.isdigit() or not 1 <= int(text) <= 32767:
        raise ValueError(f"BOARD_NUMBER {text!r} is not a board number")
    return int(text)


def _hand_record(board: Node, number: int) -> BoardRecord:
    dealer_text = board.value("DEALER").upper()[:1]
    vul_text = board.value("VULNERABILITY").upper().replace(" ", "")
    if dealer_text and dealer_text not in SEAT_WORDS:
        raise ValueError(f"DEALER {board.value('DEALER')!r} is not a seat")
    if vul_text and vul_text not in _VULNERABILITIES:
        raise ValueError(f"VULNERABILITY {board.value('VULNERABILITY')!r} is not None/NS/EW/All")
    seats = {}
    for hand in board.findall("HAND"):
        seat = hand.value("DIRECTION").upper()[:1]
        if seat not in SEAT_WORDS:
            raise ValueError(f"HAND DIRECTION {hand.value('DIRECTION')!r} is not a seat")
        seats[seat] = ".".join(_suit(hand.value(name)) for _, name in SUITS)
    deal = ""
    if seats:
        if set(seats) != set(SEAT_WORDS):
            raise ValueError(f"board {number} needs four HANDs, it has {len(seats)}")
        try:
            deal = normalise_deal("N:" + " ".join(seats[seat] for seat in "NESW"))
        except DealError as error:
            raise ValueError(f"board {number}: {error}") from None
    return BoardRecord(
        number,
        dealer_text or law2_dealer(number),
        _VULNERABILITIES[vul_text] if vul_text else law2_vulnerability(number),
        deal,
        line=board.line,
        stated=(bool(dealer_text), bool(vul_text)),
    )


def _suit(text: str) -> str:
    cards = re.sub(r"[\s,]", "", text.upper()).replace("10", "T")
    return "" if cards in ("-", "VOID") else cards


def _decimal(text: str, tag: str) -> Decimal | None:
    cleaned = text.strip().rstrip("%")
    if not cleaned or cleaned in ("-", "?"):
        return None
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(f"{tag} {text!r} is not a number") from None


def _line_of(message: str) -> int:
    match = re.match(r"line (\d+):", message)
    return int(match.group(1)) if match else 0


# Writing ------------------------------------------------------------------------------------


def write_usebio(
    results: SessionResults,
    boards: Mapping[int, BoardRecord],
    *,
    club: str = "",
    program_version: str = "",
) -> str:
    """The session as USEBIO 1.2 (FORMATS.md), UTF-8."""
    event_type, board_method, _, _ = WRITTEN[results.settings.method]
    root = ET.Element("USEBIO", Version="1.2")
    if club:
        _text(ET.SubElement(root, "CLUB"), "CLUB_NAME", club)
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=event_type)
    _text(event, "EVENT_DESCRIPTION", results.name)
    _text(event, "PROGRAM_NAME", "clubscorer")
    if program_version:
        _text(event, "PROGRAM_VERSION", program_version)
    if results.date:
        _text(event, "DATE", f"{results.date:%d/%m/%Y}")
    _text(event, "BOARD_SCORING_METHOD", board_method)
    two = any(len(section.fields) == 2 for section in results.sections)
    _text(event, "WINNER_TYPE", "2" if two else "1")
    played = {board.number for section in results.sections for board in section.boards}
    _text(event, "BOARDS_PLAYED", str(len(played)))
    names = [section.name for section in results.sections]
    if names in ([], [DEFAULT_SECTION]):
        containers = [(event, section) for section in results.sections]
    else:
        session = ET.SubElement(event, "SESSION", SESSION_ID="1")
        containers = [
            (ET.SubElement(session, "SECTION", SECTION_ID=section.name), section)
            for section in results.sections
        ]
    for container, section in containers:
        _participants(ET.SubElement(container, "PARTICIPANTS"), results, section)
        for board in section.boards:
            element = ET.SubElement(container, "BOARD")
            _text(element, "BOARD_NUMBER", str(board.number))
            if results.settings.method == "butler" and board.datum is not None:
                _text(element, "BOARD_AVERAGE", str(board.datum))  # one datum: not fouled
            for scored in board.lines:
                _traveller_line(ET.SubElement(element, "TRAVELLER_LINE"), results, scored)
    _handset(event, results, boards)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
        f"{body}\n"
    )


def _participants(element: ET.Element, results: SessionResults, section: SectionResult) -> None:
    for field in section.fields:
        for standing in field.standings:
            score = standing.score
            pair = ET.SubElement(element, "PAIR")
            _text(pair, "PAIR_NUMBER", score.label)
            if field.direction:
                _text(pair, "DIRECTION", field.direction)
            if score.percentage is not None:
                _text(pair, "PERCENTAGE", _value(score.percentage))
            _text(pair, "PLACE", standing.place)
            _text(pair, "TOTAL_SCORE", _value(results.scaled(score.matchpoints)))
            entry = section.pairs.get(score.label)
            for name in entry.names if entry else ():
                _text(ET.SubElement(pair, "PLAYER"), "PLAYER_NAME", name)


def _traveller_line(element: ET.Element, results: SessionResults, scored: ScoredLine) -> None:
    line = scored.line
    _text(element, "NS_PAIR_NUMBER", line.ns)
    _text(element, "EW_PAIR_NUMBER", line.ew)
    if line.is_not_played:
        _text(element, "SCORE", "NP")
        return
    if not line.is_real:
        _text(element, "SCORE", line.contract)  # the token: A+/A-, A ...
    elif line.score_ns is not None:
        if line.contract:
            _text(element, "CONTRACT", line.contract)
            if line.contract != "PASS":
                _text(element, "PLAYED_BY", line.declarer)
        if line.lead:
            _text(element, "LEAD", line.lead)
        if line.tricks is not None:
            _text(element, "TRICKS", str(line.tricks))
        _text(element, "SCORE", str(line.score_ns))
    elif line.score_ew is not None:  # a split score: NS's and EW's (both NS-view)
        _text(element, "SCORE", f"{line.ns_award[0][1]}/{line.score_ew}")
    _, _, ns_tag, ew_tag = WRITTEN[results.settings.method]
    _text(element, ns_tag, _value(results.scaled(scored.mp_ns)))  # IMPs are never scaled
    _text(element, ew_tag, _value(results.scaled(scored.mp_ew)))


def _handset(event: ET.Element, results: SessionResults, boards: Mapping[int, BoardRecord]):
    known = [
        (number, boards[number])
        for number in results.boards
        if number in boards and boards[number].deal
    ]
    if not known:
        return
    handset = ET.SubElement(event, "HANDSET")
    for number, record in known:
        element = ET.SubElement(handset, "BOARD")
        _text(element, "BOARD_NUMBER", str(number))
        if (record.dealer, record.vulnerability) != (law2_dealer(number),
                                                     law2_vulnerability(number)):  # fmt: skip
            _text(element, "DEALER", record.dealer)
            _text(element, "VULNERABILITY", record.vulnerability)
        for seat, suits in hands(record.deal).items():
            hand = ET.SubElement(element, "HAND")
            _text(hand, "DIRECTION", SEAT_WORDS[seat])
            for letter, name in SUITS:
                _text(hand, name, suits[letter])


def _text(parent: ET.Element, tag: str, value: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = value
    return element


def _value(value) -> str:
    return "-" if value is None else f"{rounded(value):.2f}"
