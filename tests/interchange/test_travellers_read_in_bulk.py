"""The travellers reader at the size of a big event (issue 15): each distinct result on a board
is parsed once however many tables wrote it, and the patterns that pass the common rows accept
and refuse exactly what the checks of interchange/fields.py do, in the same words."""

from __future__ import annotations

import pytest

from sessions_app.interchange.refused import FileRefused
from sessions_app.interchange.travellers.read import read_travellers

HEADER = "board,ns,ew,contract,declarer,tricks,section\n"


def test_a_result_written_at_many_tables_is_read_once_per_board():
    rows = read_travellers(
        HEADER + "1,1,11,4S,N,10\n1,2,12,4S,N,10\n1,3,13,4S,N,9\n2,1,12,4S,N,10\n2,2,13,4S,N,10\n"
    )
    board_1, board_2 = rows[:3], rows[3:]
    # Board 1, nobody vulnerable: 4 x 30 = 120 trick score, game 300 -> +420; one down -50.
    assert [row.ruling.outcome.score_ns for row in board_1] == [420, 420, -50]
    # Board 2, NS vulnerable (Law 2): 120 + vulnerable game 500 -> +620.
    assert [row.ruling.outcome.score_ns for row in board_2] == [620, 620]
    assert board_1[0].ruling is board_1[1].ruling  # one parse for the two tables
    assert board_2[0].ruling is board_2[1].ruling
    assert board_1[0].ruling is not board_2[0].ruling  # the same cells, another board


@pytest.mark.parametrize(
    ("cells", "board", "ns", "section"),
    [
        ("01,1,2,4S,N,10,", 1, "1", "A"),  # leading zero, the section by default
        ("7,ABCDEFGHIJ,2,4S,N,10,Z", 7, "ABCDEFGHIJ", "Z"),  # a pair of 10 characters
        ("3,a.b_c-d,2,4S,N,10,ABCDEFGH", 3, "a.b_c-d", "ABCDEFGH"),  # a section of 8
        ("B:4,1,2,4S,N,10,", 4, "1", "B"),  # salliere's section:board
        ("B:4,1,2,4S,N,10,B", 4, "1", "B"),
    ],
)
def test_the_patterns_accept_what_the_checks_accept(cells, board, ns, section):
    [row] = read_travellers(HEADER + cells + "\n")
    assert (row.board, row.ns, row.section) == (board, ns, section)


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ("0,1,2,4S,N,10,", "line 2: board '0' is not a number from 1 up"),
        ("x,1,2,4S,N,10,", "line 2: board 'x' is not a number from 1 up"),
        ("1,ABCDEFGHIJK,2,4S,N,10,", "line 2: pair 'ABCDEFGHIJK' is longer than 10 characters"),
        (
            "1,1,-2,4S,N,10,",
            "line 2: pair '-2' may only have letters, digits, '.', '_' and '-' (e.g. 12 or A3)",
        ),
        ("1,3,3,4S,N,10,", "line 2: pair 3 cannot play against itself"),
        ("1,,3,4S,N,10,", "line 2: the NS and EW pairs are both needed"),
        ("1,1,2,4S,N,10,ABCDEFGHI", "line 2: section 'ABCDEFGHI' is longer than 8 characters"),
        ("B:4,1,2,4S,N,10,C", "line 2: board B:4 is not in section C"),
    ],
)
def test_the_patterns_refuse_what_the_checks_refuse_in_their_words(cells, message):
    with pytest.raises(FileRefused) as refused:
        read_travellers(HEADER + cells + "\n")
    assert refused.value.errors == [message]


def test_a_pair_twice_on_a_board_is_named_with_its_first_line_in_line_order():
    text = HEADER + "1,1,11,4S,N,10\n1,1,12,4S,N,10\n1,2,12,4S,Q,10\n"
    with pytest.raises(FileRefused) as refused:
        read_travellers(text)
    assert refused.value.errors == [
        "line 3: pair 1 already played board 1 (line 2)",
        "line 4: 'Q' is not a declarer (expected N, E, S or W)",
        "line 4: pair 12 already played board 1 (line 3)",
    ]
