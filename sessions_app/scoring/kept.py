"""What a session's scoring keeps for the next change: each comparison's matchpoints and the
pairs' real totals, so that a changed line re-scores only its own comparison.

A comparison is a group of travellers whose lines are scored together: one section's board, or
a board of every section when scoring across the field. Its matchpoints depend only on its own
lines, its E and the session's settings; a pair's real total is the sum over the comparisons it
played in. So after a change, a comparison whose lines and E are the same as before is taken as
it was, and the totals move by the difference of the others: minus what each changed
comparison gave each pair before, plus what it gives now. Artificial scores (Law 12C2) depend
on the pairs' percentages over the whole session and are valued again every time, as are the
places. Points are exact (int or Fraction), so the difference is exact too.

Example: 26 boards scored across the field, a line of board 7 corrected from 4S= (+420) to
4S+1 (+450): board 7's comparison is scored again; pair 3 had 14 matchpoints on board 7 and
now has 15, so its total goes 301 -> 302, its top and boards unchanged; the 25 other boards
are not looked at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .event import Settings, Traveller
from .lines import Line
from .matchpoints import Outcomes, Value
from .results import ScoredBoard
from .totals import PairKey, Scored, Total, Totals, real_totals

# a traveller's E, the key of each line and the (NS, EW) points of each key (matchpoints.py
# `score_outcomes`), its Butler datums and, when boards played fewer times are not factored
# (§4.5), the top each real line was scored on
Real = tuple[int, Outcomes, tuple[int, ...], list[int] | None]
GroupKey = tuple[tuple[str, int], ...]  # (section, board) of each traveller of a comparison


@dataclass(frozen=True, slots=True)
class Group:
    """One comparison: the travellers (by index) scored together, their E, and what decides
    whether it can be taken from an earlier scoring: its sections' lines."""

    key: GroupKey
    indices: list[int]
    expected: int
    lines: tuple[tuple[str, tuple[Line, ...]], ...]


def comparison_groups(
    placed: Sequence[tuple[str, Traveller]], comparisons: list[tuple[list[int], int]]
) -> list[Group]:
    """The comparisons (`session._comparisons`) as Groups."""
    return [
        Group(
            tuple((placed[i][0], placed[i][1].board) for i in indices),
            indices,
            expected,
            tuple((placed[i][0], placed[i][1].lines) for i in indices),
        )
        for indices, expected in comparisons
    ]


@dataclass(slots=True)
class KeptGroup:
    """A comparison as scored: what `Group` it was, each traveller's `Real` and `Scored`, and
    each traveller's finished board where every line is real (None where one is not: an
    artificial score's value moves with the pairs' percentages)."""

    group: Group
    real: list[Real]
    scored: list[Scored]
    boards: list[ScoredBoard | None]


@dataclass(slots=True)
class KeptScoring:
    """The scoring of one state of a session, for the next: by comparison, and the pairs'
    totals on their real results (before any artificial score), as (points, top, boards,
    full). Filled in by one scoring run, then only read."""

    settings: Settings
    groups: dict[GroupKey, KeptGroup]
    totals: dict[PairKey, tuple[Value, int, int, int]]
    whole: bool = True  # False: a comparison was met twice, the next run builds on nothing
    _where: dict[int, tuple[KeptGroup, int]] = field(default_factory=dict)

    def unchanged(self, group: Group) -> KeptGroup | None:
        """The kept scoring of `group` when its lines and E are what they were."""
        kept = self.groups.get(group.key)
        if kept is None or kept.group.expected != group.expected:
            return None
        return kept if kept.group.lines == group.lines else None

    def finished(self, index: int, board: ScoredBoard, *, has_artificial: bool) -> None:
        """Keep traveller `index`'s finished board, unless some line of it is not real."""
        kept, position = self._where[index]
        kept.boards[position] = None if has_artificial else board


def each_once(groups: list[Group]) -> bool:
    """Whether no comparison is met twice: one section with two travellers of one board
    would give two comparisons one key, and their totals would mix up."""
    return len({group.key for group in groups}) == len(groups)


def usable(kept: KeptScoring | None, settings: Settings, groups: list[Group]) -> KeptScoring | None:
    """`kept` when this run can build on it: the same settings, and each comparison met once
    now and when it was kept (`each_once`)."""
    if kept is None or kept.settings != settings or not kept.whole:
        return None
    return kept if each_once(groups) else None


def unchanged_groups(kept: KeptScoring | None, groups: list[Group]) -> list[KeptGroup | None]:
    """For each of `groups`, its kept scoring when it is unchanged (`KeptScoring.unchanged`),
    else None; every None when nothing is kept. Asked once a run: the engine, the totals and
    what the run keeps all read this list."""
    if kept is None:
        return [None] * len(groups)
    return [kept.unchanged(group) for group in groups]


def kept_totals(
    groups: list[Group],
    scored: Sequence[Scored],
    kept: KeptScoring | None,
    same: list[KeptGroup | None],
) -> Totals:
    """The pairs' real totals: added up from every line when nothing is kept, else the kept
    totals moved by each changed comparison's old and new points (and by those of a
    comparison that is gone); `same` is `unchanged_groups`. Example: pair 3 had 14 on board 7
    of a total of 301 and now has 15 -> 301 - 14 + 15 = 302, in 26 boards still."""
    if kept is None:
        return real_totals(scored)
    totals = {key: Total(*figures) for key, figures in kept.totals.items()}
    now = {group.key for group in groups}
    for key, gone in kept.groups.items():
        if key not in now:
            _move(totals, real_totals(gone.scored), -1)
    for group, unchanged in zip(groups, same, strict=True):
        if unchanged is not None:
            continue
        old = kept.groups.get(group.key)
        if old is not None:
            _move(totals, real_totals(old.scored), -1)
        _move(totals, real_totals([scored[i] for i in group.indices]), 1)
    return totals


def _move(totals: Totals, part: Totals, sign: int) -> None:
    """Add (`sign` 1) or take away (-1) one comparison's totals; a pair left with no board
    is dropped, as a pair with no real result has no total."""
    for key, figures in part.items():
        total = totals.get(key)
        if total is None:
            totals[key] = Total(figures.points, figures.top, figures.boards, figures.full)
            continue
        total.points = _exact(total.points + sign * figures.points)
        total.top += sign * figures.top
        total.boards += sign * figures.boards
        total.full += sign * figures.full
        if not total.boards:
            del totals[key]


def _exact(value: Value) -> Value:
    """A whole Fraction as the int a whole re-score gives: Fraction(302, 1) -> 302."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def keep(
    settings: Settings,
    groups: list[Group],
    real: list[Real],
    scored: Sequence[Scored],
    totals: Totals,
    same: list[KeptGroup | None],
) -> KeptScoring:
    """What this run keeps for the next: every comparison (an unchanged one, `same` says
    which, with the boards it kept; a changed one with none yet) and the real totals, copied
    before the artificial scores are added to them."""
    next_kept = KeptScoring(
        settings,
        {},
        {key: (t.points, t.top, t.boards, t.full) for key, t in totals.items()},
        whole=each_once(groups),
    )
    for group, old in zip(groups, same, strict=True):
        entry = KeptGroup(
            group,
            [real[i] for i in group.indices],
            [scored[i] for i in group.indices],
            list(old.boards) if old is not None else [None] * len(group.indices),
        )
        for position, index in enumerate(group.indices):
            next_kept._where[index] = (entry, position)
        next_kept.groups[group.key] = entry
    return next_kept


def reused_board(next_kept: KeptScoring, index: int) -> ScoredBoard | None:
    """Traveller `index`'s finished board as the last run kept it: `keep` copied it into
    `next_kept` when its comparison is unchanged and every line of it is real; None for a
    changed comparison, until `KeptScoring.finished` stores the new board."""
    entry, position = next_kept._where[index]
    return entry.boards[position]
