"""A section's traveller lines as an ACBLscore game file keeps them: per board, each table's
result, the two pairs, each side's score and matchpoints (docs/formats.md "ACBLscore game
files", the board index).

A side's score is stored in tens, for that side, or as a code: 900 late play, 950 not played,
2040/2050/2060 Ave-/Ave/Ave+, 3000 and up a fouled board's group and score; 999 in NS's
score marks a board not in play that round, which is no line. Example, Long Beach, 18 June
2017, board 1's first result, at byte 7696: `01 01 | 01 00 0A 00 26 02 00 00 | 01 00 F6 FF 32
00 00 00` is round 1, table 1; NS pair 1, +10 tens, 550 hundredths; EW pair 1, -10, 50: the
line 1NS v 1EW, NS +100, 5.50 and 0.50 matchpoints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from ...scoring.message import Message, MessageError, gettext_noop
from .layout import BadBytes, Bytes, hundredths

NOT_THIS_ROUND, LATE_PLAY, NOT_PLAYED = 999, 900, 950
ARTIFICIAL = {2040: "A-", 2050: "A", 2060: "A+"}
FOULED, FOUL_GROUP = 3000, 2000  # a score of a fouled group g >= 1: score + 2000(g+1)
RESULT_SIZE = 18  # round, table, then (pair, score, matchpoints) for NS and for EW
_BOARDS_NUMBER = Message(gettext_noop("a board's number"))
Label = Callable[[int, int], str]  # a pair's label from its number and direction (0 NS, 1 EW)


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a traveller line: its code as stored (a score in tens, or a special one:
    `side_text`) and its matchpoints."""

    pair: str
    code: int
    matchpoints: Decimal


@dataclass(frozen=True, slots=True)
class Line:
    offset: int
    board: int
    round: int
    table: int
    ns: Side
    ew: Side


def read_lines(raw: Bytes, index: int, letter: str, label: Label) -> list[Line]:
    """Each board's lines: the board index holds, per board, its number, how many results it
    has and where they start; a result of a board not in play that round is skipped."""
    count = raw.u16(
        index + 4, Message(gettext_noop("section %(section)s's board count"), {"section": letter})
    )
    lines = []
    for number in range(count):
        at = index + 0x26 + 8 * number
        board = raw.u8(at, _BOARDS_NUMBER)
        if board == 0:
            raise BadBytes(
                at,
                Message(
                    gettext_noop(
                        "section %(section)s's board %(place)s of %(count)s is numbered 0"
                    ),
                    {"section": letter, "place": number + 1, "count": count},
                ),
            )
        results = raw.u16(at + 2, _of_board(gettext_noop("board %(board)s's result count"), board))
        offset = (
            raw.pointer(at + 4, _of_board(gettext_noop("board %(board)s's results"), board)) + 6
        )
        while results:
            if offset + RESULT_SIZE > len(raw):
                raise BadBytes(
                    offset,
                    _of_board(
                        gettext_noop("board %(board)s's results run past the file's end"), board
                    ),
                )
            line = _line(raw, offset, board, label)
            offset += RESULT_SIZE
            if line is None:
                continue
            if line.ns.code not in (LATE_PLAY, NOT_PLAYED):
                results -= 1  # a board scheduled late or not played is not counted
            lines.append(line)
    return lines


def _line(raw: Bytes, at: int, board: int, label: Label) -> Line | None:
    ns_code = raw.i16(at + 4, _of_board(gettext_noop("board %(board)s's NS score"), board))
    if ns_code == NOT_THIS_ROUND:
        return None
    sides = []
    for direction, start in enumerate((at + 2, at + 10)):
        pair = raw.u16(start, _of_board(gettext_noop("board %(board)s's pair"), board))
        code = raw.i16(start + 2, _of_board(gettext_noop("board %(board)s's score"), board))
        points = raw.u32(start + 4, _of_board(gettext_noop("board %(board)s's matchpoints"), board))
        sides.append(Side(label(pair, direction), code, hundredths(points)))
    return Line(
        offset=at,
        board=board,
        round=raw.u8(at, _of_board(gettext_noop("board %(board)s's round"), board)),
        table=raw.u8(at + 1, _of_board(gettext_noop("board %(board)s's table"), board)),
        ns=sides[0],
        ew=sides[1],
    )


@lru_cache(maxsize=4096)  # read for each of a board's results: made once a board
def _of_board(text: str, board: int) -> Message:
    """What is read of a board, named with its number: _of_board(gettext_noop("board
    %(board)s's round"), 3) says "board 3's round"."""
    return Message(text, {"board": board})


def side_text(code: int) -> tuple[str, int]:
    """A side's stored code as the notation of docs/rules.md §10 for that side (its score
    signed for that side, `A+`, `A`, `A-` or `NP`) and its foul group (0: none). Examples:
    42 -> ("420", 0); 2060 -> ("A+", 0); 4042 -> ("420", 1) (group 1: 42 + 2000 x 2);
    950 -> ("NP", 0)."""
    if code in ARTIFICIAL:
        return ARTIFICIAL[code], 0
    if code in (LATE_PLAY, NOT_PLAYED):
        return "NP", 0
    if code >= FOULED:
        group = (code - 1000) // FOUL_GROUP
        return str((code - FOUL_GROUP * (group + 1)) * 10), group
    if -1000 < code < LATE_PLAY:
        return str(code * 10), 0
    raise MessageError(
        Message(gettext_noop("score code %(code)s is none ACBLscore writes"), {"code": code})
    )
