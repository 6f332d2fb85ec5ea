"""Every results page makes a fixed number of queries (at most 10) whatever the session's size:
a 3-table and a 15-table session take exactly as many, cold (results not yet scored) and warm
(results from the cache)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.generate import HEADER, event_rows
from sessions_app.core.results import forget_local_results
from sessions_app.hands.boards import session_set_deals
from sessions_app.interchange.deals import Analysis
from tests.pages.conftest import parse, table_rows

DEAL = "N:J9743.J.98.KQJT8 Q.QT96.Q765.9542 AK6.AK5.KT432.73 T852.87432.AJ.A6"
ANALYSIS = Analysis(
    {seat: dict.fromkeys(("C", "D", "H", "S", "NT"), 7) for seat in "NESW"}, 460, ("3NT S+2",)
)
MAX_QUERIES = 10


def travellers(tables: int, boards: int) -> str:
    rows = [",".join(HEADER)] + [",".join(map(str, row)) for row in event_rows(tables, boards)]
    return "\n".join(rows) + "\n"


def names(tables: int) -> str:
    return "pair,player1,player2\n" + "".join(
        f"{pair},Player {pair}a,Player {pair}b\n" for pair in range(1, 2 * tables + 1)
    )


def pages(session) -> dict[str, str]:
    base = f"/sessions/{session.pk}/"
    return {
        "home": "/",
        "club": f"/clubs/{session.club.slug}/",
        "session": base,
        "session sorted": base + "?a-ns-sort=-percentage",
        "ranking.csv": base + "ranking.csv",
        "board": base + "boards/1/",
        "board sorted": base + "boards/2/?a-sort=-score_ns",
        "pair": base + "pairs/A/1/",
        "pair sorted": base + "pairs/A/1/?card-sort=-mp",
    }


def queries(client, url: str, *, cold: bool) -> int:
    if cold:
        cache.clear()
        forget_local_results()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


@pytest.fixture
def small_and_large(make_session):
    sessions = []
    for tables, boards in ((3, 6), (15, 27)):
        session = make_session(
            travellers(tables, boards),
            names(tables),
            name=f"{tables} tables",
            date=datetime.date(2026, 11, tables),
            publish=True,
        )
        session_set_deals(session=session, deals={1: DEAL}, analyses={1: ANALYSIS})
        session.refresh_from_db()
        sessions.append(session)
    return sessions


@pytest.mark.django_db
@pytest.mark.parametrize("cold", [True, False], ids=["cold", "warm"])
def test_it_makes_as_many_queries_for_15_tables_as_for_3(client, small_and_large, cold):
    small, large = small_and_large
    for name, url in pages(small).items():
        queries(client, url, cold=False)  # warm: both sessions' results are in the cache
        queries(client, pages(large)[name], cold=False)
        counts = (
            queries(client, url, cold=cold),
            queries(client, pages(large)[name], cold=cold),
        )
        assert counts[0] == counts[1] <= MAX_QUERIES, (name, counts)


@pytest.mark.django_db
def test_it_makes_as_many_queries_for_a_director(client, small_and_large, club):
    small, large = small_and_large
    director = get_user_model().objects.create_user("dee", password="x")
    club.directors.add(director)
    client.force_login(director)
    for name, url in pages(small).items():
        small_count = queries(client, url, cold=True)
        assert small_count == queries(client, pages(large)[name], cold=True), name


@pytest.mark.django_db
def test_it_shows_a_whole_15_table_session_on_one_page(client, small_and_large):
    large = small_and_large[1]  # NS pairs 1-15 and EW 16-30 (two fields) play all 27 boards
    tree = parse(client.get(pages(large)["session"]))
    assert len(table_rows(tree, "ranking-a-ns")) == len(table_rows(tree, "ranking-a-ew")) == 15
    assert len(table_rows(parse(client.get(pages(large)["pair"])), "scorecard-card")) == 27
    assert len(table_rows(parse(client.get(pages(large)["board"])), "traveller-a")) == 15


@pytest.mark.django_db
def test_it_stays_within_ten_queries_on_every_page(
    client, small_and_large, django_assert_max_num_queries
):
    large = small_and_large[1]
    for url in pages(large).values():
        cache.clear()
        forget_local_results()
        with django_assert_max_num_queries(MAX_QUERIES):
            assert client.get(url).status_code == 200
