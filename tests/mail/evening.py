"""Board 1 of the `mitchell` fixture's session played at its seven tables, three players of
the register linked to pairs, two of them asking for results by e-mail.

Board 1 (none vulnerable), NS scores: 1v8 +450, 7v13 +420, 6v11 +420, 5v9 +400, 4v14 -50,
3v12 +140, and in the switched last round 10 (NS) v 2 +480. One field (an arrow switch),
top 12 on the 2/1 scale, one board each, so % = matchpoints / 12:
  NS 480 -> 12 (pair 10), 450 -> 10 (pair 1), 420 -> 7 (7, 6), 400 -> 4 (5), 140 -> 2 (3),
  -50 -> 0 (4); EW the rest of 12: 2 -> 0, 8 -> 2, 13 and 11 -> 5, 9 -> 8, 12 -> 10, 14 -> 12.
Ranking of 14: 100% pairs 10, 14 (1=); 83.33% pairs 1, 12 (3=); 66.67% pair 9 (5th) ...
So Ann (pair 1) is "3= of 14, 83.33%" and Bob (pair 9) "5th of 14, 66.67%".
"""

from __future__ import annotations

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Pair
from sessions_app.players.register import player_create
from sessions_app.scoring.rulings import parse_ruling

BOARD_1 = [
    ("1", "8", "4S N 11"),
    ("7", "13", "4S N 10"),
    ("6", "11", "4S N 10"),
    ("5", "9", "3NT N 9"),
    ("4", "14", "4S N 9"),
    ("3", "12", "2S N 9"),
    ("10", "2", "4S N 12"),
]


def play_board_1(section) -> dict:
    """The lines stored and the players made: {"ann": ..., "bob": ..., "cy": ...}."""
    for ns, ew, text in BOARD_1:
        result_save(section=section, line=LineInput(1, ns, ew, parse_ruling(text, "None")))
    club = section.session.club
    players = {
        "ann": player_create(
            club=club,
            name="Ann Lee",
            email="ann@example.org",
            results_by_mail=True,
            results_mail_pdf=True,
        ),
        "bob": player_create(
            club=club, name="Bob Ray", email="bob@example.org", results_by_mail=True
        ),
        "cy": player_create(club=club, name="Cy Young", email="cy@example.org"),
    }
    for label, key in (("1", "ann"), ("9", "bob"), ("4", "cy")):
        Pair.objects.filter(section=section, label=label).update(
            player1=players[key].name, player1_ref=players[key]
        )
    return players
