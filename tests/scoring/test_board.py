"""Dealer and vulnerability by board number (Law 2, docs/rules.md §2)."""

import pytest

from sessions_app.scoring.board import dealer, is_vulnerable, vulnerability

# docs/rules.md §2, written out for one cycle of 16 boards: board -> (dealer, vulnerability).
LAW_2_CYCLE = {
    1: ("N", "None"),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "All"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "All"),
    8: ("W", "None"),
    9: ("N", "EW"),
    10: ("E", "All"),
    11: ("S", "None"),
    12: ("W", "NS"),
    13: ("N", "All"),
    14: ("E", "None"),
    15: ("S", "NS"),
    16: ("W", "EW"),
}

# Boards 17-32 repeat the cycle: board 17 is dealt and vulnerable like board 1.
LAW_2_TABLE = [(board, *LAW_2_CYCLE[board]) for board in range(1, 17)] + [
    (board, *LAW_2_CYCLE[board - 16]) for board in range(17, 33)
]


@pytest.mark.parametrize(("board", "seat", "vul"), LAW_2_TABLE)
def test_it_gives_the_law_2_dealer_and_vulnerability(board, seat, vul):
    assert dealer(board) == seat
    assert vulnerability(board) == vul


def test_it_lists_the_vulnerabilities_as_in_rules():
    # docs/rules.md §2: None on 1, 8, 11, 14; NS on 2, 5, 12, 15; EW on 3, 6, 9, 16;
    # All on 4, 7, 10, 13
    by_vul = {"None": [], "NS": [], "EW": [], "All": []}
    for board in range(1, 17):
        by_vul[vulnerability(board)].append(board)
    assert by_vul == {
        "None": [1, 8, 11, 14],
        "NS": [2, 5, 12, 15],
        "EW": [3, 6, 9, 16],
        "All": [4, 7, 10, 13],
    }


@pytest.mark.parametrize("board", [0, -1])
def test_it_rejects_board_numbers_below_one(board):
    with pytest.raises(ValueError):
        dealer(board)
    with pytest.raises(ValueError):
        vulnerability(board)


@pytest.mark.parametrize(
    ("vul", "seat", "vulnerable"),
    [
        ("None", "N", False),
        ("None", "E", False),
        ("NS", "S", True),
        ("NS", "W", False),
        ("EW", "N", False),
        ("EW", "E", True),
        ("All", "S", True),
        ("All", "W", True),
    ],
)
def test_it_knows_which_side_is_vulnerable(vul, seat, vulnerable):
    assert is_vulnerable(vul, seat) is vulnerable
