"""The rows of the analysis pages (hands/views.py): a pair's boards judged against double
dummy with its summary beside its field's top third, and every pair's summary by field.

Pure, like the other rows: built from the scored results and the session's analysis
(`scoring/analysis_summary.py`); values stay exact and are rounded where they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.text import slugify

from ..rows.names import pair_names
from ..scoring.analysis import CATEGORIES, CATEGORY_NAMES, Category
from ..scoring.analysis_summary import BoardLine, FieldAnalysis, SessionAnalysis, Summary
from ..scoring.event import Direction
from ..scoring.results import SessionResults


@dataclass(frozen=True, slots=True)
class AnalysedBoard:
    """One board of a pair: its contract judged (`verdict`), or why it is not (`reason`)."""

    board: int
    direction: Direction  # the side the pair sat
    contract: str  # "4SX"; a ruling or PASS as written
    declarer: str
    tricks: int | None
    dd: int | None  # declarer's double-dummy tricks in the strain
    gain: int | None  # tricks against double dummy from the pair's side
    declared: bool
    verdict: str = ""  # "overbid", "failed to double" ...
    judged: str = ""  # whose decision the verdict judges: "you" or "opponents"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class CategoryRow:
    """A category's count and share of the pair's contracts declared and defended, and the
    top third's shares: correct on 3 of 4 declared -> declared 3, declared_share 3/4."""

    category: Category
    name: str
    declared: int
    declared_share: Fraction | None
    top_declared_share: Fraction | None
    defended: int
    defended_share: Fraction | None
    top_defended_share: Fraction | None


@dataclass(frozen=True, slots=True)
class PairAnalysisPage:
    section: str
    label: str
    names: str
    place: str | None
    field_title: str
    boards: tuple[AnalysedBoard, ...]
    categories: tuple[CategoryRow, ...]
    summary: Summary
    top: Summary | None
    top_pairs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FieldRow:
    place: str
    section: str
    label: str
    names: str
    summary: Summary

    @property
    def correct(self) -> Fraction | None:
        return self.summary.share("correct", declaring=True)


@dataclass(frozen=True, slots=True)
class FieldAnalysisPage:
    title: str
    key: str
    rows: tuple[FieldRow, ...]
    top: Summary
    top_pairs: tuple[str, ...]

    @property
    def top_correct(self) -> Fraction | None:
        return self.top.share("correct", declaring=True)


def field_title(results: SessionResults, section: str, direction: Direction | None) -> str:
    """ "Section A NS" with several sections, "NS" in a two-field section, else "Ranking"."""
    words = [f"Section {section}"] if len(results.sections) > 1 else []
    words += [direction] if direction else []
    return " ".join(words) or "Ranking"


def pair_analysis_page(
    results: SessionResults, analysis: SessionAnalysis, section: str, label: str
) -> PairAnalysisPage | None:
    """Pair `label`'s analysis page; None when the section has no such pair.

    Example: pair 3 declared 4S by N taking 11 where double dummy gives 10 (par +300):
    its row of that board reads contract 4S, declarer N, tricks 11, dd 10, gain +1,
    verdict "correct", judged "you"."""
    pair = analysis.pair(section, label)
    scored = results.section(section)
    if pair is None or scored is None:
        return None
    field = next((f for f in analysis.fields if f.section == section and pair in f.pairs), None)
    top = pair.top_third
    categories = tuple(
        CategoryRow(
            category,
            CATEGORY_NAMES[category],
            pair.summary.declaring.get(category, 0),
            pair.summary.share(category, declaring=True),
            top.share(category, declaring=True) if top else None,
            pair.summary.defending.get(category, 0),
            pair.summary.share(category, declaring=False),
            top.share(category, declaring=False) if top else None,
        )
        for category in CATEGORIES
    )
    return PairAnalysisPage(
        section=section,
        label=label,
        names=pair_names(scored, label),
        place=pair.place,
        field_title=field_title(results, section, field.direction) if field else "",
        boards=tuple(_board(line) for line in pair.lines),
        categories=categories,
        summary=pair.summary,
        top=top,
        top_pairs=field.top_labels if field else (),
    )


def session_analysis_page(
    results: SessionResults, analysis: SessionAnalysis
) -> list[FieldAnalysisPage]:
    """Every field's pairs in ranking order with their summaries, and its top third."""
    return [_field(results, field) for field in analysis.fields]


def _field(results: SessionResults, field: FieldAnalysis) -> FieldAnalysisPage:
    section = results.section(field.section)
    rows = tuple(
        FieldRow(
            pair.place or "",
            pair.section,
            pair.label,
            pair_names(section, pair.label),
            pair.summary,
        )
        for pair in field.pairs
    )
    key = slugify(f"{field.section} {field.direction or ''}") or "field"
    title = field_title(results, field.section, field.direction)
    return FieldAnalysisPage(title, key, rows, field.top_third, field.top_labels)


def _board(line: BoardLine) -> AnalysedBoard:
    judgement = line.judgement
    played = (line.board, line.direction, line.contract, line.declarer, line.tricks)
    if judgement is None:
        return AnalysedBoard(*played, None, None, False, reason=line.reason)
    own = line.declaring != judgement.judges_defenders
    return AnalysedBoard(
        *played,
        judgement.dd,
        line.gain,
        line.declaring,
        judgement.name,
        "you" if own else "opponents",
    )
