"""A PBN file's TotalScoreTable: the pairs' names and home directions, the totals the file
published, and how many rankings (winners) each section has.

`Direction` is clubscorer's `NS` / `EW` in a two-winner section and `-` in one field. Ruter and
Magic Contest write `N-S` / `E-W` (or their language's `Ö-V`, `E-O` ...: fields.py
`direction_label`): the seat a pair started in, also in a one-field barometer
(docs/formats.md, PBN, "Dialects"), so there the number of rankings comes from the `Rank`
column: a section ranked once (ranks 1, 2, 3 ... across both seats) is one field; one whose
`N-S` and `E-W` pairs each have their own rank 1 has two.
"""

from __future__ import annotations

from decimal import Decimal

from ...scoring.message import Message, gettext_noop, message_of
from ..fields import check_label, direction_label
from ..records import NamesRow, PublishedTotal, split_names
from ..refused import at_line
from .cells import Cells
from .syntax import Tag, read_table

# The published totals and the columns that hold them: the standard's `TotalMP`, `TotalIMP`,
# `TotalPercentage`, and Magic Contest's `TotalScoreMP` (`TotalScoreIMP` the same way).
# Example: `[TotalScoreTable "Rank;PairId;TotalScoreMP"]` row `1 7 771.2` -> pair 7, mp 771.2.
_TOTALS = {
    "mp": ("totalmp", "totalscoremp"),
    "pct": ("totalpercentage",),
    "imps": ("totalimp", "totalscoreimp"),
}


def _first(cells: Cells, columns: tuple[str, ...]) -> Decimal | None:
    """The value of the first of `columns` the row has."""
    for column in columns:
        value = cells.decimal(column)
        if value is not None:
            return value
    return None


class Rankings:
    def __init__(self, errors: list[Message], names: dict[tuple[str, str], NamesRow]):
        self.errors = errors
        self.names = names  # shared with the ScoreTable reader: names from either table
        self.totals: list[PublishedTotal] = []
        self.directions: dict[str, set[str]] = {}  # clubscorer's NS/EW (or "") by section
        self.starting: dict[str, dict[str, set[str]]] = {}  # Ruter's N-S/E-W -> their ranks

    def table(self, tag: Tag, default_section: str) -> None:
        """Read a TotalScoreTable: names, home directions and published totals."""
        columns, rows, errors = read_table(tag)
        self.errors.extend(errors)
        names = {column.name.lower(): index for index, column in enumerate(columns)}
        if "pairid" not in names:
            self.errors.append(
                at_line(tag.line, Message(gettext_noop("the TotalScoreTable has no PairId")))
            )
            return
        for row in rows:
            cells = Cells(row, names)
            try:
                self.row(cells, default_section, "direction" in names)
            except ValueError as error:
                self.errors.append(at_line(row.line, message_of(error)))

    def row(self, cells: Cells, default_section: str, has_direction: bool) -> None:
        section = check_label(cells.text("section") or default_section, "section")
        pair = cells.text("pairid")
        if not pair:
            return
        check_label(pair, "pair")
        direction, joined = direction_label(cells.text("direction"))
        if joined:  # Ruter, Magic Contest: N-S, Ö-V ... the pair's starting seat
            ranks = self.starting.setdefault(section, {})
            ranks.setdefault(direction, set()).add(cells.text("rank").rstrip("="))
            direction = ""
        elif has_direction:
            self.directions.setdefault(section, set()).add(direction)
        names_text = cells.text("names")
        named = self.names.get((section, pair))
        self.names[(section, pair)] = NamesRow(
            section,
            pair,
            split_names(names_text) if names_text else (named.names if named else ("", "")),
            direction,
        )
        values = {
            name: value
            for name, columns in _TOTALS.items()
            if (value := _first(cells, columns)) is not None
        }
        rank = cells.text("rank")  # its place in its section, "2=" or "2/3" as written
        places = {"section": rank} if rank else {}
        if values or places:
            self.totals.append(PublishedTotal(cells.row.line, section, pair, values, places))

    def winners(self) -> dict[str, int]:
        """Two rankings in a section whose Direction says NS/EW, or whose N-S and E-W pairs
        are ranked apart (each has a rank 1); one in a section with `-`, or ranked once."""
        winners = {
            section: 2 if directions & {"NS", "EW"} else 1
            for section, directions in self.directions.items()
        }
        for section, ranks in self.starting.items():
            if section not in winners and "" not in set().union(*ranks.values()):
                apart = len(ranks) == 2 and all("1" in seat for seat in ranks.values())
                winners[section] = 2 if apart else 1
        return winners
