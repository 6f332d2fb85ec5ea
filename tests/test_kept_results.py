"""A session scored again after a change reads only the changed board's lines
(core/event_inputs.py) and gives the figures of a whole re-score; what a rolled-back write left
in this process is never taken for the stored session."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from sessions_app.core.event_inputs import event_input
from sessions_app.core.results import session_results
from sessions_app.entry.lines import LineInput, result_delete, result_save
from sessions_app.models import Board, Result
from sessions_app.players.session_names import pairs_set_names
from sessions_app.scoring import score_session
from sessions_app.scoring.rulings import parse_ruling
from tests.test_services_results import travellers

pytestmark = pytest.mark.django_db


def whole_re_score(session):
    """The session scored from every stored line, keeping nothing."""
    return score_session(event_input(session))


def lines_read(session) -> list[str]:
    """The SQL of the queries that read traveller lines while `session` is scored."""
    with CaptureQueriesContext(connection) as queries:
        session_results(session)
    return [q["sql"] for q in queries.captured_queries if 'FROM "sessions_app_result"' in q["sql"]]


def correct(session, board: int, ns: str, result: str) -> None:
    """Correct pair `ns`'s line on `board` to `result` as the entry grid does."""
    line = Result.objects.get(section__session=session, board__number=board, ns__label=ns)
    result_save(
        section=line.section,
        line=LineInput(board, ns, line.ew.label, parse_ruling(result, line.board.vulnerability)),
        result_id=line.pk,
        version=line.version,
        confirmed=True,
    )
    session.refresh_from_db()


def test_a_corrected_line_is_scored_from_its_board_alone(make_session):
    session = make_session(travellers(boards=3, tables=5))
    before = session_results(session)
    correct(session, 2, "3", "4S N 12")
    board_2 = Board.objects.get(session=session, number=2)
    (read,) = lines_read(session)
    assert f'"board_id" IN ({board_2.pk})' in read and '"section_id" IN' not in read
    after = session_results(session)
    assert after == whole_re_score(session) != before
    # 4S by N making 12 is +680 non-vulnerable on board 2 (NS vul: +680 too, 4S+2): the best
    # NS score of the board's five, so pair 3 has the top, 8 of 8.
    (line,) = [s for s in after.section("A").board(2).lines if s.line.ns == "3"]
    assert line.points_ns == 8


def test_a_deleted_line_and_a_new_one_are_read_from_their_boards(make_session):
    session = make_session(travellers(boards=3, tables=5))
    session_results(session)
    line = Result.objects.get(section__session=session, board__number=1, ns__label="2")
    result_delete(section=line.section, result_id=line.pk, version=line.version)
    session.refresh_from_db()
    assert session_results(session) == whole_re_score(session)
    result_save(
        section=line.section,
        line=LineInput(1, "2", line.ew.label, parse_ruling("3NT S 9", "None")),
        confirmed=True,
    )
    session.refresh_from_db()
    (read,) = lines_read(session)
    assert f'"board_id" IN ({line.board_id})' in read
    assert session_results(session) == whole_re_score(session)


def test_nothing_changed_reads_no_line_and_a_rename_reads_them_all(make_session):
    session = make_session(travellers(boards=3, tables=5))
    session_results(session)
    section = session.sections.get()
    pairs_set_names(section=section, names=[("1", "Ann Lee", "Bob Ray")])
    session.refresh_from_db()
    (read,) = lines_read(session)  # a write that does not name its boards: every line
    assert '"section_id" IN' in read
    assert session_results(session).section("A").pairs["1"].names == ("Ann Lee", "Bob Ray")


def test_a_rolled_back_write_leaves_nothing_the_stored_session_would_be_scored_with(
    make_session,
):
    """A write whose transaction fails after the session was scored inside it (an import
    that compares its figures, say): its results and lines are gone with it, and the next
    write, which gets the same results version, is scored from what is stored."""
    session = make_session(travellers(boards=3, tables=5))
    stored = session_results(session)
    with pytest.raises(RuntimeError), transaction.atomic():
        correct(session, 2, "3", "4S N 12")
        assert session_results(session) != stored
        raise RuntimeError("the write fails after scoring")
    session.refresh_from_db()
    assert session_results(session) == stored == whole_re_score(session)
    correct(session, 2, "4", "4S N 7")  # the version the rolled-back write had
    assert session_results(session) == whole_re_score(session)
    assert [s.line.contract for s in session_results(session).section("A").board(2).lines] == [
        "4S" for _ in range(5)
    ]
