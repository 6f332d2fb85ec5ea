"""`.dlm`: the deal files of Duplimate for Windows and the Dealer4 dealing machine.

Described by deal-convert (BSD-2-Clause, github.com/emkael/deal-convert,
`dealconvert/formats/dlm.py`). A text file of `key=value` lines under `[Document]`, CRLF:

    [Document]
    Headline=…            Status=Show       Duplicates=1
    From board=1          To board=16       Next board to duplimate=0
    PrintOuts=0           Crypto key=0      Checksum=17
    Duplicates 01=0
    Board 01=fokfapmnnkpbcfibeooicpgahi022
    … (Duplicates NN and Board NN for every board 01-99)

A board's value is 26 letters then 3 digits. The cards, in the order spades, hearts, diamonds,
clubs and A … 2 within a suit, are taken two at a time: the letter is `a` + 4 × (first card's
seat) + (second card's seat), seats 0 North … 3 West. The digits are the board's checksum:
its number XOR the code of each of the 26 letters. Example: board 1 in which North holds the
spades, East the hearts, South the diamonds and West the clubs is
`aaaaaabffffffkkkkkklpppppp015` — six `a` (two North cards), `b` (♠2 North, ♥A East), six `f`,
six `k`, `l` (♦2 South, ♣A West), six `p`; the letters appearing an even number of times cancel
in the XOR, leaving 1 ^ ord("b") ^ ord("l") = 1 ^ 98 ^ 108 = 15.

The file's `Checksum` is the number of boards XOR 1 when `Status=Show` (XOR 0 otherwise): 16
boards shown -> 17. A file with a `Crypto key` other than 0 is encrypted in a way no public
description explains, and is refused rather than read wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.message import Message, gettext_noop
from ..refused import FileRefused, Problems, at_line, on_board
from .boards import BadDeal, DealtBoard, check_owners, consecutive, sorted_boards
from .text import text_lines

EXTENSION = "dlm"
HIGHEST = 99  # the file has a line for each of boards 01-99
_LETTERS = 26


def board_checksum(number: int, letters: str) -> int:
    """The board's number XOR the code of each letter (example in the module's docstring)."""
    checksum = number
    for letter in letters:
        checksum ^= ord(letter)
    return checksum


def file_checksum(boards: int, shown: bool) -> int:
    """The number of boards XOR 1 when the file's Status is Show. Example: 16 shown -> 17."""
    return boards ^ (1 if shown else 0)


def board_letters(owners: Sequence[int]) -> str:
    """The 26 letters of a deal (module docstring)."""
    return "".join(chr(97 + 4 * owners[card] + owners[card + 1]) for card in range(0, 52, 2))


def read(content: bytes) -> tuple[DealtBoard, ...]:
    problems: list[Message] = Problems()
    lines = text_lines(content)
    if not lines or lines[0][1].strip() != "[Document]":
        raise FileRefused([at_line(1, Message(gettext_noop("a .dlm file starts with [Document]")))])
    fields: dict[str, tuple[int, str]] = {}
    for number, line in lines[1:]:
        if not line.strip():
            continue
        key, equals, value = line.partition("=")
        if not equals:
            problems.append(
                at_line(
                    number,
                    Message(gettext_noop("%(text)r is not key=value"), {"text": line.strip()[:60]}),
                )
            )
            continue
        fields[key.strip().lower()] = (number, value.strip())
    first, last = (_number(fields, key, problems) for key in ("from board", "to board"))
    if problems or first is None or last is None:
        raise FileRefused(problems)
    if not 1 <= first <= last <= HIGHEST:
        where = fields["to board"][0]
        raise FileRefused(
            [
                at_line(
                    where,
                    Message(
                        gettext_noop("boards %(first)s to %(last)s: expected 1-%(highest)s"),
                        {"first": first, "last": last, "highest": HIGHEST},
                    ),
                )
            ]
        )
    key_line, key = fields.get("crypto key", (0, "0"))
    if key.strip() not in ("", "0"):
        raise FileRefused(
            [
                at_line(
                    key_line,
                    Message(
                        gettext_noop(
                            "the file is encrypted (Crypto key=%(key)s): save it unencrypted"
                        ),
                        {"key": key},
                    ),
                )
            ]
        )
    status_line, status = fields.get("status", (0, ""))
    expected = file_checksum(last - first + 1, status.lower() == "show")
    checksum_line, checksum = fields.get("checksum", (0, ""))
    if checksum != str(expected):
        problems.append(
            at_line(
                checksum_line or status_line or 1,
                Message(
                    gettext_noop(
                        "the file's checksum is %(checksum)s, expected %(expected)s for"
                        " %(boards)s boards with Status=%(status)s"
                    ),
                    {
                        "checksum": checksum or Message(gettext_noop("missing")),
                        "expected": expected,
                        "boards": last - first + 1,
                        "status": status,
                    },
                ),
            )
        )
    boards = [
        board for number in range(first, last + 1) if (board := _board(number, fields, problems))
    ]
    if problems:
        raise FileRefused(problems)
    return tuple(boards)


def _number(fields: dict[str, tuple[int, str]], key: str, problems: list[Message]) -> int | None:
    line, value = fields.get(key, (0, ""))
    if not line:
        problems.append(
            at_line(
                1,
                Message(gettext_noop("the file has no %(key)s line"), {"key": key.capitalize()}),
            )
        )
        return None
    if not (value.isascii() and value.isdigit()):
        problems.append(
            at_line(
                line,
                Message(
                    gettext_noop("%(key)s is %(value)r, not a number"),
                    {"key": key.capitalize(), "value": value},
                ),
            )
        )
        return None
    return int(value)


def _board(
    number: int, fields: dict[str, tuple[int, str]], problems: list[Message]
) -> DealtBoard | None:
    name = f"board {number:02d}"
    if name not in fields:
        problems.append(
            at_line(
                1,
                Message(
                    gettext_noop("Board %(board)s is missing (the file says it holds it)"),
                    {"board": f"{number:02d}"},
                ),
            )
        )
        return None
    line, value = fields[name]
    letters, digits = value[:_LETTERS], value[_LETTERS:]
    if (
        len(value) != _LETTERS + 3
        or not (digits.isascii() and digits.isdigit())
        or any(not "a" <= c <= "p" for c in letters)
    ):
        problems.append(
            at_line(
                line,
                on_board(
                    number,
                    Message(
                        gettext_noop("%(value)r is not 26 letters a-p and 3 digits"),
                        {"value": value[:40]},
                    ),
                ),
            )
        )
        return None
    if int(digits) != board_checksum(number, letters):
        problems.append(
            at_line(
                line,
                Message(
                    gettext_noop(
                        "board %(board)s's checksum is %(digits)s, its letters give %(sum)s: the"
                        " line is damaged"
                    ),
                    {
                        "board": number,
                        "digits": digits,
                        "sum": f"{board_checksum(number, letters):03d}",
                    },
                ),
            )
        )
        return None
    owners: list[int | None] = []
    for letter in letters:
        value_of = ord(letter) - 97
        owners += [value_of // 4, value_of % 4]
    try:
        return DealtBoard.law2(number, check_owners(owners))
    except BadDeal as error:
        problems.append(at_line(line, on_board(number, error.message)))
        return None


def write(boards: Sequence[DealtBoard]) -> bytes:
    """The boards as Duplimate for Windows saves them: the header, then Duplicates and Board
    lines for every board 01-99 (those outside the set hold a placeholder deal, as the
    program's own files do), CRLF."""
    ordered = sorted_boards(boards)
    consecutive(ordered, EXTENSION, HIGHEST)
    first, last = ordered[0].number, ordered[-1].number
    lines = [
        "[Document]",
        "Headline=Dealt by clubscorer",
        "Status=Show",
        "Duplicates=1",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={file_checksum(len(ordered), shown=True)}",
    ]
    by_number = {board.number: board for board in ordered}
    placeholder = board_letters((0,) * 13 + (1,) * 13 + (2,) * 13 + (3,) * 13)
    for number in range(1, HIGHEST + 1):
        board = by_number.get(number)
        letters = board_letters(board.owners) if board else placeholder
        lines += [
            f"Duplicates {number:02d}=0",
            f"Board {number:02d}={letters}{board_checksum(number, letters):03d}",
        ]
    return "".join(f"{line}\r\n" for line in lines).encode("ascii")
