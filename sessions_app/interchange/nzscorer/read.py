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
from dataclasses import dataclass, field
from decimal import Decimal

from ...scoring.contract import ContractError
from ...scoring.message import Message, MessageError, gettext_noop, message_of
from ...scoring.rulings import Ruling, parse_ruling
from ..fields import (
    against_itself,
    check_label,
    file_lead,
    played_twice,
    positive,
    published_number,
)
from ..records import (
    BoardRecord,
    NamesRow,
    PublishedLine,
    PublishedTotal,
    ResultsFile,
    TravellerRow,
)
from ..refused import FileRefused, Problem, Problems, at_line
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
        raise FileRefused([error.message]) from None
    if root.tag != ROOT:
        raise FileRefused(
            [
                at_line(
                    root.line,
                    Message(
                        gettext_noop("not an NZ Bridge Scorer file (it starts <%(tag)s>)"),
                        {"tag": root.tag},
                    ),
                )
            ]
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
        self.errors: list[Message] = Problems()
        self.warnings: list[Message] = []  # lines kept, with what was wrong (ResultsFile)
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
                at_line(
                    root.line,
                    Message(
                        gettext_noop(
                            "<session> scoring_type %(value)r: clubscorer reads matchpointed (MP)"
                            " sessions only"
                        ),
                        {"value": root.attrib["scoring_type"]},
                    ),
                )
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
            notices=self.warnings,
        )

    def _field(self, root: Node) -> bool:
        """field_scoring="true": the sections are matchpointed together (across the field)."""
        text = root.attrib.get("field_scoring", "false")
        if text not in ("true", "false"):
            self.errors.append(
                at_line(
                    root.line,
                    Message(
                        gettext_noop("<session> field_scoring %(value)r is not true or false"),
                        {"value": text},
                    ),
                )
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
                at_line(
                    root.line,
                    Message(
                        gettext_noop("<session> event_date %(value)r is not a day/month/year"),
                        {"value": text},
                    ),
                )
            )
        return None

    def _blocks(
        self, root: Node, outer: str, inner: str, known: Collection[str]
    ) -> list[tuple[str, Node]]:
        """(section, element) of each `<inner id=...>` in `<outer>`, each a section declared."""
        container = root.find(outer)
        if container is None:
            self.errors.append(
                at_line(
                    root.line,
                    Message(gettext_noop("<session> has no <%(element)s>"), {"element": outer}),
                )
            )
            return []
        blocks = []
        for block in container.findall(inner):
            name = block.attrib.get("id", "")
            if name not in known:
                self.errors.append(
                    at_line(
                        block.line,
                        Message(
                            gettext_noop("<%(element)s> id %(id)r is no <section>'s sectid"),
                            {"element": inner, "id": name},
                        ),
                    )
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
                self.errors.append(
                    at_line(
                        section.line,
                        Message(
                            gettext_noop("<section> sectid: %(problem)s"),
                            {"problem": message_of(error)},
                        ),
                    )
                )
        if not names:
            self.errors.append(
                at_line(
                    root.line,
                    Message(gettext_noop("<session> has no <sections> with a <section>")),
                )
            )
        self.declared = set(names)
        sections = {}
        blocks = self._blocks(root, "scores", "scsection", self.declared)
        for name in self.declared - {name for name, _ in blocks}:
            self.errors.append(
                at_line(
                    root.line,
                    Message(
                        gettext_noop("section %(section)s has no <scsection> in <scores>"),
                        {"section": name},
                    ),
                )
            )
        for name, block in blocks:
            pairs = block.findall("pair")
            directions = {pair.attrib.get("dir", "") for pair in pairs}
            if not directions <= {"N", "E"} and directions != {"H"}:
                self.errors.append(
                    at_line(
                        block.line,
                        Message(
                            gettext_noop(
                                "<scsection> %(section)s: pairs' dir %(found)s: expected N and E"
                                " (a Mitchell) or H (a Howell)"
                            ),
                            {"section": name, "found": sorted(directions)},
                        ),
                    )
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
                raise MessageError(
                    Message(
                        gettext_noop("match_points %(value)r is not got/possible"),
                        {"value": attrib.get("match_points", "")},
                    )
                )
        except ValueError as error:
            self.errors.append(
                at_line(
                    pair.line,
                    Message(
                        gettext_noop("<pair> %(pair)r: %(problem)s"),
                        {"pair": attrib.get("no", ""), "problem": message_of(error)},
                    ),
                )
            )
            return
        if label in section.pairs:
            self.errors.append(
                at_line(
                    pair.line,
                    Message(gettext_noop("<pair> %(pair)s is listed twice"), {"pair": label}),
                )
            )
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
                board = result.attrib.get("bd", "?")
                self.errors.append(_at_result(result, board, message_of(error)))

    def _result(self, section: _Section, result: Node, seen: dict[tuple[int, str], int]) -> None:
        attrib = result.attrib
        board = positive(attrib.get("bd", ""), "bd")
        ns = _label(attrib.get("ns", ""), "NS", section.howell)
        ew = _label(attrib.get("ew", ""), "EW", section.howell)
        if ns == ew:
            raise MessageError(against_itself(ns))
        for pair in (ns, ew):
            earlier = seen.setdefault((board, pair), result.line)
            if earlier != result.line:
                raise MessageError(played_twice(pair, board, earlier))
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
                self.warnings.append(_at_result(result, board, kept))
        lead, no_lead = file_lead(attrib.get("lead", ""))
        if no_lead:
            self.warnings.append(_at_result(result, board, no_lead))
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
            raise MessageError(
                Message(
                    gettext_noop("matchpoints %(value)s (not played) beside a contract or score"),
                    {"value": NOT_PLAYED},
                )
            )
        absent = [pair for pair in (ns, ew) if pair not in section.pairs]
        if len(absent) == 2:
            raise MessageError(
                Message(
                    gettext_noop(
                        "neither %(ns)s nor %(ew)s is a pair of section %(section)s's <scores>"
                    ),
                    {"ns": ns, "ew": ew, "section": section.name},
                )
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
                    raise MessageError(
                        Message(gettext_noop("an adjusted score on a board with no other result"))
                    )
                ruling = adjusted_ruling(tenths(result, "mp_ns"), tenths(result, "mp_ew"), top, vul)
            except (ContractError, ValueError) as error:
                self.errors.append(
                    at_line(
                        result.line,
                        Message(
                            gettext_noop("<result> board %(board)s, Adj: %(problem)s"),
                            {"board": row.board, "problem": message_of(error)},
                        ),
                    )
                )
                continue
            self.rows[self.rows.index(row)] = row._replace(ruling=ruling)


def _at_result(result: Node, board: object, problem: Problem) -> Message:
    """A problem of a `<result>`, named by its line, board and table: "line 40: <result>
    board 3, table 2: ..."."""
    return at_line(
        result.line,
        Message(
            gettext_noop("<result> board %(board)s, table %(table)s: %(problem)s"),
            {"board": board, "table": result.attrib.get("tab", "?"), "problem": problem},
        ),
    )


def _label(number: str, direction: str, howell: bool) -> str:
    """A pair's label: its number in a Howell, with its direction in a Mitchell (`5NS`)."""
    check_label(number, "pair")
    return check_label(number if howell else f"{number}{direction}", "pair")


def _player(attrib: dict[str, str], n: int) -> str:
    """`Jo Smith (12345)`: the name with the NZ Bridge number, as a director types one."""
    name = attrib.get(f"player_name_{n}", "").strip()[:80]
    number = attrib.get(f"nzb_no_{n}", "").strip()
    return f"{name} ({number})" if name and number else name
