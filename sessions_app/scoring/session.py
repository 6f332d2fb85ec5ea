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
from collections.abc import Iterable

from .adjustments import artificial_matchpoints, artificial_percentage
from .event import BoardInfo, EventInput, PairEntry, SectionEntry, Settings, Traveller
from .lines import Artificial
from .matchpoints import Value, score_real_lines
from .ranking import home_direction, rank_fields, sat_directions, winners_from_travellers
from .results import (
    PairScore,
    ScoredBoard,
    ScoredLine,
    SectionResult,
    SessionResults,
    percentage,
)

PairKey = tuple[str, str]  # (section, label)


def score_session(event: EventInput) -> SessionResults:
    """Score `event`; the one computation every page, PDF and export reads from."""
    settings = event.settings
    placed = [(s.name, t) for s in event.sections for t in s.travellers]
    expected = _expected_per_traveller(event.sections)
    real = _score_comparisons(placed, _comparisons(placed, expected, settings), settings)
    totals = _real_totals(placed, real)
    scored_boards: dict[str, list[ScoredBoard]] = defaultdict(list)
    for (section, traveller), (board_expected, values) in zip(placed, real, strict=True):
        scored_boards[section].append(
            _finish_board(section, traveller, board_expected, values, totals, settings)
        )
    scores = _pair_scores(event.sections, scored_boards)
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


_Values = list[tuple[Value, Value] | None]


def _score_comparisons(
    placed: list[tuple[str, Traveller]],
    comparisons: list[tuple[list[int], int]],
    settings: Settings,
) -> list[tuple[int, _Values]]:
    """For each traveller: the E it is scored against and the (NS, EW) matchpoints of each
    line, None for the lines that are not real results."""
    real: list[tuple[int, _Values]] = [(0, [])] * len(placed)
    for indices, total_expected in comparisons:
        lines = [line for index in indices for line in placed[index][1].lines]
        values = score_real_lines(lines, total_expected, small_groups=settings.small_groups)
        offset = 0
        for index in indices:
            count = len(placed[index][1].lines)
            real[index] = (total_expected, [values.get(offset + i) for i in range(count)])
            offset += count
    return real


def _real_totals(
    placed: list[tuple[str, Traveller]], real: list[tuple[int, _Values]]
) -> dict[PairKey, tuple[Value, int]]:
    """Each pair's matchpoints and tops on its real results, for Law 12C2(c)."""
    totals: dict[PairKey, list] = defaultdict(lambda: [0, 0])
    for (section, traveller), (board_expected, values) in zip(placed, real, strict=True):
        top = 2 * (board_expected - 1)
        for line, value in zip(traveller.lines, values, strict=True):
            if value is None:
                continue
            for label, mp in ((line.ns, value[0]), (line.ew, value[1])):
                total = totals[(section, label)]
                total[0] += mp
                total[1] += top
    return {key: (mp, top) for key, (mp, top) in totals.items()}


def _finish_board(
    section: str,
    traveller: Traveller,
    board_expected: int,
    values: _Values,
    totals: dict[PairKey, tuple[Value, int]],
    settings: Settings,
) -> ScoredBoard:
    top = 2 * (board_expected - 1)
    lines = []
    for line, value in zip(traveller.lines, values, strict=True):
        if value is not None:
            mp_ns, mp_ew = value
        else:
            mp_ns = _artificial(line.ns_award, totals.get((section, line.ns)), top, settings)
            mp_ew = _artificial(line.ew_award, totals.get((section, line.ew)), top, settings)
        lines.append(ScoredLine(line, mp_ns, mp_ew, top))
    return ScoredBoard(traveller.board, board_expected, tuple(lines))


def _artificial(
    award: object, real_total: tuple[Value, int] | None, top: int, settings: Settings
) -> Value | None:
    if not isinstance(award, Artificial):
        return None  # not played
    own = percentage(*real_total) if real_total else None
    return artificial_matchpoints(artificial_percentage(award, own, settings), top)


def _pair_scores(
    sections: Iterable[SectionEntry], scored_boards: dict[str, list[ScoredBoard]]
) -> dict[PairKey, PairScore]:
    sums: dict[PairKey, list] = {}
    for section in sections:
        for pair in section.pairs:
            sums[(section.name, pair.label)] = [0, 0, 0]
        for board in scored_boards[section.name]:
            for scored in board.lines:
                for label, mp in ((scored.line.ns, scored.mp_ns), (scored.line.ew, scored.mp_ew)):
                    total = sums.setdefault((section.name, label), [0, 0, 0])
                    if mp is not None:
                        total[0] += mp
                        total[1] += scored.top
                        total[2] += 1
    return {
        key: PairScore(key[0], key[1], mp, top, boards) for key, (mp, top, boards) in sums.items()
    }


def _section_result(
    section: SectionEntry, boards: list[ScoredBoard], scores: dict[PairKey, PairScore]
) -> SectionResult:
    sat = sat_directions(line for t in section.travellers for line in t.lines)
    pairs = {pair.label: pair for pair in section.pairs}
    for label in sat:
        pairs.setdefault(label, PairEntry(label))
    winners = section.winners or winners_from_travellers(sat)
    directions = {
        label: home_direction(sat.get(label, Counter()), pair.direction)
        for label, pair in pairs.items()
    }
    played = [
        scores[(section.name, label)] for label in pairs if scores[(section.name, label)].boards
    ]
    return SectionResult(
        name=section.name,
        winners=winners,
        fields=rank_fields(played, winners, directions),
        boards=tuple(sorted(boards, key=lambda board: board.number)),
        pairs=pairs,
    )
