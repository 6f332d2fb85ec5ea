"""The entry grid's answer after a save: a board scored alone gives every line exactly the
matchpoints (or IMPs) the whole session's results give it — on every board of a session with
every kind of line, under every convention that changes how a board is scored."""

from __future__ import annotations

import pytest

from sessions_app.core.results import session_results
from sessions_app.entry.board_scores import board_results
from sessions_app.models import Session
from tests.interchange.conftest import every_ruling  # noqa: F401  (a fixture)

SETTINGS = [
    {},
    {"scale": "1/0.5", "across_the_field": True},
    {"split_scores": "twice", "factoring": "total"},
    {"expected_from": "board", "small_groups": True},
    {"method": "cross_imps"},
    {"method": "butler", "butler_discard": "median"},
]


def points(results, section: str, number: int) -> list[tuple]:
    board = results.section(section).board(number)
    return [(s.line.ref, s.points_ns, s.points_ew, s.top) for s in board.lines]


@pytest.mark.django_db
@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: ",".join(map(str, s.values())) or "-")
def test_a_board_alone_scores_as_in_the_whole_session(every_ruling, settings):  # noqa: F811
    Session.objects.filter(pk=every_ruling.pk).update(**settings)
    session = Session.objects.get(pk=every_ruling.pk)
    whole = session_results(session)
    for section in whole.sections:
        for board in section.boards:
            alone = board_results(session, board.number)
            assert points(alone, section.name, board.number) == points(
                whole, section.name, board.number
            )


@pytest.mark.django_db
def test_a_board_without_adjusted_scores_is_read_alone(every_ruling, django_assert_max_num_queries):  # noqa: F811
    # Section A board 1 holds played, assigned, split and weighted lines but no artificial
    # score: it is scored from its own lines, in a handful of queries, not from the session.
    with django_assert_max_num_queries(8):
        alone = board_results(every_ruling, 1)
    assert [section.name for section in alone.sections] == ["A", "B"]
    assert sum(len(section.boards) for section in alone.sections) == 2  # board 1 of each
