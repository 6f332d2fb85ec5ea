"""A scored session's rankings as a national body's rules read them, and the awards of its
pairs. Pure: the session's results in (`scoring.results.SessionResults`), awards out.

Each ranking is one field: a section's one field, or each direction of a two-winner section,
or the ranking across sections when the session has one (then it is the only ranking: its
places are the ones published). Its size in tables is counted from the pairs ranked: a
one-winner field of n pairs is n // 2 full tables and n % 2 half table; a two-winner field
is as many full tables as the smaller direction has pairs, a half table when the other has
one more. Its boards are the boards in play in the field (a pair that sat out a round
still played a session of that many). Ties are the pairs sharing a place ("2=" twice, or
"2/3" twice).

Example: a 7-table Mitchell whose NS and EW are ranked apart, 7 NS pairs and 6 EW pairs,
24 boards each -> two rankings, each Game(tables=6, half_tables=1, winners=2, boards=24);
NS pairs placed 1, 2=, 2=, 4 ... are Entrant(place=1), Entrant(place=2, tied=2) twice ...
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from ..results import Field, SessionResults
from .base import Award, AwardRefused, Body, Entrant, Game, PairKey, SessionAwards

_FIRST_NUMBER = re.compile(r"\d+")


def rankings(results: SessionResults, scale: str) -> list[tuple[Game, list[Entrant]]]:
    """Each ranking of `results` as the game it is and its entrants, keyed "section label"."""
    if results.overall:
        boards = max(len(section.boards) for section in results.sections)
        groups: Sequence[tuple[tuple[Field, ...], int]] = [(results.overall, boards)]
    else:
        groups = [(section.fields, len(section.boards)) for section in results.sections]
    found = []
    for fields, boards in groups:
        for field in fields:
            if field.standings:
                found.append((_game(field, fields, scale, boards), _entrants(field)))
    return found


def session_awards(results: SessionResults, body: Body, scale: str) -> dict[PairKey, Award]:
    """Every pair's award by `body`'s rules at `scale`, by (section, label); a pair winning
    none is not in it. AwardRefused (from the body) when a ranking cannot be awarded."""
    awards: dict[PairKey, Award] = {}
    for game, entrants in rankings(results, scale):
        for award in body.award(game, entrants):
            section, _, label = award.key.rpartition(" ")
            awards[section, label] = award
    return awards


def awards_for(results: SessionResults, body: Body, scale: str) -> SessionAwards:
    """The session's awards by `body` at `scale`, or why there are none (a scale the body
    does not have, a game its rules cannot award), in words."""
    words = body.scales.get(scale, scale)
    try:
        if scale not in body.scales:
            raise AwardRefused(f"the {body.name} has no scale {scale!r}")
        awards = session_awards(results, body, scale)
    except AwardRefused as refused:
        return SessionAwards(body.name, body.unit, words, {}, problem=str(refused))
    return SessionAwards(body.name, body.unit, words, awards)


def _game(field: Field, siblings: tuple[Field, ...], scale: str, boards: int) -> Game:
    if field.direction is None:
        pairs = len(field.standings)
        return Game(scale=scale, tables=pairs // 2, half_tables=pairs % 2, boards=boards)
    sizes = [len(sibling.standings) for sibling in siblings if sibling.direction is not None]
    tables = min(sizes)
    return Game(
        scale=scale,
        tables=tables,
        half_tables=1 if max(sizes) > tables else 0,
        boards=boards,
        winners=2,
    )


def _entrants(field: Field) -> list[Entrant]:
    shared = Counter(standing.place for standing in field.standings if standing.place)
    entrants = []
    for standing in field.standings:
        first = _FIRST_NUMBER.match(standing.place)
        if first is None:
            continue  # not ranked (no board counted): no award
        score = standing.score
        entrants.append(
            Entrant(
                key=f"{score.section} {score.label}",
                place=int(first.group()),
                tied=shared[standing.place],
                ranking=field.direction or "",
            )
        )
    return entrants
