"""A pair's names as one line of the names page: read as the director types or pastes them,
and written so that reading the line back gives exactly the names stored. Plain Python.

A line is a pair number, then at most two names, separated by a tab, a comma, a semicolon,
` & `, ` and ` or `/`: `3, Ann Lee, Bob Ray`, `3<TAB>Ann Lee<TAB>Bob Ray` (a spreadsheet),
`3 Ann Lee & Bob Ray`. Without the pair number (`Ann Lee<TAB>Bob Ray`, two columns of a
spreadsheet) the line names the next pair in order (`in_order`).

A name holding a separator, starting with a double quote, or with spaces at either end is
written between double quotes, a quote inside it doubled, as a CSV file does; the names are
kept in their places, so an empty first name is an empty field:

    ("1", "Lee, Anne", "Ray, Bob")   <->  1, "Lee, Anne", "Ray, Bob"
    ("2", "Lee, Cy", "")             <->  2, "Lee, Cy"
    ("3", "", "Di Fox")              <->  3, , Di Fox
    ("4", 'Ed "Teddy" Gray', "")     <->  4, Ed "Teddy" Gray      (no quote needed: not first)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

_SEPARATOR = r"\t|,|;|\s+&\s+|\s+and\s+|\s*/\s*"
SEPARATOR = re.compile(_SEPARATOR)
# A pair number (`3`, `12`, `A3`, `3B`) and what ends it: a mark, a tab, spaces, or the line.
_NUMBERED = re.compile(r"\s*([A-Za-z]?\d+[A-Za-z]?)(?: *[,;:.] *| *\t|\s+|\s*$)(.*)", re.S)
_QUOTE_START = re.compile(r' *"')
_AFTER_QUOTE = re.compile(rf" *(?:{_SEPARATOR})")


class NameLine(NamedTuple):
    label: str | None  # None: the line gives no pair number
    names: tuple[str, ...]  # as many as the line gives, trailing empty ones dropped


class LineRefused(ValueError):
    """A line that cannot be read, in words ("the quote before Lee, Anne is not closed")."""


def read_line(text: str) -> NameLine:
    """The pair number (if any) and the names of one line.

    Example: `1, "Lee, Anne", "Ray, Bob"` -> ("1", ("Lee, Anne", "Ray, Bob"));
    `Ann Lee<TAB>Bob Ray` -> (None, ("Ann Lee", "Bob Ray")); `3, , Di Fox` -> ("3", ("", "Di
    Fox")). Raises LineRefused for a quote left open or text after a closing quote."""
    numbered = _NUMBERED.fullmatch(text)
    label, rest = (numbered.group(1), numbered.group(2)) if numbered else (None, text)
    names = _fields(rest)
    while names and not names[-1]:
        names.pop()
    return NameLine(label, tuple(names))


def write_line(label: str, names: Sequence[str]) -> str:
    """The line `read_line` reads back as `label` and exactly `names` (trailing empty names
    left out). Example: ("2", ["Lee, Cy", ""]) -> `2, "Lee, Cy"`."""
    fields = list(names)
    while fields and not fields[-1]:
        fields.pop()
    return ", ".join([label, *(_written(name) for name in fields)])


def in_order(labels: Sequence[str], count: int, *, grows: bool) -> list[str]:
    """The pairs `count` lines without pair numbers name: the section's pairs in order and,
    when the section `grows` (free-form: a new number adds a pair), the numbers after its
    largest. Example: (["1", "2", "10"], 5, grows=True) -> ["1", "2", "10", "11", "12"]; a
    movement's pairs do not grow: (["1", "2"], 3, grows=False) -> ["1", "2"]."""
    order = list(labels[:count])
    if grows:
        last = max((int(label) for label in labels if label.isdigit()), default=0)
        order += [str(last + n) for n in range(1, count - len(order) + 1)]
    return order


def label_runs(labels: Iterable[str]) -> str:
    """Pair numbers for a message, three or more consecutive numbers as a run: ["1", "2",
    "3"] -> `1 to 3`; ["8", "9", "10", "A1"] -> `8 to 10, A1`; ["1", "3"] -> `1, 3`."""
    words: list[str] = []
    run: list[int] = []
    for label in labels:
        if label.isdigit() and run and int(label) == run[-1] + 1:
            run.append(int(label))
            continue
        words += _run(run)
        run = [int(label)] if label.isdigit() else []
        if not run:
            words.append(label)
    return ", ".join(words + _run(run))


def _run(numbers: list[int]) -> list[str]:
    if len(numbers) > 2:
        return [f"{numbers[0]} to {numbers[-1]}"]
    return [str(n) for n in numbers]


def _fields(rest: str) -> list[str]:
    fields: list[str] = []
    position = 0
    while True:
        quote = _QUOTE_START.match(rest, position)
        if quote is None:
            separator = SEPARATOR.search(rest, position)
            end = separator.start() if separator else len(rest)
            fields.append(rest[position:end].strip())
            if separator is None:
                return fields
            position = separator.end()
            continue
        name, position = _quoted(rest, quote.end())
        fields.append(name)
        if not rest[position:].strip():
            return fields
        after = _AFTER_QUOTE.match(rest, position)
        if after is None:
            shown = rest[position:].strip()[:20]
            raise LineRefused(
                f"{shown} comes after the quoted name {name[:40]}: put the whole name between"
                " the quotes, or a comma between two names"
            )
        position = after.end()


def _quoted(text: str, start: int) -> tuple[str, int]:
    """The name quoted from `start` (just after its opening quote), a doubled quote being
    one, and where it ends (after its closing quote)."""
    parts, position = [], start
    while True:
        close = text.find('"', position)
        if close < 0:
            raise LineRefused(f"the quote before {text[start:].strip()[:40]} is not closed")
        parts.append(text[position:close])
        if text.startswith('"', close + 1):
            parts.append('"')
            position = close + 2
            continue
        return "".join(parts), close + 1


def _written(name: str) -> str:
    plain = name == name.strip() and not name.startswith('"') and not SEPARATOR.search(name)
    return name if plain else '"' + name.replace('"', '""') + '"'
