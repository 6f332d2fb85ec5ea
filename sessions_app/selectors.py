"""Read queries shared by pages, and the rows the results pages show.

The row builders read the cached `SessionResults` (no query) and return plain dataclasses with
exact values on the session's display scale; pages, and printing when it wants the same
screens, format them (rounding only in `scoring/display.py` or the template filters).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.core.paginator import Page, Paginator
from django.db.models import Count, Max
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.text import slugify

from .deals import hands
from .models import Board, Club, Session
from .scoring.event import Settings
from .scoring.ranking import natural_key
from .scoring.results import SectionResult, SessionResults, Value
from .traveller_line import line_ruling

SESSIONS_ON_HOME = 20
SESSIONS_PER_PAGE = 50


def visible_sessions(user):
    """Published sessions for everyone; a director also sees the sessions of their clubs.
    A test session (`is_test`) is never shown but to its club's directors, even published."""
    sessions = Session.objects.select_related("club")
    public = sessions.published().filter(is_test=False)
    if user.is_authenticated:
        if user.is_superuser:
            return sessions
        return public | sessions.filter(club__directors=user)
    return public


def session_for_viewer(user, session_id: int) -> Session:
    """The session if this user may see it; a draft is a 404 to the public."""
    session = visible_sessions(user).filter(pk=session_id).first()
    if session is None:
        raise Http404("No such session")
    return session


def latest_sessions(user, limit: int = SESSIONS_ON_HOME) -> list[Session]:
    """The sessions this user may see, latest first (one query)."""
    return list(visible_sessions(user).distinct().order_by("-date", "-id")[:limit])


def clubs_with_sessions(user) -> list[Club]:
    """The clubs that have a session this user may see, each annotated with how many
    (`session_count`) and the date of the latest (`latest_date`); one query."""
    visible = visible_sessions(user).values("pk")
    return list(
        Club.objects.filter(sessions__in=visible)
        .annotate(session_count=Count("sessions", distinct=True), latest_date=Max("sessions__date"))
        .order_by("name")
    )


def club_by_slug(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def club_sessions(user, club: Club, page: str | int | None) -> Page:
    """A page of the club's sessions this user may see, latest first (two queries)."""
    sessions = visible_sessions(user).filter(club=club).distinct().order_by("-date", "-id")
    return Paginator(sessions, SESSIONS_PER_PAGE).get_page(page)


def board_record(session: Session, number: int) -> Board | None:
    """The stored board with its deal, double-dummy table and par (one query)."""
    return (
        Board.objects.filter(session=session, number=number)
        .only("number", "deal", "double_dummy", "par_score", "par_contracts")
        .first()
    )


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What a hand record shows of a board, from what is stored (never recomputed here)."""

    hands: dict[str, dict[str, str]] | None  # seat -> suit -> cards; None: deal not known
    double_dummy: tuple[tuple[str, tuple[int | None, ...]], ...]  # (seat, tricks in STRAINS)
    par_score: int | None  # for NS
    par_contracts: str  # "4S N=, 4S S="

    STRAINS = ("NT", "S", "H", "D", "C")

    @property
    def par_side(self) -> str:
        return "EW" if (self.par_score or 0) < 0 else "NS"

    @property
    def par_value(self) -> int | None:
        return None if self.par_score is None else abs(self.par_score)


def hand_record(board: Board | None) -> HandRecord | None:
    """The board's hand diagram, double-dummy table (declarers N, S, E, W) and par; None when
    nothing of it is stored."""
    if board is None or not (board.deal or board.double_dummy or board.par_score is not None):
        return None
    table = board.double_dummy or {}
    rows = tuple(
        (seat, tuple(table[seat].get(strain) for strain in HandRecord.STRAINS))
        for seat in "NSEW"
        if seat in table
    )
    return HandRecord(
        hands=hands(board.deal) if board.deal else None,
        double_dummy=rows,
        par_score=board.par_score,
        par_contracts=board.par_contracts,
    )


# Rows for the results pages ------------------------------------------------------------------
#
# At IMPs (`results.imps`) the `matchpoints`/`mp` fields hold IMPs (the line's, or the total),
# the percentages are None and no top is shown; the tables then show IMP columns instead.

_DATUM_DISCARDS = {
    "0": "datum of every result",
    "1": "datum without the top and bottom result",
    "5%": "datum without the top and bottom 5% of results",
    "10%": "datum without the top and bottom 10% of results",
}


def scoring_method_label(settings: Settings) -> str:
    """How an IMP session was scored, for its page: "Butler IMPs, datum without the top and
    bottom result", "Cross-IMPs, average per comparison"; "" for matchpoints."""
    if settings.method == "butler":
        label = f"Butler IMPs, {_DATUM_DISCARDS.get(settings.butler_discard, 'datum')}"
    elif settings.method == "cross_imps":
        label = "Cross-IMPs, average per comparison"
    else:
        return ""
    if settings.imp_totals == "scaled":
        label += "; ranked on totals scaled to the full number of boards"
    return label


@dataclass(frozen=True, slots=True)
class RankingRow:
    position: int  # 1, 2, 3 ... in ranking order (what "place" sorts by)
    place: str  # "1", "2=" ...
    section: str
    label: str
    names: str
    matchpoints: Value  # on the session's display scale, exact
    top: Value
    percentage: Fraction | None
    boards: int

    @property
    def label_key(self) -> tuple:
        return natural_key(self.label)


@dataclass(frozen=True, slots=True)
class FieldRanking:
    section: str
    direction: str | None  # None: one field
    title: str  # "Section A NS", "Ranking" ...
    key: str  # for the table's id and query-string prefix: "a", "a-ns"
    rows: tuple[RankingRow, ...]


def session_rankings(results: SessionResults) -> list[FieldRanking]:
    """Every field of every section, ranked: one table each."""
    several = len(results.sections) > 1
    rankings = []
    for section in results.sections:
        for field in section.fields:
            words = [f"Section {section.name}"] if several else []
            words += [field.direction] if field.direction else []
            rows = tuple(
                RankingRow(
                    position=position,
                    place=standing.place,
                    section=section.name,
                    label=standing.score.label,
                    names=pair_names(section, standing.score.label),
                    matchpoints=results.scaled(standing.score.matchpoints),
                    top=results.scaled(standing.score.top),
                    percentage=standing.score.percentage,
                    boards=standing.score.boards,
                )
                for position, standing in enumerate(field.standings, start=1)
            )
            key = slugify(" ".join([section.name, field.direction or ""])) or "field"
            rankings.append(
                FieldRanking(
                    section=section.name,
                    direction=field.direction,
                    title=" ".join(words) or "Ranking",
                    key=key,
                    rows=rows,
                )
            )
    return rankings


def pair_names(section: SectionResult, label: str) -> str:
    pair = section.pairs.get(label)
    return " & ".join(pair.names) if pair else ""


@dataclass(frozen=True, slots=True)
class TravellerRow:
    section: str
    round: int | None
    table: int | None
    ns: str
    ew: str
    ns_names: str
    ew_names: str
    contract: str  # "4SX", "PASS", "A+/A-", "NP" ...
    declarer: str
    lead: str
    tricks: int | None
    score_ns: int | None  # the NS score the NS pair is scored with, when there is one
    split_ew: int | None  # a split score: the NS-view score the EW pair is scored with
    mp_ns: Value | None  # display scale
    mp_ew: Value | None
    pct_ns: Fraction | None
    pct_ew: Fraction | None
    ruling: str = ""  # a director's ruling in words ("weighted: 30% of ..."); "" for a result
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
    title: str  # "Section A", or "Traveller" for a one-section session
    key: str
    top: Value  # display scale (not shown at IMPs)
    rows: tuple[TravellerRow, ...]
    datums: tuple[int, ...] = ()  # Butler: the datum of each group (one unless fouled)

    @property
    def ruled(self) -> tuple[TravellerRow, ...]:
        """The lines with a director's ruling, to say in words below the traveller."""
        return tuple(row for row in self.rows if row.ruling)


def board_travellers(
    results: SessionResults, number: int, *, show_reasons: bool = False
) -> list[SectionTraveller]:
    """The traveller of board `number` in every section that played it; the director's
    rulings are marked in words, with their reasons when the club shows them."""
    several = len(results.sections) > 1
    travellers = []
    for section in results.sections:
        board = section.board(number)
        if board is None:
            continue
        rows = tuple(
            TravellerRow(
                section=section.name,
                round=scored.line.round,
                table=scored.line.table,
                ns=scored.line.ns,
                ew=scored.line.ew,
                ns_names=pair_names(section, scored.line.ns),
                ew_names=pair_names(section, scored.line.ew),
                contract=scored.line.contract,
                declarer=scored.line.declarer,
                lead=scored.line.lead,
                tricks=scored.line.tricks,
                score_ns=_single_score(scored.line.ns_award),
                split_ew=scored.line.score_ew,
                mp_ns=results.scaled(scored.mp_ns),
                mp_ew=results.scaled(scored.mp_ew),
                pct_ns=scored.pct_ns,
                pct_ew=scored.pct_ew,
                ruling=line_ruling(scored.line),
                reason=scored.line.reason if show_reasons and scored.line.assigned else "",
            )
            for scored in board.lines
        )
        travellers.append(
            SectionTraveller(
                section=section.name,
                title=f"Section {section.name}" if several else "Traveller",
                key=slugify(section.name) or "section",
                top=results.scaled(board.top),
                rows=rows,
                datums=board.datums,
            )
        )
    return travellers


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


@dataclass(frozen=True, slots=True)
class ScoreCardRow:
    board: int
    round: int | None
    table: int | None
    direction: str  # as the pair sat on this board
    opponent: str
    opponent_names: str
    contract: str
    declarer: str
    lead: str
    tricks: int | None
    score: int | None  # the pair's own score, from its side
    mp: Value | None  # display scale; None: not played
    top: Value
    pct: Fraction | None
    ruling: str = ""  # a director's ruling in words; "" for a table result

    @property
    def opponent_key(self) -> tuple:
        return natural_key(self.opponent)

    @property
    def round_key(self) -> tuple:
        return (self.round or 0, self.board)


@dataclass(frozen=True, slots=True)
class ScoreCard:
    section: str
    label: str
    names: str
    direction: str | None  # home direction (its field in a two-winner section)
    place: str | None
    field_size: int
    matchpoints: Value | None  # display scale
    top: Value | None
    percentage: Fraction | None
    boards: int
    rows: tuple[ScoreCardRow, ...]

    @property
    def ruled(self) -> tuple[ScoreCardRow, ...]:
        """The boards with a director's ruling, to say in words below the score card."""
        return tuple(row for row in self.rows if row.ruling)


def score_card(results: SessionResults, section_name: str, label: str) -> ScoreCard | None:
    """Pair `label`'s boards in section `section_name`, in the order it played them (by round,
    then board), from the traveller lines; None when there is no such pair."""
    section = results.section(section_name)
    if section is None or label not in section.pairs:
        return None
    rows = [
        ScoreCardRow(
            board=pair_line.board,
            round=pair_line.scored.line.round,
            table=pair_line.scored.line.table,
            direction=pair_line.direction,
            opponent=pair_line.opponent,
            opponent_names=pair_names(section, pair_line.opponent),
            contract=pair_line.scored.line.contract,
            declarer=pair_line.scored.line.declarer,
            lead=pair_line.scored.line.lead,
            tricks=pair_line.scored.line.tricks,
            score=pair_line.score,
            mp=results.scaled(pair_line.mp),
            top=results.scaled(pair_line.scored.top),
            pct=pair_line.pct,
            ruling=line_ruling(pair_line.scored.line),
        )
        for pair_line in section.pair_lines(label)
    ]
    rows.sort(key=lambda row: row.round_key)
    score = results.scores.get((section.name, label))
    ranked = section.standing(label)
    return ScoreCard(
        section=section.name,
        label=label,
        names=pair_names(section, label),
        direction=ranked[0].direction if ranked else None,
        place=ranked[1].place if ranked else None,
        field_size=len(ranked[0].standings) if ranked else 0,
        matchpoints=results.scaled(score.matchpoints) if score else None,
        top=results.scaled(score.top) if score else None,
        percentage=score.percentage if score else None,
        boards=score.boards if score else 0,
        rows=tuple(rows),
    )
