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

A session scored again after a change (`score_session_kept`) re-scores only the comparisons
whose lines or E changed and moves the pairs' real totals by the difference (kept.py); every
figure is the same as a whole re-score's (tests/scoring/test_kept_scoring.py).
"""

from __future__ import annotations

import gc
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from itertools import repeat
from typing import cast

from .adjustments import (
    artificial_imps,
    artificial_matchpoints,
    artificial_percentage,
    phantom_imps,
)
from .awards import PHANTOM, Artificial
from .columns import session_decimals
from .event import (
    BoardInfo,
    Direction,
    EventInput,
    PairEntry,
    SectionEntry,
    Settings,
    TiePlaces,
    Traveller,
    expected_without_movement,
)
from .imps import score_real_lines_imps
from .kept import (
    Group,
    KeptGroup,
    KeptScoring,
    Real,
    comparison_groups,
    keep,
    kept_totals,
    reused_board,
    unchanged_groups,
    usable,
)
from .matchpoints import Value, by_position, group_tops, score_outcomes
from .ranking import home_direction, rank_fields, rank_overall, sat_directions
from .results import (
    PairScore,
    ScoredBoard,
    ScoredLine,
    SectionResult,
    SessionResults,
    percentage,
)
from .totals import PairKey, Total, Totals, add_artificial, pair_scores


def score_session(event: EventInput) -> SessionResults:
    """Score `event`; the one computation every page, PDF and export reads from."""
    return score_session_kept(event, None)[0]


def score_session_kept(
    event: EventInput, kept: KeptScoring | None
) -> tuple[SessionResults, KeptScoring]:
    """Score `event` reusing what `kept` (the scoring of an earlier state of the same session)
    holds for every comparison whose lines and E are unchanged, and return what to keep for
    the next change. Example: a 1,000-table event whose board 7 has one line corrected: board
    7's 1,000 lines are matchpointed again, the 2,000 pairs' totals moved by that board's old
    and new matchpoints, the 25 other boards taken as they were; the figures are those of
    `score_session` on the new event."""
    # Python's cycle collector paused while the engine runs, and left as it was found after.
    # The engine makes tens of thousands of tuples and frozen objects and no reference cycle,
    # so every pass of the collector meanwhile (one per 700 new objects, now and then one over
    # every object the process holds) finds nothing to free; reference counting frees what
    # the engine drops, as always. Paused, `score_session` on 26,000 results takes about 10 %
    # less (docs/BENCHMARKS.md). A thread that finds it paused by another leaves it so; the
    # first to pause it starts it again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _score_session(event, kept)
    finally:
        if collecting:
            gc.enable()


def _score_session(
    event: EventInput, kept: KeptScoring | None
) -> tuple[SessionResults, KeptScoring]:
    settings = event.settings
    placed = [(s.name, t) for s in event.sections for t in s.travellers]
    expected = _expected_per_traveller(event.sections, settings)
    groups = comparison_groups(placed, _comparisons(placed, expected, settings))
    kept = usable(kept, settings, groups)
    same = unchanged_groups(kept, groups)
    real = _score_comparisons(placed, groups, settings, same)
    scored = [
        (section, traveller.lines, keys, outcomes, tops, _top(settings, board_expected))
        for (section, traveller), (board_expected, (keys, outcomes), _, tops) in zip(
            placed, real, strict=True
        )
    ]
    totals = kept_totals(groups, scored, kept, same)
    next_kept = keep(settings, groups, real, scored, totals, same)
    scored_boards: dict[str, list[ScoredBoard]] = defaultdict(list)
    not_real: list[tuple[str, ScoredLine]] = []
    for index, ((section, traveller), real_lines) in enumerate(zip(placed, real, strict=True)):
        artificial: list[ScoredLine] = []
        board = reused_board(next_kept, index)
        if board is None:
            board, artificial = _finish_board(section, traveller, real_lines, totals, settings)
        next_kept.finished(index, board, has_artificial=bool(artificial))
        not_real += [(section, line) for line in artificial]
        scored_boards[section].append(board)
    add_artificial(totals, not_real)
    scores = pair_scores(event.sections, totals, settings, not_real)
    sections = tuple(
        _section_result(section, scored_boards[section.name], scores, settings.tie_places)
        for section in event.sections
    )
    boards = {board.number: board for board in event.boards}
    for _, traveller in placed:
        boards.setdefault(traveller.board, BoardInfo.from_number(traveller.board))
    results = SessionResults(
        name=event.name,
        date=event.date,
        scale=event.scale,
        settings=settings,
        sections=sections,
        boards=dict(sorted(boards.items())),
        scores=scores,
        decimals=session_decimals(
            sections,
            scores.values(),
            halved=event.scale == "1/0.5" and settings.method == "mp",
            imps=settings.method != "mp",
        ),
        overall=rank_overall(sections, settings.overall_ranking, settings.tie_places),
    )
    return results, next_kept


def score_travellers(event: EventInput) -> SessionResults:
    """The travellers of `event` scored exactly as `score_session` scores them, without the
    pairs' totals and places: what answers a saved line with its board's matchpoints. Its
    sections have their boards and no field; its scores are empty. A line with an artificial
    score needs the pairs' percentages over the whole session: ValueError.

    Example: board 5 of a 1,000-table event, 1,000 lines: matchpointed in about a millisecond,
    where ranking the 2,000 pairs on that one board would take ten times as long."""
    settings = event.settings
    placed = [(s.name, t) for s in event.sections for t in s.travellers]
    for _, traveller in placed:
        if any(isinstance(line.ns_award, Artificial) for line in traveller.lines) or any(
            isinstance(line.ew_award, Artificial) for line in traveller.lines
        ):
            raise ValueError(f"board {traveller.board} has an artificial score: score the session")
    expected = _expected_per_traveller(event.sections, settings)
    groups = comparison_groups(placed, _comparisons(placed, expected, settings))
    real = _score_comparisons(placed, groups, settings, unchanged_groups(None, groups))
    boards: dict[str, list[ScoredBoard]] = defaultdict(list)
    for (section, traveller), real_lines in zip(placed, real, strict=True):
        # no totals: a line that is not real here is not played, and has no points
        board, _ = _finish_board(section, traveller, real_lines, {}, settings)
        boards[section].append(board)
    sections = tuple(
        SectionResult(section.name, 1, (), tuple(boards[section.name]), {})
        for section in event.sections
    )
    return SessionResults(
        name=event.name,
        date=event.date,
        scale=event.scale,
        settings=settings,
        sections=sections,
        boards={board.number: board for board in event.boards},
        scores={},
        decimals=session_decimals(
            sections,
            (),
            halved=event.scale == "1/0.5" and settings.method == "mp",
            imps=settings.method != "mp",
        ),
    )


def _expected_per_traveller(sections: Iterable[SectionEntry], settings: Settings) -> list[int]:
    """E of each traveller, in order: as given, else the section's most lines on one board;
    with `expected_from` "board", the board's own real results (§4.4: 5 results and an
    A+/A- -> E = 5, top 8)."""
    expected = []
    for section in sections:
        most = expected_without_movement(len(t.lines) for t in section.travellers)
        for traveller in section.travellers:
            if settings.expected_from == "board":
                expected.append(max(sum(1 for line in traveller.lines if line.is_real), 1))
            else:
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
    groups: list[Group],
    settings: Settings,
    same: list[KeptGroup | None],
) -> list[Real]:
    """For each traveller: the E it is scored against, the matchpoints (or IMPs) of its lines
    and, for Butler, the datum of each group; a group that `same` (`unchanged_groups`) says
    is unchanged is taken from what was kept."""
    real: list[Real] = [(0, ([], {}), (), None)] * len(placed)
    unfactored = settings.method == "mp" and settings.factoring == "total"
    for group, reused in zip(groups, same, strict=True):
        indices, total_expected = group.indices, group.expected
        if reused is not None:
            for index, scored in zip(indices, reused.real, strict=True):
                real[index] = scored
            continue
        lines = [line for index in indices for line in placed[index][1].lines]
        datums: tuple[int, ...] = ()
        tops = group_tops(lines) if unfactored else None
        if settings.method == "mp":
            keys, outcomes = score_outcomes(
                lines,
                total_expected,
                small_groups=settings.small_groups,
                split=settings.split_scores,
                factored=not unfactored,
            )
        else:
            imps, by_group = score_real_lines_imps(lines, settings.method, settings.butler_discard)
            keys, outcomes = by_position(imps, len(lines))
            datums = tuple(datum for _, datum in sorted(by_group.items()))
        offset = 0
        for index in indices:
            count = len(placed[index][1].lines)
            line_tops = (
                [tops.get(i, 0) for i in range(offset, offset + count)]
                if tops is not None
                else None
            )
            line_keys = keys[offset : offset + count] if len(indices) > 1 else keys
            real[index] = (total_expected, (line_keys, outcomes), datums, line_tops)
            offset += count
    return real


def _top(settings: Settings, expected: int) -> int:
    """A board's top: 2(E-1) matchpoints; at IMPs there is none (and so no percentage)."""
    return 2 * (expected - 1) if settings.method == "mp" else 0


new_tuple = tuple.__new__
NO_POINTS: tuple[None, None] = (None, None)
_PointsOf = Callable[[int | None, tuple[None, None]], tuple[Value | None, Value | None]]


def _finish_board(
    section: str, traveller: Traveller, scored: Real, totals: Totals, settings: Settings
) -> tuple[ScoredBoard, list[ScoredLine]]:
    """The board's lines with their points (matchpoints or IMPs) and the top each was scored
    on, and those of them that are not real; artificial scores valued from the pairs'
    percentages on their real results (`totals`, before any artificial score is added) on the
    board's full top."""
    board_expected, (keys, outcomes), datums, tops = scored
    top = _top(settings, board_expected)
    # The points looked up by map, in C (a line that is not real has none: it is left out).
    points = map(cast(_PointsOf, outcomes.get), keys, repeat(NO_POINTS))
    lines = [  # tuple.__new__: a ScoredLine without the call of its __new__, 26,000 times
        new_tuple(ScoredLine, (line, ns, ew, line_top))
        for line, key, (ns, ew), line_top in zip(
            traveller.lines, keys, points, tops or repeat(top), strict=False
        )
        if key is not None
    ]
    artificial = []
    if len(lines) < len(keys):  # not every line is real: put the others in their places
        real = iter(lines)
        lines = []
        for line, key in zip(traveller.lines, keys, strict=True):
            if key is not None:
                lines.append(next(real))
                continue
            points_ns = _artificial(line.ns_award, totals.get((section, line.ns)), top, settings)
            points_ew = _artificial(line.ew_award, totals.get((section, line.ew)), top, settings)
            artificial.append(ScoredLine(line, points_ns, points_ew, top))
            lines.append(artificial[-1])
    return ScoredBoard(traveller.board, board_expected, tuple(lines), datums), artificial


def _artificial(award: object, total: Total | None, top: int, settings: Settings) -> Value | None:
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


def _section_result(
    section: SectionEntry,
    boards: list[ScoredBoard],
    scores: dict[PairKey, PairScore],
    tie_places: TiePlaces,
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
        fields=rank_fields(played, winners, directions, tie_places),
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
