"""The result notation a club's directors type: its language's words
(scoring/notation_words.py), read on the grid and the adjust form and written back there.

Example: a club whose language is French types `4P N 10` for 4S by N, 10 tricks, and its grid
shows a stored 4S line as `4P N 10`; an English club types and sees `4S N 10`.
"""

from __future__ import annotations

from ..models import Club
from ..scoring.notation_words import Notation, notation_for


def club_notation(club: Club) -> Notation:
    return notation_for(club.language)
