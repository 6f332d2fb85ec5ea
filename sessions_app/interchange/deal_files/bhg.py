"""`.bhg`: one line of 52 letters a board, the board's number its line's number after a first
line the program keeps for itself.

Described by deal-convert (BSD-2-Clause, github.com/emkael/deal-convert,
`dealconvert/formats/bhg.py`). Each line is four hands of 13 letters, starting with the
board's dealer (Law 2) and going round the table; a letter is a card: `A` … `M` ♠A … ♠2, `N` …
`Z` ♥A … ♥2, `a` … `m` ♦A … ♦2, `n` … `z` ♣A … ♣2. Example: board 2 (East deals) whose line
starts `ABCDEFGHIJKLM` gives East every spade. A line left empty is a board the file does not
hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.board import SEATS
from ...scoring.board import dealer as law2_dealer
from ...scoring.message import Message, gettext_noop
from ..refused import FileRefused, Problems, at_line, on_board
from .boards import BadDeal, DealtBoard, check_owners
from .text import text_lines

EXTENSION = "bhg"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def read(content: bytes) -> tuple[DealtBoard, ...]:
    problems: list[Message] = Problems()
    boards = []
    for line, text in text_lines(content)[1:]:
        letters = text.strip()
        if not letters:
            continue
        number = line - 1
        try:
            boards.append(DealtBoard.law2(number, _owners(number, letters)))
        except BadDeal as error:
            problems.append(at_line(line, on_board(number, error.message)))
    if problems:
        raise FileRefused(problems)
    if not boards:
        raise FileRefused(
            [
                at_line(
                    2,
                    Message(
                        gettext_noop("the file holds no board (one line of 52 letters a board)")
                    ),
                )
            ]
        )
    return tuple(boards)


def _owners(number: int, letters: str) -> tuple[int, ...]:
    if len(letters) != 52:
        raise BadDeal(
            Message(
                gettext_noop("%(count)s letters, a board has 52 (13 a hand)"),
                {"count": len(letters)},
            )
        )
    first = SEATS.index(law2_dealer(number))
    owners: list[int | None] = [None] * 52
    for index, letter in enumerate(letters):
        card = _LETTERS.find(letter)
        if card < 0:
            raise BadDeal(
                Message(
                    gettext_noop("%(letter)r (character %(place)s) is not a card (A-Z, a-z)"),
                    {"letter": letter, "place": index + 1},
                )
            )
        if owners[card] is not None:
            raise BadDeal(
                Message(
                    gettext_noop("%(letter)r (character %(place)s) is given twice"),
                    {"letter": letter, "place": index + 1},
                )
            )
        owners[card] = (first + index // 13) % 4
    return check_owners(owners)


def write(boards: Sequence[DealtBoard]) -> bytes:
    """A first line with the program's name, then each board on its line (empty lines for
    numbers the set skips), CRLF."""
    by_number = {board.number: board for board in boards}
    lines = ["clubscorer"]
    for number in range(1, max(by_number) + 1):
        board = by_number.get(number)
        lines.append(_letters(number, board.owners) if board else "")
    return "\r\n".join(lines).encode("ascii") + b"\r\n"


def _letters(number: int, owners: Sequence[int]) -> str:
    first = SEATS.index(law2_dealer(number))
    return "".join(
        _LETTERS[card]
        for hand in range(4)
        for card in range(52)
        if owners[card] == (first + hand) % 4
    )
