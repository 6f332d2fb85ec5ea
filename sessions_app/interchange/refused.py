"""A file refused whole: the one error every reader raises, and its one wording.

A file is imported whole or not at all, so a reader goes on past the first problem and
names every one, each with its line. The director sees them under one heading, the same on
the upload page and from every import command. Example: a travellers CSV whose lines 3 and 4
say `4Z` and `14` tricks is refused as

    2 problem(s), nothing imported:
    line 3: '4Z' is not a contract (expected e.g. 4S, 3NT, 4SX, 5DXX or PASS)
    line 4: 14 tricks is impossible (0-13)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn, TypeVar, cast

from .records import line_of

LONGEST = 240  # characters of one problem shown, the value it quotes cut in the middle
MOST_PROBLEMS = 100  # a reader stops at this many: a file of junk is refused at once


class FileRefused(ValueError):
    """A file that cannot be imported; `errors` lists every reason, each naming its line."""

    def __init__(self, errors: Iterable[str]):
        self.errors = [excerpt(error) for error in errors]
        super().__init__("\n".join(self.lines))

    @property
    def lines(self) -> list[str]:
        """The heading, then each problem: what a page lists and a command prints."""
        return [f"{len(self.errors)} problem(s), nothing imported:", *self.errors]


def excerpt(text: str, limit: int = LONGEST) -> str:
    """A problem as shown: whole up to `limit` characters; else its start and its end, which
    say where and why, around the part of a long quoted value left out. Example: a 4 MB cell
    quoted in "line 2: '4SSSS…SSS' is not a contract (expected e.g. 4S, …)" keeps the line
    number and the reason, and says how many characters it leaves out."""
    if len(text) <= limit:
        return text
    head, tail = text[: limit * 2 // 3], text[-(limit // 3) :]
    return f"{head} … ({len(text) - len(head) - len(tail):,} characters left out) … {tail}"


_Problem = TypeVar("_Problem")  # "line N: ..." or (N, "line N: ...")


class Problems(list[_Problem]):
    """A reader's problems, each `"line N: ..."` or `(N, "line N: ...")`: the reader goes on
    past the first, and stops at MOST_PROBLEMS, raising FileRefused with them and where it
    stopped. So a 5 MB file of junk is refused after its first hundred bad lines, in a
    fraction of a second, not after reading 350,000 of them. Example: the 100th problem, on
    line 100, ends the list with "line 100: 100 problems: the file was read no further
    (correct these and import it again)"."""

    def append(self, problem: _Problem) -> None:
        super().append(problem)
        if len(self) >= MOST_PROBLEMS:
            self.stop()

    def extend(self, problems: Iterable[_Problem]) -> None:
        for problem in problems:
            self.append(problem)

    def stop(self) -> NoReturn:
        words = sorted(map(_words, self), key=line_of)
        last = max(map(line_of, words))
        stopped = f"line {last}: {len(words)} problems: the file was read no further"
        raise FileRefused([*words, f"{stopped} (correct these and import it again)"])


def _words(problem: object) -> str:
    """A problem's words: the problem itself, or the second of a (line, words) pair."""
    return problem if isinstance(problem, str) else cast(tuple[int, str], problem)[1]
