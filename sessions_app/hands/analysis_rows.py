"""The rows of the analysis pages (hands/views.py): a pair's boards judged against double
dummy with its summary beside its field's top third, and every pair's summary by field.

Pure, like the other rows: built from the scored results and the session's analysis
(`scoring/analysis_summary.py`); values stay exact and are rounded where they are shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..rows.names import pair_names
from ..rows.words import DIRECTION_WORDS, interpolated
from ..scoring.analysis import CATEGORIES, Category
from ..scoring.analysis_summary import BoardLine, FieldAnalysis, SessionAnalysis, Summary
from ..scoring.event import Direction
from ..scoring.results import SessionResults

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The pure analysis's English words, as the pages say them (lazy: each page in its language).
CATEGORY_WORDS = {
    "correct": pgettext_lazy("analysis category", "Correct"),
    "underbid": pgettext_lazy("analysis category", "Underbid"),
    "overbid": pgettext_lazy("analysis category", "Overbid"),
    "failed_to_double": pgettext_lazy("analysis category", "Failed to double"),
    "doubled_making": pgettext_lazy("analysis category", "Doubled a making contract"),
}
VERDICT_WORDS = {
    "correct": pgettext_lazy("analysis verdict", "correct"),
    "underbid": pgettext_lazy("analysis verdict", "underbid"),
    "overbid": pgettext_lazy("analysis verdict", "overbid"),
    "failed to double": pgettext_lazy("analysis verdict", "failed to double"),
    "doubled a making contract": pgettext_lazy("analysis verdict", "doubled a making contract"),
}
JUDGED_WORDS = {
    # Translators: whose decision an analysis verdict judges, shown as "correct (you)".
    "you": pgettext_lazy("whose decision a verdict judges", "you"),
    "opponents": pgettext_lazy("whose decision a verdict judges", "opponents"),
}
# Why a board of a pair is not analysed (scoring/analysis_summary.py), shown after "not
# analysed:".
REASON_WORDS = {
    "fouled board": _("fouled board"),
    "no contract": _("no contract"),
    "phantom": _("phantom"),
    "score only, no contract": _("score only, no contract"),
    "passed out": _("passed out"),
    "no declarer or tricks": _("no declarer or tricks"),
    "no double-dummy table and par": _("no double-dummy table and par"),
    "assigned score": _("assigned score"),
    "split score": _("split score"),
    "weighted score": _("weighted score"),
    "artificial score": _("artificial score"),
    "not played": _("not played"),
}


def _words(table: Mapping[str, StrOrPromise], text: str) -> StrOrPromise:
    """`text` as `table` says it in the page's language; a text it lacks stays as it is."""
    return table.get(text, text)


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
    verdict: StrOrPromise = ""  # "overbid", "failed to double" ... (lazy, like the others)
    judged: StrOrPromise = ""  # whose decision the verdict judges: "you" or "opponents"
    reason: StrOrPromise = ""

    @property
    def side(self) -> StrOrPromise:
        """The side the pair sat as the page says it: "NS" -> the catalogue's "NS"."""
        return _words(DIRECTION_WORDS, self.direction)


@dataclass(frozen=True, slots=True)
class CategoryRow:
    """A category's count and share of the pair's contracts declared and defended, and the
    top third's shares: correct on 3 of 4 declared -> declared 3, declared_share 3/4."""

    category: Category
    name: StrOrPromise
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
    field_title: StrOrPromise
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
    title: StrOrPromise
    key: str
    rows: tuple[FieldRow, ...]
    top: Summary
    top_pairs: tuple[str, ...]

    @property
    def top_correct(self) -> Fraction | None:
        return self.top.share("correct", declaring=True)


def field_title(results: SessionResults, section: str, direction: Direction | None) -> StrOrPromise:
    """ "Section A NS" with several sections, "NS" in a two-field section, else "Ranking";
    lazy, in the page's language."""
    side = _words(DIRECTION_WORDS, direction) if direction else ""
    if len(results.sections) > 1:
        if direction:
            return interpolated(
                _("Section %(section)s %(direction)s"), {"section": section, "direction": side}
            )
        return interpolated(_("Section %(section)s"), {"section": section})
    return side or _("Ranking")


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
            _words(CATEGORY_WORDS, category),
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
        return AnalysedBoard(*played, None, None, False, reason=_words(REASON_WORDS, line.reason))
    own = line.declaring != judgement.judges_defenders
    return AnalysedBoard(
        *played,
        judgement.dd,
        line.gain,
        line.declaring,
        _words(VERDICT_WORDS, judgement.name),
        _words(JUDGED_WORDS, "you" if own else "opponents"),
    )
