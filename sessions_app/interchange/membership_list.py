"""A national body's membership list as a club downloads it (CSV, as the body's site or a
spreadsheet saves it): each member's number and name. Pure: bytes in, members and the lines
that could not be read out, each named by its line.

The columns are found by their headings, in any order and any case: the number under
"number", "member number", "membership number", "member id", "id" or the body's name with
"number"/"no" ("EBU number", "ACBL no"); the name under "name" or "full name", or split as
"first name"/"forename" and "last name"/"surname". A number is kept as written (leading
zeros matter to some bodies); the same number twice is a line not read, named with the
first. A list saved by Excel may be separated by semicolons or tabs, and in the
Windows encoding: both are read.

Example: "EBU Number,Surname,Forename\\n123456,Lee,Ann\\n,Ray,Bob\\n" -> Member("123456",
"Ann Lee"); line 3: no member number.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from ..scoring.message import Message, gettext_noop
from .csv_cells import read_row
from .refused import FileRefused, at_line
from .text import decode_text

_NUMBER = re.compile(
    r"^(?:(?:ebu|acbl|abf|nzb|national|membership|member|player)[ _.-]*)?"
    r"(?:number|no\.?|num|id|#)$"
)
_FULL = ("name", "full name", "player", "player name", "member name")
_FIRST = ("first name", "forename", "forenames", "given name", "first")
_LAST = ("last name", "surname", "family name", "last")


@dataclass(frozen=True)
class Member:
    number: str
    name: str


@dataclass(frozen=True)
class MembershipList:
    members: tuple[Member, ...]
    not_read: tuple[Message, ...]  # "line 7: no member number", one a line not read

    @property
    def problems(self) -> tuple[str, ...]:
        """The lines not read, in English."""
        return tuple(str(problem) for problem in self.not_read)


def read_membership_list(data: bytes) -> MembershipList:
    """The members of a membership list CSV; FileRefused when it is no such list (no
    heading of a number and a name), naming what it lacks."""
    text = decode_text(data, "the membership list").text
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(",;\t", key=first.count)  # Excel writes ";" where "," is the decimal mark
    rows = [read_row(row) for row in csv.reader(io.StringIO(text), delimiter=delimiter)]
    heading_at = next((i for i, row in enumerate(rows) if any(c.strip() for c in row)), None)
    if heading_at is None:
        raise FileRefused([Message(gettext_noop("the membership list is empty"))])
    columns = _columns(rows[heading_at])
    members: dict[str, Member] = {}
    first_line: dict[str, int] = {}
    problems: list[Message] = []
    for index in range(heading_at + 1, len(rows)):
        row, line = rows[index], index + 1
        if not any(cell.strip() for cell in row):
            continue
        number = _cell(row, columns["number"])
        name = _name(row, columns)
        if not number:
            problems.append(at_line(line, Message(gettext_noop("no member number"))))
        elif not name:
            problems.append(
                at_line(
                    line, Message(gettext_noop("member %(number)s has no name"), {"number": number})
                )
            )
        elif number in members:
            problems.append(
                at_line(
                    line,
                    Message(
                        gettext_noop("member number %(number)s again (first on line %(first)s)"),
                        {"number": number, "first": first_line[number]},
                    ),
                )
            )
        else:
            members[number] = Member(number, name)
            first_line[number] = line
    return MembershipList(tuple(members.values()), tuple(problems))


def _columns(heading: list[str]) -> dict[str, int | None]:
    words = [" ".join(cell.strip().lower().replace("_", " ").split()) for cell in heading]
    found: dict[str, int | None] = {
        "number": next((i for i, word in enumerate(words) if _NUMBER.match(word)), None),
        "full": next((i for i, word in enumerate(words) if word in _FULL), None),
        "first": next((i for i, word in enumerate(words) if word in _FIRST), None),
        "last": next((i for i, word in enumerate(words) if word in _LAST), None),
    }
    no_number = found["number"] is None
    no_name = found["full"] is None and found["last"] is None
    if no_number or no_name:
        raise FileRefused([at_line(1, Message(_LACKING[no_number, no_name]))])
    return found


# What a heading row lacks, by (no number column, no name column).
_LACKING = {
    (True, False): gettext_noop(
        'the membership list has no column of member numbers (headed "Number", "Member number" ...)'
    ),
    (False, True): gettext_noop(
        'the membership list has no column of names (headed "Name", or "Surname" and "Forename")'
    ),
    (True, True): gettext_noop(
        'the membership list has no column of member numbers (headed "Number", "Member'
        ' number" ...) and no column of names (headed "Name", or "Surname" and "Forename")'
    ),
}


def _cell(row: list[str], index: int | None) -> str:
    return row[index].strip() if index is not None and index < len(row) else ""


def _name(row: list[str], columns: dict[str, int | None]) -> str:
    if columns["full"] is not None:
        return " ".join(_cell(row, columns["full"]).split())
    return " ".join(f"{_cell(row, columns['first'])} {_cell(row, columns['last'])}".split())
