"""Reading PBN: the syntax of files other programs write, and every bad file refused by line.

Pure tests: no database.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from sessions_app.interchange.pbn.read import read_pbn
from sessions_app.interchange.pbn.syntax import read_games, read_table
from sessions_app.interchange.refused import FileRefused

from .conftest import DATA

DEMO_BOARD_1 = "N:J9743.J.98.KQJT8 Q.QT96.Q765.9542 AK6.AK5.KT432.73 T852.87432.AJ.A6"


def read(name: str):
    return read_pbn((DATA / name).read_bytes().decode())


def test_it_reads_a_magic_contest_score_table_with_crlf_comments_and_commentary():
    assert b"\r\n" in (DATA / "pagat_magic.pbn").read_bytes()
    pbn = read("pagat_magic.pbn")
    assert (pbn.name, pbn.date) == ("Pagat example", datetime.date(2026, 11, 16))
    board = pbn.boards[1]
    assert (board.dealer, board.vulnerability, board.deal) == ("N", "None", "")
    # docs/rules.md §9.1: the seven tables of Pagat's board 1, with their NS scores.
    assert [
        (r.ns, r.ew, r.outcome.token, r.outcome.declarer, r.outcome.tricks, r.outcome.score_ns)
        for r in pbn.rows
    ] == [
        ("1", "8", "4S", "N", 10, 420),
        ("2", "13", "3NT", "S", 10, 430),
        ("3", "11", "5CX", "E", 8, 500),
        ("4", "9", "4S", "N", 10, 420),
        ("5", "14", "4S", "N", 11, 450),
        ("6", "12", "5S", "N", 10, -50),  # Score_NS "-", Score_EW "50"
        ("7", "10", "3S", "N", 10, 170),
    ]
    assert [(r.line, r.table, r.round, r.lead) for r in pbn.rows][:2] == [
        (25, 1, None, ""),
        (26, 2, None, ""),
    ]
    assert [line.values for line in pbn.lines][2] == {
        "mp_ns": Decimal("12.0"),
        "mp_ew": Decimal("0.0"),
        "pct_ns": Decimal("100"),
        "pct_ew": Decimal("0"),
    }


def test_it_reads_what_other_programs_write():
    pbn = read("edge_cases.pbn")
    assert pbn.name == 'The "Spring" Pairs'  # \" in a tag value
    # Board 2: "Love" (None, where Law 2 says NS), no Dealer (Law 2: E), the deal from East.
    two = pbn.boards[2]
    assert (two.dealer, two.vulnerability, two.deal) == ("E", "None", DEMO_BOARD_1)
    assert two.analysis.double_dummy["S"]["NT"] == 11 and two.analysis.par_score == 460
    # Board 3 took every tag from the game before ("#"), so it is not vulnerable either.
    three = pbn.boards[3]
    assert (three.dealer, three.vulnerability, three.deal, three.analysis) == (
        "S",
        "None",
        "",
        None,
    )
    rows = [
        (r.board, r.ns, r.ew, r.outcome.kind, r.outcome.token, r.outcome.score_ns) for r in pbn.rows
    ]
    assert rows == [
        (2, "1", "5", "played", "3NT", 400),  # Result "=": 9 tricks
        (2, "2", "6", "played", "", 420),  # "?" contract: the score alone
        (2, "3", "7", "artificial", "A+/A-", None),  # ^A+ / ^A-
        (2, "4", "8", "not_played", "NP", None),  # all "-"
        # the pair 9 sitting out has no line
        (3, "1", "6", "played", "4H", -420),  # 4H= by E, EW not vulnerable on this board
        (3, "2", "7", "played", "3NT", -400),  # the second row on the same line
    ]
    assert {(n.pair, n.names) for n in pbn.names} == {
        ("1", ("Ann Smith", "Bob Jones")),
        ("5", ("The Diaz Partnership", "")),
    }
    artificial = pbn.lines[2]
    assert artificial.values == {
        "mp_ns": Decimal("3.6"),
        "mp_ew": Decimal("1"),
        "pct_ns": Decimal("60"),
        "pct_ew": Decimal("16.67"),
    }


def test_it_reads_an_artificial_score_from_its_percentages():
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;MP_NS;MP_EW;Percentage_NS;'
        'Percentage_EW"]\n1 8 - ^7.2 ^4.8 ^60 ^40\n2 9 - ^6 ^6 ^50 ^50\n3 10 4S ? ? ? ?\n'
    )
    with pytest.raises(FileRefused) as error:
        read_pbn(text)
    # The third row has a contract but neither declarer nor tricks: named by its line.
    assert error.value.errors == [
        "line 5: board 1: 4S needs a declarer (N, E, S or W)",
    ]
    rows = read_pbn(text.replace("3 10 4S ? ? ? ?\n", "")).rows
    assert [r.outcome.token for r in rows] == ["A+/A-", "A"]


@pytest.mark.parametrize(
    ("name", "errors"),
    [
        ("bad_tag.pbn", ['line 5: a malformed tag pair (expected [Name "value"])']),
        ("broken_row.pbn", ["line 8: a ScoreTable row needs 5 values, this line has 4"]),
        (
            "impossible_contract.pbn",
            [
                "line 8: board 1: '8S' is not a contract"
                " (expected e.g. 4S, 3NT, 4SX, 5DXX or PASS)",
                "line 10: board 1: 14 tricks is impossible (0-13)",
            ],
        ),
        ("pair_twice.pbn", ["line 9: board 1: pair 1 already played board 1 (line 7)"]),
        (
            "truncated_deal.pbn",
            [
                "line 5: the deal 'N:J9743.J.98.KQJT8 Q.QT96.Q765.9542 AK6.AK5.KT432.73' is"
                " incomplete: clubscorer needs all four hands",
                "line 12: each hand needs 13 cards (N 12, E 13, S 14, W 13)",
            ],
        ),
    ],
)
def test_it_refuses_a_bad_file_naming_every_bad_line(name, errors):
    with pytest.raises(FileRefused) as error:
        read(name)
    assert error.value.errors == errors


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ('[Board "1"]\n[Deal "N:... ... ... ..."]\n', "line 2: each hand needs 13 cards"),
        ('[Board "x"]\n', "line 1: Board 'x' is not a board number"),
        ('[Board "1"]\n[Vulnerable "Some"]\n', "line 2: Vulnerable 'Some' is not None, NS"),
        ('[Board "1"]\n[Dealer "Q"]\n', "line 2: Dealer 'Q' is not N, E, S or W"),
        ('[Board "1"]\n{ never closed\n', "line 2: a { commentary } is never closed"),
        ('[Board "1"]\n[Board "2"]\n', "line 2: the tag Board appears twice in one game"),
        ('4S N 10\n[Board "1"]\n', "line 1: text outside a tag: '4S'"),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW"]\n1 8\n',
            "line 2: the ScoreTable has no Contract or Score_NS",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 8 "420\n',
            "line 3: a string is not closed",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
            "1 8 4S N 10 625\n",  # no score bridge has: the line cannot be kept by it
            "line 3: board 1: score 625 does not match 4S by N",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n1 8 450 50\n',
            "line 3: board 1: Score_NS 450 and Score_EW 50 disagree (a split score",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;MP_NS"]\n1 8 4S?x 3\n',
            "line 3: board 1: '4S?x' is not a contract",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS"]\n1 8 420 lots\n',
            "line 3: board 1: MP_NS 'lots' is not a number",
        ),
        # Decimal reads these; they once reached the comparison with clubscorer's scores and
        # stopped the import with a traceback.
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS"]\n1 8 420 NaN\n',
            "line 3: board 1: MP_NS 'NaN' is not a number",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Percentage_NS"]\n'
            "1 8 420 -Inf\n",
            "line 3: board 1: Percentage_NS '-Inf' is not a number",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 1 420\n',
            "line 3: board 1: pair 1 cannot play against itself",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n12345678901 1 420\n',
            "line 3: board 1: pair '12345678901' is longer than 10 characters",
        ),
    ],
)
def test_it_names_the_line_of_each_problem(text, error):
    with pytest.raises(FileRefused) as raised:
        read_pbn(text)
    assert any(message.startswith(error) for message in raised.value.errors), raised.value.errors


def test_it_keeps_quoted_values_whole_and_escapes_inside_them():
    games, errors = read_games(
        '[Board "1"]\n[TotalScoreTable "PairId\\2R;Names\\30L"]\n'
        ' 1 "Ann Smith;Bob \\"Ace\\" Jones" ; a comment\n 2 "" 3 "Solo Player"\n'
    )
    columns, rows, table_errors = read_table(games[0].get("TotalScoreTable"))
    assert errors == [] and table_errors == []
    assert [(c.name, c.width, c.align) for c in columns] == [("PairId", 2, "R"), ("Names", 30, "L")]
    assert [[v.text for v in row.values] for row in rows] == [
        ["1", 'Ann Smith;Bob "Ace" Jones'],
        ["2", ""],
        ["3", "Solo Player"],
    ]
    assert [row.line for row in rows] == [3, 4, 4]


def test_it_reads_the_demo_hand_record_like_endplay():
    # fixtures/demo/deals.pbn carries its own double-dummy tables: they are read, not computed.
    pbn = read_pbn((DATA.parents[2] / "fixtures" / "demo" / "deals.pbn").read_text())
    assert len(pbn.boards) == 21 and pbn.rows == []
    one = pbn.boards[1]
    assert one.deal == DEMO_BOARD_1
    assert one.analysis.double_dummy["N"] == {"C": 9, "D": 8, "H": 6, "S": 10, "NT": 10}
    assert (one.analysis.par_score, one.analysis.par_contracts) == (460, ("3NT S+2",))


def test_it_reads_one_game_per_section_for_the_same_board():
    table = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    text = (
        f'[Board "1"]\n[Section "A"]\n[Vulnerable "All"]\n{table}1 8 4S N 10\n\n'
        f'[Board "1"]\n[Section "B"]\n{table}1 8 4S N 9\n\n'
        f'[Board "1"]\n[Section "C"]\n[Vulnerable "EW"]\n{table}1 8 4S N 10\n'
    )
    with pytest.raises(FileRefused) as error:
        read_pbn(text)
    assert error.value.errors == [
        "line 12: board 1 is not the board of line 1 (another deal, dealer or vulnerability)"
    ]
    rows = read_pbn(text.split('\n\n[Board "1"]\n[Section "C"]')[0]).rows
    # Section B's game states no vulnerability: the board's, All, from section A's game.
    assert [(r.section, r.outcome.score_ns) for r in rows] == [("A", 620), ("B", -100)]
