"""The review rules (sessions_app/scoring/review.py), pure: hand-made deals and travellers, and the
exact words of each flag."""

from __future__ import annotations

import pytest

from sessions_app.scoring.lines import Line
from sessions_app.scoring.results import ScoredBoard, ScoredLine
from sessions_app.scoring.review import (
    BoardFacts,
    Played,
    far_from_the_rest,
    impossible,
    parse_deal,
    traveller_flags,
    wrong_side,
)
from sessions_app.scoring.rulings import parse_ruling

# North AKQJ2 of spades, East AKQJ of hearts, South AKQ of clubs; every card once:
# spades AKQJ2 + 543 + T98 + 76, hearts 432 + AKQJ + T98 + 765, diamonds 432 + AK5 + QJT9 +
# 876, clubs 32 + 654 + AKQ + JT987.
DEAL = "N:AKQJ2.432.432.32 543.AKQJ.AK5.654 T98.T98.QJT9.AKQ 76.765.876.JT987"
HANDS = parse_deal(DEAL)
# Double dummy as a dealing program would store it: NS take 10 tricks in spades, EW 3.
DD = {
    "N": {"C": 7, "D": 7, "H": 4, "S": 10, "NT": 8},
    "S": {"C": 7, "D": 7, "H": 4, "S": 10, "NT": 8},
    "E": {"C": 6, "D": 6, "H": 9, "S": 3, "NT": 5},
    "W": {"C": 6, "D": 6, "H": 9, "S": 3, "NT": 5},
}


def line(typed: str, ns="1", ew="8", *, lead="", vul="None", group=0, ref=None) -> Line:
    ruling = parse_ruling(typed, vul)
    ns_award, ew_award = ruling.awards
    shown = ruling.shown
    return Line(
        ns,
        ew,
        ns_award,
        ew_award,
        group,
        "",
        shown.declarer if shown else "",
        shown.tricks if shown else None,
        lead,
        ref=ref,
        ruling=ruling,
    )


def board(*lines: Line, number: int = 1) -> ScoredBoard:
    return ScoredBoard(number, len(lines), tuple(ScoredLine(ln, None, None, 0) for ln in lines))


def test_it_reads_a_pbn_deal_from_any_first_seat():
    assert HANDS["N"] == {"S": "AKQJ2", "H": "432", "D": "432", "C": "32"}
    assert HANDS["W"] == {"S": "76", "H": "765", "D": "876", "C": "JT987"}
    # The same deal written from East: East's hand first, then South, West, North.
    from_east = "E:543.AKQJ.AK5.654 T98.T98.QJT9.AKQ 76.765.876.JT987 AKQJ2.432.432.32"
    assert parse_deal(from_east) == HANDS
    assert parse_deal("N:AKQ") is None and parse_deal("") is None


def test_it_flags_a_declarer_on_the_side_that_cannot_make_the_contract():
    # 4S needs 10 tricks: EW's best declarer takes 3 in spades, NS's 10.
    assert wrong_side(Played(4, "S", "E", 10), DD) == (
        "4S by E: double dummy NS take 10 tricks in spades and EW only 3"
        " — NS and EW the wrong way round, or the wrong declarer?"
    )
    assert wrong_side(Played(4, "S", "N", 10), DD) is None  # NS make it
    assert wrong_side(Played(4, "H", "W", 9), DD) is None  # nobody makes 4H: not a wrong side
    # A sacrifice: 5D by E goes down, and NS do not make 5D either (7 tricks).
    assert wrong_side(Played(5, "D", "E", 8), DD) is None


def test_it_flags_the_one_score_far_from_all_the_others():
    # Sorted: -420, +400, +420, +420, +450. -420 is 820 from +400, its nearest; the others
    # are within 30 of a neighbour.
    lines = [line("4sn10"), line("4sn11"), line("4sn10"), line("3nts9"), line("4se10")]
    assert far_from_the_rest(lines) == {
        4: "NS -420: 820 points from every other score on the board (the nearest is +400)"
        " — a wrong sign, side or contract?"
    }


@pytest.mark.parametrize(
    "typed",
    [
        # Only four scores, but two of them alike: -420 twice are 0 apart.
        ["4sn10", "4sn10", "4se10", "4se10"],
        # Three scores are too few to single one out.
        ["4sn10", "4sn10", "4se10"],
        # A lone vulnerable slam: +1430 is 780 from +650, less than 800.
        ["6sn12", "4sn10", "4sn10", "4sn11"],
    ],
)
def test_it_does_not_flag_scores_that_agree_or_are_too_few(typed):
    vul = "All"
    lines = [line(entry, vul=vul) for entry in typed]
    assert far_from_the_rest(lines) == {}


def test_it_compares_only_the_lines_of_one_fouled_board_group():
    lines = [line("4sn10"), line("4sn10"), line("4sn11"), line("4sn10"), line("4se10", group=2)]
    assert far_from_the_rest(lines) == {}


def test_it_flags_a_lead_the_opening_leader_does_not_hold():
    # Against 4S by N, East leads; East's hearts are AKQJ: no 3.
    assert impossible(Played(4, "S", "N", 10), "H3", HANDS) == [
        "4S by N, lead H3: East, on lead, does not hold the 3 of hearts (East's hearts:"
        " A K Q J) — the wrong lead, or the wrong declarer?"
    ]
    assert impossible(Played(4, "S", "N", 10), "HA", HANDS) == []
    assert impossible(Played(4, "S", "N", 10), "10h", HANDS)[0].startswith(
        "4S by N, lead 10h: East, on lead, does not hold the 10 of hearts"
    )


def test_it_flags_tricks_the_trumps_make_impossible():
    # 4S by E: North's AKQJ and South's T98 of spades are all above West's 7: North's four
    # win four tricks whatever happens, so EW take at most 9.
    assert impossible(Played(4, "S", "E", 10), "", HANDS) == [
        "4S by E, 10 tricks: North holds the A K Q J of spades, 4 sure tricks for the"
        " defence — at most 9 tricks"
    ]
    assert impossible(Played(4, "S", "E", 9), "", HANDS) == []
    # 2C by S: South's AKQ of clubs are above every defender's club: at least 3 tricks.
    assert impossible(Played(2, "C", "S", 2), "", HANDS) == [
        "2C by S, 2 tricks: South holds the A K Q of clubs, 3 sure tricks for declarer"
        " — at least 3 tricks"
    ]
    assert impossible(Played(3, "NT", "S", 13), "", HANDS) == []  # no trumps: nothing sure


def test_it_lists_a_travellers_flags_line_by_line():
    facts = BoardFacts(HANDS, DD)
    flags = traveller_flags(
        "A", board(line("4sn10", ref=11), line("4se10", "2", "9", lead="H3", ref=12)), facts
    )
    assert [(f.ns, f.ew, f.ref, f.rule) for f in flags] == [
        ("2", "9", 12, "wrong_side"),
        ("2", "9", 12, "impossible"),
        ("2", "9", 12, "impossible"),
    ]
    assert flags[1].text == (
        "4S by E, lead H3: South, on lead, does not hold the 3 of hearts (South's hearts:"
        " 10 9 8) — the wrong lead, or the wrong declarer?"
    )


def test_it_leaves_rulings_and_unknown_deals_alone():
    lines = [line("assigned 4se10"), line("A+/A-"), line("NP"), line("4se10")]
    # No deal and no double dummy: only the traveller rule could apply, and 1 score is too few.
    assert traveller_flags("A", board(*lines), BoardFacts()) == []
    # With the deal, only the table's own 4S by E is checked (not the assigned score).
    flags = traveller_flags("A", board(*lines), BoardFacts(HANDS, DD))
    assert {f.rule for f in flags} == {"wrong_side", "impossible"}
    assert len(flags) == 2
