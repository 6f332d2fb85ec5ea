"""Three published sessions of one club where the same people play with different partners,
under slightly different spellings, their pairs matched to the club's players (the
director's confirmed matches: `Pair.player1_ref`, `player2_ref`).

Each session: four pairs, three boards, two tables a board, scores only, so a board's top is
2 and a pair's 6 (E = 2: the most results of any board). On each board the higher NS score
gets 2 and its EW 0, the lower 0 and its EW 2; equal scores 1 each. The matchpoints, worked:

    session 1 (9 Nov)        session 2 (16 Nov)       session 3 (23 Nov)
    b1: 1-2 420, 3-4 400     b1: 1-2 420, 3-4 450     b1: 1-2 420, 3-4 420
    b2: 4-1 -100, 2-3 -100   b2: 4-1 50, 2-3 -100     b2: 4-1 -100, 2-3 50
    b3: 1-3 140, 4-2 170     b3: 1-3 450, 4-2 420     b3: 1-3 170, 4-2 140
    1 Ann Lee & Bob Ray 2+1+0 = 3   1 Ann & Cy Orr 0+0+2 = 2       1 Ann & Bob 1+2+2 = 5
    2 Cy & Dee Fox      0+1+0 = 1   2 Bob & Dee 2+0+2 = 4          2 Cy & Dee 1+2+2 = 5
    3 Eve Kim & Fay Wu  0+1+2 = 3   3 Eve & Fay 2+2+0 = 4          3 Eve & Gus 1+0+0 = 1
    4 Gus Ng & Hal Poe  2+1+2 = 5   4 Gus & Hal 0+2+0 = 2          4 Hal & Ivy Day 1+0+0 = 1

A pair's percentage is its matchpoints of 6: k/6 = k·50/3 %.
"""

from __future__ import annotations

import datetime

import pytest

from sessions_app.players.linking import session_confirm_players, session_name_rows
from sessions_app.players.register import player_create
from tests.conftest import publish

SESSIONS = [
    (
        datetime.date(2026, 11, 9),
        "1,1,2,420\n1,3,4,400\n2,4,1,-100\n2,2,3,-100\n3,1,3,140\n3,4,2,170\n",
        [
            ("Ann Lee", "Bob Ray"),
            ("Cy Orr", "Dee Fox"),
            ("Eve Kim", "Fay Wu"),
            ("Gus Ng", "Hal Poe"),
        ],
    ),
    (
        datetime.date(2026, 11, 16),
        "1,1,2,420\n1,3,4,450\n2,4,1,50\n2,2,3,-100\n3,1,3,450\n3,4,2,420\n",
        [
            ("A. Lee", "Cy Orr"),
            ("Bob Ray", "Dee Foxe"),
            ("Eve Kim", "Fay Wu"),
            ("Gus Ng", "Hal Poe"),
        ],
    ),
    (
        datetime.date(2026, 11, 23),
        "1,1,2,420\n1,3,4,420\n2,4,1,-100\n2,2,3,50\n3,1,3,170\n3,4,2,140\n",
        [
            ("Ann Lee", "Bob Ray"),
            ("Cy Orr", "Dee Fox"),
            ("Eve Kim", "Gus Ng"),
            ("Hal Poe", "Ivy Day"),
        ],
    ),
]
# The register; the spellings below are the ones the director confirms (the others are
# matched exactly when the names are imported).
PEOPLE = [
    "Ann Lee",
    "Bob Ray",
    "Cy Orr",
    "Dee Fox",
    "Eve Kim",
    "Fay Wu",
    "Gus Ng",
    "Hal Poe",
    "Ivy Day",
]
SPELLINGS = {"A. Lee": "Ann Lee", "Dee Foxe": "Dee Fox"}


@pytest.fixture
def three_sessions(club, make_session):
    return build_three_sessions(club, make_session)


def build_three_sessions(club, make_session):
    """The three sessions, published, their pairs matched to the register: the exact names
    when the file is imported, the other spellings confirmed by the director on the session's
    players page (players/linking.py)."""
    players = {name: player_create(club=club, name=name) for name in PEOPLE}
    sessions = []
    for date, travellers, names in SESSIONS:
        table = "pair,player1,player2\n" + "".join(
            f"{label},{a},{b}\n" for label, (a, b) in enumerate(names, start=1)
        )
        session = make_session(
            "board,ns,ew,score\n" + travellers, table, name="Tuesday pairs", date=date
        )
        asked = [row for row in session_name_rows(session=session) if row.player is None]
        assert sorted(row.typed for row in asked) == sorted(
            name for pair in names for name in pair if name in SPELLINGS
        )
        choices = {row.field: str(players[SPELLINGS[row.typed]].pk) for row in asked}
        session_confirm_players(session=session, choices=choices)
        publish(session)
        session.refresh_from_db()
        sessions.append(session)
    return sessions
