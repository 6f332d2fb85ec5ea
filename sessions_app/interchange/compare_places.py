"""A file's published places set against clubscorer's: each pair's place in its section, or
across sections (`SessionResults.overall`), compared by the places it spans, so that a tie
written "2=" by one program and "2/3" by another is the same place and "2" beside a tie is
not. `compare.py` lists every place that differs with the figures that differ.

Example: a file's "2/3" and clubscorer's "2=" shared by two pairs agree; the file's "2" and
clubscorer's "2=" do not (the file broke a tie clubscorer keeps)."""

from __future__ import annotations

from collections import defaultdict

from ..scoring.results import Field, SessionResults


def our_places(results: SessionResults, name: str) -> dict[tuple[str, str], tuple[str, int, int]]:
    """Each pair's place in clubscorer's ranking `name` ("section" or "overall"), by (section,
    label): as written, and the first and last places it spans."""
    places: dict[tuple[str, str], tuple[str, int, int]] = {}
    if name == "section":
        for section in results.sections:
            for field in section.fields:
                places.update(_spans(field, section.name))
    else:
        for field in results.overall:
            places.update(_spans(field, None))
    return places


def written_places(results: SessionResults) -> dict[tuple[str, str], str]:
    """Each pair's place as a results file writes it (USEBIO `PLACE`, PBN `Rank`), by
    (section, label): across sections when the session ranks across them (docs/rules.md
    §6.6), as EBUScore and Ruter write it and `published_places.read_places` reads it back,
    else in its section. Example: sections A and B ranked in one field, B's pair 3 first
    of all -> ("B", "3"): "1", whatever its place in B alone."""
    name = "overall" if results.overall else "section"
    return {key: spans[0] for key, spans in our_places(results, name).items()}


def _spans(field: Field, section: str | None) -> dict[tuple[str, str], tuple[str, int, int]]:
    """A field's places with the places each spans: "2=" shared by 2 pairs spans 2 to 3."""
    shared: dict[str, int] = defaultdict(int)
    for standing in field.standings:
        shared[standing.place] += 1
    return {
        (section or standing.score.section, standing.score.label): (
            standing.place,
            _first(standing.place),
            _first(standing.place) + shared[standing.place] - 1,
        )
        for standing in field.standings
    }


def _first(place: str) -> int:
    """The first place a place spans: "2" -> 2, "2=" -> 2, "2/3" -> 2."""
    return int(place.rstrip("=").split("/")[0])


def same_place(theirs: str, ours: tuple[str, int, int] | None) -> bool:
    """Whether the file's place spans the places clubscorer's does: "2/3" or "2" as written;
    "2=" any tie from 2. Examples: "2/3" and ("2=", 2, 3) agree; "2" and ("2=", 2, 3) do not;
    "2=" and ("2/4", 2, 4) agree."""
    if ours is None:
        return False
    first, last = ours[1], ours[2]
    try:
        if theirs.endswith("="):
            return int(theirs[:-1]) == first and last > first
        low, _, high = theirs.partition("/")
        return (int(low), int(high or low)) == (first, last)
    except ValueError:
        return False  # a place that is no number
