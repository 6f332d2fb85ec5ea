"""Handicapped pairs (docs/rules.md §20): a second ranking beside the scratch one, each pair's
percentage plus its handicap, so that a club of mixed strength gives every pair a chance.
Pure: grades and percentages in, handicaps and rankings out.

A player's handicap is how far their club grade (§19) is below the club's average, 50: a
player graded 44 gives 6 points, one graded 57 gives -7. A pair's handicap is the sum of its
players' (EBUScore's 100% mode) or half of it (its 50% mode), to 2 decimals, half away from
zero; a player without a grade counts as 50. A director's own handicap for a pair wins.

Example (50% mode): Ann 44 and Bob 40 -> (6 + 10) / 2 = 8; a pair on 47.50% ranks
handicapped on 55.50%, ahead of a scratch 54.00% pair of grades 55 and 53, handicap
(-5 - 3) / 2 = -4, on 50.00%.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..session_choices import Handicaps
from .event import PairEntry
from .ranking import places
from .results import Field, PairScore, SessionResults

AVERAGE = Fraction(50)


def pair_handicap(grades: Sequence[Fraction | None], mode: Handicaps) -> Decimal:
    """The pair's handicap in percent from its players' grades (None: no grade yet, 50).
    Example: (44, 40) -> "sum" 16, "half" 8; (55, None) -> "sum" -5, "half" -2.5."""
    total = sum((AVERAGE - grade for grade in grades if grade is not None), Fraction(0))
    if mode == "half":
        total /= 2
    return (Decimal(total.numerator) / Decimal(total.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


def handicapped(score: PairScore, handicap: Fraction) -> PairScore:
    """The pair's score with its handicap added to its percentage (the ranking's key too);
    its matchpoints stay as played."""
    if score.percentage is None:
        return score
    percentage = score.percentage + handicap
    return score._replace(percentage=percentage, rank_key=percentage)


def handicapped_fields(results: SessionResults) -> tuple[tuple[str, Field], ...]:
    """Each field of the session ranked again on the handicapped percentages, with its
    section's name ("" for a ranking across sections); empty when no pair has a handicap
    or the session is scored at IMPs (handicaps are percentages)."""
    entries = {
        (section.name, label): entry
        for section in results.sections
        for label, entry in section.pairs.items()
    }
    if results.imps or all(entry.handicap is None for entry in entries.values()):
        return ()
    tie_places = results.settings.tie_places
    fields = [("", field) for field in results.overall] or [
        (section.name, field) for section in results.sections for field in section.fields
    ]
    ranked = []
    for section, field in fields:
        scores = [
            handicapped(standing.score, _handicap(entries, standing.score))
            for standing in field.standings
        ]
        ranked.append(
            (section, Field(field.direction, places(scores, tie_places, across=not section)))
        )
    return tuple(ranked)


def _handicap(entries: Mapping[tuple[str, str], PairEntry], score: PairScore) -> Fraction:
    entry = entries.get((score.section, score.label))
    return entry.handicap if entry is not None and entry.handicap is not None else Fraction(0)
