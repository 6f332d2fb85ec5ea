"""Scoring conventions as session settings (issue 14; docs/rules.md §5.9, §5.10, §8.5, §12):
artificial scores of any percentage per side, the session's Ave percentages with decimals, the
IMP value of Ave+/Ave-, a phantom pair, and the named presets. Pure engine, no database.

Every figure is worked by hand in the comments, on the 2/1 scale: a top of 2(E - 1), an
artificial score is its percentage of the top, Neuberg M' = (M + 1)·E/A - 1.
"""

from fractions import Fraction

import pytest

from sessions_app.scoring import (
    EventInput,
    SectionEntry,
    Settings,
    Traveller,
    artificial,
    not_played,
    played,
    score_session,
)
from sessions_app.scoring.awards import artificial_award, artificial_percent
from sessions_app.scoring.contract import ContractError
from sessions_app.scoring.notation import parse_entry
from sessions_app.scoring.ruling_columns import ruling_from_fields
from sessions_app.scoring.rulings import is_ruling_text, parse_ruling


def _score(boards, settings=None, expected=4):
    travellers = tuple(Traveller(n, tuple(lines), expected) for n, lines in boards.items())
    return score_session(EventInput((SectionEntry("A", travellers),), settings or Settings()))


def _points(results, board):
    scored = results.sections[0].board(board)
    return {(s.line.ns, s.line.ew): (s.points_ns, s.points_ew) for s in scored.lines}


# Four tables, NS 1-4 against EW 5-8, E = 4 so the top is 6.
# Board 1 (real): 1v5 +420, 2v6 +400, 3v7 -50, 4v8 +100 -> NS 6, 4, 0, 2; EW 0, 2, 6, 4.
# So on their real results pair 1 has 100%, pair 2 4/6 = 66.67%, pair 5 0%, pair 6 33.33%.
BOARD_1 = [
    played("1", "5", 420),
    played("2", "6", 400),
    played("3", "7", -50),
    played("4", "8", 100),
]


def test_an_explicit_percentage_is_that_percentage_of_the_top_whatever_12c2c():
    # Board 2: 1v5 55%/45%, 2v6 A+/A-, 3v7 and 4v8 both +420 (2 real results where 4 were
    # expected: each ties the other, M = 1, factored (1 + 1)·4/2 - 1 = 3).
    # 1v5: 55% of 6 = 3.3 and 45% of 6 = 2.7, although pair 1 has 100% and pair 5 0% on their
    #      real results: Law 12C2(c) is about Ave+ and Ave- only.
    # 2v6: A+ -> pair 2's own 66.67% beats 60%: 4; A- -> pair 6's own 33.33% is below 40%: 2.
    board_2 = [
        artificial("1", "5", "55%", "45%"),
        artificial("2", "6", "A+", "A-"),
        played("3", "7", 420),
        played("4", "8", 420),
    ]
    results = _score({1: BOARD_1, 2: board_2})
    points = _points(results, 2)
    assert points[("1", "5")] == (Fraction(33, 10), Fraction(27, 10))
    assert points[("2", "6")] == (4, 2)
    assert points[("3", "7")] == (3, 3)
    # Pair 1: 6 + 3.3 = 9.3 of 12 = 77.5%; pair 5: 0 + 2.7 = 2.7 of 12 = 22.5%.
    assert results.scores[("A", "1")].percentage == Fraction(155, 2)
    assert results.scores[("A", "5")].percentage == Fraction(45, 2)


def test_the_sessions_average_percentages_may_have_decimals():
    # Ave+ 61.8%, Ave- 38.2% without 12C2(c): on a top of 6, 61.8% is 3.708, 38.2% is 2.292.
    settings = Settings(ave_plus=Fraction("61.8"), ave_minus=Fraction("38.2"), law_12c2c=False)
    board_2 = [
        artificial("1", "5", "A+", "A-"),
        played("2", "6", 0),
        played("3", "7", 50),
        played("4", "8", 100),
    ]
    points = _points(_score({1: BOARD_1, 2: board_2}, settings), 2)
    assert points[("1", "5")] == (Fraction("3.708"), Fraction("2.292"))


def test_the_notation_of_an_explicit_percentage():
    # One side each, NS first, like A+/A-: a percentage of at most 2 decimals, 0-100.
    outcome = parse_entry("55 % / 45%", "None")
    assert (outcome.kind, outcome.ns_artificial, outcome.ew_artificial) == (
        "artificial",
        "55%",
        "45%",
    )
    ruling = parse_ruling("61.80%/38.2%", "None")
    assert ruling.text == "61.8%/38.2%"
    assert ruling.words == "artificial: 61.8% to NS, 38.2% to EW"
    assert ruling.awards == (artificial_percent("61.8"), artificial_percent("38.2"))
    assert parse_ruling("A+/40%", "None").words == "artificial: A+ to NS, 40% to EW"
    assert parse_ruling("50%", "None").text == "50%"  # both sides
    # A travellers CSV carries it in its contract column; it is a token, not a weighted score.
    assert not is_ruling_text("55%/45%")
    assert ruling_from_fields(contract="55%/45%", vul="None").text == "55%/45%"
    for wrong in ("101%/45%", "55.555%", "55%/45%/1%"):
        with pytest.raises(ContractError):
            parse_entry(wrong, "None")
    assert artificial_award("38.2%").percent == Fraction(191, 5)


# IMP pairs, cross-IMPs: board 1 has NS +420, +420, -50 and one artificial line.
IMP_BOARD = [played("1", "5", 420), played("2", "6", 420), played("3", "7", -50)]


@pytest.mark.parametrize(
    ("imp_artificial", "ave_plus", "kinds", "expected"),
    [
        # Law 86A / ACBLscore: Ave+ +3, Ave-  -3 IMPs; 55% is (55 - 50) x 3/10 = +1.5.
        ("3", "60", ("A+", "A-"), (3, -3)),
        ("3", "60", ("55%", "45%"), (Fraction(3, 2), Fraction(-3, 2))),
        # +-2 IMPs: Ave+ +2; 55% is (55 - 50) x 2/10 = +1.
        ("2", "60", ("A+", "A-"), (2, -2)),
        ("2", "60", ("55%", "A"), (1, 0)),
        # From the percentage, 3 IMPs for each 10%: Ave+ at 65% is (65 - 50) x 3/10 = +4.5,
        # Ave- at 40% is -3; 61.8% is +3.54.
        ("percent", "65", ("A+", "A-"), (Fraction(9, 2), -3)),
        ("percent", "60", ("61.8%", "A"), (Fraction("3.54"), 0)),
    ],
)
def test_an_artificial_score_at_imps(imp_artificial, ave_plus, kinds, expected):
    settings = Settings(
        method="cross_imps", imp_artificial=imp_artificial, ave_plus=Fraction(ave_plus)
    )
    board = [*IMP_BOARD, artificial("4", "8", *kinds)]
    assert _points(_score({1: board}, settings), 1)[("4", "8")] == expected


def test_a_phantom_gives_its_opponents_a_fixed_percentage_or_their_own():
    # Pair 8 never came: its line on board 2 is PH/NP (NS 4 faced the phantom).
    # Board 2's real results 1v5 +420, 2v6 +400, 3v7 -50: M = 4, 2, 0 among 3 (top 4),
    # factored to E = 4: (4 + 1)·4/3 - 1 = 17/3, (2 + 1)·4/3 - 1 = 3, (0 + 1)·4/3 - 1 = 1/3.
    # Pair 4 has 2 of 6 (33.33%) on board 1 (4v8 +100 there is a real result).
    board_2 = [
        played("1", "5", 420),
        played("2", "6", 400),
        played("3", "7", -50),
        artificial("4", "8", "PH", "NP"),
    ]
    own = _score({1: BOARD_1, 2: board_2})
    # Own percentage (the default): 33.33% of 6 = 2; the phantom gets nothing on the board.
    assert _points(own, 2)[("4", "8")] == (2, None)
    assert _points(own, 2)[("1", "5")] == (Fraction(17, 3), Fraction(1, 3))
    fixed = _score({1: BOARD_1, 2: board_2}, Settings(phantom_percent=Fraction(60)))
    assert _points(fixed, 2)[("4", "8")] == (Fraction(18, 5), None)  # 60% of 6 = 3.6
    # Pair 4: 2 + 3.6 = 5.6 of 12 = 46.67%.
    assert fixed.scores[("A", "4")].percentage == Fraction(140, 3)


def test_a_phantom_that_never_played_is_not_ranked():
    # Pair 8 is a phantom on both boards: nothing scored, so it is in no field.
    board_1 = [*BOARD_1[:3], artificial("4", "8", "PH", "NP")]
    board_2 = [
        played("1", "5", 100),
        played("2", "6", 100),
        played("3", "7", 100),
        artificial("4", "8", "PH", "NP"),
    ]
    results = _score({1: board_1, 2: board_2}, Settings(phantom_percent=Fraction(60)))
    ranked = {s.score.label for f in results.sections[0].fields for s in f.standings}
    assert ranked == {"1", "2", "3", "4", "5", "6", "7"}
    # Pair 4 faced the phantom twice: 60% of 6 on each board = 3.6 + 3.6 of 12 = 60%.
    assert results.scores[("A", "4")].percentage == 60


def test_at_imps_a_phantom_gives_its_own_average_or_the_fixed_percentage():
    # Cross-IMPs, board 1: 1v5 +420, 2v6 +420, 3v7 -50, 4v8 +100 (4 results, 3 comparisons).
    # Pair 4's +100: against 420 twice -320 -> -8 each, against -50 +150 -> +4:
    # (-8 - 8 + 4)/3 = -4. Board 2: pair 4 faces the phantom.
    board_1 = [
        played("1", "5", 420),
        played("2", "6", 420),
        played("3", "7", -50),
        played("4", "8", 100),
    ]
    board_2 = [
        played("1", "5", 420),
        played("2", "6", 420),
        played("3", "7", -50),
        artificial("4", "8", "PH", "NP"),
    ]
    own = _score({1: board_1, 2: board_2}, Settings(method="cross_imps"))
    assert _points(own, 2)[("4", "8")] == (-4, None)  # its own -4 IMPs a board
    fixed = Settings(method="cross_imps", phantom_percent=Fraction(60))
    assert _points(_score({1: board_1, 2: board_2}, fixed), 2)[("4", "8")] == (3, None)


def test_not_played_is_still_nothing_for_both():
    board_2 = [
        played("1", "5", 420),
        played("2", "6", 400),
        played("3", "7", -50),
        not_played("4", "8"),
    ]
    assert _points(_score({1: BOARD_1, 2: board_2}), 2)[("4", "8")] == (None, None)
