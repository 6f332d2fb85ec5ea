"""A pair's personal score card: every board it played, from its own side, and its total; and
what it has no score for: the rounds it sat out and the boards without a score."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from django.utils.translation import gettext_lazy as _

from ..scoring.contract import Contract
from ..scoring.event import Direction
from ..scoring.line_words import LineRuling, line_contract, line_ruling
from ..scoring.ranking import natural_key
from ..scoring.results import Field, PairLine, SectionResult, SessionResults, Standing, Value
from .names import PlayerName, pair_names, pair_players
from .words import page_ruling

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True, slots=True)
class ScoreCardRow:
    board: int
    round: int | None
    table: int | None
    direction: Direction  # as the pair sat on this board
    opponent: str
    opponent_names: str
    contract: str  # "4SX", "PASS", "A+/A-", "NP" ...
    bid: Contract | None  # the contract `contract` shows; None for an adjustment or a score
    declarer: str
    lead: str
    tricks: int | None
    score: int | None  # the pair's own score, from its side
    points: Value | None  # matchpoints on the display scale, or IMPs; None: not played
    top: Value
    pct: Fraction | None
    ruling: LineRuling | None = None  # a director's ruling; None for a table's result
    opponent_players: tuple[PlayerName, ...] = ()  # `opponent_names` one by one, with ids

    @property
    def opponent_key(self) -> tuple:
        return natural_key(self.opponent)

    @property
    def round_key(self) -> tuple:
        return (self.round or 0, self.board)


# Why a pair's score card has no score on a board (lazy: said in the page's language).
SAT_OUT = _("sat out")
NOT_ENTERED = _("not entered yet")
NOT_PLAYED = _("not played")


class Gap(NamedTuple):
    """A round the pair sat out, or a board it has no score on, for its score card.

    Examples: Gap(1, 3, (3,), "", "sat out") (round 1, at table 3, board 3 not played there);
    Gap(3, 1, (3,), "5", "not entered yet") (board 3 against pair 5 in round 3)."""

    round: int | None
    table: int | None
    boards: tuple[int, ...]
    opponent: str  # "" for a round sat out
    # "sat out", "not entered yet" (lazy), or the ruling in words ("not played" ...)
    why: StrOrPromise

    @property
    def sat_out(self) -> bool:
        return not self.opponent

    @property
    def board(self) -> int:
        return self.boards[0]


def sat_out(round_number: int, table: int, boards: Iterable[int]) -> Gap:
    """A round the movement seats the pair against nobody (a half table, a Howell's sit-out)."""
    return Gap(round_number, table, tuple(boards), "", SAT_OUT)


def not_entered(board: int, round_number: int | None, table: int | None, opponent: str) -> Gap:
    """A board the movement gives the pair whose line nobody has entered yet."""
    return Gap(round_number, table, (board,), opponent, NOT_ENTERED)


@dataclass(frozen=True, slots=True)
class ScoreCard:
    section: str
    label: str
    names: str
    direction: Direction | None  # home direction (its field in a two-winner section)
    place: str | None
    field_size: int
    points: Value | None  # total matchpoints on the display scale, or total IMPs
    top: Value | None
    percentage: Fraction | None
    boards: int
    rows: tuple[ScoreCardRow, ...]  # in the order played: by round, then board
    gaps: tuple[Gap, ...] = ()  # rounds sat out and boards without a score, by round
    players: tuple[PlayerName, ...] = ()  # `names` one by one, each with its register id

    @property
    def ruled(self) -> tuple[ScoreCardRow, ...]:
        """The boards with a director's ruling, to say in words below the score card."""
        return tuple(row for row in self.rows if row.ruling)


def score_card(
    results: SessionResults, section_name: str, label: str, schedule: Iterable[Gap] = ()
) -> ScoreCard | None:
    """Pair `label`'s boards in section `section_name`, in the order it played them (by round,
    then board), from the traveller lines; None when there is no such pair. `schedule`: what
    its movement says it has no line for (`sat_out`, `not_entered`), listed in `gaps` with
    its lines that have no score (not played, a phantom's).

    Example (Pagat board 1): pair 11 sat EW against 3, who made +500 -> the
    row of board 1 has score -500, points 0 of top 12, pct 0.
    """
    section = results.section(section_name)
    if section is None or label not in section.pairs:
        return None
    card = _card(results, section, label, section.pair_lines(label), section.standing(label))
    unscored = [
        Gap(
            row.round,
            row.table,
            (row.board,),
            row.opponent,
            row.ruling.words if row.ruling else NOT_PLAYED,
        )
        for row in card.rows
        if row.points is None
    ]
    gaps = sorted([*schedule, *unscored], key=lambda gap: (gap.round or 0, gap.boards))
    return replace(card, gaps=tuple(gaps))


def section_score_cards(results: SessionResults, section_name: str) -> dict[str, ScoreCard]:
    """The score card of every pair of the section, by label: `score_card` for each, in one
    pass over the section's lines (a printed set of score cards has them all)."""
    section = results.section(section_name)
    if section is None:
        return {}
    played: dict[str, list[PairLine]] = defaultdict(list)
    for board in section.boards:
        for scored in board.lines:
            played[scored.line.ns].append(PairLine(board.number, "NS", scored))
            played[scored.line.ew].append(PairLine(board.number, "EW", scored))
    standings = {
        standing.score.label: (field, standing)
        for field in section.fields
        for standing in field.standings
    }
    return {
        label: _card(results, section, label, played.get(label, ()), standings.get(label))
        for label in section.pairs
    }


def _card(
    results: SessionResults,
    section: SectionResult,
    label: str,
    played: Iterable[PairLine],
    ranked: tuple[Field, Standing] | None,
) -> ScoreCard:
    rows = [
        ScoreCardRow(
            board=pair_line.board,
            round=pair_line.scored.line.round,
            table=pair_line.scored.line.table,
            direction=pair_line.direction,
            opponent=pair_line.opponent,
            opponent_names=pair_names(section, pair_line.opponent),
            contract=pair_line.scored.line.contract,
            bid=line_contract(pair_line.scored.line),
            declarer=pair_line.scored.line.declarer,
            lead=pair_line.scored.line.lead,
            tricks=pair_line.scored.line.tricks,
            score=pair_line.score,
            points=results.scaled(pair_line.points),
            top=results.scaled(pair_line.scored.top),
            pct=pair_line.pct,
            ruling=page_ruling(line_ruling(pair_line.scored.line)),
            opponent_players=pair_players(section, pair_line.opponent),
        )
        for pair_line in played
    ]
    rows.sort(key=lambda row: row.round_key)
    score = results.scores.get((section.name, label))
    return ScoreCard(
        section=section.name,
        label=label,
        names=pair_names(section, label),
        direction=ranked[0].direction if ranked else None,
        place=ranked[1].place if ranked else None,
        field_size=len(ranked[0].standings) if ranked else 0,
        points=results.scaled(score.points) if score else None,
        top=results.scaled(score.top) if score else None,
        percentage=score.percentage if score else None,
        boards=score.boards if score else 0,
        rows=tuple(rows),
        players=pair_players(section, label),
    )
