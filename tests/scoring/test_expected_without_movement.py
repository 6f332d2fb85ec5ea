"""E of a section without a movement (docs/rules.md §4.2): the most lines any of its boards has,
one rule used by the scorer, the board page's quick scoring and the lines-missing check."""

from __future__ import annotations

from fractions import Fraction

from sessions_app.scoring import (
    EventInput,
    SectionEntry,
    Settings,
    Traveller,
    played,
    score_session,
)
from sessions_app.scoring.event import expected_without_movement


def test_it_is_the_most_lines_on_any_board():
    assert expected_without_movement([7, 7, 6]) == 7
    assert expected_without_movement([]) == 0


def test_a_board_short_of_lines_is_factored_to_the_most_played_boards():
    # Boards 1 and 2 have three lines, board 3 two: E = 3 for all, top 4. On board 3 NS +420
    # beats +400: 2 and 0 of a top of 2 among themselves, factored (M + 1)·3/2 - 1 = 3.5 and
    # (0 + 1)·3/2 - 1 = 0.5.
    full = (played("1", "4", 420), played("2", "5", 400), played("3", "6", 400))
    short = (played("1", "4", 420), played("2", "5", 400))
    travellers = (Traveller(1, full), Traveller(2, full), Traveller(3, short))
    results = score_session(EventInput((SectionEntry("A", travellers),), Settings()))
    board = results.section("A").board(3)
    assert [line.points_ns for line in board.lines] == [Fraction(7, 2), Fraction(1, 2)]
