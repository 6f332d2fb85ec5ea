"""BBO's `.lin` files: the deals of the boards in them (the bidding and play are not read).

Described by deal-convert (BSD-2-Clause, github.com/emkael/deal-convert,
`dealconvert/formats/lin.py`). A .lin file is `key|value|` pairs. A board starts with
`qx|o5|` (open room, board 5; `c5` the closed room) or is named by `ah|Board 5|`; its deal is
`md|` then the dealer (1 South, 2 West, 3 North, 4 East) and the hands of South, West, North
and East separated by commas, each `S…H…D…C…` (one may be left empty: it holds the rest);
`sv|` is the vulnerability: `o` or `0` none, `n` North-South, `e` East-West, `b` both.
Example: `qx|o1|md|3S65HA53DJT7CAK762,SAK87HQT4DAK98C95,SJT9H982DQ532CQ83,|sv|o|` is board 1,
dealt by North, none vulnerable, North holding ♠JT9 ♥982 ♦Q532 ♣Q83. A board in both rooms
must have the same deal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...scoring.board import dealer as law2_dealer
from ...scoring.board import vulnerability as law2_vulnerability
from ...scoring.message import Message, gettext_noop
from ..refused import FileRefused, Problems, at_line, on_board
from .boards import (
    RANKS,
    BadDeal,
    DealtBoard,
    check_owners,
    in_two_hands,
    no_card,
    pbn_of,
    sorted_boards,
)
from .text import text_lines

EXTENSION = "lin"
_PAIR = re.compile(r"\s*([A-Za-z]{1,3})\|([^|]*)\|")
_QX = re.compile(r"^[oc](\d+)$", re.I)
_AH = re.compile(r"^\D*(\d+)\s*$")
_HAND = re.compile(r"^S([^HDC]*)H([^DC]*)D([^C]*)C(.*)$", re.I)
_MD_SEATS = (2, 3, 0, 1)  # md's hands: South, West, North, East
_SEAT_NAMES = ("North", "East", "South", "West")
_DEALERS = {"1": "S", "2": "W", "3": "N", "4": "E"}
_VULNERABILITIES = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_WRITTEN_VULNERABILITY = {"None": "o", "NS": "n", "EW": "e", "All": "b"}


@dataclass
class _Block:
    number: int | None = None
    deal: tuple[int, str] | None = None  # (line, md's value)
    vulnerability: tuple[int, str] | None = None  # (line, sv's value)


def read(content: bytes) -> tuple[DealtBoard, ...]:
    problems: list[Message] = Problems()
    blocks = _blocks(content)
    boards: dict[int, tuple[int, DealtBoard]] = {}
    for block in blocks:
        if block.deal is None:
            continue
        line, value = block.deal
        if block.number is None:
            problems.append(
                at_line(
                    line,
                    Message(gettext_noop("a deal (md) with no board number before it (qx|o1|)")),
                )
            )
            continue
        try:
            board = _board(block.number, value, block.vulnerability)
        except BadDeal as error:
            problems.append(at_line(line, on_board(block.number, error.message)))
            continue
        earlier = boards.get(board.number)
        if earlier is not None and earlier[1] != board:
            problems.append(
                at_line(
                    line,
                    Message(
                        gettext_noop("board %(board)s has a different deal on line %(line)s"),
                        {"board": board.number, "line": earlier[0]},
                    ),
                )
            )
        boards.setdefault(board.number, (line, board))
    if problems:
        raise FileRefused(problems)
    if not boards:
        raise FileRefused([at_line(1, Message(gettext_noop("the file has no deal (md|…|)")))])
    return tuple(board for _, board in boards.values())


def _blocks(content: bytes) -> list[_Block]:
    """The file's boards' pieces, in order: a `qx` starts a board; so does an `ah` naming
    another number or an `md` when the board has one already."""
    blocks = [_Block()]
    for line, text in text_lines(content):
        for match in _PAIR.finditer(text):
            key, value = match.group(1).lower(), match.group(2).strip()
            block = blocks[-1]
            if key == "qx" and (qx := _QX.match(value)):
                blocks.append(_Block(int(qx.group(1))))
            elif key == "ah" and (ah := _AH.match(value)):
                number = int(ah.group(1))
                if block.number is None:
                    block.number = number
                elif block.number != number:
                    blocks.append(_Block(number))
            elif key == "md":
                if block.deal is not None:
                    blocks.append(_Block())
                blocks[-1].deal = (line, value)
            elif key == "sv":
                block.vulnerability = (line, value)
    return blocks


def _board(number: int, value: str, vulnerability: tuple[int, str] | None) -> DealtBoard:
    dealer = _DEALERS.get(value[:1])
    hands = (value[1:] if dealer else value).split(",")
    if len(hands) > 4:
        raise BadDeal(
            Message(gettext_noop("md has %(count)s hands, at most 4"), {"count": len(hands)})
        )
    hands += [""] * (4 - len(hands))
    owners: list[int | None] = [None] * 52
    empty = [seat for seat, hand in zip(_MD_SEATS, hands, strict=True) if not hand.strip()]
    if len(empty) > 1:
        raise BadDeal(Message(gettext_noop("md leaves more than one hand empty")))
    for seat, hand in zip(_MD_SEATS, hands, strict=True):
        if not hand.strip():
            continue
        match = _HAND.match(hand.strip())
        if not match:
            raise BadDeal(
                Message(
                    gettext_noop("%(seat)s's hand %(hand)r is not S…H…D…C…"),
                    {"seat": _SEAT_NAMES[seat], "hand": hand},
                )
            )
        for suit, cards in enumerate(match.groups()):
            for letter in cards.upper():
                rank = RANKS.find(letter)
                if rank < 0:
                    raise BadDeal(no_card(_SEAT_NAMES[seat], hand, letter))
                if owners[13 * suit + rank] is not None:
                    raise BadDeal(in_two_hands(f"{'SHDC'[suit]}{letter}"))
                owners[13 * suit + rank] = seat
    if empty:
        owners = [empty[0] if owner is None else owner for owner in owners]
    deal = pbn_of(check_owners(owners))
    vul = _VULNERABILITIES.get(vulnerability[1].lower()) if vulnerability else None
    if vulnerability and vul is None:
        raise BadDeal(
            Message(
                gettext_noop("sv|%(value)s| on line %(line)s is not o, n, e or b"),
                {"value": vulnerability[1], "line": vulnerability[0]},
            )
        )
    return DealtBoard(
        number,
        deal,
        dealer or law2_dealer(number),
        vul or law2_vulnerability(number),
        (dealer is not None, vul is not None),
    )


def write(boards: Sequence[DealtBoard]) -> bytes:
    """One line a board: `qx|o1|md|3…|sv|o|ah|Board 1|pg||`, CRLF."""
    lines = []
    for board in sorted_boards(boards):
        owners = board.owners
        hands = ",".join(
            "".join(
                "SHDC"[suit]
                + "".join(RANKS[rank] for rank in range(13) if owners[13 * suit + rank] == seat)
                for suit in range(4)
            )
            for seat in _MD_SEATS
        )
        dealer = next(digit for digit, seat in _DEALERS.items() if seat == board.dealer)
        vul = _WRITTEN_VULNERABILITY[board.vulnerability]
        lines.append(f"qx|o{board.number}|md|{dealer}{hands}|sv|{vul}|ah|Board {board.number}|pg||")
    return "".join(f"{line}\r\n" for line in lines).encode("ascii")
