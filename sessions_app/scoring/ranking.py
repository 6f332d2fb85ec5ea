"""Places with ties, and the fields a section is ranked in.

Pairs are ranked by exact percentage: equal percentages share a place, shown "2=", "2=", then
"4" (RULES.md §6). A Mitchell without a switch has two fields (NS and EW, two winners); a Howell,
or any section where a pair sat in both directions (an arrow switch), has one field.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from .event import Direction
from .results import Field, PairScore, Standing


def natural_key(label: str) -> tuple:
    """Sort pair labels as people do: 2 before 10, and A2 before A10."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", label))


def places(scores: Sequence[PairScore]) -> tuple[Standing, ...]:
    """Standings by percentage, best first; ties share a place marked with "=".

    Example: percentages 60, 55, 55, 40 -> places "1", "2=", "2=", "4".
    """
    ranked = sorted(scores, key=lambda s: (-(s.percentage or 0), natural_key(s.label)))
    counts = Counter(score.percentage for score in ranked)
    standings = []
    place = 0
    previous = object()
    for position, score in enumerate(ranked, start=1):
        if score.percentage != previous:
            place, previous = position, score.percentage
        tied = counts[score.percentage] > 1
        standings.append(Standing(f"{place}=" if tied else str(place), score))
    return tuple(standings)


def sat_directions(lines: Iterable) -> dict[str, Counter]:
    """How many times each pair sat NS and EW, by label."""
    sat: dict[str, Counter] = {}
    for line in lines:
        sat.setdefault(line.ns, Counter())["NS"] += 1
        sat.setdefault(line.ew, Counter())["EW"] += 1
    return sat


def winners_from_travellers(sat: dict[str, Counter]) -> int:
    """One winner when some pair sat in both directions (an arrow switch, a Howell), else two."""
    return 1 if any(len(directions) > 1 for directions in sat.values()) else 2


def home_direction(sat: Counter, declared: Direction | None) -> Direction:
    """The field a pair belongs to in a two-winner section: its declared direction, else the
    direction it sat most often (NS on a tie)."""
    if declared:
        return declared
    return "EW" if sat["EW"] > sat["NS"] else "NS"


def rank_fields(
    scores: Sequence[PairScore], winners: int, directions: dict[str, Direction]
) -> tuple[Field, ...]:
    """The section's fields: one ranking of every pair, or an NS and an EW ranking."""
    if winners == 1:
        return (Field(None, places(scores)),)
    return tuple(
        Field(direction, places([s for s in scores if directions[s.label] == direction]))
        for direction in ("NS", "EW")
    )
