"""The session's handicapped rankings as the pages and the printed results show them: each
pair's place on its handicapped percentage, beside its scratch percentage and its handicap
(docs/rules.md §20). Pure: rows from `SessionResults`, no queries."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from ..scoring.handicaps import handicapped_fields
from ..scoring.ranking import pair_in_section
from ..scoring.results import SessionResults
from .names import PlayerName, pair_names, pair_players
from .rankings import field_title, overall_title
from .words import interpolated

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True, slots=True)
class HandicappedRow:
    place: str
    section: str
    label: str
    names: str
    players: tuple[PlayerName, ...]
    scratch: Fraction | None  # the pair's own percentage
    handicap: Fraction
    percentage: Fraction | None  # scratch plus handicap

    @property
    def pair_in_section(self) -> str:
        return pair_in_section(self.section, self.label)


@dataclass(frozen=True, slots=True)
class HandicappedRanking:
    title: StrOrPromise  # "Handicapped ranking", "Section B NS, handicapped" (lazy)
    overall: bool
    rows: tuple[HandicappedRow, ...]


def handicapped_rankings(results: SessionResults) -> list[HandicappedRanking]:
    """Every field ranked on its handicapped percentages; [] when the session has none.
    Example: pair 3 on 47.50% with handicap 8 -> percentage 55.50, placed on it."""
    sections = {section.name: section for section in results.sections}
    several = len(results.sections) > 1
    rankings = []
    for section_name, field in handicapped_fields(results):
        if section_name:
            title = field_title(section_name, field.direction, several)
        else:
            title = overall_title(field.direction)
        rows = []
        for standing in field.standings:
            score = standing.score
            section = sections[score.section]
            entry = section.pairs.get(score.label)
            handicap = entry.handicap if entry and entry.handicap is not None else Fraction(0)
            percentage = score.percentage
            rows.append(
                HandicappedRow(
                    place=standing.place,
                    section=score.section,
                    label=score.label,
                    names=pair_names(section, score.label),
                    players=pair_players(section, score.label),
                    scratch=None if percentage is None else percentage - handicap,
                    handicap=handicap,
                    percentage=percentage,
                )
            )
        heading: StrOrPromise
        if title:
            # Translators: %(title)s is a field's title: "Section B NS", "All sections".
            heading = interpolated(_("%(title)s, handicapped"), {"title": title})
        else:
            heading = _("Handicapped ranking")
        rankings.append(HandicappedRanking(heading, not section_name, tuple(rows)))
    return rankings
