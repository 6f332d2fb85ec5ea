"""What a file's published places rank: each section alone, or all sections together.

A USEBIO `PLACE` or a PBN `Rank` is a number beside a pair of a section; whether it is the
pair's place in its section or across sections the file does not say. EBUScore, Ruter and
scorer-to-usebio write the place across sections when they rank the sections together
(docs/rules.md §6.6). The numbers tell: a place higher than the pairs of its own field
(its direction of a two-winner section, else its section) can only rank pairs of other
sections too. Such a file's places are compared with clubscorer's ranking across sections
and the session takes the ranking they show (`overall_ranking`): one field when some place
is higher than any one direction's pairs in all sections, else per direction. A clubscorer
file says its own (`overall_ranking`, docs/formats.md) and is read as it says.

A tie written as the same number for each pair (scorer-to-usebio's `4` and `4`) is marked
as clubscorer writes one (`4=`), so that it is compared as the tie it is.

Example: sections A and B of 13 NS and 13 EW pairs each and a Howell C of 14 pairs, places
from 1 to 66: 61 is higher than a direction's 26 pairs, so the file ranks one field of 66.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from ..session_choices import OverallRanking
from .records import PublishedTotal, ResultsFile

Group = tuple[str, str]  # (section, direction); "" for a field of every pair


def read_places(results_file: ResultsFile) -> ResultsFile:
    """`results_file` with its places read as the places they are: "overall" when they
    rank across sections, its `overall_ranking` setting said, ties marked."""
    totals = [total for total in results_file.totals if "section" in total.places]
    if not totals:
        return results_file
    said = {(row.section, row.pair): row.direction for row in results_file.names}

    def own(total: PublishedTotal) -> Group:
        """The pair's field in its section: its direction of a two-winner section."""
        two = results_file.winners.get(total.section) == 2
        return total.section, said.get((total.section, total.pair), "") if two else ""

    carried = results_file.settings.get("overall_ranking", "")
    ranking = carried if carried in ("direction", "field") else _across(totals, own)
    if carried == "off" or ranking is None:
        return replace(results_file, totals=_marked(results_file.totals, "section", own))

    def across(total: PublishedTotal) -> Group:
        """The pair's field across sections: all pairs, or its direction's."""
        return "", "" if ranking == "field" else own(total)[1]

    renamed = [
        replace(total, places={"overall": total.places["section"]})
        if "section" in total.places
        else total
        for total in results_file.totals
    ]
    read = replace(results_file, totals=_marked(renamed, "overall", across))
    if carried:
        return read
    return replace(
        read,
        settings={**read.settings, "overall_ranking": ranking},
        setting_lines={**read.setting_lines, "overall_ranking": totals[0].line},
    )


def _across(
    totals: list[PublishedTotal], own: Callable[[PublishedTotal], Group]
) -> OverallRanking | None:
    """The ranking across sections the places show, or None when each ranks its section."""
    if len({total.section for total in totals}) < 2:
        return None
    sizes = Counter(own(total) for total in totals)
    highest = [(own(total), _first(total.places["section"])) for total in totals]
    if all(place <= sizes[group] for group, place in highest):
        return None
    by_direction = Counter(group[1] for group, _ in highest)
    if set(by_direction) == {""} or max(place for _, place in highest) > max(by_direction.values()):
        return "field"  # every section one field, or some place beyond any one direction
    return "direction"


def _marked(
    totals: list[PublishedTotal], name: str, group: Callable[[PublishedTotal], Group]
) -> list[PublishedTotal]:
    """The places `name` with a tie written as one plain number for several pairs of one
    ranking marked `=`: "4" and "4" -> "4=" and "4="."""
    written = Counter(
        (group(total), total.places[name]) for total in totals if name in total.places
    )
    return [
        replace(total, places={**total.places, name: total.places[name] + "="})
        if total.places.get(name, "").isdigit() and written[(group(total), total.places[name])] > 1
        else total
        for total in totals
    ]


def _first(place: str) -> int:
    """The first place a place as written spans: "12" -> 12, "2=" -> 2, "2/3" -> 2; 0 for
    one that is no number (compared, and reported, as it is)."""
    head = place.rstrip("=").split("/")[0].strip()
    return int(head) if head.isdigit() else 0
