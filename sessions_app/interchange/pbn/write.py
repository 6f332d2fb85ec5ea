"""Writing a session as PBN 2.1 in export format (docs/formats.md; read back by `read.py`).

One game per board: the 15 mandatory tags in export order, the analysis, a `ScoreTable` and, in
the first game, the session's scoring settings (clubscorer's own tag, `[ClubscorerSettings
"scale=2/1;butler_discard=1;...;factoring=total;..."]`, `interchange/settings.py`) and the
`TotalScoreTable`, whose `Rank` is a pair's place across sections when the session ranks
across them (docs/rules.md §6.6), as Ruter writes it; reading the file back gives the same
results, scored with the same settings.
At IMPs `Scoring` is `IMP;Cross`, or Butler with its datum in Ruter's words where they say it
exactly (`scoring_tag`) and the tables have `IMP_NS`, `IMP_EW` and `TotalIMP`
in place of the matchpoints and percentages.

The standard columns of a ScoreTable row say what other programs can read: the contract,
declarer, tricks and NS score of a table result or an assigned score, NS's of a split score,
`-` for a weighted score (several results), `^A+`/`^A-` for an artificial score, `-`
everywhere for a board not played; the matchpoints are always the line's own. What they cannot
say is in clubscorer's own columns, written only when some line of the session needs them:
`Ruling` (the whole line in the notation of `scoring/rulings.py`, quoted, for an assigned,
split or weighted score; `-` for the others), `Foul` (the fouled-board group) and `Reason`
(the director's reason, quoted). Example row of a weighted line with a reason:

    2 1 2 5 - - - - - - 0.90 3.10 22.50 77.50 "30% 4S N 10; 70% 3NT S 8" - "Law 16B"
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping

from ...scoring.awards import Artificial
from ...scoring.display import number as rounded
from ...scoring.event import Settings
from ...scoring.lines import Line, components
from ...scoring.matchpoints import Value
from ...scoring.results import ScoredLine, SessionResults
from ..compare_places import written_places
from ..deals import analysis_tags
from ..fields import DEFAULT_SECTION
from ..records import BoardRecord
from ..settings import settings_text
from .syntax import quoted, table, tag_pair

MANDATORY = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
SCORING = {"mp": "MP", "cross_imps": "IMP;Cross", "butler": "IMP;Butler"}  # the Scoring tag
_BUTLER_TAGS = {
    "0": "IMP;Butler-0;Mean",
    "1to1": "IMP;Butler-2;Mean",
    "median": "IMP;Butler;Median",
}
SETTINGS = "ClubscorerSettings"  # the session's settings, `scale=2/1;...;factoring=total;...`


def settings_value(results: SessionResults) -> str:
    """The ClubscorerSettings tag's value: every setting `FIELD=VALUE`, separated by `;`."""
    return ";".join(
        f"{name}={value}" for name, value in settings_text(results.settings, results.scale).items()
    )


def scoring_tag(settings: Settings) -> str:
    """The `Scoring` tag of a session: `MP`, `IMP;Cross`, `IMP;Butler-2;Mean` ...

    Butler's datum in Ruter's words where they say it exactly (`Butler-N`: N results left out
    in all): none -> `IMP;Butler-0;Mean`, the highest and the lowest down to one result
    ("1to1") -> `IMP;Butler-2;Mean`, the median -> `IMP;Butler;Median`; any other datum ->
    plain `IMP;Butler` (one at each end keeping two results is not Ruter's `Butler-2` on a
    board of three results), the ClubscorerSettings tag saying which."""
    discard = settings.butler_discard
    if settings.method != "butler":
        return SCORING[settings.method]
    return _BUTLER_TAGS.get(discard, SCORING["butler"])


WRITTEN_WHOLE = ("assigned", "split", "weighted")  # rulings the standard columns cannot say


def write_pbn(
    results: SessionResults,
    boards: Mapping[int, BoardRecord],
    *,
    site: str = "",
    reasons: Mapping[Hashable, str] | None = None,
) -> str:
    """The session as PBN 2.1 in export format: one game per board (docs/formats.md)."""
    reasons = reasons or {}
    several = [section.name for section in results.sections] not in ([], [DEFAULT_SECTION])
    every_line = [
        scored.line
        for section in results.sections
        for board in section.boards
        for scored in board.lines
    ]
    extra = _extra_columns(every_line, reasons)
    date = f"{results.date:%Y.%m.%d}" if results.date else "?"
    out = [
        "% PBN 2.1",
        "% EXPORT",
        "% Content-type: text/x-pbn; charset=UTF-8",
        "% Creator: clubscorer",
        "",
    ]
    for position, (number, info) in enumerate(results.boards.items()):
        record = boards.get(number)
        values = {
            "Event": results.name,
            "Site": site,
            "Date": date,
            "Board": str(number),
            "West": "",
            "North": "",
            "East": "",
            "South": "",
            "Dealer": info.dealer,
            "Vulnerable": info.vulnerability,
            "Deal": record.deal if record and record.deal else "N:- - - -",
            "Scoring": scoring_tag(results.settings),
            "Declarer": "",
            "Contract": "",
            "Result": "",
        }
        out += [tag_pair(name, values[name]) for name in MANDATORY]
        if position == 0:
            out.append(tag_pair(SETTINGS, settings_value(results)))
        if record and record.deal and record.analysis:
            out.append(analysis_tags(record.analysis).rstrip("\n"))
        lines = [
            (section.name, scored)
            for section in results.sections
            if (board := section.board(number)) is not None
            for scored in board.lines
        ]
        if lines:
            out.append(_score_table(results, lines, several, extra, reasons))
        if position == 0:
            out.append(_total_score_table(results, several))
        out.append("")
    return "\n".join(out)


def _extra_columns(lines: list[Line], reasons: Mapping[Hashable, str]) -> tuple[str, ...]:
    """clubscorer's own ScoreTable columns this session needs."""
    extra = []
    if any(_whole(line) for line in lines):
        extra.append("Ruling")
    if any(line.group for line in lines):
        extra.append("Foul")
    if any(reasons.get(line.ref) for line in lines):
        extra.append("Reason")
    return tuple(extra)


def _score_table(
    results: SessionResults,
    lines: list[tuple[str, ScoredLine]],
    several: bool,
    extra: tuple[str, ...],
    reasons: Mapping[Hashable, str],
) -> str:
    columns = [
        ("Table", "R"),
        ("Round", "R"),
        ("PairId_NS", "R"),
        ("PairId_EW", "R"),
        ("Contract", "L"),
        ("Declarer", "L"),
        ("Result", "R"),
        ("Lead", "L"),
        ("Score_NS", "R"),
        ("Score_EW", "R"),
    ]
    if results.imps:
        columns += [("IMP_NS", "R"), ("IMP_EW", "R")]
    else:
        columns += [("MP_NS", "R"), ("MP_EW", "R"), ("Percentage_NS", "R"), ("Percentage_EW", "R")]
    columns += [(name, "L") for name in extra]
    rows = []
    for section, scored in lines:
        line = scored.line
        row = [_or_dash(line.table), _or_dash(line.round), line.ns, line.ew]
        row += _contract_cells(line)
        row += [_or_dash(line.lead or None)]
        row += _score_cells(line)
        artificial = "^" if not line.is_real and not line.is_not_played else ""
        row += [
            _value(results.scaled(scored.points_ns), artificial),  # IMPs are never scaled
            _value(results.scaled(scored.points_ew), artificial),
        ]
        if not results.imps:
            row += [_value(scored.pct_ns, artificial), _value(scored.pct_ew, artificial)]
        row += [_extra_cell(name, line, reasons) for name in extra]
        rows.append(([section] if several else []) + row)
    if several:
        columns.insert(0, ("Section", "L"))
    return table("ScoreTable", columns, rows)


def _extra_cell(name: str, line: Line, reasons: Mapping[Hashable, str]) -> str:
    if name == "Ruling":
        ruling = line.ruling
        return quoted(ruling.text) if ruling and _whole(line) else "-"
    if name == "Foul":
        return str(line.group) if line.group else "-"
    reason = reasons.get(line.ref, "")
    return quoted(re.sub(r"[\r\n]+", " ", reason)) if reason else "-"  # a row is one line


def _whole(line: Line) -> bool:
    """A line only the Ruling column says: assigned, split, weighted, facing a phantom."""
    return line.faces_phantom or (line.ruling is not None and line.ruling.kind in WRITTEN_WHOLE)


def _contract_cells(line: Line) -> list[str]:
    """Contract, Declarer, Result: the table's result (NS's of a split score)."""
    one = line.ruling.shown is not None if line.ruling is not None else line.score_ns is not None
    if not line.is_real or not one:  # artificial, not played, weighted
        return ["-", "-", "-"]
    if not line.contract:
        return ["?", "?", "?"]  # only the score is known
    if line.contract == "PASS":
        return ["Pass", "-", "-"]
    return [line.contract, line.declarer or "?", _or_dash(line.tricks)]


def _score_cells(line: Line) -> list[str]:
    """Score_NS, Score_EW: the scoring side's score in its column (NS's of a split score)."""
    if line.is_not_played or line.faces_phantom:
        return ["-", "-"]
    ns_award, ew_award = line.ns_award, line.ew_award
    if isinstance(ns_award, Artificial) and isinstance(ew_award, Artificial):
        return ["^" + ns_award.token, "^" + ew_award.token]
    award = components(ns_award)
    if len(award) != 1:
        return ["-", "-"]  # a weighted score: only the matchpoints
    score = award[0][1]
    return [str(score), "-"] if score >= 0 else ["-", str(-score)]


def _total_score_table(results: SessionResults, several: bool) -> str:
    columns = [("Rank", "R"), ("PairId", "R"), ("Direction", "L"), ("Names", "L")]
    if results.imps:
        columns += [("TotalIMP", "R")]
    else:
        columns += [("TotalMP", "R"), ("MaxMP", "R"), ("TotalPercentage", "R")]
    columns += [("NrBoards", "R")]
    rows = []
    places = written_places(results)
    for section in results.sections:
        for field in section.fields:
            for standing in field.standings:
                score = standing.score
                names = section.pairs[score.label].names if score.label in section.pairs else ()
                row = [
                    places[(section.name, score.label)],
                    score.label,
                    field.direction or "-",
                    quoted(";".join(names)),
                    _value(results.scaled(score.points)),
                ]
                if not results.imps:
                    row += [_value(results.scaled(score.top)), _value(score.percentage)]
                row += [str(score.boards)]
                rows.append(([section.name] if several else []) + row)
    if several:
        columns.insert(0, ("Section", "L"))
    return table("TotalScoreTable", columns, rows)


def _value(value: Value | None, mark: str = "") -> str:
    return "-" if value is None else f"{mark}{rounded(value):.2f}"


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)
