"""A session as the Bridgemates' InitDTO, and a Bridgemate's result as a line
(sessions_app/bridgemates/event.py, results.py): pure, no database. The DTOs are the
official client's, checked by its own validation."""

from __future__ import annotations

import datetime

import pytest
from bridgemate_dataconnector import validate_init_dto
from bridgemate_dataconnector.dto import ResultDTO

from sessions_app.bridgemates.event import (
    BridgemateSection,
    BridgemateSession,
    EventRefused,
    init_dto,
)
from sessions_app.bridgemates.results import ResultRefused, line_of
from sessions_app.movements import howell, mitchell

EVENT, SESSION = "6D115AF1ABEB4462A299B1FE86274949", "0A1B2C3D4E5F60718293A4B5C6D7E8F9"


def session(*sections: BridgemateSection, across: bool = False) -> BridgemateSession:
    return BridgemateSession(
        EVENT, SESSION, "Tuesday pairs", datetime.date(2026, 11, 24), "mp", across, sections
    )


def rounds_of(dto, letters: str) -> dict[tuple[int, int], tuple[int, int, int, int]]:
    """(table, round) -> (NS, EW, low board, high board) of a section of the InitDTO."""
    section = next(
        s for g in dto.sessions[0].scoring_groups for s in g.sections if s.letters == letters
    )
    return {
        (r.table_number, r.round_number): (
            r.pair_ns,
            r.pair_ew,
            r.low_board_number,
            r.high_board_number,
        )
        for t in section.tables
        for r in t.rounds
    }


def test_a_mitchell_with_an_arrow_switch_and_a_howell_go_as_the_guide_says():
    seven = mitchell(7, 3, arrow_switch="last")
    three = howell(3, 2)
    dto = init_dto(
        session(BridgemateSection("A", seven, 1), BridgemateSection("B", three, 1), across=True)
    )
    assert validate_init_dto(dto), dto.validation_messages
    assert dto.commands == 7  # start BCS, reset the terminals, start reading
    # One scoring group, matchpoints, for sections matchpointed across the field
    (group,) = dto.sessions[0].scoring_groups
    assert (group.scoring_method, [s.letters for s in group.sections]) == (10, ["A", "B"])
    a = rounds_of(dto, "A")
    # Round 1: table t has NS t v EW t + 7 on boards 3t - 2 to 3t; the boards move down a
    # table and the EW pairs up each round, so round 7 at table 1 has board set 7 (19-21) and
    # EW pair 9, who sits NS there: the last round is switched
    assert a[(3, 1)] == (3, 10, 7, 9)
    assert a[(1, 7)] == (9, 1, 19, 21)
    assert len(a) == 7 * 7
    assert len(rounds_of(dto, "B")) == 3 * 5  # a 3-table Howell of 6 pairs: 5 rounds


DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_a_known_deal_goes_as_a_hand_record_of_each_scoring_group():
    dto = init_dto(
        BridgemateSession(
            EVENT,
            SESSION,
            "Tuesday pairs",
            datetime.date(2026, 11, 24),
            "mp",
            False,
            (BridgemateSection("A", mitchell(3, 2), 2), BridgemateSection("B", howell(3, 2), 1)),
            {1: DEAL, 40: DEAL},  # board 40 is in no movement: not sent
        )
    )
    assert validate_init_dto(dto), dto.validation_messages
    records = [(r.scoring_group_number, r.section_letters, r.board_number) for r in dto.handrecords]
    assert records == [(1, "A", 1), (2, "B", 1)]
    first = dto.handrecords[0]
    # North holds AKQJ of spades, T98 of hearts; West's spades are 432, its clubs 765
    assert (first.north_spades, first.north_hearts, first.west_spades, first.west_clubs) == (
        "AKQJ",
        "T98",
        "432",
        "765",
    )


def test_sections_scored_alone_each_have_their_group():
    dto = init_dto(
        session(
            BridgemateSection("A", mitchell(3, 2), 2), BridgemateSection("B", mitchell(3, 2), 2)
        )
    )
    groups = dto.sessions[0].scoring_groups
    assert [(g.scoring_group_number, g.sections[0].letters) for g in groups] == [(1, "A"), (2, "B")]
    assert groups[1].sections[0].winners == 2


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Red", "section 'Red': Bridgemates name a section by a letter, or one letter two"),
        ("AB", "section 'AB': Bridgemates name a section by a letter, or one letter two"),
    ],
)
def test_a_section_the_bridgemates_cannot_name_is_refused(name, message):
    with pytest.raises(EventRefused, match=message):
        init_dto(session(BridgemateSection(name, mitchell(3, 2), 2)))


def test_a_letter_repeated_names_a_section():
    dto = init_dto(session(BridgemateSection("bb", mitchell(3, 2), 2)))
    assert dto.sessions[0].scoring_groups[0].sections[0].letters == "BB"


def result(**fields) -> ResultDTO:
    base = dict(
        session_guid=SESSION,
        section_letters="A",
        table_number=3,
        round_number=2,
        board_number=5,
        scoring_direction=3,
        pair_north_south=3,
        pair_east_west=10,
    )
    return ResultDTO(**{**base, **fields})


def test_a_contract_a_lead_and_the_artificial_scores_read_as_the_grid_would():
    # 4SX by E, 8 tricks: two down doubled, EW vulnerable -> NS +500; lead rank 13 suit 3: HK
    line = line_of(
        result(
            level=4,
            denomination=4,
            stake=1,
            declarer_direction=2,
            total_tricks=8,
            lead_card_rank=13,
            lead_card_suit=3,
        ),
        "EW",
    )
    assert (line.board, line.ns, line.ew, line.round, line.table) == (5, "3", "10", 2, 3)
    assert (line.ruling.text, line.ruling.outcome.score_ns, line.lead) == ("4SX E 8", 500, "HK")
    # 3NT by N, 10 tricks, none vulnerable: 100 + 300 + 30 = +430
    assert (
        line_of(
            result(level=3, denomination=5, declarer_direction=1, total_tricks=10), "None"
        ).ruling.outcome.score_ns
        == 430
    )
    assert line_of(result(level=0), "All").ruling.text == "PASS"
    assert line_of(result(level=-10), "All").ruling.text == "NP"
    # -7: Average plus to the scoring side, Average minus to its opponents; from EW's side
    # (scoring direction 2) the other way round
    assert line_of(result(level=-7), "All").ruling.text == "A+/A-"
    assert line_of(result(level=-7, scoring_direction=2), "All").ruling.text == "A-/A+"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"level": 8}, "level 8 is no contract level"),
        ({"level": 4, "denomination": 6, "declarer_direction": 1}, "denomination 6 is no strain"),
        ({"level": 4, "denomination": 4, "declarer_direction": 5}, "declarer direction 5"),
        ({"level": 4, "denomination": 4, "declarer_direction": 1, "total_tricks": 14}, "14"),
        ({"level": 0, "lead_card_rank": 15, "lead_card_suit": 1}, "lead rank 15 suit 1"),
    ],
)
def test_a_result_that_is_no_bridge_result_is_refused_naming_the_field(fields, message):
    with pytest.raises(ResultRefused, match=message):
        line_of(result(**fields), "None")
