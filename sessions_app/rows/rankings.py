"""The rankings of a session: one table a field (a section's NS and EW, or its one field); and
its winners, the pairs placed first in each field, for the club's page."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from django.utils.text import capfirst, slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..scoring.display import awarded
from ..scoring.event import Direction, Settings
from ..scoring.masterpoints import Award
from ..scoring.masterpoints.base import award_message, unit_message
from ..scoring.ranking import natural_key, pair_in_section
from ..scoring.results import Field, SectionResult, SessionResults, Value
from .names import PlayerName, pair_names, pair_players
from .words import direction_words, interpolated, worded, worded_lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Butler scoring's datum (the score each table's is compared with) by what it discards.
_DATUM_DISCARDS = {
    "0": _("datum of every result"),
    "1": _("datum without the top and bottom result"),
    "1to1": _("datum without the top and bottom result, down to one result"),
    "2": _("datum without the top and bottom two results"),
    "3": _("datum without the top and bottom three results"),
    # xgettext:no-python-format
    "5%": _("datum without the top and bottom 5% of results"),
    # xgettext:no-python-format
    "10%": _("datum without the top and bottom 10% of results"),
    "median": _("median datum"),
}
RANKING_TITLE = _("Ranking")  # the one field of a session's one section


def scoring_method_label(settings: Settings) -> str:
    """How an IMP session was scored, for its page: "Butler IMPs, datum without the top and
    bottom result", "Cross-IMPs, average per comparison"; "" for matchpoints."""
    if settings.method == "butler":
        datum = _DATUM_DISCARDS.get(settings.butler_discard) or gettext("datum")
        label = gettext("Butler IMPs, %(datum)s") % {"datum": datum}
    elif settings.method == "cross_imps":
        label = gettext("Cross-IMPs, average per comparison")
    else:
        return ""
    if settings.imp_totals == "scaled":
        # Translators: %(method)s is how the session was scored ("Butler IMPs, median datum").
        label = gettext("%(method)s; ranked on totals scaled to the full number of boards") % {
            "method": label
        }
    return label


def conventions_label(settings: Settings) -> str:
    """The matchpoint conventions a session departs from the usual ones by, for its page:
    "Split scores matchpointed twice; each board scored among its own results"; "" when none
    (docs/rules.md §4.4, §4.5, §5.8)."""
    if settings.method != "mp":
        return ""
    words = []
    if settings.split_scores == "twice":
        # Translators: each of these is one item of a list joined by "; " whose first letter
        # is then capitalised: "Split scores matchpointed twice; each board scored among its
        # own results".
        words.append(gettext("split scores matchpointed twice"))
    if settings.expected_from == "board":
        words.append(gettext("each board scored among its own results"))
    if settings.factoring == "total":
        words.append(gettext("boards played fewer times not factored, each total scaled"))
    return capfirst("; ".join(words))


@dataclass(frozen=True, slots=True)
class RankingRow:
    position: int  # 1, 2, 3 ... in ranking order (what "place" sorts by)
    place: str  # "1", "2=" ...
    section: str
    label: str
    names: str
    points: Value  # matchpoints on the session's display scale, or IMPs; exact
    top: Value
    percentage: Fraction | None
    boards: int
    scaled: Value | None = None  # the total scaled to the full number of boards (§6.5)
    award: Award | None = None  # the master points won, when the session awards them
    players: tuple[PlayerName, ...] = ()  # `names` one by one, each with its register id

    @property
    def award_words(self) -> str:
        """The award as the ranking shows it: "24 black", "0.75 silver"; "" for none."""
        if self.award is None:
            return ""
        return worded(award_message(awarded(self.award.points), self.award.kind))

    @property
    def label_key(self) -> tuple:
        return natural_key(self.section), natural_key(self.label)

    @property
    def pair_in_section(self) -> str:
        """The pair as a ranking across sections names it: "A2" (`scoring/ranking.py`)."""
        return pair_in_section(self.section, self.label)


@dataclass(frozen=True, slots=True)
class FieldRanking:
    section: str
    direction: Direction | None  # None: one field
    title: StrOrPromise  # "Section A NS", "Ranking" ... (lazy: said in the page's language)
    key: str  # for the table's id and query-string prefix: "a", "a-ns"
    rows: tuple[RankingRow, ...]
    scaled: bool = False  # the rows' totals scaled to the full number of boards are shown
    overall: bool = False  # a ranking across sections: its rows come from several (§6.6)
    awards: str = ""  # the master points column's heading ("EBU master points"); "": none


def field_key(section: SectionResult, field: Field) -> str:
    """A field's table key: "a-ns" for section A's NS field, "a" for its one field."""
    return slugify(" ".join([section.name, field.direction or ""])) or "field"


OVERALL_KEYS = {None: "overall", "NS": "overall-ns", "EW": "overall-ew"}


def ranking_keys(results: SessionResults) -> list[str]:
    """The table keys of `session_rankings(results)`, without building their rows."""
    return [OVERALL_KEYS[field.direction] for field in results.overall] + [
        field_key(section, field) for section in results.sections for field in section.fields
    ]


def session_rankings(results: SessionResults) -> list[FieldRanking]:
    """The session's rankings, one table each: the rankings across sections when it has them
    (docs/rules.md §6.6), then every field of every section."""
    return overall_rankings(results) + section_rankings(results)


def rankings_found(rankings: list[FieldRanking], text: str) -> list[FieldRanking]:
    """Each ranking with only the pairs whose number is `text` or whose names hold it (any
    case, any accents as typed), in their places: what a player of a big field looks for.
    Example: "lee" in a field where pair 7 is Ann Lee & Bob Ray, 3rd, and pair 12 is Kim
    Leeds & Jo Hart, 9th -> the field's rows of pair 7 (place 3) and pair 12 (place 9)."""
    wanted = text.casefold()
    return [
        replace(
            ranking,
            rows=tuple(
                row
                for row in ranking.rows
                if row.label.casefold() == wanted or wanted in row.names.casefold()
            ),
        )
        for ranking in rankings
    ]


def overall_rankings(results: SessionResults) -> list[FieldRanking]:
    """The rankings across sections: all sections' pairs (or each direction's) in one table,
    each row naming its section."""
    return [
        FieldRanking(
            section="",
            direction=field.direction,
            title=overall_title(field.direction),
            key=OVERALL_KEYS[field.direction],
            rows=_rows(results, field),
            scaled=results.settings.scaled_totals and not results.imps,
            overall=True,
            awards=awards_heading(results),
        )
        for field in results.overall
    ]


def overall_title(direction: Direction | None):
    """A ranking across sections' title, as `scoring.ranking.overall_title` says it, lazy in
    the page's language: "All sections NS"; "All sections" for every pair in one field."""
    if direction:
        return interpolated(
            _("All sections %(direction)s"), {"direction": direction_words(direction)}
        )
    return _("All sections")


def field_title(section: str, direction: str | None, several: bool):
    """A section's field as its ranking is headed, lazy in the page's language: "Section B NS"
    (`several` sections), "Section B", "NS", or "" for the one field of a session's one
    section."""
    if not several:
        return direction_words(direction)
    if direction:
        return interpolated(
            _("Section %(section)s %(direction)s"),
            {"section": section, "direction": direction_words(direction)},
        )
    return interpolated(_("Section %(section)s"), {"section": section})


def section_rankings(results: SessionResults) -> list[FieldRanking]:
    """Every field of every section, ranked: one table each."""
    several = len(results.sections) > 1
    rankings = []
    for section in results.sections:
        for field in section.fields:
            rankings.append(
                FieldRanking(
                    section=section.name,
                    direction=field.direction,
                    title=field_title(section.name, field.direction, several) or RANKING_TITLE,
                    key=field_key(section, field),
                    rows=_rows(results, field),
                    scaled=results.settings.scaled_totals and not results.imps,
                    awards=awards_heading(results),
                )
            )
    return rankings


def awards_heading(results: SessionResults) -> str:
    """The heading of the rankings' master points column: "EBU master points"; "" when the
    session awards none (a scale refused shows its reason instead, on the page)."""
    awarded = results.masterpoints
    if not awarded or awarded.problem:
        return ""
    return worded_lazy(unit_message(awarded.body, awarded.unit))


def _rows(results: SessionResults, field: Field) -> tuple[RankingRow, ...]:
    sections = {section.name: section for section in results.sections}
    awards = results.masterpoints.awards if results.masterpoints else {}
    return tuple(
        RankingRow(
            position=position,
            place=standing.place,
            section=standing.score.section,
            label=standing.score.label,
            names=pair_names(sections[standing.score.section], standing.score.label),
            points=results.scaled(standing.score.points),
            top=results.scaled(standing.score.top),
            percentage=standing.score.percentage,
            boards=standing.score.boards,
            scaled=results.scaled(standing.score.scaled),
            award=awards.get((standing.score.section, standing.score.label)),
            players=pair_players(sections[standing.score.section], standing.score.label),
        )
        for position, standing in enumerate(field.standings, start=1)
    )


class Winner(NamedTuple):
    """A pair placed first in its field (several when they tie), as the club's page names it."""

    field: str  # "NS", "Section B EW", "Section B" (lazy); "" for a session's one field
    section: str
    label: str
    names: str
    points: Value  # matchpoints on the display scale, or IMPs
    percentage: Fraction | None  # None at IMPs
    imps: bool
    places: int  # the session's decimals of totals (SessionResults.decimals)
    players: tuple[PlayerName, ...] = ()  # `names` one by one, each with its register id


def session_winners(results: SessionResults) -> tuple[Winner, ...]:
    """The pairs placed first in each field, field by field as `session_rankings` orders them;
    a tie for first gives each of the tied pairs.

    Example (Pagat board 1, two fields): NS pair 3 (12 of 12, 100%) and EW pair 12 (12 of 12,
    100%) -> (Winner("NS", "A", "3", ...), Winner("EW", "A", "12", ...)).
    """
    winners = []
    several = len(results.sections) > 1
    for ranking in section_rankings(results):
        first = ranking.rows[0].place if ranking.rows else None
        winners += [
            Winner(
                field_title(ranking.section, ranking.direction, several),
                row.section,
                row.label,
                row.names,
                row.points,
                None if results.imps else row.percentage,
                results.imps,
                results.decimals.totals,
                row.players,
            )
            for row in ranking.rows
            if row.place == first
        ]
    return tuple(winners)
