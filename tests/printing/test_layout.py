"""The pure layout of printed documents: which rows each sheet gets, and how a grid is set.

No database: movements are built by `mitchell()` / `howell()`, results by the scoring engine.
Expected values are worked out by hand from how the movements move (model.py, mitchell.py and
howell.py docstrings) and from docs/rules.md.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from sessions_app.models import Session
from sessions_app.movements import howell, mitchell
from sessions_app.printing import (
    DOCUMENTS,
    PAPERS,
    GridColumn,
    OptionError,
    Options,
    board_range,
    chunked,
    contract_symbols,
    deal_lines,
    guide_rows,
    lead_symbols,
    makeable,
    options_from_query,
    pct_text,
    points_text,
    score_card_rows,
    score_columns,
    stored_name,
    table_cards,
    traveller_grid,
    traveller_notes,
    traveller_rows,
    typeset,
)
from sessions_app.rows import hand_record, score_card, section_traveller
from sessions_app.scoring import (
    BoardInfo,
    EventInput,
    PairEntry,
    SectionEntry,
    Traveller,
    score_session,
)
from sessions_app.scoring.lines import played, split
from sessions_app.scoring.results import PairLine

# Pagat, board 1 (docs/rules.md §9.1), None vulnerable: NS score of each NS-EW pairing.
PAGAT = [
    ("1", "8", 420),
    ("2", "13", 430),
    ("3", "11", 500),
    ("4", "9", 420),
    ("5", "14", 450),
    ("6", "12", -50),
    ("7", "10", 170),
]


def pagat_results(scale: str = "2/1"):
    lines = tuple(played(ns, ew, score) for ns, ew, score in PAGAT)
    return score_session(EventInput((SectionEntry("A", (Traveller(1, lines),)),), scale=scale))


def played_lines(results, number: int):
    """Board `number`'s lines in section A as the board's page shows them (rows/)."""
    return section_traveller(results, results.sections[0], number).rows


SWITCHED = mitchell(7, 3, arrow_switch="last")


def test_it_lays_out_a_traveller_in_the_order_the_board_travels():
    # Boards move down a table a round, EW pairs up: set 3 (boards 7-9) starts at table 3
    # (3 v 10), then table 2 (2 v 8), table 1 (1 v 13), table 7 ... and in round 7 it is at
    # table 4, where EW pair 12 (started at table 5) meets NS 4 - switched, so 12 sits NS.
    rows = traveller_rows(8, SWITCHED)
    assert [(r.round, r.table, r.ns, r.ew) for r in rows[:3]] == [
        (1, 3, "3", "10"),
        (2, 2, "2", "8"),
        (3, 1, "1", "13"),
    ]
    assert [(r.round, r.table, r.ns, r.ew, r.switched) for r in rows[-1:]] == [
        (7, 4, "12", "4", True)
    ]
    assert len(rows) == 7 and not any(r.switched for r in rows[:-1])


def test_it_leaves_a_sit_out_off_the_traveller():
    # 13 pairs: EW pair 14 is missing, so the table it would reach sits out: board 7 is
    # played 6 times (round 6, table 5 has no EW pair).
    rows = traveller_rows(7, mitchell(7, 3, pairs=13))
    assert len(rows) == 6 and 6 not in [r.round for r in rows]


def test_it_fills_a_traveller_from_the_results_whichever_way_the_pairs_sat():
    results = score_session(
        EventInput(
            (SectionEntry("A", (Traveller(8, (played("4", "12", 420), played("3", "10", 0))),)),)
        )
    )
    rows = traveller_rows(8, SWITCHED, played_lines(results, 8))
    by_table = {r.table: r for r in rows}
    # Table 4, round 7 (switched): scheduled 12 NS v 4 EW, but the line says 4 sat NS.
    assert (by_table[4].ns, by_table[4].ew, by_table[4].line.score_ns) == ("4", "12", 420)
    assert by_table[3].line.score_ns == 0 and by_table[2].line is None


def test_it_falls_back_to_one_row_per_result_without_a_movement():
    results = pagat_results()
    rows = traveller_rows(1, None, played_lines(results, 1))
    assert [(r.ns, r.ew, r.line.score_ns) for r in rows] == PAGAT


def test_it_prints_a_row_per_ns_pair_before_any_result_without_a_movement():
    pairs = [PairEntry("10", (), "EW"), PairEntry("2", (), "NS"), PairEntry("1", (), "NS")]
    assert [(r.ns, r.ew) for r in traveller_rows(1, None, (), pairs)] == [("1", ""), ("2", "")]


def test_it_gives_each_side_its_own_score():
    line = split("1", "2", 420, -50)
    scored = (
        score_session(
            EventInput((SectionEntry("A", (Traveller(1, (line, played("3", "4", 0))),)),))
        )
        .sections[0]
        .board(1)
        .lines[0]
    )
    assert PairLine(1, "NS", scored).score == 420 and PairLine(1, "EW", scored).score == 50


def test_it_lays_out_a_score_card_round_by_round():
    rows = score_card_rows("1", SWITCHED)
    assert len(rows) == 21
    first = rows[0]
    assert (first.round, first.table, first.direction, first.opponent, first.board) == (
        1,
        1,
        "NS",
        "8",
        1,
    )
    assert [r.first for r in rows[:4]] == [True, False, False, True]
    # Round 7 at table 1: EW pair 9 (started at table 2) arrives with set 7 (boards 19-21),
    # and the switch seats pair 1 East-West.
    last = rows[-3:]
    assert {(r.direction, r.opponent, r.switched) for r in last} == {("EW", "9", True)}
    assert [r.board for r in last] == [19, 20, 21]


def test_it_fills_a_score_card_from_the_pairs_own_side():
    results = pagat_results()
    played_by_11 = {row.board: row for row in score_card(results, "A", "11").rows}
    (row,) = score_card_rows("11", None, played_by_11)
    # Pair 11 sat EW against 3, who scored +500: pair 11's own score is -500, 0 MP of 12.
    assert (row.direction, row.opponent, row.line.score, row.line.points) == ("EW", "3", -500, 0)
    assert row.line.pct == 0


def test_it_prints_the_pairs_own_score_when_a_line_has_the_pairs_the_other_way_round():
    results = score_session(
        EventInput(
            (SectionEntry("A", (Traveller(8, (played("4", "12", 420), played("3", "10", 0))),)),)
        )
    )
    played_by_4 = {row.board: row for row in score_card(results, "A", "4").rows}
    rows = {row.board: row for row in score_card_rows("4", SWITCHED, played_by_4)}
    # Round 7 is switched, so the movement seats pair 4 EW against 12 on board 8; the line
    # says 4 sat NS and made +420, beating 3 v 10's 0: pair 4's own +420 and 2 MP of top 2.
    assert rows[8].direction == "EW"
    assert (rows[8].line.score, rows[8].line.points) == (420, 2)


def test_it_puts_blank_score_card_rows_on_every_board_without_a_movement():
    assert [r.board for r in score_card_rows("1", None, {}, [1, 2, 3])] == [1, 2, 3]


def test_it_makes_mitchell_table_cards_with_the_next_moves():
    cards = {card.table: card for card in table_cards(mitchell(7, 3))}
    first = cards[3].rows[0]
    # Table 3, round 1: 3 v 10 on boards 7-9; EW 10 moves up to table 4, the boards down to 2.
    assert (first.ns, first.ew, first.boards, first.pair_to, first.boards_to) == (
        "3",
        "10",
        (7, 8, 9),
        4,
        "2",
    )
    assert cards[1].rows[0].boards_to == "7"  # from table 1 the boards go round to table 7
    last = cards[3].rows[-1]
    assert (last.round, last.pair_to, last.boards_to) == (7, None, "")


def test_it_names_the_moving_pair_of_an_arrow_switched_round():
    cards = {card.table: card for card in table_cards(SWITCHED)}
    rnd6, rnd7 = cards[1].rows[5], cards[1].rows[6]
    # Round 7 is switched: EW pair 9 sits NS at table 1; in round 6 pair 10 is there and moves
    # on to table 2.
    assert (rnd7.ns, rnd7.ew, rnd7.switched) == ("9", "1", True)
    assert (rnd6.ew, rnd6.pair_to) == ("10", 2)


def test_it_sends_boards_to_a_bye_stand_or_a_shared_table_in_a_relay_mitchell():
    cards = {card.table: card for card in table_cards(mitchell(8, 2, method="relay"))}
    assert cards[5].rows[0].boards_to == "bye stand"
    assert cards[2].rows[0].boards_to == "1/8"  # tables 1 and 8 share a set


def test_it_makes_howell_guide_cards():
    # howell(4, 3) round 1, table 1: 8 v 1 on boards 1-3 (howell.py).
    rows = guide_rows(howell(4, 3), "1")
    assert len(rows) == 7
    assert rows[0][:5] == (1, 1, "EW", "8", (1, 2, 3))


def test_it_shows_double_dummy_tricks_as_contract_levels():
    table = {"N": {"NT": 6, "S": 10, "H": 7, "D": 0, "C": 13}}
    record = hand_record(BoardInfo(8, "W", "None"), "", table)
    assert makeable(record.double_dummy)[0] == ("N", ("–", "4", "1", "–", "7"))
    assert makeable(record.double_dummy)[1] == ("S", ("",) * 5)  # not in the table
    assert makeable(()) == ()


BOARD_8 = "N:KQ.AK85.AT4.8742 A5.62.J82.AKQ953 T98762.QT93.K9.J J43.J74.Q7653.T6"


def test_it_draws_the_hand_diagram_as_text():
    record = hand_record(BoardInfo(8, "W", "None"), BOARD_8)
    lines = deal_lines(record, table_beside=False)
    # North above, West - compass - East in the middle, South below; 10 is written out.
    assert lines[0].strip() == "♠ K Q" and lines[2].strip() == "♦ A 10 4"
    assert lines[0].index("♠") == lines[8].index("♠") == 14  # after West's 12 and a gap
    assert lines[4].split() == ["♠", "J", "4", "3", "N", "♠", "A", "5"]
    assert lines[6].split() == ["♦", "Q", "7", "6", "5", "3", "S", "♦", "J", "8", "2"]
    assert len(lines) == 12  # no double-dummy table known


def test_it_puts_the_double_dummy_table_beside_or_under_the_diagram():
    # deals.pbn, board 8: N and S take 10 tricks in spades and hearts, E and W 7 in NT,
    # diamonds and clubs.
    ns = {"NT": 6, "S": 10, "H": 10, "D": 6, "C": 5}
    ew = {"NT": 7, "S": 3, "H": 2, "D": 7, "C": 7}
    table = {"N": ns, "S": ns, "E": ew, "W": ew}
    record = hand_record(BoardInfo(8, "W", "None"), BOARD_8, table)
    beside = deal_lines(record, table_beside=True)
    assert len(beside) == 12
    assert beside[0].split()[-5:] == ["NT", "♠", "♥", "♦", "♣"]
    assert beside[1].split()[-6:] == ["N", "–", "4", "4", "–", "–"]
    under = deal_lines(record, table_beside=False)
    assert under[12] == "" and under[13].split() == ["NT", "♠", "♥", "♦", "♣"]
    assert under[17].split() == ["W", "1", "–", "–", "1", "1"]


def test_it_sets_a_grid_of_padded_lines():
    grid = typeset(
        [GridColumn("NS"), GridColumn("Score", align="r")], [(("1", "420"), "")], width_mm=100
    )
    assert grid.head == " NS  Score "
    assert [line.text for line in grid.lines] == [" 1     420 "]
    assert grid.rules == (4,) and grid.chars == 11


def test_it_gives_spare_width_to_the_columns_to_write_in():
    columns = [GridColumn("NS"), GridColumn("Contract", stretch=1)]
    grid = typeset(columns, [(("1", ""), "")], width_mm=100, font_pt=10)
    # 100 mm holds 47 characters of 10 pt DejaVu Sans Mono (2.12 mm each).
    assert grid.chars == 47 and grid.font_pt == 10


@pytest.mark.parametrize("width_mm", [60, 100, 186, 191.9])
def test_it_fills_the_width_exactly_when_columns_stretch(width_mm):
    columns = [
        GridColumn("NS"),
        GridColumn("C", stretch=4),
        GridColumn("B", stretch=1),
        GridColumn("S", stretch=2),
    ]
    grid = typeset(columns, [(("1", "", "", ""), "")], width_mm=width_mm, font_pt=10)
    assert grid.chars == int(width_mm / grid.char_mm)


def test_it_sets_a_grid_too_wide_for_the_paper_smaller():
    grid = typeset([GridColumn("x" * 98)], [], width_mm=100, font_pt=10)
    assert grid.chars == 100 and grid.font_pt < 10
    assert grid.chars * grid.char_mm <= 100


def test_it_cuts_a_long_text_at_the_column_limit():
    grid = typeset([GridColumn("Contract", limit=10)], [(("3/10 of +420",), "")], width_mm=100)
    assert grid.lines[0].text.strip() == "3/10 of +…"


def test_it_lowers_the_rows_to_fit_two_to_a_page():
    rows = [(("1",), "")] * 19
    assert typeset([GridColumn("NS")], rows, width_mm=100, row_mm=6, height_mm=100).row_mm == 4.5
    assert typeset([GridColumn("NS")], rows, width_mm=100, row_mm=6, height_mm=10).row_mm == 3.5


def test_it_prints_the_pagat_traveller_with_its_matchpoints():
    results = pagat_results()
    rows = traveller_rows(1, None, played_lines(results, 1))
    grid = traveller_grid(rows, results, width_mm=186, completed=True)
    lines = [line.text.split() for line in grid.lines]
    # 1-8 +420 -> 5/7 (41.67 / 58.33 %); 3-11 5C× by E, 8 tricks, NS +500 -> 12/0.
    assert lines[0] == ["1", "8", "420", "5", "7", "41.67", "58.33"]
    assert lines[2] == ["3", "11", "500", "12", "0", "100.00", "0.00"]
    assert lines[5] == ["6", "12", "50", "0", "12", "0.00", "100.00"]  # -50 in the NS − column
    assert traveller_notes(rows, completed=True) == ()  # no ruling


@pytest.mark.parametrize(
    ("value", "expected"),
    [(420, ("420", "")), (-50, ("", "50")), (0, ("0", "")), (None, ("", ""))],
)
def test_it_puts_a_score_in_the_plus_or_minus_column(value, expected):
    assert score_columns(value) == expected


@pytest.mark.parametrize(
    ("contract", "expected"),
    [
        ("4S", "4♠"),
        ("5CX", "5♣X"),
        ("3NT", "3NT"),
        ("7HXX", "7♥XX"),
        ("A+/A-", "A+/A-"),
        ("PASS", "PASS"),
        ("", ""),
    ],
)
def test_it_writes_contracts_with_suit_symbols(contract, expected):
    assert contract_symbols(contract) == expected


def test_it_writes_leads_with_suit_symbols():
    assert (lead_symbols("H3"), lead_symbols("st"), lead_symbols("x")) == ("♥3", "♠10", "x")


def test_it_prints_the_traveller_on_the_sessions_scale():
    results = pagat_results(scale="1/0.5")
    rows = traveller_rows(1, None, played_lines(results, 1))
    grid = traveller_grid(rows, results, width_mm=186, completed=True)
    # 1-8 +420: 5 and 7 matchpoints on the 2/1 scale are 2.5 and 3.5 on the 1/½ scale.
    assert grid.lines[0].text.split() == ["1", "8", "420", "2.5", "3.5", "41.67", "58.33"]


def test_it_rounds_only_through_scoring_display():
    first = played_lines(pagat_results(scale="1/0.5"), 1)[0]
    # On the 1/½ scale 1 v 8's 5 matchpoints (2/1) are 2.5, and 7 are 3.5; 2/3 is 66.67 %.
    assert (first.points_ns, first.points_ew) == (Fraction(5, 2), Fraction(7, 2))
    assert points_text(first.points_ns, 1) == "2.5" and points_text(6, 1) == "6.0"
    assert points_text(Fraction(21, 2), 2) == "10.50" and points_text(None, 2) == ""
    assert pct_text(Fraction(200, 3)) == "66.67" and pct_text(None) == ""


def test_it_writes_board_ranges():
    assert (board_range((7, 8, 9)), board_range((1, 5)), board_range((4,))) == ("7–9", "1, 5", "4")


def test_it_chunks_hand_records_four_to_a_page():
    assert chunked(list(range(1, 22)), 4)[-1] == (21,)
    assert len(chunked(list(range(1, 22)), 4)) == 6


def test_it_reads_the_options_of_a_request():
    travellers = DOCUMENTS["blank-travellers"]
    assert options_from_query(travellers, {}) == Options(PAPERS["a4"], 1)
    assert options_from_query(travellers, {"paper": "Letter", "per_page": "2"}) == Options(
        PAPERS["letter"], 2
    )
    with pytest.raises(OptionError, match="a4, letter"):
        options_from_query(travellers, {"paper": "a5"})
    with pytest.raises(OptionError, match="per_page must be 1"):
        options_from_query(DOCUMENTS["results"], {"per_page": "2"})


def test_it_names_a_stored_pdf_after_the_results_version():
    session = Session(pk=7, results_version=3, status=Session.Status.PUBLISHED)
    session.created_at = session.updated_at = datetime.datetime(2026, 11, 16, 20, 0)
    document, options = DOCUMENTS["travellers"], Options(PAPERS["letter"], 2)
    name = stored_name(session, document, options)
    assert name.startswith("printing/7/") and name.endswith("-travellers-letter-2.pdf")
    session.results_version = 4
    assert stored_name(session, document, options) != name
    session.results_version = 3
    session.status = Session.Status.DRAFT  # a draft's PDFs say so: another file
    assert stored_name(session, document, options) != name
