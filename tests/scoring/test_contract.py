"""Law 77 scores, contract parsing and score checks (docs/rules.md §1)."""

import pytest

from sessions_app.scoring.contract import (
    PASSED_OUT,
    Contract,
    ContractError,
    check_ns_score,
    declarer_score,
    ns_score,
    parse_contract,
    parse_declarer,
    tricks_from_result,
)

# Every row of the Law 77 table in docs/rules.md §1: (contract, tricks, vulnerable, declarer's
# score).
LAW_77_TABLE = [
    # 4 x 30 = 120 -> game: 120 + 300 NV / 500 V
    ("4S", 10, False, 420),
    ("4S", 10, True, 620),
    # 40 + 2 x 30 = 100 game + 500 V + one overtrick 30
    ("3NT", 10, True, 630),
    # one down undoubled, vulnerable
    ("3NT", 8, True, -100),
    # 2 x 20 = 40, part-score bonus 50
    ("2C", 8, True, 90),
    # 2 x 30 x 2 = 120 doubled reaches game: 120 + 300 + 50 insult / 120 + 500 + 50
    ("2HX", 8, False, 470),
    ("2HX", 8, True, 670),
    # 5 x 20 = 100 game + 300 / 500, one overtrick 20
    ("5C", 12, False, 420),
    ("5C", 12, True, 620),
    # 5 x 30 x 2 = 300 + game 300 / 500 + insult 50 + overtrick doubled 100 / 200
    ("5SX", 12, False, 750),
    ("5SX", 12, True, 1050),
    # 5 x 30 x 4 = 600 + game 300 / 500 + insult 100 + overtrick redoubled 200 / 400
    ("5SXX", 12, False, 1200),
    ("5SXX", 12, True, 1600),
    # 6 x 20 = 120 + game 300 + slam 500 / 120 + 500 + 750
    ("6D", 12, False, 920),
    ("6D", 12, True, 1370),
    # 40 + 5 x 30 = 190 + 300 + 500 + overtrick 30
    ("6NT", 13, False, 1020),
    # 7 x 30 = 210 + game 300 + grand 1000 / 210 + 500 + 1500
    ("7S", 13, False, 1510),
    ("7S", 13, True, 2210),
    # three down undoubled: 3 x 50 / 3 x 100
    ("4D", 7, False, -150),
    ("4D", 7, True, -300),
    # three down doubled: 100 + 200 + 200 NV / 200 + 300 + 300 V
    ("4DX", 7, False, -500),
    ("4DX", 7, True, -800),
    # three down redoubled NV: 2 x 500
    ("4DXX", 7, False, -1000),
    # 2 x 30 = 60 + part-score 50 + two overtricks 2 x 30
    ("2S", 10, False, 170),
]


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "expected"), LAW_77_TABLE)
def test_it_scores_every_row_of_the_law_77_table(contract, tricks, vulnerable, expected):
    assert declarer_score(parse_contract(contract), tricks, vulnerable) == expected


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "expected"),
    [
        # doubled undertricks beyond the third cost 300 each: NV 100, 300, 500, 800, 1100
        ("7NTX", 8, False, -1100),
        # V 200, 500, 800, 1100, 1400; redoubled twice that
        ("7NTX", 8, True, -1400),
        ("7NTXX", 0, True, -7600),  # 13 down V redoubled: (200 + 12 x 300) x 2
        # 1NT= is 40 + 50; 1NTX= 80 + 50 + 50 (still a part-score)
        ("1NT", 7, False, 90),
        ("1NTX", 7, False, 180),
        # 3 x 20 x 4 = 240: redoubled 3C makes game, + 300 + 100 insult
        ("3CXX", 9, False, 640),
        # 4 x 20 = 80: 4C is a part-score, overtricks never count towards game
        ("4C", 13, False, 190),
    ],
)
def test_it_scores_other_contracts_by_the_law_77_rules(contract, tricks, vulnerable, expected):
    assert declarer_score(parse_contract(contract), tricks, vulnerable) == expected


def test_it_scores_a_passed_out_board_zero():
    assert declarer_score(PASSED_OUT, 0, True) == 0
    assert ns_score(PASSED_OUT, "", 0, "All") == 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4S", Contract(4, "S", 0)),
        ("4s", Contract(4, "S", 0)),
        ("4SX", Contract(4, "S", 1)),
        ("4S*", Contract(4, "S", 1)),
        ("4SXX", Contract(4, "S", 2)),
        ("4S**", Contract(4, "S", 2)),
        ("3NT", Contract(3, "NT", 0)),
        ("3N", Contract(3, "NT", 0)),
        ("3nt x", Contract(3, "NT", 1)),
        ("1C", Contract(1, "C", 0)),
        ("7D", Contract(7, "D", 0)),
        ("2H", Contract(2, "H", 0)),
        ("4♠", Contract(4, "S", 0)),
        ("6♥X", Contract(6, "H", 1)),
        ("PASS", PASSED_OUT),
        ("pass", PASSED_OUT),
    ],
)
def test_it_parses_contracts_as_written_on_a_traveller(text, expected):
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["8S", "0H", "4Z", "4SXXX", "", "S4", "4", "NT"])
def test_it_rejects_contracts_bridge_cannot_have(text):
    with pytest.raises(ContractError):
        parse_contract(text)


def test_it_prints_a_contract_in_its_usual_form():
    assert str(parse_contract("4s**")) == "4SXX"
    assert str(parse_contract("3n")) == "3NT"
    assert str(PASSED_OUT) == "PASS"


@pytest.mark.parametrize(
    ("contract", "result", "tricks"),
    [
        ("4S", "=", 10),
        ("4S", "+1", 11),
        ("4S", "+3", 13),
        ("4S", "-2", 8),
        ("1NT", "-7", 0),
        ("7NT", "=", 13),
        ("3NT", " -1 ", 8),
    ],
)
def test_it_reads_tricks_from_a_result(contract, result, tricks):
    assert tricks_from_result(parse_contract(contract), result) == tricks


@pytest.mark.parametrize(
    ("contract", "result"),
    [
        ("4S", "+4"),  # 14 tricks
        ("7NT", "+1"),
        ("1C", "-8"),  # -1 tricks
        ("4S", "x"),
        ("4S", ""),
        ("PASS", "="),  # a passed-out board has no result
    ],
)
def test_it_rejects_impossible_results(contract, result):
    with pytest.raises(ContractError):
        tricks_from_result(parse_contract(contract), result)


@pytest.mark.parametrize(("text", "seat"), [("N", "N"), ("e", "E"), (" S ", "S"), ("w", "W")])
def test_it_parses_declarers(text, seat):
    assert parse_declarer(text) == seat


@pytest.mark.parametrize("text", ["", "X", "NS", "North"])
def test_it_rejects_unknown_declarers(text):
    with pytest.raises(ContractError):
        parse_declarer(text)


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "vul", "expected"),
    [
        # NS declare: the NS score is the declarer's score, vulnerable when NS are
        ("4S", "N", 10, "None", 420),
        ("4S", "S", 10, "NS", 620),
        ("4S", "N", 10, "EW", 420),  # EW vulnerable does not make NS vulnerable
        ("4S", "S", 10, "All", 620),
        # EW declare: the NS score is minus the declarer's score
        ("4S", "E", 10, "EW", -620),
        ("4S", "W", 10, "NS", -420),
        ("3NT", "E", 8, "All", 100),  # one down vulnerable: +100 to NS
        ("4DX", "W", 7, "EW", 800),  # three down doubled vulnerable (contract.py docstring)
        ("4DX", "W", 7, "NS", 500),  # the same, EW not vulnerable
        ("5CX", "E", 8, "None", 500),  # docs/rules.md §9.1 table 3-11
    ],
)
def test_it_turns_a_result_into_the_ns_score(contract, declarer, tricks, vul, expected):
    assert ns_score(parse_contract(contract), declarer, tricks, vul) == expected


@pytest.mark.parametrize(
    ("score", "vul", "possible"),
    [
        (0, "None", True),  # passed out
        (90, "None", True),  # 2C= or 1C+1
        (130, "None", True),  # 1C+3: 20 + 50 + 3 x 20
        (440, "None", True),  # 1CX+3 NV: 40 + 50 + 50 insult + 3 x 100
        (490, "None", True),  # 3NT+3 NV
        (620, "NS", True),  # 4S= vulnerable
        (620, "All", True),
        (-620, "EW", True),  # 4S= by EW vulnerable
        (1000, "None", True),  # 4DXX-3 by EW NV
        (2210, "All", True),  # 7S= V
        (-2210, "All", True),
        # 10: made contracts score at least 70 (1C=), undertricks are multiples of 50
        (10, "None", False),
        (10, "All", False),
        (-10, "None", False),
        # 60: not a multiple of 50 (penalties) and below the smallest made score, 70
        (60, "None", False),
        (425, "None", False),  # not a multiple of 10
        # 620 NV: undoubled games and part-scores top out at 520 (3NT+4), doubled contracts
        # score 610 (4NTX=) or 630 (3HX+1) NV, redoubled 630 (1DXX+2), penalties NV are
        # 50u, 100/300/500/800 doubled, 200/600/1000 redoubled: nothing is 620
        (620, "None", False),
        (620, "EW", False),  # NS are not vulnerable; EW penalties V are 100u, 200/500/800...
        (440, "NS", False),  # NS V: 1CX+3 = 740; EW NV penalties: 50u, 100/300/500/800
        (2210, "None", False),  # 7S= V only
    ],
)
def test_it_checks_whether_bridge_can_produce_an_ns_score(score, vul, possible):
    if possible:
        assert check_ns_score(score, vul) == score
    else:
        with pytest.raises(ContractError):
            check_ns_score(score, vul)


def test_it_rejects_an_unknown_vulnerability():
    with pytest.raises(ValueError):
        check_ns_score(420, "Both")
