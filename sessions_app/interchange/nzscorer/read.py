"""An NZ Bridge Scorer XML results file as the `ResultsFile` every reader returns
(docs/formats.md "NZ Bridge Scorer XML results"), parsed safely by the USEBIO reader's
`xml_tree.parse` (no document type with entities, no external entity).

Each `<section>` is a section of the session, with its pairs' names and NZ Bridge numbers
(`<scores>`), its traveller lines (`<board_results>`) and what the file published: each
line's matchpoints and each pair's total and percentage, compared with clubscorer's as for
every file. A Mitchell's pairs (`dir` N and E) are numbered apart: pair 5 NS is `5NS`, pair 5
EW `5EW`; a Howell's (`dir` H) is its number. Each board is Law 2's: the file has no deals.

Example: Palmerston North's pairs of 16 November 2015 give section A, pairs 1NS ... 13NS and
1EW ... 13EW, 338 lines (26 boards, 13 tables), the first board 1 `1NS v 1EW`, 4S by S +2,
+480, NS 16.0 and EW 8.0 matchpoints, and pair 5NS's total 374 of 624, 59.94%.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from decimal import Decimal

from ...scoring.contract import ContractError
from ...scoring.rulings import Ruling, parse_ruling
from ..fields import check_label, file_lead, positive, published_number
from ..records import (
    BoardRecord,
    NamesRow,
    PublishedLine,
    PublishedTotal,
    ResultsFile,
    TravellerRow,
)
from ..refused import FileRefused, Problems
from ..usebio.xml_tree import Node, XmlError, parse
from .result import NOT_PLAYED, adjusted_ruling, played_ruling, tenths

ROOT = "session"
DIRECTIONS = {"N": "NS", "E": "EW", "H": ""}


def read_nzscorer(data: bytes) -> ResultsFile:
    """The file's sections, pairs, lines and published figures; raises FileRefused naming,
    for each problem, the line, the element and the reason."""
    try:
        root = parse(data)
    except XmlError as error:
        raise FileRefused([str(error)]) from None
    if root.tag != ROOT:
        raise FileRefused(
            [f"line {root.line}: not an NZ Bridge Scorer file (it starts <{root.tag}>)"]
        )
    reader = _Reader(root)
    if reader.errors:
        raise FileRefused(reader.errors)
    return reader.result


@dataclass
class _Section:
    name: str
    howell: bool
    pairs: set[str] = field(default_factory=set)


class _Reader:
    def __init__(self, root: Node):
        self.errors: list[str] = Problems()
        self.warnings: list[str] = []  # lines kept, with what was wrong (ResultsFile)
        self.field = self._field(root)
        self.rows: list[TravellerRow] = []
        self.lines: list[PublishedLine] = []
        self.names: list[NamesRow] = []
        self.totals: list[PublishedTotal] = []
        self.adjusted: list[tuple[Node, str, TravellerRow]] = []
        self.results: Counter[tuple[str, int]] = Counter()  # by field and board
        self.declared: set[str] = set()  # the sections' sectids
        if root.attrib.get("scoring_type", "MP") != "MP":
            self.errors.append(
                f"line {root.line}: <session> scoring_type {root.attrib['scoring_type']!r}:"
                " clubscorer reads matchpointed (MP) sessions only"
            )
        sections = self._sections(root)
        for name, block in self._blocks(root, "board_results", "brsection", self.declared):
            if name in sections:  # else refused already, for its <scsection>
                self._board_results(sections[name], block)
        self._adjusted()
        settings = {"across_the_field": "yes"} if self.field else {}
        self.result = ResultsFile(
            kind="nzscorer",
            name=root.attrib.get("event_name", "").strip()[:120],
            date=self._date(root),
            boards={n: BoardRecord.law2(n) for n in sorted({row.board for row in self.rows})},
            rows=self.rows,
            names=self.names,
            winners={s.name: 1 if s.howell else 2 for s in sections.values()},
            lines=self.lines,
            totals=self.totals,
            settings=settings,
            setting_lines={"across_the_field": root.line} if settings else {},
            warnings=self.warnings,
        )

    def _field(self, root: Node) -> bool:
        """field_scoring="true": the sections are matchpointed together (across the field)."""
        text = root.attrib.get("field_scoring", "false")
        if text not in ("true", "false"):
            self.errors.append(
                f"line {root.line}: <session> field_scoring {text!r} is not true or false"
            )
        return text == "true"

    def _date(self, root: Node) -> datetime.date | None:
        """event_date, day/month/year: `16/11/2015`; None when the file has none."""
        text = root.attrib.get("event_date", "").strip()
        if not text:
            return None
        try:
            return datetime.datetime.strptime(text, "%d/%m/%Y").date()
        except ValueError:
            self.errors.append(
                f"line {root.line}: <session> event_date {text!r} is not a day/month/year"
            )
        return None

    def _blocks(
        self, root: Node, outer: str, inner: str, known: Collection[str]
    ) -> list[tuple[str, Node]]:
        """(section, element) of each `<inner id=...>` in `<outer>`, each a section declared."""
        container = root.find(outer)
        if container is None:
            self.errors.append(f"line {root.line}: <session> has no <{outer}>")
            return []
        blocks = []
        for block in container.findall(inner):
            name = block.attrib.get("id", "")
            if name not in known:
                self.errors.append(
                    f"line {block.line}: <{inner}> id {name!r} is no <section>'s sectid"
                )
                continue
            blocks.append((name, block))
        return blocks

    def _sections(self, root: Node) -> dict[str, _Section]:
        """Each `<section>`, its pairs from `<scores>`: a Howell when every pair's `dir` is H."""
        declared = root.find("sections")
        names = []
        for section in declared.findall("section") if declared is not None else []:
            try:
                names.append(check_label(section.attrib.get("sectid", ""), "section"))
            except ValueError as error:
                self.errors.append(f"line {section.line}: <section> sectid: {error}")
        if not names:
            self.errors.append(f"line {root.line}: <session> has no <sections> with a <section>")
        self.declared = set(names)
        sections = {}
        blocks = self._blocks(root, "scores", "scsection", self.declared)
        for name in self.declared - {name for name, _ in blocks}:
            self.errors.append(f"line {root.line}: section {name} has no <scsection> in <scores>")
        for name, block in blocks:
            pairs = block.findall("pair")
            directions = {pair.attrib.get("dir", "") for pair in pairs}
            if not directions <= {"N", "E"} and directions != {"H"}:
                self.errors.append(
                    f"line {block.line}: <scsection> {name}: pairs' dir {sorted(directions)}:"
                    " expected N and E (a Mitchell) or H (a Howell)"
                )
                continue
            sections[name] = _Section(name, directions == {"H"})
            for pair in pairs:
                self._pair(sections[name], pair)
        return sections

    def _pair(self, section: _Section, pair: Node) -> None:
        attrib = pair.attrib
        try:
            label = _label(attrib.get("no", ""), DIRECTIONS[attrib["dir"]], section.howell)
            got, slash, possible = attrib.get("match_points", "").partition("/")
            values = {
                "mp": published_number(got, "match_points") if slash else None,
                "pct": published_number(attrib.get("raw_score", ""), "raw_score"),
            }
            if not slash or not possible.strip().isdigit():
                raise ValueError(
                    f"match_points {attrib.get('match_points', '')!r} is not got/possible"
                )
        except ValueError as error:
            self.errors.append(f"line {pair.line}: <pair> {attrib.get('no', '')!r}: {error}")
            return
        if label in section.pairs:
            self.errors.append(f"line {pair.line}: <pair> {label} is listed twice")
            return
        section.pairs.add(label)
        players = (_player(attrib, 1), _player(attrib, 2))
        self.names.append(NamesRow(section.name, label, players, DIRECTIONS[attrib["dir"]]))
        published = {name: value for name, value in values.items() if value is not None}
        self.totals.append(PublishedTotal(pair.line, section.name, label, published))

    def _board_results(self, section: _Section, block: Node) -> None:
        seen: dict[tuple[int, str], int] = {}
        for result in block.findall("result"):
            try:
                self._result(section, result, seen)
            except (ContractError, ValueError) as error:
                where = (
                    f"board {result.attrib.get('bd', '?')}, table {result.attrib.get('tab', '?')}"
                )
                self.errors.append(f"line {result.line}: <result> {where}: {error}")

    def _result(self, section: _Section, result: Node, seen: dict[tuple[int, str], int]) -> None:
        attrib = result.attrib
        board = positive(attrib.get("bd", ""), "bd")
        ns = _label(attrib.get("ns", ""), "NS", section.howell)
        ew = _label(attrib.get("ew", ""), "EW", section.howell)
        if ns == ew:
            raise ValueError(f"pair {ns} cannot play against itself")
        for pair in (ns, ew):
            earlier = seen.setdefault((board, pair), result.line)
            if earlier != result.line:
                raise ValueError(f"pair {pair} already played board {board} (line {earlier})")
        vul = BoardRecord.law2(board).vulnerability
        values = {}
        adjusted = False
        if attrib.get("mp_ns") == NOT_PLAYED or attrib.get("mp_ew") == NOT_PLAYED:
            ruling = self._not_played(section, result, ns, ew, vul)
        else:
            values = {"mp_ns": tenths(result, "mp_ns"), "mp_ew": tenths(result, "mp_ew")}
            adjusted = attrib.get("score", "").strip().lower() == "adj"
            ruling, kept = (
                (parse_ruling("A/A", vul), "") if adjusted else played_ruling(result, vul)
            )
            if kept:
                where = f"board {board}, table {attrib.get('tab', '?')}"
                self.warnings.append(f"line {result.line}: <result> {where}: {kept}")
        lead, no_lead = file_lead(attrib.get("lead", ""))
        if no_lead:
            where = f"board {board}, table {attrib.get('tab', '?')}"
            self.warnings.append(f"line {result.line}: <result> {where}: {no_lead}")
        row = TravellerRow(
            line=result.line,
            section=section.name,
            board=board,
            ns=ns,
            ew=ew,
            ruling=ruling,
            round=positive(attrib["rnd"], "rnd") if attrib.get("rnd") else None,
            table=positive(attrib["tab"], "tab") if attrib.get("tab") else None,
            lead=lead,
        )
        if adjusted:  # its kind is told by the board's top, known once every line is read
            self.adjusted.append((result, vul, row))
        if values:
            self.results[("" if self.field else section.name, board)] += 1
        self.rows.append(row)
        self.lines.append(PublishedLine(result.line, section.name, board, ns, ew, values))

    def _not_played(self, section: _Section, result: Node, ns: str, ew: str, vul: str) -> Ruling:
        """No result: facing the phantom, the pair the section does not list (`PH/NP` when
        EW is the phantom), else not played (`NP`)."""
        if result.attrib.get("score", "").strip() or result.attrib.get("cont", "").strip():
            raise ValueError(f"matchpoints {NOT_PLAYED} (not played) beside a contract or score")
        absent = [pair for pair in (ns, ew) if pair not in section.pairs]
        if len(absent) == 2:
            raise ValueError(
                f"neither {ns} nor {ew} is a pair of section {section.name}'s <scores>"
            )
        text = {(): "NP", (ew,): "PH/NP", (ns,): "NP/PH"}[tuple(absent)]
        return parse_ruling(text, vul)

    def _adjusted(self) -> None:
        """Each `Adj` line's ruling, from its matchpoints and the board's top 2(n - 1), n its
        results in the field (the section, or every section across the field)."""
        for result, vul, row in self.adjusted:
            results = self.results[("" if self.field else row.section, row.board)]
            top = Decimal(2 * (results - 1))
            try:
                if results < 2:
                    raise ValueError("an adjusted score on a board with no other result")
                ruling = adjusted_ruling(tenths(result, "mp_ns"), tenths(result, "mp_ew"), top, vul)
            except (ContractError, ValueError) as error:
                self.errors.append(f"line {result.line}: <result> board {row.board}, Adj: {error}")
                continue
            self.rows[self.rows.index(row)] = replace(row, ruling=ruling)


def _label(number: str, direction: str, howell: bool) -> str:
    """A pair's label: its number in a Howell, with its direction in a Mitchell (`5NS`)."""
    check_label(number, "pair")
    return check_label(number if howell else f"{number}{direction}", "pair")


def _player(attrib: dict[str, str], n: int) -> str:
    """`Jo Smith (12345)`: the name with the NZ Bridge number, as a director types one."""
    name = attrib.get(f"player_name_{n}", "").strip()[:80]
    number = attrib.get(f"nzb_no_{n}", "").strip()
    return f"{name} ({number})" if name and number else name
