"""session_results: a fixed number of queries whatever the size, cached until something changes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sessions_app.core.results import session_results, session_touch
from sessions_app.models import Direction, Result
from sessions_app.scoring.event import DIRECTIONS, METHODS, choice, direction
from tests.conftest import PAGAT_BOARD_1


def travellers(boards: int, tables: int) -> str:
    """A plain Mitchell's travellers: NS pairs 1..T, EW pairs T+1..2T, all playing 4S."""
    rows = ["board,ns,ew,contract,declarer,tricks"]
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            ew = tables + (table + board) % tables + 1
            rows.append(f"{board},{table},{ew},4S,N,{7 + (table * board) % 7}")
    return "\n".join(rows) + "\n"


def queries_to_score(session) -> int:
    with CaptureQueriesContext(connection) as queries:
        session_results(session)
    return len(queries)


@pytest.mark.django_db
def test_it_scores_a_session_in_the_same_number_of_queries_whatever_its_size(make_session):
    small = make_session(travellers(boards=3, tables=3))
    large = make_session(travellers(boards=27, tables=15))
    assert queries_to_score(small) == queries_to_score(large) <= 5


@pytest.mark.django_db
def test_it_serves_cached_results_until_a_write_bumps_the_version(make_session):
    session = make_session(PAGAT_BOARD_1)
    first = session_results(session)
    assert queries_to_score(session) == 0  # from the cache
    assert session_results(session) is not None

    result = Result.objects.get(section__session=session, ns__label="6")
    result.score_ns = 650  # 6-12 now the top instead of the bottom
    result.save()
    session_touch(session)
    second = session_results(session)
    board = second.sections[0].boards[0]
    assert [line.points_ns for line in board.lines if line.line.ns == "6"] == [12]
    assert first.sections[0].boards[0].lines[5].points_ns == 0


@pytest.mark.django_db
def test_it_carries_names_and_board_details_into_the_results(make_session):
    session = make_session(PAGAT_BOARD_1, names="pair,player1,player2\n3,Ann Lee,Bob Ray\n")
    results = session_results(session)
    section = results.sections[0]
    assert section.pairs["3"].names == ("Ann Lee", "Bob Ray")
    assert section.pairs["3"].direction == "NS"
    assert results.boards[1].dealer == "N" and results.boards[1].vulnerability == "None"


def test_it_stores_exactly_the_directions_the_engine_reads():
    # event_input turns a pair's direction into the engine's Literal type with `direction`,
    # which refuses any other value: the two lists must not drift apart. (The settings'
    # values are declared once, in session_choices, for the model and the engine alike.)
    assert Direction.values == list(DIRECTIONS)


def test_it_refuses_a_stored_setting_the_engine_does_not_know():
    assert choice("butler", METHODS) == "butler"
    assert direction("EW") == "EW" and direction("") is None and direction(None) is None
    with pytest.raises(ValueError, match="'imps' is not one of mp, cross_imps, butler"):
        choice("imps", METHODS)
