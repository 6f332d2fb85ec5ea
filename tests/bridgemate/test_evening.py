"""A two-section evening on the Bridgemates, end to end through the official client and the
Data Connector simulator (tests/bridgemate/simulator.py): clubscorer sends the session, the
tables play every round on their terminals, clubscorer fetches and stores what they send.

Section A is a 5-table Mitchell of 2 boards a round with the last round arrow-switched; B a
3-table Howell of 6 pairs, 2 boards a round. On the way: a result sent twice, a result
corrected at the table, a TD call, the director changing a line the table later corrects, a
Data Connector that stops answering in the middle of round 3, and BCS restarted before round 5.
At the end every line is stored once, as last entered (the director's where the director
changed it), and the ranking is the one the director gets typing the same results on the
grid's path into a second session. Member numbers keyed in at a table name its pairs' players
and link them to the register.
"""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command

from sessions_app.bridgemates.connector import BridgemateProblem
from sessions_app.bridgemates.sending import (
    bridgemates_continue,
    bridgemates_send,
    bridgemates_update_movement,
)
from sessions_app.bridgemates.worker import fetch_claimed
from sessions_app.core.results import session_results
from sessions_app.core.section_movement import usable_movement
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import (
    BridgemateEvent,
    BridgemateLink,
    Pair,
    Result,
    ResultChange,
    TableCall,
    TableCode,
)
from sessions_app.players.register import player_create
from sessions_app.scoring.board import vulnerability
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save, session_create
from sessions_app.setup.status import session_set_status
from sessions_app.table_scoring.console import console_state
from sessions_app.trash.deleting import section_delete
from tests.bridgemate.conftest import CLUB_ID, LICENCE_KEY

pytestmark = pytest.mark.django_db(transaction=True)

# What the tables play, picked by board and table: contract, declarer, tricks, as the
# terminals' notation and the grid's both write them (4H by N making 10: +420, +620
# vulnerable; 3NT by S with 8 tricks: one down, -50 or -100).
RESULTS = ["4H N 10", "3NT S 8", "2S E 8", "4S W 10", "PASS", "1NT N 7", "5DX S 10", "4H N 11"]
CHANGED_BY_THE_DIRECTOR = "4H N 9"  # table A1's board 1, round 1
CORRECTED_AT_THE_TABLE = "3NT S 10"  # table A2's board 3, round 1 (was 3NT S 8 or another)


def played(board: int, section: str, table: int) -> str:
    return RESULTS[(board * 3 + table * 5 + (section == "B")) % len(RESULTS)]


def evening(club, name: str):
    session = session_create(club=club, name=name, date=datetime.date(2026, 11, 29))
    section_save(
        session=session,
        name="A",
        movement="mitchell",
        tables=5,
        boards_per_round=2,
        arrow_switch="last",
    )
    section_save(session=session, name="B", movement="howell", tables=3, boards_per_round=2)
    return session_set_status(session=session, status="in_play")


def rounds(session) -> dict[int, dict[tuple[str, int], dict[int, tuple[str, str]]]]:
    """round -> (section, table) -> board -> (NS, EW) as the movements seat them."""
    played_at: dict = {}
    for section in session.sections.order_by("name"):
        movement = usable_movement(section)
        for round_ in movement.rounds:
            for seating in round_.tables:
                if seating.played:
                    at = played_at.setdefault(round_.number, {}).setdefault(
                        (section.name, seating.table), {}
                    )
                    for board in seating.boards:
                        at[board] = (seating.ns, seating.ew)
    return played_at


def fetch(event) -> tuple[int, int]:
    fetched = fetch_claimed(BridgemateEvent.objects.get(pk=event.pk))
    assert fetched is not None
    return fetched.stored, fetched.unchanged


def test_an_evening_on_the_bridgemates_stores_every_line_once_and_ranks_as_the_grid(bcs, director):
    club = director.clubs.get()
    BridgemateLink.objects.create(
        club=club, address=bcs.base_address, bcs_club_id=CLUB_ID, licence_key=LICENCE_KEY
    )
    ann = player_create(club=club, name="Ann Lee", member_number="1001")
    session = evening(club, "On the Bridgemates")
    event = bridgemates_send(session=session, user=director)
    seated = rounds(session)
    tables = bcs.tables

    def play(round_: int, only=None) -> int:
        boards = {
            (section, table): {board: played(board, section, table) for board in boards}
            for (section, table), boards in seated[round_].items()
            if only is None or only(section, table)
        }
        return len(tables.play_round(round_, boards))

    # Round 1: at table A3 North keys in member number 1001, the register's Ann Lee, and South
    # 7007, whom the register does not hold; then 16 lines (5 + 3 tables x 2 boards)
    tables.enter_players("A", 3, 1, {"N": "1001", "S": "7007"})
    assert play(1) == 16
    assert fetch(event) == (16, 0)
    pair = Pair.objects.get(section__session=session, section__name="A", label="3")
    assert (pair.player1, pair.player2) == ("Ann Lee (1001)", "7007")
    assert pair.player1_ref == ann and pair.player2_ref is None
    line = Result.objects.get(section__name="A", board__number=1, ns__label="1")
    assert ResultChange.objects.get(result=line).device.name == "table A1 (Bridgemate)"
    # The director changes table A1's board 1; the table later says otherwise: kept
    result_save(
        section=line.section,
        line=LineInput(
            line.board,
            "1",
            line.ew.label,
            parse_ruling(CHANGED_BY_THE_DIRECTOR, line.board.vulnerability),
        ),
        result_id=line.pk,
        version=line.version,
        user=director,
    )
    tables.correct_result("A", 1, 1, 1, "4H N 12")
    tables.correct_result("A", 2, 1, 3, CORRECTED_AT_THE_TABLE)
    tables.resend_result("A", 3, 1, 5)  # the terminal sends the same result again
    assert play(2) == 16
    assert fetch(event) == (16 + 1, 1)  # round 2, the correction; the copy changes nothing
    kept = TableCall.objects.get(text__contains="the line is kept as it is")
    assert "table A1, board 1: the Bridgemate sent 4H N 12 after another change" in kept.text

    # Round 3: the Data Connector stops answering when half the room has entered
    play(3, only=lambda section, table: section == "A")
    bcs.answer_5xx(503)
    with pytest.raises(BridgemateProblem, match="did not answer"):
        fetch_claimed(event)
    assert "did not answer" in BridgemateEvent.objects.get(pk=event.pk).problem
    bcs.end_outage()
    play(3, only=lambda section, table: section == "B")
    tables.call_td("B", 2, 3)
    out = io.StringIO()
    call_command("bridgemates", "--once", stdout=out)  # the worker, as it runs beside the app
    assert "16 lines stored, 0 unchanged" in out.getvalue()
    assert "table B2 calls the director" in out.getvalue()
    assert BridgemateEvent.objects.get(pk=event.pk).problem == ""

    # Round 4 as usual; BCS restarts before round 5 and reads nothing until told to go on
    play(4)
    assert fetch(event) == (16, 0)
    bcs.restart()
    play(5)
    assert fetch(event) == (0, 0)
    bridgemates_continue(event=event)
    assert fetch(event) == (16, 0)

    # The console has each table in the round its Bridgemate last sent, as a phone's
    codes = TableCode.objects.filter(section__session=session, revoked_at=None)
    assert {code.round for code in codes} == {5}
    console = console_state(session).sections[0]
    assert (console.name, len(console.tables), console.leading_round, console.pace) == (
        "A",
        5,
        5,
        5,
    )

    # Every line once: 5 rounds x 16 lines, as last entered
    lines = Result.objects.filter(section__session=session).select_related(
        "board", "ns", "ew", "section"
    )
    assert lines.count() == 80
    stored = {(r.section.name, r.board.number, r.ns.label, r.ew.label): r for r in lines}
    assert stored[("A", 1, "1", line.ew.label)].score_ns == -50  # 4H by N, 9 tricks
    a2 = seated[1][("A", 2)]
    assert {board: stored[("A", board, *pair)].tricks for board, pair in a2.items()}[3] == 10
    assert TableCall.objects.filter(text="Called from the Bridgemate").count() == 1

    # The same evening typed by the director on the grid's path ranks the same
    typed = evening(club, "Typed on the grid")
    for round_, at in seated.items():
        for (section_name, table), boards in at.items():
            section = typed.sections.get(name=section_name)
            for board, (ns, ew) in boards.items():
                text = played(board, section_name, table)
                if (section_name, table, board) == ("A", 1, 1) and round_ == 1:
                    text = CHANGED_BY_THE_DIRECTOR
                if (section_name, table, board) == ("A", 2, 3) and round_ == 1:
                    text = CORRECTED_AT_THE_TABLE
                ruling = parse_ruling(text, vulnerability(board))
                result_save(
                    section=section,
                    line=LineInput(board, ns, ew, ruling, round=round_, table=table),
                )
    assert standings(session) == standings(typed)


def standings(session) -> list[tuple[str, str | None, str, str, object]]:
    results = session_results(session)
    return [
        (section.name, field.direction, standing.place, standing.score.label, standing.score.points)
        for section in results.sections
        for field in section.fields
        for standing in field.standings
    ]


def test_a_section_added_after_sending_goes_with_the_movement_sent_again(bcs, director):
    club = director.clubs.get()
    BridgemateLink.objects.create(
        club=club, address=bcs.base_address, bcs_club_id=CLUB_ID, licence_key=LICENCE_KEY
    )
    session = session_create(club=club, name="Late arrivals", date=datetime.date(2026, 11, 29))
    section_save(session=session, name="A", movement="howell", tables=3, boards_per_round=2)
    session = session_set_status(session=session, status="in_play")
    event = bridgemates_send(session=session)
    with pytest.raises(ValueError, match="B"):  # the terminals know no section B yet
        bcs.tables.enter_result("B", 1, 1, 1, "4H N 10")
    # Three more tables arrive: section B, the same Howell; its movement goes to BCS
    section_save(session=session, name="B", movement="howell", tables=3, boards_per_round=2)
    assert bridgemates_update_movement(event=event) == 2
    seating = usable_movement(session.sections.get(name="B")).rounds[0].seating(1)
    bcs.tables.enter_result("B", 1, 1, seating.boards[0], "4H N 10")
    assert fetch(event) == (1, 0)
    line = Result.objects.get(section__name="B")
    assert (line.ns.label, line.ew.label, line.score_ns) == (seating.ns, seating.ew, 420)
    # B goes again (moved to the trash) while its table still enters: the result is not lost
    # but put on the console, on the first section's
    section_delete(section=session.sections.get(name="B"))
    bcs.tables.enter_result("B", 1, 1, seating.boards[1], "3NT S 9")
    assert fetch(event) == (0, 0)
    call = TableCall.objects.get(section__name="A")
    assert "a result for section 'B', which is no more" in call.text
