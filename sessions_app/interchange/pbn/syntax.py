"""The syntax of PBN 2.1 files: games, tag pairs and tables, with the line each comes from.

Our own reader, not endplay's: endplay splits a table row at every space (a quoted name
`"Ann Smith;Bob Jones"` becomes three values, quotes kept), reads `{ commentary }` after a
table as table rows, keeps `\\"` escapes in tag values, and reports most problems without a
line number, or only the first of them. This reader follows the standard:

- a game is a run of tag pairs `[Name "value"]` ended by an empty line;
- `%` at the start of a line escapes the whole line; `;` starts a comment to the end of the
  line; `{ ... }` is commentary and may span lines;
- a tag may be followed by section data: tokens separated by white space, or string tokens in
  double quotes (which may hold spaces; `\\"` and `\\\\` are escapes, as in tag values);
- a table tag's value names its columns, `;`-separated, each optionally `+`/`-` (ordering) and
  `\\<width><L|R>` (minimum width and alignment); its rows follow, one or more per line.

CRLF and CR line ends and a byte-order mark are accepted. Every problem is reported with its
line number, and reading goes on, so one pass lists them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from ...scoring.message import Message, gettext_noop
from ..refused import Problems, at_line

_LEXEME = re.compile(
    r"""\s+
    | (?P<comment>;)
    | (?P<commentary>\{[^}]*\})
    | (?P<open>\{)
    | (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s*"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
    | (?P<bad_tag>\[)
    | (?P<string>"(?P<text>(?:[^"\\]|\\.)*)")
    | (?P<open_string>")
    | (?P<token>[^\s{};"\[\]]+)
    | (?P<stray>.)""",
    re.X,
)
_PLAIN = re.compile(r'^[^\[\]{};"]*$')
_PROBLEMS: dict[str, Callable[[str], Message]] = {
    "bad_tag": lambda text: Message(gettext_noop('a malformed tag pair (expected [Name "value"])')),
    "open_string": lambda text: Message(gettext_noop("a string is not closed (a missing quote)")),
    "stray": lambda text: Message(gettext_noop("unexpected %(text)r"), {"text": text}),
}
_COLUMN = re.compile(r"^([+-]?)([^\\]+?)(?:\\(\d+)([LR]?))?$", re.I)


class Token(NamedTuple):  # a NamedTuple: a big event's file has 400,000 of them
    text: str
    quoted: bool = False


@dataclass
class Tag:
    name: str
    value: str
    line: int
    data: list[tuple[int, list[Token]]] = field(default_factory=list)  # (line, tokens)


@dataclass
class Game:
    line: int  # of its first tag
    tags: dict[str, Tag] = field(default_factory=dict)

    def get(self, name: str) -> Tag | None:
        """The tag called `name` (PBN tag names are case-sensitive, but files vary)."""
        tag = self.tags.get(name)
        if tag is None:
            lowered = name.lower()
            tag = next((t for n, t in self.tags.items() if n.lower() == lowered), None)
        return tag

    def tag(self, name: str) -> Tag:
        """The tag called `name`, which the caller knows the game has."""
        tag = self.get(name)
        if tag is None:
            raise KeyError(name)
        return tag

    def value(self, name: str) -> str:
        tag = self.get(name)
        return tag.value.strip() if tag else ""


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    width: int = 0
    align: str = ""


class Row(NamedTuple):
    line: int
    values: tuple[Token, ...]


# The most rows of one table tag: a ScoreTable has one row a table, a TotalScoreTable one a
# pair; more is not a session's, and reading on would only spend time and memory on it.
MOST_ROWS = 5_000


def read_games(text: str) -> tuple[list[Game], list[Message]]:
    """The games of a PBN file, and every syntax error as `line N: reason`."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    games: list[Game] = []
    errors: list[Message] = Problems()
    game: Game | None = None
    tag: Tag | None = None
    commentary_from = 0  # the line a still-open { commentary } began on
    for number, line in enumerate(lines, start=1):
        if tag is not None and len(tag.data) > MOST_ROWS:
            errors.append(
                at_line(
                    number,
                    Message(
                        gettext_noop(
                            "the %(tag)s of line %(line)s has more than %(most)s rows: the file"
                            " was read no further"
                        ),
                        {"tag": tag.name, "line": tag.line, "most": f"{MOST_ROWS:,}"},
                    ),
                )
            )
            break
        if commentary_from:
            end = line.find("}")
            if end < 0:
                continue
            commentary_from, line = 0, line[end + 1 :]
            if not line.strip():
                continue  # nothing after the commentary on this line
        elif line.lstrip().startswith("%"):
            continue
        elif not line.strip():
            if game is not None:
                games.append(game)
            game = tag = None
            continue
        if _PLAIN.match(line):  # most table rows: plain tokens, nothing to scan for
            if tag is None:
                errors.append(at_line(number, _outside_a_tag(line.split()[0])))
            else:
                tag.data.append((number, [Token(text) for text in line.split()]))
            continue
        tokens: list[Token] = []
        for lexeme in _LEXEME.finditer(line):
            kind = lexeme.lastgroup
            if kind is None or kind == "commentary":
                continue
            if kind == "comment":
                break
            if kind == "open":
                commentary_from = number
                break
            if kind == "tag":
                if game is None:
                    game = Game(number)
                name = lexeme.group("name")
                previous = game.tags.get(name)
                if previous is not None and name != "Note":
                    errors.append(
                        at_line(
                            number,
                            Message(
                                gettext_noop(
                                    "the tag %(tag)s appears twice in one game (line %(line)s)"
                                ),
                                {"tag": name, "line": previous.line},
                            ),
                        )
                    )
                tag = Tag(name, _unescape(lexeme.group("value")), number)
                if previous is None:
                    game.tags[name] = tag
            elif kind == "string":
                tokens.append(Token(_unescape(lexeme.group("text")), quoted=True))
            elif kind == "token":
                tokens.append(Token(lexeme.group()))
            else:
                errors.append(at_line(number, _PROBLEMS[kind](lexeme.group())))
                break
        if tokens:
            if tag is None:
                errors.append(at_line(number, _outside_a_tag(tokens[0].text)))
            else:
                tag.data.append((number, tokens))
    if commentary_from:
        errors.append(
            at_line(commentary_from, Message(gettext_noop("a { commentary } is never closed")))
        )
    if game is not None:
        games.append(game)
    return games, errors


def _outside_a_tag(text: str) -> Message:
    return Message(gettext_noop("text outside a tag: %(text)r"), {"text": text})


def read_table(tag: Tag) -> tuple[list[Column], list[Row], list[Message]]:
    """The columns and rows of a table tag, and every problem with them."""
    columns: list[Column] = []
    errors: list[Message] = Problems()
    for part in tag.value.split(";"):
        match = _COLUMN.match(part.strip())
        if not match:
            errors.append(
                at_line(
                    tag.line,
                    Message(
                        gettext_noop("%(part)r is not a column of %(tag)s"),
                        {"part": part.strip(), "tag": tag.name},
                    ),
                )
            )
            continue
        _, name, width, align = match.groups()
        columns.append(Column(name.strip(), int(width or 0), (align or "").upper()))
    rows = []
    if columns and not errors:
        size = len(columns)
        for number, tokens in tag.data:
            if len(tokens) % size:
                errors.append(
                    at_line(
                        number,
                        Message(
                            gettext_noop(
                                "a %(tag)s row needs %(size)s values, this line has %(has)s"
                            ),
                            {"tag": tag.name, "size": size, "has": len(tokens)},
                        ),
                    )
                )
                continue
            rows += [Row(number, tuple(tokens[i : i + size])) for i in range(0, len(tokens), size)]
    return columns, rows, errors


def _unescape(value: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", value)


# Writing ------------------------------------------------------------------------------------


def tag_pair(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def quoted(value: str) -> str:
    """A string token: for values with spaces or PBN's special characters, and names."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def table(name: str, columns: list[tuple[str, str]], rows: list[list[str]]) -> str:
    """A table tag and its rows in export format: each column as wide as its widest value
    (`\\<width><L|R>`), values separated by one space plus the padding."""
    widths = [max([len(row[index]) for row in rows], default=1) for index in range(len(columns))]
    header = ";".join(
        f"{column}\\{width}{align}" for (column, align), width in zip(columns, widths, strict=True)
    )
    lines = [f'[{name} "{header}"]']  # `\2R` as every program writes it, not escaped
    for row in rows:
        cells = [
            value.rjust(width) if align == "R" else value.ljust(width)
            for value, width, (_, align) in zip(row, widths, columns, strict=True)
        ]
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines)
