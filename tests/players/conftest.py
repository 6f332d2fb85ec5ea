"""Three club nights where the same people play with different partners, typed differently.

Each session: four pairs, two boards, each board played at two tables (E = 2, so a top is 2
matchpoints on the 2/1 scale and a pair's top over two boards is 4); pairs 1 and 3 sit NS,
2 and 4 EW (two fields). Board 1: 1 v 2 and 3 v 4; board 2: 1 v 4 and 3 v 2. NS scores:

- 1 June:  b1 420 | 450, b2 140 | 140 -> NS 1: 0+1 = 25%, NS 3: 2+1 = 75%;
           EW 2: 2+1 = 75% (it beat 1's 420 on b1), EW 4: 0+1 = 25%.
- 8 June:  b1 -100 | -50, b2 600 | 620 -> NS 1: 0%, NS 3: 100%; EW 2: 2+0 = 50%, EW 4: 0+2 = 50%
           (EW tie: both "1=").
- 15 June: b1 170 | 140, b2 -200 | -200 -> NS 1: 2+1 = 75%, NS 3: 0+1 = 25%;
           EW 2: 0+1 = 25%, EW 4: 2+1 = 75%.

The names, as typed (Ann Lee plays with Bob Ray, then Cy Dunn, then Bob Ray again, typed
"ANN LEE" and "A. Lee"; Cy Dunn is "Cy Dunne" once; Bob Ray is "Robert Ray" once):
"""

from __future__ import annotations

import datetime

import pytest

TRAVELLERS = """\
    board,ns,ew,score
    1,1,2,{}
    1,3,4,{}
    2,1,4,{}
    2,3,2,{}
"""
SESSIONS = [
    (
        "June 1",
        datetime.date(2026, 6, 1),
        (420, 450, 140, 140),
        ["Ann Lee", "Bob Ray"],
        ["Cy Dunn", "Di Fox"],
        ["Ed Gray", "Flo Hart"],
        ["Gus Ives", "Hal Jones"],
    ),
    (
        "June 8",
        datetime.date(2026, 6, 8),
        (-100, -50, 600, 620),
        ["Bob Ray", "Di Fox"],
        ["ANN LEE", "Cy Dunne"],
        ["Ed Gray", "Flo Hart"],
        ["Gus Ives", "Hal Jones"],
    ),
    (
        "June 15",
        datetime.date(2026, 6, 15),
        (170, 140, -200, -200),
        ["Cy Dunn", "Ed Gray"],
        ["A. Lee", "Robert Ray"],
        ["Flo Hart", "Di Fox"],
        ["Gus Ives", "Hal Jones"],
    ),
]


def names_csv(pairs) -> str:
    return "pair,player1,player2\n" + "".join(
        f"{label},{one},{two}\n" for label, (one, two) in enumerate(pairs, start=1)
    )


@pytest.fixture
def import_night(make_session):
    """Import one of SESSIONS (0, 1 or 2), published, as a director's file would be."""

    def build(index: int):
        name, date, scores, *pairs = SESSIONS[index]
        return make_session(
            TRAVELLERS.format(*scores), names_csv(pairs), name=name, date=date, publish=True
        )

    return build
