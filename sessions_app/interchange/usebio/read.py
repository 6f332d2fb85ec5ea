"""Reading a USEBIO 1.2 file (docs/formats.md): the event, its pairs, every traveller line and the
hands, from clubscorer or another program (EBUScore, ScoreBridge, Compscore), parsed safely
(`xml_tree.py`). A traveller line is read with the rules of a travellers CSV
(`line.py`); the published matchpoints and totals are kept to compare with clubscorer's.

IMP pairs are read too: `CROSS_IMPS` (also Compscore3's `CROSS_IMP`) and `BUTLER_PAIRS` events,
or a `PAIRS` event whose `BOARD_SCORING_METHOD` is `CROSS_IMPS`, `BUTLER_IMPS` or `IMPS`
(Butler when its lines carry Butler points); their IMPs, totals and datums are kept to compare
in the same way. clubscorer's own files carry the session's settings (`CLUBSCORER_SETTING`
`factoring=total` ..., `interchange/settings.py`), which the import applies. `HANDSET` may
sit in `EVENT` (as clubscorer writes it) or beside it.
"""

from __future__ import annotations

import datetime
from dataclasses import replace

from ...scoring.contract import ContractError
from ...scoring.event import Method
from ...scoring.message import Message, MessageError, gettext_noop, message_of
from ..fields import (
    DEFAULT_SECTION,
    against_itself,
    check_label,
    direction_label,
    file_lead,
    file_pair_label,
    played_twice,
    published_number,
)
from ..records import (
    BoardRecord,
    NamesRow,
    PublishedDatum,
    PublishedLine,
    PublishedTotal,
    ResultsFile,
    TravellerRow,
    line_of,
)
from ..refused import FileRefused, Problems, at_line, on_board
from ..settings import read_settings
from .event_type import event_date, method_of
from .hands import board_number, hand_record
from .line import line_foul_group, line_reason, line_ruling
from .write import SETTING
from .xml_tree import Node, XmlError, parse

# Where a traveller line's IMPs may be, first the names clubscorer writes; last the
# matchpoints' own elements, where salliere keeps a CROSS_IMP event's IMPs (docs/formats.md).
_IMP_TAGS = (
    ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
    ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    ("NS_CROSS_IMPS", "EW_CROSS_IMPS"),
    ("NS_BUTLER_IMPS", "EW_BUTLER_IMPS"),
    ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
)


def read_usebio(data: bytes) -> ResultsFile:
    """A USEBIO file's event, pairs, traveller lines, hands and published values; raises
    FileRefused listing every problem as `line N: reason`."""
    try:
        root = parse(data)
    except XmlError as error:
        raise FileRefused([error.message]) from None
    if root.tag != "USEBIO":
        raise FileRefused(
            [
                at_line(
                    root.line,
                    Message(
                        gettext_noop("not a USEBIO file (it starts <%(tag)s>)"), {"tag": root.tag}
                    ),
                )
            ]
        )
    event = root.find("EVENT")
    if event is None:
        raise FileRefused([at_line(root.line, Message(gettext_noop("the file has no EVENT")))])
    reader = _Reader(event, method_of(event))
    settings = [(node.line, node.text) for node in event.findall(SETTING)]
    reader.settings, reader.setting_lines, errors = read_settings(settings, SETTING)
    reader.errors += errors
    for handset in root.findall("HANDSET") + event.findall("HANDSET"):
        reader.handset(handset)
    for name, container in _sections(event):
        reader.section(name, container)
    if reader.errors:
        raise FileRefused(sorted(reader.errors, key=line_of))
    return reader.result()


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
    def __init__(self, event: Node, method: Method = "mp"):
        self.errors: list[Message] = Problems()
        self.warnings: list[Message] = []  # lines kept, with what was wrong (ResultsFile)
        self.method = method
        self.imps = method != "mp"
        self.name = event.value("EVENT_DESCRIPTION")[:120]
        self.date = self._date(event)
        self.winner_type = self._winner_type(event)
        self.boards: dict[int, BoardRecord] = {}
        self.rows: list[TravellerRow] = []
        self.names: list[NamesRow] = []
        self.winners: dict[str, int] = {}
        self.lines: list[PublishedLine] = []
        self.totals: list[PublishedTotal] = []
        self.datums: dict[tuple[str, int], PublishedDatum] = {}
        self.settings: dict[str, str] = {}  # clubscorer's own (CLUBSCORER_SETTING)
        self.setting_lines: dict[str, int] = {}

    def _date(self, event: Node) -> datetime.date | None:
        text = event.value("DATE")
        if not text:
            return None
        try:
            return event_date(text)
        except ValueError as error:
            node = event.find("DATE")
            line = node.line if node is not None else event.line
            self.errors.append(at_line(line, message_of(error)))
        return None

    def _winner_type(self, node: Node) -> int | None:
        """1 or 2 winners, as `node` (the EVENT or a SECTION) says; None when it does not. A
        SECTION's own comes first: a one-field Howell may sit beside a two-winner Mitchell."""
        text = node.value("WINNER_TYPE")
        if text not in ("", "1", "2"):
            self.errors.append(
                at_line(
                    node.line,
                    Message(gettext_noop("WINNER_TYPE %(value)r is not 1 or 2"), {"value": text}),
                )
            )
        return int(text) if text in ("1", "2") else None

    def _winners(self, section: str, stated: int | None, directions: set[str]) -> int | None:
        """The section's winners: its WINNER_TYPE (else the event's) when the file gives one,
        else 2 when its pairs are marked both NS and EW. In one field a pair's DIRECTION is
        kept only when the file marks both: salliere marks every pair of a one-winner event
        NS, including those that sat EW, which says nothing (docs/formats.md)."""
        if stated == 1 and not {"NS", "EW"} <= directions:
            self.names = [
                replace(row, direction="") if row.section == section else row for row in self.names
            ]
        if stated:
            return stated
        return 2 if {"NS", "EW"} <= directions else None

    def handset(self, handset: Node) -> None:
        for board in handset.findall("BOARD"):
            try:
                number = board_number(board)
                record = hand_record(board, number)
            except ValueError as error:
                self.errors.append(at_line(board.line, message_of(error)))
                continue
            self.boards[number] = record

    def section(self, name: str, container: Node) -> None:
        try:
            check_label(name, "section")
        except ValueError as error:
            self.errors.append(at_line(container.line, message_of(error)))
            return
        directions = set()
        participants = container.find("PARTICIPANTS")
        for pair in participants.findall("PAIR") if participants is not None else []:
            direction = self._pair(name, pair)
            directions.add(direction)
        own = self._winner_type(container) if container.tag == "SECTION" else None
        winners = self._winners(name, own or self.winner_type, directions)
        if winners:
            self.winners[name] = winners
        seats: dict[tuple[int, str], int] = {}
        for board in container.findall("BOARD"):
            try:
                number = board_number(board)
            except ValueError as error:
                self.errors.append(at_line(board.line, message_of(error)))
                continue
            record = self.boards.get(number) or BoardRecord.law2(number, board.line)
            self.boards.setdefault(number, record)
            if self.method == "butler":
                self._datum(name, number, board)
            for line in board.findall("TRAVELLER_LINE"):
                try:
                    self._line(name, record, line, seats)
                except (ContractError, ValueError) as error:
                    self.errors.append(at_line(line.line, on_board(number, message_of(error))))

    def _pair(self, section: str, pair: Node) -> str:
        label = pair.value("PAIR_NUMBER")
        direction = ""  # none read: the file is refused (a problem is named below)
        try:
            if not label:
                raise MessageError(Message(gettext_noop("a PAIR without a PAIR_NUMBER")))
            label = file_pair_label(label, section)
            direction, _ = direction_label(pair.value("DIRECTION"))
            players = [p.value("PLAYER_NAME")[:100] for p in pair.findall("PLAYER")][:2]
            players += [""] * (2 - len(players))
            self.names.append(NamesRow(section, label, (players[0], players[1]), direction))
            tags = (  # salliere's PERCENTAGE at IMPs: total IMPs scaled (docs/formats.md)
                (("imps", "TOTAL_SCORE"), ("imps_scaled", "PERCENTAGE"))
                if self.imps
                else (("mp", "TOTAL_SCORE"), ("pct", "PERCENTAGE"))
            )
            values = {
                name: value
                for name, tag in tags
                if (value := published_number(pair.value(tag), tag)) is not None
            }
            place = pair.value("PLACE").strip()  # its place in its section ("2=", "2/3")
            places = {"section": place} if place else {}
            if values or places:
                self.totals.append(PublishedTotal(pair.line, section, label, values, places))
        except ValueError as error:
            self.errors.append(at_line(pair.line, message_of(error)))
        return direction

    def _line(
        self, section: str, board: BoardRecord, line: Node, seats: dict[tuple[int, str], int]
    ) -> None:
        ns, ew = line.value("NS_PAIR_NUMBER"), line.value("EW_PAIR_NUMBER")
        if not ns or not ew:
            raise MessageError(
                Message(gettext_noop("NS_PAIR_NUMBER and EW_PAIR_NUMBER are both needed"))
            )
        ns, ew = file_pair_label(ns, section), file_pair_label(ew, section)
        if ns == ew:
            raise MessageError(against_itself(ns))
        for pair in (ns, ew):
            seen = seats.setdefault((board.number, pair), line.line)
            if seen != line.line:
                raise MessageError(played_twice(pair, board.number, seen))
        ruling, kept = line_ruling(line, board.vulnerability)
        lead, no_lead = file_lead(line.value("LEAD"))
        for why in (kept, no_lead):
            if why:
                self.warnings.append(at_line(line.line, on_board(board.number, why)))
        self.rows.append(
            TravellerRow(
                line=line.line,
                section=section,
                board=board.number,
                ns=ns,
                ew=ew,
                ruling=ruling,
                lead=lead,
                foul_group=line_foul_group(line),
                reason=line_reason(line),
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
            if (value := published_number(line.value(tag), tag)) is not None
        }
        self.lines.append(PublishedLine(line.line, section, board.number, ns, ew, values))

    def _datum(self, section: str, number: int, board: Node) -> None:
        """A Butler board's published datum (BOARD_AVERAGE), kept to compare."""
        try:
            value = published_number(board.value("BOARD_AVERAGE"), "BOARD_AVERAGE")
        except ValueError as error:
            self.errors.append(at_line(board.line, message_of(error)))
            return
        if value is not None:
            node = board.find("BOARD_AVERAGE")
            line = node.line if node is not None else board.line
            self.datums[(section, number)] = PublishedDatum(line, section, number, value)

    def _totals(self) -> list[PublishedTotal]:
        """The pairs' published totals; a matchpoint file whose every TOTAL_SCORE is its
        PERCENTAGE has written the percentage twice (scorer-to-usebio, docs/formats.md): it
        publishes no total matchpoints, only the percentage is compared."""
        totals = self.totals
        if (
            self.imps
            or not totals
            or any(
                t.values.get("mp") != t.values.get("pct") or "mp" not in t.values for t in totals
            )
        ):
            return totals
        return [replace(t, values={"pct": t.values["pct"]}) for t in totals]

    def result(self) -> ResultsFile:
        return ResultsFile(
            kind="usebio",
            name=self.name,
            date=self.date,
            boards=dict(sorted(self.boards.items())),
            rows=self.rows,
            names=self.names,
            winners=self.winners,
            lines=self.lines,
            totals=self._totals(),
            method=self.method,
            datums=self.datums,
            settings=self.settings,
            setting_lines=self.setting_lines,
            notices=self.warnings,
        )
