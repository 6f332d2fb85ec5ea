"""An across-the-field event's pages take exactly as many queries at 4 tables as at 60, cold
(the first request after a change: the session is scored again) and cached; and the
addresses the tables build without reverse() are reverse()'s own."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.urls import reverse

from sessions_app.core.results import session_touch
from sessions_app.results.page_tables import BoardUrls
from sessions_app.results.page_tables.base import PairUrls
from tests.pages.conftest import parse, table_rows
from tests.pages.test_queries import names, travellers

# Cold, every page: the session (with its club), and for scoring it its sections, pairs,
# boards and results (core/results.py), then the sections again for the lines still
# missing (review/checks.py); the board page also reads its board's deal. Cached: none
# (the page is served for two seconds without even reading the session).
COLD = {"ranking": 6, "board": 7, "score card": 6}


def urls(session) -> dict[str, str]:
    base = f"/sessions/{session.pk}/"
    return {"ranking": base, "board": base + "boards/2/", "score card": base + "pairs/A/1/"}


@pytest.fixture
def small_and_big(make_session):
    sessions = []
    for day, tables in enumerate((4, 60), start=1):
        sessions.append(
            make_session(
                travellers(tables, 3),
                names(tables),
                name=f"{tables} tables",
                date=datetime.date(2026, 11, day),
                publish=True,
            )
        )
    return sessions


@pytest.mark.django_db
@pytest.mark.parametrize("page", list(COLD))
def test_a_page_takes_as_many_queries_at_60_tables_as_at_4(
    client, small_and_big, page, django_assert_num_queries
):
    for session in small_and_big:
        url = urls(session)[page]
        session_touch(session, amends=False)  # a line saved: the results change
        cache.clear()
        with django_assert_num_queries(COLD[page]):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(0):
            assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_a_60_table_field_is_whole_on_its_page(client, small_and_big):
    big = urls(small_and_big[1])  # NS pairs 1-60, EW 61-120, every pair plays boards 1-3
    ranking = parse(client.get(big["ranking"]))
    assert len(table_rows(ranking, "ranking-a-ns")) == 60
    assert len(table_rows(ranking, "ranking-a-ew")) == 60
    assert len(table_rows(parse(client.get(big["board"])), "traveller-a")) == 60


@pytest.mark.parametrize(
    ("section", "label"), [("A", "1"), ("B", "12"), ("A2", "x.y_z-3"), ("Z", "0")]
)
def test_pair_addresses_are_reverses(section, label):
    for session_id in (1, 10, 70):
        expected = reverse("sessions_app:pair", args=[session_id, section, label])
        assert PairUrls(session_id)(section, label) == expected


def test_board_addresses_are_reverses():
    for session_id in (1, 10, 100):
        for number in (1, 10, 26, 100):
            expected = reverse("sessions_app:board", args=[session_id, number])
            assert BoardUrls(session_id)(number) == expected
