"""PBN hand records: the `Board`, `Dealer`, `Vulnerable` and `Deal` tags of each game.

Read with clubscorer's own PBN syntax reader (`interchange/pbn/syntax.py`, every problem with
its line), as PBN 2.1 (docs/formats.md) says. A game without a `Deal` is
skipped (a file's other games: its results, its totals); `#` repeats the previous game's value,
as the standard says; a missing or `?` dealer or vulnerability is Law 2's for the board.
Example: `[Board "3"] [Dealer "S"] [Vulnerable "EW"] [Deal "N:…"]` is board 3, South dealing,
East-West vulnerable.

Written as dealing programs write a hand record: one game a board, with `Event`, `Site`,
`Date` left `?` for the director to fill in.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...scoring.board import SEATS
from ...scoring.board import dealer as law2_dealer
from ...scoring.board import vulnerability as law2_vulnerability
from ...scoring.message import Message, gettext_noop
from ..pbn.syntax import Game, read_games, tag_pair
from ..refused import FileRefused, Problems, at_line, on_board
from .boards import BadDeal, DealtBoard, from_north, sorted_boards
from .text import text_lines

EXTENSION = "pbn"
_VULNERABILITIES = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}


def read(content: bytes) -> tuple[DealtBoard, ...]:
    text = "\n".join(line for _, line in text_lines(content))
    games, errors = read_games(text)
    problems: list[Message] = Problems()
    problems.extend(errors)
    boards: dict[int, DealtBoard] = {}
    previous: dict[str, str] = {}
    for game in games:
        values = {name: tag.value.strip() for name, tag in game.tags.items()}
        values = {name: previous.get(name, "") if v == "#" else v for name, v in values.items()}
        previous.update(values)
        if game.get("Deal") is None:
            continue
        try:
            board = _board(game, values)
        except BadDeal as error:
            problems.append(at_line(game.tag("Deal").line, error.message))
            continue
        if board.number in boards and boards[board.number].deal != board.deal:
            problems.append(
                at_line(
                    game.line,
                    Message(
                        gettext_noop("board %(board)s is in the file twice, with two deals"),
                        {"board": board.number},
                    ),
                )
            )
        boards.setdefault(board.number, board)
    if problems:
        raise FileRefused(problems)
    if not boards:
        raise FileRefused(
            [at_line(1, Message(gettext_noop('the file has no deal (a [Deal "N:…"] tag)')))]
        )
    return tuple(boards.values())


def _board(game: Game, values: dict[str, str]) -> DealtBoard:
    def value(name: str) -> str:
        tag = game.get(name)
        return values.get(tag.name, "") if tag else ""

    number_text = value("Board")
    if not number_text:
        raise BadDeal(Message(gettext_noop("the deal has no Board tag: which board is it?")))
    if not (number_text.isascii() and number_text.isdigit()) or not 1 <= int(number_text) <= 9999:
        raise BadDeal(
            Message(
                gettext_noop("the deal's Board is %(value)r, not a board number"),
                {"value": number_text},
            )
        )
    number = int(number_text)
    try:
        deal = from_north(value("Deal"))
    except BadDeal as error:
        raise BadDeal(on_board(number, error.reason)) from None
    dealer = value("Dealer").upper()
    vulnerability = _VULNERABILITIES.get(value("Vulnerable").lower())
    if dealer not in ("", "?") and (len(dealer) != 1 or dealer not in SEATS):
        raise BadDeal(
            on_board(
                number,
                Message(gettext_noop("Dealer %(value)r is not N, E, S or W"), {"value": dealer}),
            )
        )
    if value("Vulnerable") not in ("", "?") and vulnerability is None:
        raise BadDeal(
            on_board(
                number,
                Message(
                    gettext_noop("Vulnerable %(value)r is not None, NS, EW or All"),
                    {"value": value("Vulnerable")},
                ),
            )
        )
    stated = (dealer not in ("", "?"), vulnerability is not None)
    return DealtBoard(
        number,
        deal,
        dealer if stated[0] else law2_dealer(number),
        vulnerability or law2_vulnerability(number),
        stated,
    )


def write(boards: Sequence[DealtBoard]) -> bytes:
    games = []
    for board in sorted_boards(boards):
        tags = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "?"),
            ("Board", str(board.number)),
            ("Dealer", board.dealer),
            ("Vulnerable", board.vulnerability),
            ("Deal", board.deal),
        ]
        games.append("\r\n".join(tag_pair(name, value) for name, value in tags))
    return ("% PBN 2.1\r\n% EXPORT\r\n\r\n" + "\r\n\r\n".join(games) + "\r\n").encode("ascii")
