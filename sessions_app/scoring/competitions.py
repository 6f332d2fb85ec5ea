"""Club competitions: standings over several sessions, by the rule the club picks
(docs/rules.md §15).

An entrant is a player or a partnership; it has at most one score in each session of the
competition: its pair's exact percentage there and its matchpoints as the session shows them.
The rules:

- **best N of M** (`Rule("best", best=N)`): the sum of the entrant's N best percentages of the
  M sessions. An entrant with fewer than N percentages has the sum of those it has (each
  missing session counts 0), so coming more often never lowers a total.
- **average** (`Rule("average", minimum=K)`): the mean of the entrant's percentages, each
  session weighing the same. An entrant with fewer than K sessions is listed with its average,
  but not ranked.
- **total** (`Rule("total")`): the sum of the entrant's matchpoints in every session.

Values are exact (`Fraction`), so equal values are real ties: they share a place ("2=", or
"2/3" with `tie_places` "range", as docs/rules.md §6.4) and are listed by name.

Worked example, three sessions (ids 1, 2, 3), percentages and matchpoints:

    Ann   60% (30 MP)  50% (25 MP)  70% (35 MP)
    Bob   65% (39 MP)  55% (33 MP)  -
    Cy    72% (36 MP)  -            -

- best 2 of 3: Ann 60 + 70 = 130, Bob 65 + 55 = 120, Cy 72 -> 1 Ann, 2 Bob, 3 Cy;
- average, at least 2 sessions: Ann (60 + 50 + 70) / 3 = 60, Bob (65 + 55) / 2 = 60,
  Cy 72 with one session -> 1= Ann, 1= Bob, and Cy listed unranked;
- total: Ann 30 + 25 + 35 = 90, Bob 39 + 33 = 72, Cy 36 -> 1 Ann, 2 Bob, 3 Cy.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import groupby
from operator import itemgetter
from typing import Literal

from .event import TiePlaces
from .message import Message, gettext_noop
from .ranking import shared_place

Value = int | Fraction
RuleKind = Literal["best", "average", "total"]
RULE_KINDS: tuple[RuleKind, ...] = ("best", "average", "total")


@dataclass(frozen=True, slots=True)
class SessionScore:
    """An entrant's result in one session: its pair's percentage (None when the pair has
    none: no board with a top) and its matchpoints on the session's scale."""

    session: int
    percentage: Fraction | None
    points: Value
    masterpoints: Decimal | None = None  # the pair's award, when the session awards them
    masterpoint_kind: str = ""  # its colour: "black", "green" ...


@dataclass(frozen=True, slots=True)
class Entrant:
    key: str  # what tells entrants apart: "p12" (a player), "p12-p31" (a partnership)
    name: str  # as listed: "Ann Smith", or "Ann Smith & Bob Jones"
    scores: tuple[SessionScore, ...]
    members: tuple[int, ...] = ()  # the players' ids, for links to their pages: (12,), (12, 31)

    @property
    def masterpoints(self) -> tuple[tuple[str, Decimal], ...]:
        """The master points won in every session played (counted or not), by colour.
        Example: 36 black and 18 black in two sessions -> (("black", Decimal("54")),)."""
        won: dict[str, Decimal] = {}
        for score in self.scores:
            if score.masterpoints:
                kind = score.masterpoint_kind
                won[kind] = won.get(kind, Decimal(0)) + score.masterpoints
        return tuple(sorted(won.items()))


@dataclass(frozen=True, slots=True)
class Rule:
    """How a competition ranks: `kind`, with `best` (N) for "best" and `minimum` (sessions
    needed to be ranked) for "average". Refused with a reason when it cannot rank anything:
    Rule("best", best=0) -> ValueError("Count at least one session ...")."""

    kind: RuleKind
    best: int = 0
    minimum: int = 1

    def __post_init__(self) -> None:
        if self.kind not in RULE_KINDS:
            raise ValueError(f"Unknown rule {self.kind!r}: use one of {', '.join(RULE_KINDS)}.")
        if self.kind == "best" and self.best < 1:
            raise ValueError("Count at least one session: best N of M needs N of 1 or more.")
        if self.kind == "average" and self.minimum < 1:
            raise ValueError("The minimum number of sessions is 1 or more.")

    def describe(self, sessions: int) -> str:
        """The rule in words for a competition of `sessions` sessions, in English (`message`
        for pages): Rule("best", best=2) over 3 -> "best 2 of 3 percentages, added"."""
        return str(self.message(sessions))

    def message(self, sessions: int) -> Message:
        """`describe` for a page, to be worded in its language."""
        if self.kind == "best":
            return Message(
                gettext_noop("best %(best)s of %(sessions)s percentages, added"),
                {"best": self.best, "sessions": sessions},
            )
        if self.kind == "average":
            if self.minimum == 1:
                return Message(gettext_noop("average percentage (ranked from 1 session on)"))
            return Message(
                gettext_noop("average percentage (ranked from %(minimum)s sessions on)"),
                {"minimum": self.minimum},
            )
        return Message(gettext_noop("total matchpoints"))


@dataclass(frozen=True, slots=True)
class Standing:
    place: str  # "1", "2=", "2/3"; "" when not ranked (fewer sessions than the minimum)
    entrant: Entrant
    value: Value | None  # what places go by: total %, average % or matchpoints; None: nothing
    played: int  # the sessions the entrant has a score in
    counted: frozenset[int]  # the sessions whose score makes up `value`

    @property
    def ranked(self) -> bool:
        return bool(self.place)


@dataclass(frozen=True, slots=True)
class CountedSession:
    """A session that counts in a competition."""

    id: int
    name: str
    date: datetime.date


@dataclass(frozen=True, slots=True)
class CompetitionStandings:
    """A competition's standings as pages and the PDF show them (competitions/standings.py
    builds them from the sessions' results)."""

    rule: str  # in words: "best 2 of 3 percentages, added"
    sessions: tuple[CountedSession, ...]  # the sessions that count, by date
    standings: tuple[Standing, ...]
    percentages: bool  # the rule ranks by percentages (else by matchpoints)
    left_out: tuple[str, ...]  # sessions scored at IMPs: no percentages, no matchpoints
    unmatched: int  # pairs not counted: a player not matched to the club's players
    problems: tuple[str, ...]  # a player in two pairs of one session, in words
    token: str = ""  # names this version of the standings (the stored PDF's name)

    @property
    def masterpoints(self) -> bool:
        """Whether any entrant won master points in the competition's sessions (the pages
        then show what each won)."""
        return any(standing.entrant.masterpoints for standing in self.standings)


def entrant_value(entrant: Entrant, rule: Rule) -> tuple[Value | None, frozenset[int]]:
    """The figure `entrant` is ranked by under `rule`, and the sessions it comes from.

    Example: percentages 60 (session 1), 50 (2), 70 (3); best 2 -> (130, {1, 3});
    average -> (60, {1, 2, 3}); a session with no percentage counts for none but "total".
    """
    if rule.kind == "total":
        if not entrant.scores:
            return None, frozenset()
        return sum((s.points for s in entrant.scores), start=0), _ids(entrant.scores)
    rated = [s for s in entrant.scores if s.percentage is not None]
    if not rated:
        return None, frozenset()
    if rule.kind == "best":
        # The best N; of equal percentages the session stored first (smaller id) is marked.
        kept = sorted(rated, key=lambda s: (-_pct(s), s.session))[: rule.best]
        return sum((_pct(s) for s in kept), start=Fraction(0)), _ids(kept)
    return sum((_pct(s) for s in rated), start=Fraction(0)) / len(rated), _ids(rated)


def standings(
    entrants: Iterable[Entrant], rule: Rule, tie_places: TiePlaces = "equals"
) -> tuple[Standing, ...]:
    """The competition's standings: the ranked entrants best first, equal values sharing a
    place; then those not ranked (under "average", fewer sessions than the minimum; under any
    rule, no figure at all), by their value, with no place.

    Example (the module's): average, minimum 2 -> ("1=", Ann, 60), ("1=", Bob, 60),
    ("", Cy, 72).
    """
    ranked: list[tuple[Entrant, Value, frozenset[int], int]] = []
    unranked: list[Standing] = []
    for entrant in entrants:
        sessions = {score.session for score in entrant.scores}
        if len(sessions) != len(entrant.scores):
            raise ValueError(f"{entrant.name} has two scores in one session.")
        value, counted = entrant_value(entrant, rule)
        played = len(entrant.scores)
        if value is None or (rule.kind == "average" and len(counted) < rule.minimum):
            unranked.append(Standing("", entrant, value, played, counted))
        else:
            ranked.append((entrant, value, counted, played))
    ranked.sort(key=lambda row: _name_key(row[0]))
    ranked.sort(key=lambda row: row[1], reverse=True)  # stable: equal values stay by name
    result: list[Standing] = []
    for _, run in groupby(ranked, key=itemgetter(1)):  # a run of equal values shares a place
        tied = list(run)
        place = shared_place(len(result) + 1, len(tied), tie_places)
        result += [Standing(place, e, v, p, c) for e, v, c, p in tied]
    unranked.sort(key=lambda s: _name_key(s.entrant))
    unranked.sort(key=lambda s: -1 if s.value is None else s.value, reverse=True)
    return (*result, *unranked)


def _pct(score: SessionScore) -> Fraction:
    assert score.percentage is not None
    return score.percentage


def _ids(scores: Iterable[SessionScore]) -> frozenset[int]:
    return frozenset(score.session for score in scores)


def _name_key(entrant: Entrant) -> tuple[str, str]:
    return (entrant.name.casefold(), entrant.key)
