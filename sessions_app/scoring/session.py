"""Score a whole session: every board matchpointed, adjusted scores valued, pairs ranked.

The steps, each in its own module:
1. E for each traveller: what the movement says, else the most lines on any board of the
   section (never fewer than the lines the board has);
2. the real results of each board matchpointed and Neuberg-factored to E (`matchpoints`) — one
   section at a time, or all sections together when scoring across the field (E is then the
   sum of the sections' E);
3. each pair's percentage on its real results, which Law 12C2(c) needs, then the artificial
   scores (`adjustments`);
4. totals, percentages and places in one or two fields (`ranking`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from .adjustments import (
    artificial_imps,
    artificial_matchpoints,
    artificial_percentage,
    phantom_imps,
)
from .awards import PHANTOM, Artificial
from .event import BoardInfo, Direction, EventInput, PairEntry, SectionEntry, Settings, Traveller
from .imps import score_real_lines_imps
from .matchpoints import Value, score_real_lines
from .ranking import home_direction, rank_fields, sat_directions
from .results import (
    PairScore,
    ScoredBoard,
    ScoredLine,
    SectionResult,
    SessionResults,
    percentage,
)

PairKey = tuple[str, str]  # (section, label)
_Values = list[tuple[Value, Value] | None]  # (NS, EW) points of each line; None: not real
_Real = tuple[int, _Values, tuple[int, ...]]  # a traveller's E, values and Butler datums


@dataclass(slots=True)
class _Total:
    """A pair's points (matchpoints or IMPs), top and boards, added up board by board."""

    points: Value
    top: int
    boards: int


_Totals = dict[PairKey, _Total]


def score_session(event: EventInput) -> SessionResults:
    """Score `event`; the one computation every page, PDF and export reads from."""
    settings = event.settings
    placed = [(s.name, t) for s in event.sections for t in s.travellers]
    expected = _expected_per_traveller(event.sections)
    real = _score_comparisons(placed, _comparisons(placed, expected, settings), settings)
    totals = _real_totals(placed, real, settings)
    scored_boards: dict[str, list[ScoredBoard]] = defaultdict(list)
    artificial_lines: list[tuple[str, ScoredLine]] = []
    for (section, traveller), (board_expected, values, datums) in zip(placed, real, strict=True):
        board = _finish_board(section, traveller, board_expected, values, totals, settings)
        board = replace(board, datums=datums) if datums else board
        scored_boards[section].append(board)
        artificial_lines += [
            (section, s) for s, v in zip(board.lines, values, strict=True) if v is None
        ]
    _add_artificial(totals, artificial_lines)
    scores = _pair_scores(event.sections, totals, settings)
    sections = tuple(
        _section_result(section, scored_boards[section.name], scores) for section in event.sections
    )
    boards = {board.number: board for board in event.boards}
    for _, traveller in placed:
        boards.setdefault(traveller.board, BoardInfo.from_number(traveller.board))
    return SessionResults(
        name=event.name,
        date=event.date,
        scale=event.scale,
        settings=settings,
        sections=sections,
        boards=dict(sorted(boards.items())),
        scores=scores,
    )


def _expected_per_traveller(sections: Iterable[SectionEntry]) -> list[int]:
    """E of each traveller, in order: as given, else the section's most lines on one board."""
    expected = []
    for section in sections:
        most = max((len(t.lines) for t in section.travellers), default=0)
        for traveller in section.travellers:
            expected.append(max(traveller.expected or most, len(traveller.lines)))
    return expected


def _comparisons(
    placed: list[tuple[str, Traveller]], expected: list[int], settings: Settings
) -> list[tuple[list[int], int]]:
    """Groups of travellers (by index) whose results are compared together, and their E."""
    if not settings.across_the_field:
        return [([index], expected[index]) for index in range(len(placed))]
    by_board: dict[int, list[int]] = defaultdict(list)
    for index, (_, traveller) in enumerate(placed):
        by_board[traveller.board].append(index)
    return [
        (indices, sum(expected[index] for index in indices))
        for _, indices in sorted(by_board.items())
    ]


def _score_comparisons(
    placed: list[tuple[str, Traveller]],
    comparisons: list[tuple[list[int], int]],
    settings: Settings,
) -> list[_Real]:
    """For each traveller: the E it is scored against, the matchpoints (or IMPs) of its lines
    and, for Butler, the datum of each group."""
    real: list[_Real] = [(0, [], ())] * len(placed)
    for indices, total_expected in comparisons:
        lines = [line for index in indices for line in placed[index][1].lines]
        datums: tuple[int, ...] = ()
        values: Mapping[int, tuple[Value, Value]]
        if settings.method == "mp":
            values = score_real_lines(lines, total_expected, small_groups=settings.small_groups)
        else:
            values, by_group = score_real_lines_imps(
                lines, settings.method, settings.butler_discard
            )
            datums = tuple(datum for _, datum in sorted(by_group.items()))
        offset = 0
        for index in indices:
            count = len(placed[index][1].lines)
            real[index] = (total_expected, [values.get(offset + i) for i in range(count)], datums)
            offset += count
    return real


def _top(settings: Settings, expected: int) -> int:
    """A board's top: 2(E-1) matchpoints; at IMPs there is none (and so no percentage)."""
    return 2 * (expected - 1) if settings.method == "mp" else 0


def _real_totals(
    placed: list[tuple[str, Traveller]], real: list[_Real], settings: Settings
) -> _Totals:
    """Each pair's points, top and boards on its real results (Law 12C2(c) needs them)."""
    totals: _Totals = {}
    for (section, traveller), (board_expected, values, _) in zip(placed, real, strict=True):
        top = _top(settings, board_expected)
        for line, value in zip(traveller.lines, values, strict=True):
            if value is None:
                continue
            for label, points in ((line.ns, value[0]), (line.ew, value[1])):
                total = totals.get((section, label))
                if total is None:
                    totals[(section, label)] = _Total(points, top, 1)
                else:
                    total.points += points
                    total.top += top
                    total.boards += 1
    return totals


def _finish_board(
    section: str,
    traveller: Traveller,
    board_expected: int,
    values: _Values,
    totals: _Totals,
    settings: Settings,
) -> ScoredBoard:
    """The board's lines with their points (matchpoints or IMPs); artificial scores valued
    from the pairs' percentages on their real results (`totals`, before any artificial score
    is added)."""
    top = _top(settings, board_expected)
    lines = []
    for line, value in zip(traveller.lines, values, strict=True):
        if value is not None:
            lines.append(ScoredLine(line, value[0], value[1], top))
            continue
        points_ns = _artificial(line.ns_award, totals.get((section, line.ns)), top, settings)
        points_ew = _artificial(line.ew_award, totals.get((section, line.ew)), top, settings)
        lines.append(ScoredLine(line, points_ns, points_ew, top))
    return ScoredBoard(traveller.board, board_expected, tuple(lines))


def _artificial(award: object, total: _Total | None, top: int, settings: Settings) -> Value | None:
    if not isinstance(award, Artificial):
        return None  # not played
    if settings.method != "mp":
        if award.kind == PHANTOM:
            return phantom_imps(
                total.points if total else 0, total.boards if total else 0, settings
            )
        return artificial_imps(award, settings)
    own = percentage(total.points, total.top) if total else None
    return artificial_matchpoints(artificial_percentage(award, own, settings), top)


def _add_artificial(totals: _Totals, lines: list[tuple[str, ScoredLine]]) -> None:
    """Count artificial scores into the pairs' totals, once all of them have been valued."""
    for section, scored in lines:
        sides = ((scored.line.ns, scored.points_ns), (scored.line.ew, scored.points_ew))
        for label, points in sides:
            if points is not None:
                total = totals.setdefault((section, label), _Total(0, 0, 0))
                total.points += points
                total.top += scored.top
                total.boards += 1


def _pair_scores(
    sections: Iterable[SectionEntry], totals: _Totals, settings: Settings
) -> dict[PairKey, PairScore]:
    """Every pair's score: those that played from their totals, the others with nothing.

    Places go by percentage at matchpoints, and by total IMPs at IMPs; with `imp_totals`
    "scaled", a pair that played fewer boards is ranked on its total scaled up to the most
    boards any pair of its section played (12 IMPs in 20 boards of 24 -> 14.4)."""
    most: dict[str, int] = defaultdict(int)
    for (section_name, _), total in totals.items():
        most[section_name] = max(most[section_name], total.boards)
    scores = {}
    for key, total in totals.items():
        points, top, boards = total.points, total.top, total.boards
        exact = percentage(points, top)
        if settings.method == "mp":
            rank_key = exact
        elif settings.imp_totals == "scaled" and boards:
            rank_key = Fraction(points) * most[key[0]] / boards
        else:
            rank_key = Fraction(points)
        scores[key] = PairScore(key[0], key[1], points, top, boards, exact, rank_key)
    for section in sections:
        for pair in section.pairs:
            key = (section.name, pair.label)
            scores.setdefault(key, PairScore(section.name, pair.label, 0, 0, 0, None))
        for traveller in section.travellers:  # pairs whose every line was "not played"
            for line in traveller.lines:  # (or that were a phantom, docs/rules.md §5.9)
                for label, award in ((line.ns, line.ns_award), (line.ew, line.ew_award)):
                    if award is None:
                        scores.setdefault(
                            (section.name, label), PairScore(section.name, label, 0, 0, 0, None)
                        )
    return scores


def _section_result(
    section: SectionEntry, boards: list[ScoredBoard], scores: dict[PairKey, PairScore]
) -> SectionResult:
    sat_ns, sat_ew = sat_directions(section.travellers)
    pairs = {pair.label: pair for pair in section.pairs}
    for label in sorted(sat_ns | sat_ew):
        if label not in pairs:
            pairs[label] = PairEntry(label)
    winners = section.winners or (1 if sat_ns & sat_ew else 2)
    counts = _sittings(section) if winners == 2 and sat_ns & sat_ew else {}
    directions = {
        label: home_direction(label in sat_ns, label in sat_ew, pair.direction, counts.get(label))
        for label, pair in pairs.items()
    }
    played = [score for label in pairs if (score := scores[(section.name, label)]).boards]
    return SectionResult(
        name=section.name,
        winners=winners,
        fields=rank_fields(played, winners, directions),
        boards=tuple(sorted(boards, key=lambda board: board.number)),
        pairs=pairs,
    )


def _sittings(section: SectionEntry) -> dict[str, Counter[Direction]]:
    """How many boards each pair sat NS and EW: decides the field of a pair that sat both ways
    in a section the director ranks in two fields."""
    counts: dict[str, Counter[Direction]] = defaultdict(Counter)
    for traveller in section.travellers:
        for line in traveller.lines:
            counts[line.ns]["NS"] += 1
            counts[line.ew]["EW"] += 1
    return counts
