"""Results out: the JSON of docs/formats.md "Results JSON" and a ranking CSV (the plain-text
report is `results_text.py`, which shares the figures written here).

All read the same `SessionResults`; matchpoints are shown on the session's scale and
rounded here, at the edge, never before. A director's ruling is said in words (the line's
`Ruling.words`): the JSON adds `kind` and `ruling` to such a line (and `foul_group`, `reason`
when it has them). Example: a weighted line gets
`"kind": "weighted", "ruling": "weighted: 30% of 4S by N, 10 tricks (+420) + 70% of ..."`.

`reasons` maps a line's `ref` (its database id) to the director's reason, for the sessions
whose reasons may be shown (the caller decides); a pair without a percentage (its boards all
had a top of 0: each played once) shows an empty percentage.
"""

from __future__ import annotations

import io
import json
from collections.abc import Hashable, Mapping
from fractions import Fraction

from ..scoring.display import awarded as awarded_text
from ..scoring.display import fixed, number, percent
from ..scoring.display import handicap as handicap_text
from ..scoring.handicaps import handicapped_fields
from ..scoring.lines import Line
from ..scoring.matchpoints import Value
from ..scoring.results import (
    Field,
    PairScore,
    ScoredBoard,
    ScoredLine,
    SectionResult,
    SessionResults,
    Standing,
)
from .csv_cells import CsvWriter
from .settings import settings_json

Reasons = Mapping[Hashable, str]
Document = dict[str, object]  # a JSON object


def results_json(
    results: SessionResults, session_id: int | None, reasons: Reasons | None = None
) -> str:
    """`results_document` as one compact JSON object (pipe it through `python -m json.tool` to
    read it): the text `json.dumps(results_document(...), ensure_ascii=False)` gives, written
    a part at a time by json's C encoder. The lines (78,000 in a 3,000-table event) are
    written from their parts' texts, each distinct part encoded once (`LineFigures.line_json`),
    rather than made into 78,000 dicts and encoded one by one."""
    figures = LineFigures(results)
    sections = ", ".join(
        _section_json(results, section, reasons or {}, figures) for section in results.sections
    )
    return f'{_dumps(_head(results, session_id))[:-1]}, "sections": [{sections}]}}'


def results_document(
    results: SessionResults, session_id: int | None, reasons: Reasons | None = None
) -> Document:
    document = _head(results, session_id)
    figures = LineFigures(results)
    document["sections"] = [
        _section(results, section, reasons or {}, figures) for section in results.sections
    ]
    return document


def _head(results: SessionResults, session_id: int | None) -> Document:
    """The document but for its sections: the session, and its rankings across sections."""
    session: Document = {
        "id": session_id,
        "name": results.name,
        "date": results.date.isoformat() if results.date else None,
        "scale": results.scale,
    }
    if results.imps:  # "cross_imps" or "butler"; an MP session keeps docs/formats.md's keys
        session["method"] = results.settings.method
    session["settings"] = settings_json(results.settings)
    document: Document = {"session": session}
    if results.overall:  # docs/rules.md §6.6: each pair names its section
        document["overall"] = [
            {
                "direction": field.direction,
                "ranking": [
                    {
                        "section": s.score.section,
                        **_standing(results, standing_section(results, s), s),
                    }
                    for s in field.standings
                ],
            }
            for field in results.overall
        ]
    return document


def _dumps(value: object) -> str:
    """`value` in JSON, as `results_json` writes it all (compact, its accents as they are)."""
    return json.dumps(value, ensure_ascii=False)


def _members(document: Document) -> str:
    """The members of a JSON object, without its braces: {"a": 1, "b": 2} -> `"a": 1, "b": 2`."""
    return _dumps(document)[1:-1]


def standing_section(results: SessionResults, standing: Standing) -> SectionResult:
    section = results.section(standing.score.section)
    assert section is not None  # the engine ranks only the pairs of its sections
    return section


class LineFigures:
    """Each distinct figure formatted once: a big event's 26,000 lines hold a few thousand
    distinct (matchpoints NS, EW, top), so the lines share their formatted figures rather than
    rounding 104,000 numbers one by one. Example: every line of 1,000 tables scoring 1,998 to
    0 on a top of 1,998 is one `{"mp_ns": 1998.0, "mp_ew": 0.0, "pct_ns": 100.0, ...}`."""

    def __init__(self, results: SessionResults):
        self.results = results
        self._points: dict[tuple[object, ...], Document] = {}
        self._texts: dict[Value | None, str] = {}
        self._point_members: dict[tuple[object, ...], str] = {}
        self._played: dict[tuple[object, ...], tuple[str, str]] = {}
        self._labels: dict[str, str] = {}

    def line_points(self, scored: ScoredLine) -> Document:
        """`_line_points`, once per (points NS, points EW, top): copy it before changing it."""
        key = scored[1:]  # (points_ns, points_ew, top): what the figures are made of
        points = self._points.get(key)
        if points is None:
            points = self._points[key] = _line_points(self.results, scored)
        return points

    def line_json(self, scored: ScoredLine, reasons: Reasons) -> str:
        """`_line(scored, reasons, self)` as JSON text, from the texts of its parts, each
        encoded once: its pairs' labels, what was played (by the line's awards, contract
        columns and ruling: a few hundred in a big event) and its figures (`line_points`).
        Example: `{"ns": "1", "ew": "3003", "contract": "4H", "declarer": "N", "tricks": 10,
        "score_ns": 420, "mp_ns": 3430.0, "mp_ew": 2568.0, "pct_ns": 57.19, "pct_ew": 42.81}`.
        """
        line = scored.line
        ruling = id(line.ruling)  # the lines hold their rulings while their ids are kept
        key = (line.ns_award, line.ew_award, line.contract, line.declarer, line.tricks, ruling)
        played = self._played.get(key)
        if played is None:
            played = self._played[key] = _played_members(line)
        points = self._point_members.get(scored[1:])
        if points is None:
            points = self._point_members[scored[1:]] = _members(self.line_points(scored))
        labels = self._labels
        ns = labels.get(line.ns) or labels.setdefault(line.ns, _dumps(line.ns))
        ew = labels.get(line.ew) or labels.setdefault(line.ew, _dumps(line.ew))
        text = f'{{"ns": {ns}, "ew": {ew}, {played[0]}, {points}{played[1]}'
        if line.group:
            text += f', "foul_group": {_dumps(line.group)}'
        reason = reasons.get(line.ref)
        if reason:
            text += f', "reason": {_dumps(reason)}'
        return text + "}"

    def text(self, value: Value | None) -> str:
        """A line's value on the session's scale, with the session's decimals of lines."""
        shown = self._texts.get(value)
        if shown is None:
            scaled = self.results.scaled(value)
            shown = self._texts[value] = fixed(scaled, self.results.decimals.lines)
        return shown


def _section(
    results: SessionResults, section: SectionResult, reasons: Reasons, figures: LineFigures
) -> Document:
    return {
        "name": section.name,
        "fields": _fields(results, section),
        "boards": [_board(results, board, reasons, figures) for board in section.boards],
    }


def _section_json(
    results: SessionResults, section: SectionResult, reasons: Reasons, figures: LineFigures
) -> str:
    """`_section` as JSON text."""
    head = _dumps({"name": section.name, "fields": _fields(results, section)})[:-1]
    boards = ", ".join(_board_json(results, board, reasons, figures) for board in section.boards)
    return f'{head}, "boards": [{boards}]}}'


def _fields(results: SessionResults, section: SectionResult) -> list[Document]:
    return [
        {
            "direction": field.direction,
            "ranking": [_standing(results, section, s) for s in field.standings],
        }
        for field in section.fields
    ]


def _standing(results: SessionResults, section: SectionResult, standing: Standing) -> Document:
    score = standing.score
    entry = {
        "place": standing.place,
        "pair": score.label,
        "names": list(section.pairs[score.label].names),
    }
    if results.imps:  # IMPs in place of matchpoints and percentage
        return {**entry, "imps": number(score.points), "boards": score.boards}
    return {
        **entry,
        "matchpoints": number(results.scaled(score.points)),
        "max": number(results.scaled(score.top)),
        "percentage": number(score.percentage),
        "boards": score.boards,
    }


def _board(
    results: SessionResults, board: ScoredBoard, reasons: Reasons, figures: LineFigures
) -> Document:
    document = _board_head(results, board)
    document["results"] = [_line(scored, reasons, figures) for scored in board.lines]
    return document


def _board_json(
    results: SessionResults, board: ScoredBoard, reasons: Reasons, figures: LineFigures
) -> str:
    """`_board` as JSON text."""
    lines = ", ".join([figures.line_json(scored, reasons) for scored in board.lines])
    return f'{_dumps(_board_head(results, board))[:-1]}, "results": [{lines}]}}'


def _board_head(results: SessionResults, board: ScoredBoard) -> Document:
    """A board but for its lines: its number, dealer, vulnerability, and top or datum."""
    info = results.boards[board.number]
    document: Document = {
        "number": board.number,
        "dealer": info.dealer,
        "vulnerability": info.vulnerability,
    }
    if results.settings.method == "butler":
        document["datum"] = board.datum
    elif not results.imps:
        document["top"] = _whole_or_float(results.scaled(board.top))
    return document


def _line(scored: ScoredLine, reasons: Reasons, figures: LineFigures) -> Document:
    line = scored.line
    document: Document = {
        "ns": line.ns,
        "ew": line.ew,
        "contract": line.contract,
        "declarer": line.declarer,
        "tricks": line.tricks,
        "score_ns": line.score_ns,
        **figures.line_points(scored),
    }
    ruling = line.ruling
    if ruling is not None and ruling.is_ruling:  # keys added for rulings only (docs/formats.md)
        document.update(kind=ruling.kind, ruling=ruling.words)
    if line.group:
        document["foul_group"] = line.group
    reason = reasons.get(line.ref)
    if reason:
        document["reason"] = reason
    return document


def _played_members(line: Line) -> tuple[str, str]:
    """The members of `_line`'s object that say what was played, as JSON text: those before
    its figures (contract, declarer, tricks, score) and those after (a ruling's kind and words,
    with their leading comma; "" for a line played)."""
    played = _members(
        {
            "contract": line.contract,
            "declarer": line.declarer,
            "tricks": line.tricks,
            "score_ns": line.score_ns,
        }
    )
    ruling = line.ruling
    if ruling is None or not ruling.is_ruling:
        return played, ""
    return played, ", " + _members({"kind": ruling.kind, "ruling": ruling.words})


def _line_points(results: SessionResults, scored: ScoredLine) -> Document:
    if results.imps:  # cross-IMPs: the average per comparison
        return {"imp_ns": number(scored.points_ns), "imp_ew": number(scored.points_ew)}
    return {
        "mp_ns": number(results.scaled(scored.points_ns)),
        "mp_ew": number(results.scaled(scored.points_ew)),
        "pct_ns": number(scored.pct_ns),
        "pct_ew": number(scored.pct_ew),
    }


def _whole_or_float(value: Value) -> int | float:
    exact = Fraction(value)
    return int(exact) if exact.denominator == 1 else float(exact)


OVERALL_FIELDS = {None: "overall", "NS": "overall NS", "EW": "overall EW"}


def _ranked_fields(results: SessionResults) -> list[tuple[str, Field]]:
    """Every ranking a session has, as the CSV lists them: the rankings across sections first
    (field "overall NS"; docs/rules.md §6.6), then each section's fields ("NS", or "" for one
    field)."""
    ranked = [(OVERALL_FIELDS[field.direction], field) for field in results.overall]
    for section in results.sections:
        ranked += [(field.direction or "", field) for field in section.fields]
    return ranked


def ranking_csv(results: SessionResults) -> str:
    """Each field's ranking; at IMPs the IMPs take the place of matchpoints, max and %. A
    name a spreadsheet would run as a formula is written as text (interchange/csv_cells.py)."""
    out = io.StringIO()
    writer = CsvWriter(out)
    points = ["imps"] if results.imps else ["matchpoints", "max", "percentage"]
    points += ["score"] if shows_scaled(results) else []  # docs/rules.md §6.5
    awarded = results.masterpoints
    awards = awarded.awards if awarded and not awarded.problem else None
    extra = ["masterpoints", "masterpoint_type"] if awards is not None else []
    handicapped = {
        (standing.score.section, standing.score.label): (standing.place, standing.score)
        for _, field in handicapped_fields(results)
        for standing in field.standings
    }
    if handicapped:
        extra += ["handicap", "handicapped_percentage", "handicapped_place"]
    writer.writerow(["section", "field", "place", "pair", "names", *points, "boards", *extra])
    for name, field in _ranked_fields(results):
        for standing in field.standings:
            score = standing.score
            row = [
                score.section,
                name,
                standing.place,
                score.label,
                " & ".join(standing_section(results, standing).pairs[score.label].names),
                *total_cells(results, score),
                score.boards,
            ]
            if awards is not None:
                award = awards.get((score.section, score.label))
                row += [awarded_text(award.points), award.kind] if award else ["", ""]
            if handicapped:
                place, again = handicapped[score.section, score.label]
                entry = standing_section(results, standing).pairs[score.label]
                row += [handicap_text(entry.handicap or 0), percent(again.percentage), place]
            writer.writerow(row)
    return out.getvalue()


def shows_scaled(results: SessionResults) -> bool:
    """The totals scaled to the full number of boards are shown (docs/rules.md §6.5)."""
    return results.settings.scaled_totals and not results.imps


def total_cells(results: SessionResults, score: PairScore) -> list[str]:
    """A pair's total (and top, percentage, scaled total) as every page writes them, with the
    session's decimals of each kind (docs/rules.md §3.4)."""
    places = results.decimals
    if results.imps:
        return [fixed(score.points, places.totals)]
    cells = [
        fixed(results.scaled(score.points), places.totals),
        fixed(results.scaled(score.top), places.tops),
        percent(score.percentage),
    ]
    if shows_scaled(results):
        cells.append(fixed(results.scaled(score.scaled), places.scaled))
    return cells
