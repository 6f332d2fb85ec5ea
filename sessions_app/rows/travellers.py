"""A board's travellers: each table's result in each section that played the board, with its
matchpoints (or IMPs) and the director's ruling in words."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from ..scoring.contract import Contract
from ..scoring.line_words import LineRuling, line_contract, line_ruling
from ..scoring.ranking import natural_key
from ..scoring.results import SectionResult, SessionResults, Value
from .names import PlayerName, pair_names, pair_players
from .words import interpolated, page_ruling

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True, slots=True)
class TravellerLineRow:
    """One line of a traveller, as the pairs sat."""

    section: str
    round: int | None
    table: int | None
    ns: str
    ew: str
    ns_names: str
    ew_names: str
    contract: str  # "4SX", "PASS", "A+/A-", "NP" ...
    bid: Contract | None  # the contract `contract` shows; None for an adjustment or a score
    declarer: str
    lead: str
    tricks: int | None
    score_ns: int | None  # the NS score the NS pair is scored with, when there is one
    split_ew: int | None  # a split score: the NS-view score the EW pair is scored with
    points_ns: Value | None  # matchpoints on the display scale, or IMPs
    points_ew: Value | None
    pct_ns: Fraction | None
    pct_ew: Fraction | None
    ruling: LineRuling | None = None  # a director's ruling; None for a table's result
    ns_players: tuple[PlayerName, ...] = ()  # `ns_names` one by one, with their register ids
    ew_players: tuple[PlayerName, ...] = ()
    reason: str = ""  # why, when the club shows reasons

    @property
    def ns_key(self) -> tuple:
        return natural_key(self.ns)

    @property
    def ew_key(self) -> tuple:
        return natural_key(self.ew)


@dataclass(frozen=True, slots=True)
class SectionTraveller:
    section: str
    title: StrOrPromise  # "Section A", or "Traveller" for a one-section session (lazy)
    key: str
    top: Value  # display scale (not shown at IMPs)
    rows: tuple[TravellerLineRow, ...]
    datums: tuple[int, ...] = ()  # Butler: the datum of each group (one unless fouled)

    @property
    def ruled(self) -> tuple[TravellerLineRow, ...]:
        """The lines with a director's ruling, to say in words below the traveller."""
        return tuple(row for row in self.rows if row.ruling)

    @property
    def datum(self) -> int | None:
        """Butler: the one datum of the board (None when a fouled board has several)."""
        return self.datums[0] if len(self.datums) == 1 else None


def section_key(section: SectionResult) -> str:
    """A section's traveller table key: "a" for section A."""
    return slugify(section.name) or "section"


def section_traveller(
    results: SessionResults, section: SectionResult, number: int, *, show_reasons: bool = False
) -> SectionTraveller | None:
    """Board `number`'s traveller in `section`, in the order the lines were entered (by round
    and table); None when the section has no line of it. The director's rulings are marked in
    words, with their reasons when `show_reasons` (the club shows them).

    Example (Pagat board 1, 2/1): the line 3 v 11, 5C× by E, 8 tricks -> score_ns 500,
    points_ns 12, points_ew 0, pct_ns 100.
    """
    board = section.board(number)
    if board is None:
        return None
    rows = tuple(
        TravellerLineRow(
            section=section.name,
            round=scored.line.round,
            table=scored.line.table,
            ns=scored.line.ns,
            ew=scored.line.ew,
            ns_names=pair_names(section, scored.line.ns),
            ew_names=pair_names(section, scored.line.ew),
            ns_players=pair_players(section, scored.line.ns),
            ew_players=pair_players(section, scored.line.ew),
            contract=scored.line.contract,
            bid=line_contract(scored.line),
            declarer=scored.line.declarer,
            lead=scored.line.lead,
            tricks=scored.line.tricks,
            score_ns=_single_score(scored.line.ns_award),
            split_ew=scored.line.score_ew,
            points_ns=results.scaled(scored.points_ns),
            points_ew=results.scaled(scored.points_ew),
            pct_ns=scored.pct_ns,
            pct_ew=scored.pct_ew,
            ruling=page_ruling(line_ruling(scored.line)),
            reason=scored.line.reason if show_reasons and scored.line.assigned else "",
        )
        for scored in board.lines
    )
    return SectionTraveller(
        section=section.name,
        title=(
            interpolated(_("Section %(section)s"), {"section": section.name})
            if len(results.sections) > 1
            else _("Traveller")
        ),
        key=section_key(section),
        top=results.scaled(board.top),
        rows=rows,
        datums=board.datums,
    )


def board_travellers(
    results: SessionResults, number: int, *, show_reasons: bool = False
) -> list[SectionTraveller]:
    """The traveller of board `number` in every section that played it."""
    travellers = (
        section_traveller(results, section, number, show_reasons=show_reasons)
        for section in results.sections
    )
    return [traveller for traveller in travellers if traveller is not None]


def pair_on_board(results: SessionResults, number: int, section_name: str, label: str) -> bool:
    """Whether pair `label` of section `section_name` has a line (NS or EW) on board `number`:
    the pair a board page may mark as the reader's own.

    Example (Pagat board 1): ("A", "11") -> True (it sat EW against 3); ("A", "99") -> False.
    """
    section = results.section(section_name)
    board = section.board(number) if section is not None else None
    return board is not None and any(label in (s.line.ns, s.line.ew) for s in board.lines)


def traveller_keys(results: SessionResults, number: int) -> list[str]:
    """The table keys of `board_travellers(results, number)`, without building their rows."""
    return [
        section_key(section) for section in results.sections if section.board(number) is not None
    ]


def _single_score(award) -> int | None:
    """The NS score of one side's award when it is a single real score (not weighted,
    artificial or not played)."""
    if isinstance(award, tuple) and len(award) == 1:
        return award[0][1]
    return None


def neighbour_boards(results: SessionResults, number: int) -> tuple[int | None, int | None]:
    """The numbers of the boards before and after `number` (None at either end)."""
    numbers = sorted(results.boards)
    index = numbers.index(number)
    return (
        numbers[index - 1] if index else None,
        numbers[index + 1] if index + 1 < len(numbers) else None,
    )
