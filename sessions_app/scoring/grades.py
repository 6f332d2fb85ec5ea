"""A club grade for every player: the percentage they would be expected to score partnering a
player of their own grade against a field of the club's average strength (50), after the
English Bridge Union's National Grading Scheme (NGS; docs/rules.md §19 cites its full
description and says where this module differs from it).

The rule, session by session, every player of the session moving at once from the grades
they had before it (so the order of the pairs in a session changes nothing):

- a pair's grade is the mean of its two players' grades; a name not matched to the register,
  and a player's first session, count at the starting grade `START` (50);
- the pair's **expected** percentage is 50 + its grade − the mean grade of the other pairs
  it is ranked against (its field: all other pairs of a one-field section, the other pairs of
  its direction in a two-field one) — the NGS "par";
- each player's grade moves by `f × (percentage − expected)`, where `f` is the session's
  boards over the boards behind the grade, this session's included, counted up to `WINDOW`
  (2,000): a new player's first session sets the grade outright (f = 1), the next ones are a
  running board-weighted mean, and once 2,000 boards are behind it each board replaces
  1/2,000 of the grade (the NGS's "last 2,000 boards", recent boards counting most);
- the grade is rounded to four decimals (half to even) after each session, and that rounded
  value is what the next session starts from, so grades computed again from the same
  sessions, in the same order (date, then the session's number), are identical.

Example: Ann (50.0000, 24 boards behind) and Bob (new: 50) score 58% against a field whose
other pairs average 49. Pair grade 50, expected 50 + 50 − 49 = 51, surplus 58 − 51 = +7.
Ann: f = 24 / 48 -> 50 + 3.5 = 53.5000; Bob: f = 24 / 24 -> 50 + 7 = 57.0000.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

START = Decimal(50)  # a new player's grade, and a name not on the register
WINDOW = 2000  # boards behind a grade, at most: the NGS counts the last 2,000
PROVISIONAL = 150  # a grade on fewer boards is marked provisional (the NGS's first 150)


@dataclass(frozen=True)
class Entry:
    """One pair's result in a session: its players (None for a name not on the register), its
    percentage, the boards it played and the field it is ranked in (any key: pairs of one
    field compete with each other)."""

    players: tuple[Hashable | None, ...]
    percentage: Fraction
    boards: int
    field: Hashable = ""


@dataclass(frozen=True)
class Grade:
    """A player's grade and the boards it rests on (all boards played; `behind` caps them)."""

    grade: Decimal = START
    boards: int = 0

    @property
    def behind(self) -> int:
        return min(self.boards, WINDOW)

    @property
    def provisional(self) -> bool:
        return self.boards < PROVISIONAL


@dataclass(frozen=True)
class Step:
    """How one session moved one player's grade."""

    before: Grade
    after: Grade
    expected: Fraction  # the pair's expected percentage
    percentage: Fraction

    @property
    def change(self) -> Decimal:
        return self.after.grade - self.before.grade


def pair_grade(players: Sequence[Hashable | None], grades: Mapping[Hashable, Grade]) -> Fraction:
    """The mean of the players' grades, each unknown one at START.
    Example: 53.5 and a visitor -> (53.5 + 50) / 2 = 51.75."""
    values = [_grade(player, grades) for player in players] or [Fraction(START)]
    return sum(values, Fraction(0)) / len(values)


def expected(entry: Entry, field: Sequence[Entry], grades: Mapping[Hashable, Grade]) -> Fraction:
    """50 + the pair's grade − the mean grade of the other pairs of its field (50 when it has
    none). Example: pair 55 (60 and 50) in a field of 52 and 48 -> 50 + 55 − 50 = 55."""
    own = pair_grade(entry.players, grades)
    others = [pair_grade(other.players, grades) for other in field if other is not entry]
    strength = sum(others, Fraction(0)) / len(others) if others else own
    return 50 + own - strength


def session_steps(
    entries: Sequence[Entry], grades: Mapping[Hashable, Grade]
) -> dict[Hashable, Step]:
    """Every registered player's step in one session, all from `grades` as they were before it.
    A player found in two entries (a mistaken match) moves once, by the first."""
    fields: dict[Hashable, list[Entry]] = {}
    for entry in entries:
        fields.setdefault(entry.field, []).append(entry)
    steps: dict[Hashable, Step] = {}
    for entry in entries:
        if entry.boards <= 0:
            continue
        par = expected(entry, fields[entry.field], grades)
        surplus = entry.percentage - par
        for player in entry.players:
            if player is None or player in steps:
                continue
            before = grades.get(player, Grade())
            boards = before.boards + entry.boards
            weight = Fraction(entry.boards, min(boards, WINDOW))
            moved = Fraction(before.grade) + weight * surplus
            steps[player] = Step(before, Grade(_rounded(moved), boards), par, entry.percentage)
    return steps


def grade_history(
    sessions: Sequence[Sequence[Entry]], grades: Mapping[Hashable, Grade] | None = None
) -> tuple[list[dict[Hashable, Step]], dict[Hashable, Grade]]:
    """The steps of each session in turn (oldest first) and the grades after the last, from
    `grades` (everyone new when None): what the services store, and recompute from the first
    session changed."""
    current = dict(grades or {})
    history = []
    for entries in sessions:
        steps = session_steps(entries, current)
        current.update({player: step.after for player, step in steps.items()})
        history.append(steps)
    return history, current


def _grade(player: Hashable | None, grades: Mapping[Hashable, Grade]) -> Fraction:
    if player is None or player not in grades:
        return Fraction(START)
    return Fraction(grades[player].grade)


def _rounded(value: Fraction) -> Decimal:
    """To four decimals, half to even, rounded once from the exact value (no float, no
    intermediate precision): 107/2 -> 53.5000, 1/3 + 50 -> 50.3333, 5000005/100000 -> 50.0000."""
    return Decimal(round(value * 10_000)).scaleb(-4)
