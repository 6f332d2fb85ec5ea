"""The bodies the table API takes (docs/table-scoring.md), declared for the one gate
(core/json_shapes.py): every field's exact type, range or choices, and length. A body of another
shape is refused (400) naming its field before any service reads it.

Numbers of a line (board, level, tricks, doubled, version, round) may come as ASCII digits in a
string, as the API has always taken them; `doubled` may be "X" or "XX"; strains, declarers and
leads in either case. Example: {"client_id": "c1", "board": "7", "level": 4, "strain": "s",
"doubled": "X", "declarer": "n", "tricks": 10} is board 7, 4SX by N, 10 tricks.
"""

from __future__ import annotations

import re

from ...core.json_shapes import Choice, Flag, ListOf, Shape, Text, Whole, optional

CLIENT_ID = Text(
    40, "1-40 letters, digits, '-', '_', '.' or ':' (a UUID)", re.compile(r"[A-Za-z0-9_.:-]{1,40}")
)
VERSION = Whole(1, 2**31 - 1, digits=True)
RESULT = {
    "level": optional(Whole(0, 7, digits=True, means="a whole number from 1 to 7 (0: passed out)")),
    "strain": optional(
        Choice(
            {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "N": "NT", "": ""},
            "one of C, D, H, S, NT",
            fold=True,
        )
    ),
    "doubled": optional(
        Choice(
            {0: 0, 1: 1, 2: 2, "0": 0, "1": 1, "2": 2, "": 0, "X": 1, "XX": 2},
            'a whole number from 0 to 2 (or "X", "XX")',
            fold=True,
        )
    ),
    "declarer": optional(
        Choice({seat: seat for seat in ("N", "E", "S", "W", "")}, "N, E, S or W", fold=True)
    ),
    "tricks": optional(Whole(0, 13, digits=True)),
    "lead": optional(
        Text(3, "a card like HK, S10 or CT", re.compile(r"(?:[SHDC](?:[2-9TJQKA]|10))?"), fold=True)
    ),
    "passed_out": optional(Flag()),
}

SIGN_IN = Shape({"code": optional(Text(40, "the code printed on the table card"))})
LINE = Shape({"client_id": CLIENT_ID, "board": Whole(1, 32767, digits=True), **RESULT})
CORRECTION = Shape({"client_id": CLIENT_ID, "version": VERSION, **RESULT})
VERIFY = Shape({"accept": Flag(), "version": VERSION})
ROUND_DONE = Shape({"round": Whole(1, 255, digits=True)})
NAMES = ListOf(Text(100), 2, "a list of two names (100 characters each at most)")
PLAYERS = Shape({"ns": optional(NAMES), "ew": optional(NAMES)})
CALL = Shape(
    {
        "client_id": CLIENT_ID,
        "reason": Text(200, "ruling, score, movement or other (or a few words)"),
        "text": optional(Text(200)),
    }
)
