"""The analysis against double dummy (scoring/analysis.py, analysis_summary.py), pure: hand-made
double-dummy tables and pars, each category and trick count worked out in the comments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sessions_app.scoring import EventInput, SectionEntry, Traveller, score_session
from sessions_app.scoring.analysis import HandRecord, judge
from sessions_app.scoring.analysis_summary import (
    BoardLine,
    analyse_session,
    combine,
    judge_line,
    summarise,
    top_third,
)
from sessions_app.scoring.contract import parse_contract
from sessions_app.scoring.lines import Line
from sessions_app.scoring.results import PairScore, Standing
from sessions_app.scoring.rulings import parse_ruling

# The worked example of scoring/analysis.py: nobody vulnerable, N/S take 10 tricks in spades,
# E/W 9 in diamonds; par NS +300: 4S= (+420) by NS, over which 5DX by E two down (-300 NV)
# is the sacrifice that pays; 5S by NS goes one down.
BOARD_1_DD = {
    "N": {"C": 7, "D": 4, "H": 6, "S": 10, "NT": 8},
    "S": {"C": 7, "D": 4, "H": 6, "S": 10, "NT": 8},
    "E": {"C": 6, "D": 9, "H": 7, "S": 3, "NT": 5},
    "W": {"C": 6, "D": 9, "H": 7, "S": 3, "NT": 5},
}
BOARD_1 = HandRecord("None", BOARD_1_DD, 300)
# Board 2 (Law 2: NS vulnerable): E/W take 10 tricks in hearts; NS, vulnerable, have no
# sacrifice (4SX six tricks is -1100): par NS -420.
BOARD_2_DD = {
    "N": {"C": 6, "D": 6, "H": 3, "S": 6, "NT": 5},
    "S": {"C": 6, "D": 6, "H": 3, "S": 6, "NT": 5},
    "E": {"C": 7, "D": 7, "H": 10, "S": 7, "NT": 8},
    "W": {"C": 7, "D": 7, "H": 10, "S": 7, "NT": 8},
}
BOARD_2 = HandRecord("NS", BOARD_2_DD, -420)


def judged(contract: str, declarer: str, tricks: int, record: HandRecord = BOARD_1):
    return judge(parse_contract(contract), declarer, tricks, record)


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "category", "dd_score", "par"),
    [
        ("4S", "N", 10, "correct", 420, 300),  # makes, +420 >= +300
        ("4S", "S", 10, "correct", 420, 300),  # South takes as many
        ("3S", "N", 10, "underbid", 170, 300),  # 3S+1 = +170 < +300
        ("2NT", "N", 8, "underbid", 120, 300),  # 2NT= +120 < +300
        ("5S", "N", 10, "overbid", -50, 300),  # 10 of 11 tricks: -50 < +300
        ("5D", "E", 9, "failed_to_double", -100, -300),  # -100 >= -300, doubled -300 <= -300
        ("5DX", "E", 9, "correct", -300, -300),  # the par sacrifice
        ("6DX", "W", 9, "overbid", -500, -300),  # three down doubled NV: -500 < -300
        ("4SX", "N", 10, "doubled_making", 590, 300),  # 4SX= NV: 240 + 300 + 50
        ("4SXX", "N", 10, "doubled_making", 880, 300),  # 4SXX= NV: 480 + 300 + 100
        ("3D", "E", 9, "correct", 110, -300),  # makes, +110 for EW >= -300
    ],
)
def test_it_judges_each_contract_of_the_worked_example(
    contract, declarer, tricks, category, dd_score, par
):
    result = judged(contract, declarer, tricks)
    assert (result.category, result.dd, result.dd_score, result.par) == (
        category,
        BOARD_1_DD[declarer][parse_contract(contract).strain],
        dd_score,
        par,
    )


def test_a_failing_contract_at_least_par_even_doubled_is_correct():
    # Par NS -110 (EW make 2S). NS play 1NT, 6 tricks double dummy: -50, doubled -100, both
    # better than -110 for NS: doubling would not have given EW their par -> correct.
    table = {seat: dict(BOARD_1_DD[seat], NT=6 if seat in "NS" else 5) for seat in "NESW"}
    result = judge(parse_contract("1NT"), "N", 6, HandRecord("None", table, -110))
    assert (result.category, result.dd_score, result.par) == ("correct", -50, -110)


def test_vulnerability_changes_the_verdict_on_an_undoubled_sacrifice():
    # Board 2: NS vulnerable. 4S by N, 6 tricks double dummy: -400 undoubled (4 x 100) is
    # better than par -420 for NS, doubled -1100 worse -> failed to double; in 5S (5 down)
    # -500 is already worse than -420 -> overbid.
    assert judged("4S", "N", 6, BOARD_2).category == "failed_to_double"
    assert judged("5S", "N", 6, BOARD_2).category == "overbid"
    assert judged("4H", "W", 10, BOARD_2).category == "correct"  # EW's par game


def test_it_counts_tricks_against_double_dummy():
    assert judged("4S", "N", 11).trick_difference == 1  # 11 taken, 10 double dummy
    assert judged("4S", "N", 8).trick_difference == -2
    assert judged("4S", "N", 8).category == "correct"  # the contract is judged, not the play


def test_a_hand_record_without_par_or_a_full_table_is_not_complete():
    assert BOARD_1.complete
    assert not HandRecord("None", BOARD_1_DD, None).complete
    assert not HandRecord("None", None, 300).complete
    assert not HandRecord("None", {"N": {"S": 10}}, 300).complete
    with pytest.raises(ValueError, match="double-dummy table and a par"):
        judge(parse_contract("4S"), "N", 10, HandRecord("None", BOARD_1_DD, None))


def line(typed: str, ns: str = "1", ew: str = "2", *, vul: str = "None", group: int = 0) -> Line:
    """A traveller line as the director types it (`4sn10`, `pass`, `A+/A-`, ...)."""
    ruling = parse_ruling(typed, vul)
    ns_award, ew_award = ruling.awards
    shown = ruling.shown
    contract = shown.token if shown else "weighted"
    return Line(
        ns,
        ew,
        ns_award,
        ew_award,
        group,
        contract,
        shown.declarer if shown else "",
        shown.tricks if shown else None,
        ruling=ruling,
    )


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("pass", "passed out"),
        ("420", "score only, no contract"),
        ("assigned 4S N 10", "assigned score"),
        ("4S N 10 / 4S N 9", "split score"),
        ("30% 4S N 10; 70% 3NT S 8", "weighted score"),
        ("A+/A-", "artificial score"),
        ("55%/45%", "artificial score"),
        ("NP", "not played"),
        ("PH/NP", "phantom"),
    ],
)
def test_a_line_without_a_played_contract_is_not_analysed(typed, reason):
    assert judge_line(line(typed), BOARD_1, fouled=False) == (None, reason)


def test_a_fouled_board_or_a_board_without_its_record_is_not_analysed():
    assert judge_line(line("4sn10", group=1), BOARD_1, fouled=True) == (None, "fouled board")
    assert judge_line(line("4sn10"), None, fouled=False) == (None, "no double-dummy table and par")
    judgement, reason = judge_line(line("4sn10"), BOARD_1, fouled=False)
    assert judgement is not None and (judgement.category, reason) == ("correct", "")


def board_line(typed: str, direction: str = "NS") -> BoardLine:
    played = line(typed)
    judgement, reason = judge_line(played, BOARD_1, fouled=False)
    return BoardLine(
        1,
        direction,
        "2",
        played.contract,
        played.declarer,
        played.tricks,  # type: ignore[arg-type]
        judgement,
        reason,
    )


def test_the_tricks_are_seen_from_the_pairs_side():
    # 4S by N, 11 tricks where double dummy gives 10: +1 for NS, declaring; -1 for EW.
    assert (board_line("4sn11").declaring, board_line("4sn11").gain) == (True, 1)
    assert (board_line("4sn11", "EW").declaring, board_line("4sn11", "EW").gain) == (False, -1)
    assert board_line("pass").gain is None


def test_a_summary_counts_declared_and_defended_boards():
    # NS declared 4S= (correct, 0), 5S-1 (overbid, 10 of 10: 0), 4S+1 (correct, +1); defended
    # 5D by E 8 tricks (failed to double; 9 double dummy, so held one below: +1); one passed out.
    summary = summarise(
        [
            board_line("4sn10"),
            board_line("5sn10"),
            board_line("4sn11"),
            board_line("5de8"),
            board_line("pass"),
        ]
    )
    assert (summary.declared, summary.defended, summary.not_analysed) == (3, 1, 1)
    assert summary.declaring == {"correct": 2, "overbid": 1}
    assert summary.defending == {"failed_to_double": 1}
    assert summary.share("correct", declaring=True) == Fraction(2, 3)
    assert summary.share("failed_to_double", declaring=False) == 1
    assert summary.share("correct", declaring=False) == 0
    assert (summary.declarer_per_board, summary.defence_per_board) == (Fraction(1, 3), 1)
    both = combine([summary, summary])
    assert (both.declared, both.declaring["correct"], both.defence_tricks) == (6, 4, 2)
    assert both.share("correct", declaring=True) == Fraction(2, 3)


def standing(place: str, label: str) -> Standing:
    return Standing(place, PairScore("A", label, 0, 0, 0, None))


def test_the_top_third_takes_places_up_to_a_third_of_the_field_with_their_ties():
    # 7 pairs: a third rounded up is 3; "2=" is place 2, "4" is out.
    field = [standing(p, str(n)) for n, p in enumerate(("1", "2=", "2=", "4", "5", "6", "7"))]
    assert [s.score.label for s in top_third(tuple(field))] == ["0", "1", "2"]
    # 6 pairs: places 1 to 2; three pairs share 2nd (written "2/4"), all three are in.
    field = [standing(p, str(n)) for n, p in enumerate(("1", "2/4", "2/4", "2/4", "5", "6"))]
    assert [s.score.label for s in top_third(tuple(field))] == ["0", "1", "2", "3"]


def small_session():
    """Six pairs, two boards, three tables each, one field (pairs 1, 3, 5 sit NS on board 1
    and EW on board 2). Matchpoints (top 4):
    board 1 (None): 1-2 4S N 10 +420, 3-4 4S N 11 +450, 5-6 5D E 9 +100
       -> NS 1: 2, 3: 4, 5: 0; EW 2: 2, 4: 0, 6: 4
    board 2 (NS vul): 2-5 4HX W 10 -590, 4-1 4H W 10 -420, 6-3 3H W 9 -140
       -> NS 2: 0, 4: 2, 6: 4; EW 5: 4, 1: 2, 3: 0
    totals of 8: 1: 4, 2: 2, 3: 4, 4: 2, 5: 4, 6: 8 -> 6 first; 1, 3, 5 second equal."""
    board_1 = (line("4sn10", "1", "2"), line("4sn11", "3", "4"), line("5de9", "5", "6"))
    board_2 = tuple(
        line(typed, ns, ew, vul="NS")
        for typed, ns, ew in (("4hxw10", "2", "5"), ("4hw10", "4", "1"), ("3hw9", "6", "3"))
    )
    section = SectionEntry("A", (Traveller(1, board_1), Traveller(2, board_2)))
    return score_session(EventInput((section,)))


def test_it_analyses_a_session_with_the_top_third_of_its_field():
    results = small_session()
    assert [(s.place, s.score.label) for s in results.sections[0].fields[0].standings] == [
        ("1", "6"),
        ("2=", "1"),
        ("2=", "3"),
        ("2=", "5"),
        ("5=", "2"),
        ("5=", "4"),
    ]
    analysis = analyse_session(results, {1: BOARD_1, 2: BOARD_2})
    assert analysis.boards == 2 and len(analysis.fields) == 1
    field = analysis.fields[0]
    # Places up to 2 (6 / 3): pair 6 and the three pairs second equal.
    assert field.top_labels == ("6", "1", "3", "5")
    pair_3 = analysis.pair("A", "3")
    assert pair_3 is not None
    # Pair 3 declared both: 4S N 11 (correct, +1 on 10), 3H W 9 (underbid: 3H with 10 tricks
    # double dummy is +170 < par +420 for EW; 9 taken, -1).
    assert [(bl.board, bl.judgement.category, bl.gain) for bl in pair_3.lines if bl.judgement] == [
        (1, "correct", 1),
        (2, "underbid", -1),
    ]
    assert pair_3.summary.declaring == {"correct": 1, "underbid": 1}
    assert pair_3.summary.declarer_tricks == 0
    # Pair 6 declared 5D E 9 (failed to double, 0) and defended 3H W 9 (held 1 below).
    pair_6 = analysis.pair("A", "6")
    assert pair_6 is not None
    assert (pair_6.summary.declaring, pair_6.summary.defending) == (
        {"failed_to_double": 1},
        {"underbid": 1},
    )
    assert pair_6.summary.defence_tricks == 1
    # Top third: declared 6 + 1 declared ... pair 6: 1, pair 1: 2, pair 3: 2, pair 5: 1 = 6
    # contracts, correct 1's two and 3's one = 3 -> 1/2; defended: pair 6 one, pair 5 one.
    top = field.top_third
    assert (top.declared, top.defended) == (6, 2)
    assert top.share("correct", declaring=True) == Fraction(1, 2)
    assert top.declaring == {
        "correct": 3,
        "underbid": 1,
        "failed_to_double": 1,
        "doubled_making": 1,
    }
    assert top.defending == {"underbid": 1, "failed_to_double": 1}
    assert (top.declarer_tricks, top.defence_tricks) == (0, 1)
    assert pair_3.top_third == top and analysis.pair("A", "9") is None


def test_it_judges_a_deal_solved_by_endplay():
    # North holds all 13 spades: North or South declaring spades take 13 tricks (South ruffs
    # West's club lead in dummy and draws on), so 7S makes, 6S is an underbid and 7SX a
    # doubled making contract, whatever par endplay finds for the rest.
    from sessions_app.interchange.deals import analyse

    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    solved = analyse(deal, "N", "None")
    assert solved.double_dummy["N"]["S"] == 13 and solved.double_dummy["S"]["S"] == 13
    record = HandRecord("None", solved.double_dummy, solved.par_score)
    assert solved.par_score == 1510  # 7S by NS, +1510; EW's 7NT over it goes 13 down
    assert judged("7S", "N", 13, record).category == "correct"
    assert judged("6S", "S", 13, record).category == "underbid"
    assert judged("7SX", "N", 13, record).category == "doubled_making"


def test_a_batch_of_deals_is_solved_as_each_alone(monkeypatch):
    # Each hand holds one suit: whoever holds a suit takes 13 tricks in it, its partner
    # (void there) none ... and the batch, cut in chunks of 2 here, agrees with one by one.
    from sessions_app.interchange import deals

    suits = (
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        "N:.AKQJT98765432.. AKQJT98765432... ...AKQJT98765432 ..AKQJT98765432.",
        "N:..AKQJT98765432. ...AKQJT98765432 .AKQJT98765432.. AKQJT98765432...",
    )
    boards = [(suits[0], "N", "None"), (suits[1], "E", "NS"), (suits[2], "S", "All")]
    monkeypatch.setattr(deals, "BATCH", 2)
    assert deals.analyse_all(boards) == [deals.analyse(*board) for board in boards]
    assert deals.analyse_all(boards)[1].double_dummy["E"]["S"] == 13  # East's spades
    assert deals.analyse_all([]) == []
