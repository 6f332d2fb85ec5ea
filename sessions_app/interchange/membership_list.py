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

from .csv_cells import read_row
from .refused import FileRefused
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
    problems: tuple[str, ...]  # "line 7: no member number", one a line not read


def read_membership_list(data: bytes) -> MembershipList:
    """The members of a membership list CSV; FileRefused when it is no such list (no
    heading of a number and a name), naming what it lacks."""
    text = decode_text(data, "the membership list").text
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(",;\t", key=first.count)  # Excel writes ";" where "," is the decimal mark
    rows = [read_row(row) for row in csv.reader(io.StringIO(text), delimiter=delimiter)]
    heading_at = next((i for i, row in enumerate(rows) if any(c.strip() for c in row)), None)
    if heading_at is None:
        raise FileRefused(["the membership list is empty"])
    columns = _columns(rows[heading_at])
    members: dict[str, Member] = {}
    first_line: dict[str, int] = {}
    problems = []
    for index in range(heading_at + 1, len(rows)):
        row, line = rows[index], index + 1
        if not any(cell.strip() for cell in row):
            continue
        number = _cell(row, columns["number"])
        name = _name(row, columns)
        if not number:
            problems.append(f"line {line}: no member number")
        elif not name:
            problems.append(f"line {line}: member {number} has no name")
        elif number in members:
            problems.append(
                f"line {line}: member number {number} again (first on line {first_line[number]})"
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
    lacking = []
    if found["number"] is None:
        lacking.append('no column of member numbers (headed "Number", "Member number" ...)')
    if found["full"] is None and found["last"] is None:
        lacking.append('no column of names (headed "Name", or "Surname" and "Forename")')
    if lacking:
        raise FileRefused([f"line 1: the membership list has {' and '.join(lacking)}"])
    return found


def _cell(row: list[str], index: int | None) -> str:
    return row[index].strip() if index is not None and index < len(row) else ""


def _name(row: list[str], columns: dict[str, int | None]) -> str:
    if columns["full"] is not None:
        return " ".join(_cell(row, columns["full"]).split())
    return " ".join(f"{_cell(row, columns['first'])} {_cell(row, columns['last'])}".split())
