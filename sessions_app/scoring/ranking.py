"""Places with ties, and the fields a section is ranked in.

Pairs are ranked by exact percentage: equal percentages share a place, shown "2=", "2=", then
"4", or with `tie_places` "range" as the places they share, "2/3", "2/3", then "4" (docs/rules.md
§6.4). A Mitchell without a switch has two fields (NS and EW, two winners);
a Howell, or any section where a pair sat in both directions (an arrow switch), has one field.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import groupby
from operator import attrgetter, itemgetter

from .event import DIRECTIONS, Direction, OverallRanking, TiePlaces, Traveller
from .message import Message, gettext_noop
from .results import Field, PairScore, SectionResult, Standing


def natural_key(label: str) -> tuple[int | str, ...]:
    """Sort pair labels as people do: 2 before 10, and A2 before A10."""
    if label.isascii() and label.isdigit():  # "12": what the split below gives, at once
        return ("", int(label), "")
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", label))


def places(
    scores: Sequence[PairScore], tie_places: TiePlaces = "equals", across: bool = False
) -> tuple[Standing, ...]:
    """Standings by percentage (at IMPs, by IMPs), best first; ties share a place marked "="
    or, with `tie_places` "range", written as the first and last places they share. Tied
    pairs are listed by label (`across` sections: by section, then label).

    Example: percentages 60, 55, 55, 55, 40 -> places "1", "2=", "2=", "2=", "5", or
    "1", "2/4", "2/4", "2/4", "5".
    """
    by_label = sorted(scores, key=_section_label if across else _label)
    # Best first; a stable sort keeps equal pairs in label order. float() of a Fraction is
    # correctly rounded, so (float, exact) orders exactly as the exact value alone - and fast;
    # equal pairs are side by side, a run of them sharing a place.
    ranked = sorted(
        ((_percentage_key(score), score) for score in by_label), key=itemgetter(0), reverse=True
    )
    standings: list[Standing] = []
    for _, run in groupby(ranked, key=itemgetter(0)):
        tied = [score for _, score in run]
        place = shared_place(len(standings) + 1, len(tied), tie_places)
        standings += [Standing(place, score) for score in tied]
    return tuple(standings)


def shared_place(place: int, tied: int, tie_places: TiePlaces = "equals") -> str:
    """The place of `tied` entrants from `place` on, for a session's ranking and a club
    competition alike: (2, 2) -> "2=", or "2/3" with "range" (docs/rules.md §6.4)."""
    if tied == 1:
        return str(place)
    return f"{place}/{place + tied - 1}" if tie_places == "range" else f"{place}="


def _rank_value(score: PairScore) -> Fraction | int:
    if score.rank_key is not None:
        return score.rank_key
    return score.percentage or 0


def _percentage_key(score: PairScore) -> tuple[float, Fraction | int]:
    exact = _rank_value(score)
    # float(exact), as Fraction.__float__ computes it (a correctly rounded division) but
    # without its two int() calls: run for every pair of a big event.
    return (exact.numerator / exact.denominator, exact)


def sat_directions(travellers: Iterable[Traveller]) -> tuple[set[str], set[str]]:
    """The labels of the pairs that sat NS at least once, and of those that sat EW."""
    sat_ns: set[str] = set()
    sat_ew: set[str] = set()
    for traveller in travellers:  # map and update: the lines of a big event walked in C
        sat_ns.update(map(_NS, traveller.lines))
        sat_ew.update(map(_EW, traveller.lines))
    return sat_ns, sat_ew


_NS, _EW = attrgetter("ns"), attrgetter("ew")


def home_direction(
    sat_ns: bool,
    sat_ew: bool,
    declared: Direction | None,
    counts: Counter[Direction] | None = None,
) -> Direction:
    """The field of a pair in a two-winner section: its declared direction, else the only
    direction it sat in, else the one it sat in most often (NS on a tie)."""
    if declared:
        return declared
    if sat_ew and not sat_ns:
        return "EW"
    if sat_ns and sat_ew and counts is not None and counts["EW"] > counts["NS"]:
        return "EW"
    return "NS"


def rank_fields(
    scores: Sequence[PairScore],
    winners: int,
    directions: dict[str, Direction],
    tie_places: TiePlaces = "equals",
) -> tuple[Field, ...]:
    """The section's fields: one ranking of every pair, or an NS and an EW ranking."""
    if winners == 1:
        return (Field(None, places(scores, tie_places)),)
    return tuple(
        Field(
            direction,
            places([s for s in scores if directions[s.label] == direction], tie_places),
        )
        for direction in DIRECTIONS
    )


def pair_in_section(section: str, label: str) -> str:
    """A pair as a ranking across sections names it (docs/rules.md §6.6): "A2" for section A's
    pair 2, "Red 2" for a section whose name is a word."""
    return f"{section}{label}" if len(section) == 1 else f"{section} {label}"


def overall_title(direction: Direction | None) -> str:
    """A ranking across sections' title (docs/rules.md §6.6), one rule for the page, the PDF
    and the text report. Example: overall_title("NS") -> "All sections NS" (the NS pairs of
    every section); overall_title(None) -> "All sections" (every pair in one field)."""
    return str(overall_message(direction))


def overall_message(direction: Direction | None) -> Message:
    """`overall_title` for a page, to be worded in its language (the direction is a name)."""
    if direction:
        return Message(gettext_noop("All sections %(direction)s"), {"direction": direction})
    return Message(gettext_noop("All sections"))


def _label(score: PairScore) -> tuple[int | str, ...]:
    return natural_key(score.label)


def _section_label(score: PairScore) -> tuple[tuple[int | str, ...], tuple[int | str, ...]]:
    return natural_key(score.section), natural_key(score.label)


def rank_overall(
    sections: Sequence[SectionResult], overall: OverallRanking, tie_places: TiePlaces = "equals"
) -> tuple[Field, ...]:
    """The ranking across sections (docs/rules.md §6.6): every pair of every section in one
    field ("field"), or ("direction") the NS pairs of all sections in one field and the EW
    pairs in another, each pair in the direction its own section ranks it in; the pairs of
    sections ranked in one field (Howells) are then ranked together in a third. Nothing for
    "off", or for a session of one section, whose own ranking is already the overall one.

    Example: sections A and B, NS pairs A1 62%, B3 58%, A2 55%, EW pairs B4 61%, A5 57%:
    "direction" -> NS: A1 "1", B3 "2", A2 "3"; EW: B4 "1", A5 "2"; "field" -> A1 "1",
    B4 "2", B3 "3", A5 "4", A2 "5"."""
    if overall == "off" or len(sections) < 2:
        return ()
    standings = [
        (field.direction, standing.score)
        for section in sections
        for field in section.fields
        for standing in field.standings
    ]
    if overall == "field":
        return (Field(None, places([score for _, score in standings], tie_places, across=True)),)
    groups: tuple[Direction | None, ...] = (*DIRECTIONS, None)
    fields = [
        Field(group, places([s for d, s in standings if d == group], tie_places, across=True))
        for group in groups
    ]
    return tuple(field for field in fields if field.standings)
