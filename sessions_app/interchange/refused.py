"""A file refused whole: the one error every reader raises, and its one wording.

A file is imported whole or not at all, so a reader goes on past the first problem and
names every one, each with its line. The director sees them under one heading, the same on
the upload page and from every import command. Example: a travellers CSV whose lines 3 and 4
say `4Z` and `14` tricks is refused as

    2 problems, nothing imported:
    line 3: '4Z' is not a contract (expected e.g. 4S, 3NT, 4SX, 5DXX or PASS)
    line 4: 14 tricks is impossible (0-13)

Each problem is a Message (scoring/message.py), so that a page says it in its language
(`said(worded)`) and the command line in English (`lines`); a problem that names its line
is `at_line(3, problem)`, its own words one whole Message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NoReturn, TypeVar, cast

from ..scoring.message import Message, gettext_noop, ngettext_lazy
from .records import line_of

LONGEST = 240  # characters of one problem shown, the value it quotes cut in the middle
MOST_PROBLEMS = 100  # a reader stops at this many: a file of junk is refused at once

Problem = Message | str  # a plain str: words already said (a page's own, translated)
Wording = Callable[[Problem], str]  # str for English, rows.words.worded on a page


def at_line(line: int, problem: Problem) -> Message:
    """A problem named with the line of the file it is on: at_line(3, m) says "line 3: " and
    then m, each language putting its own word for a line."""
    return Message(gettext_noop("line %(line)s: %(problem)s"), {"line": line, "problem": problem})


def at_byte(byte: int, problem: Problem) -> Message:
    """A problem of a binary file named with its byte: at_byte(130, m) says "byte 130: " and
    then m."""
    return Message(gettext_noop("byte %(byte)s: %(problem)s"), {"byte": byte, "problem": problem})


def on_board(board: int | str, problem: Problem) -> Message:
    """A problem of one board: on_board(3, m) says "board 3: " and then m; at_line(12,
    on_board(3, m)) says "line 12: board 3: " and then m."""
    return Message(
        gettext_noop("board %(board)s: %(problem)s"), {"board": board, "problem": problem}
    )


class FileRefused(ValueError):
    """A file that cannot be imported; `problems` lists every reason, each naming its line,
    `errors` says them in English (each cut to an excerpt), `lines` with the heading."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems: list[Problem] = list(problems)
        self.errors = [excerpt(str(problem)) for problem in self.problems]
        super().__init__("\n".join(self.lines))

    @property
    def heading(self) -> Message:
        """The words above the problems: "2 problems, nothing imported:"."""
        return ngettext_lazy(
            "%(count)s problem, nothing imported:",
            "%(count)s problems, nothing imported:",
            len(self.problems),
        )

    @property
    def messages(self) -> list[Problem]:
        """The heading, then each problem, to be worded: what a page lists."""
        return [self.heading, *self.problems]

    @property
    def lines(self) -> list[str]:
        """The heading, then each problem, in English: what a command prints."""
        return [str(self.heading), *self.errors]

    def said(self, word: Wording) -> list[str]:
        """`messages` each said by `word` (a page's `worded`), a long one cut to an excerpt in
        the same language. Example, in French: ["2 problèmes, rien n'est importé :",
        "ligne 3 : '4Z' n'est pas un contrat ...", ...]."""
        return [
            word(self.heading),
            *(excerpt(word(problem), word=word) for problem in self.problems),
        ]


def excerpt(text: str, limit: int = LONGEST, *, word: Wording = str) -> str:
    """A problem as shown: whole up to `limit` characters; else its start and its end, which
    say where and why, around the part of a long quoted value left out, said by `word` (in
    English by default). Example: a 4 MB cell quoted in "line 2: '4SSSS…SSS' is not a
    contract (expected e.g. 4S, …)" keeps the line number and the reason, and says how many
    characters it leaves out."""
    if len(text) <= limit:
        return text
    head, tail = text[: limit * 2 // 3], text[-(limit // 3) :]
    left = len(text) - len(head) - len(tail)
    return word(
        ngettext_lazy(
            "%(head)s … (%(left)s character left out) … %(tail)s",
            "%(head)s … (%(left)s characters left out) … %(tail)s",
            left,
            {"head": head, "tail": tail, "left": f"{left:,}"},
        )
    )


_Found = TypeVar("_Found")  # a Problem, or (N, problem) with N its line


class Problems(list[_Found]):
    """A reader's problems, each a problem naming its line or `(N, problem)`: the reader goes
    on past the first, and stops at MOST_PROBLEMS, raising FileRefused with them and where it
    stopped. So a 5 MB file of junk is refused after its first hundred bad lines, in a
    fraction of a second, not after reading 350,000 of them. Example: the 100th problem, on
    line 100, ends the list with "line 100: 100 problems: the file was read no further
    (correct these and import it again)"."""

    def append(self, problem: _Found) -> None:
        super().append(problem)
        if len(self) >= MOST_PROBLEMS:
            self.stop()

    def extend(self, problems: Iterable[_Found]) -> None:
        for problem in problems:
            self.append(problem)

    def stop(self) -> NoReturn:
        found = sorted(map(_problem, self), key=line_of)
        last = max(map(line_of, found))
        stopped = ngettext_lazy(
            "%(count)s problem: the file was read no further (correct these and import it again)",
            "%(count)s problems: the file was read no further (correct these and import it again)",
            len(found),
        )
        raise FileRefused([*found, at_line(last, stopped)])


def _problem(found: object) -> Problem:
    """A problem itself, or the second of a (line, problem) pair."""
    return cast(tuple[int, Problem], found)[1] if isinstance(found, tuple) else cast(Problem, found)
