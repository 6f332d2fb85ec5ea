"""The club's page names each session's winners: the pairs placed first in each field (each of
them when they tie), with their percentage (IMPs at IMPs) and a link to their score card; in
the same number of queries for 3 sessions as for 12."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.db.models import F

from sessions_app.core.results import forget_local_results
from sessions_app.models import Session
from tests.conftest import PAGAT_BOARD_1, publish
from tests.imps.conftest import CROSS_IMPS_BOARD_2, NAMES
from tests.interchange.conftest import every_ruling  # noqa: F401 (a fixture)
from tests.pages.conftest import PAGAT_NAMES, parse, table_rows

CLUB = "/clubs/riverside/"
# NS +420, +420, +110 (2S by N, 8 tricks), top 4: pairs 1 and 2 beat 3 and tie -> 3 each
# (75%), tied first; EW 13 beats both -> 4 (100%).
TIE = """\
    board,ns,ew,contract,declarer,tricks
    1,1,11,4S,N,10
    1,2,12,4S,N,10
    1,3,13,2S,N,8
"""


def winners(tree) -> dict[str, list[str]]:
    """Each listed session's winners, by session name, as the text of each."""
    found = {}
    for item in tree.find("ul", class_="sessions").find_all("li"):
        listed = item.find("p", class_="winners")
        spans = listed.find_all("span", class_="winner") if listed else []
        found[item.find("a").text] = [span.text for span in spans]
    return found


@pytest.mark.django_db
def test_it_names_the_winner_of_each_field(client, make_session):
    # docs/rules.md §9.1: NS pair 3 and EW pair 12 take 12 of 12 (100%).
    session = make_session(PAGAT_BOARD_1, PAGAT_NAMES, name="Pagat", publish=True)
    tree = parse(client.get(CLUB))
    assert winners(tree) == {
        "Pagat": ["NS: Ann Lee & Bob Ray (3), 100.00%", "EW: pair 12, 100.00%"]
    }
    links = tree.find("p", class_="winners").find_all("a")
    assert [a.attrs["href"] for a in links] == [
        f"/sessions/{session.pk}/pairs/A/3/",
        f"/sessions/{session.pk}/pairs/A/12/",
    ]


@pytest.mark.django_db
def test_it_names_every_pair_tied_for_first(client, make_session):
    make_session(TIE, name="Tie", publish=True)
    assert winners(parse(client.get(CLUB))) == {
        "Tie": ["NS: pair 1, 75.00%", "NS: pair 2, 75.00%", "EW: pair 13, 100.00%"]
    }


@pytest.mark.django_db
def test_it_gives_the_imps_of_an_imp_session(client, make_session):
    # docs/rules.md §9.9: NS pair 1 +10.50, EW pair 15 +7.75.
    make_session(CROSS_IMPS_BOARD_2, NAMES, name="Cross", method="cross_imps", publish=True)
    assert winners(parse(client.get(CLUB))) == {
        "Cross": ["NS: Ann Lee & Bob Ray (1), 10.50 IMPs", "EW: pair 15, 7.75 IMPs"]
    }


@pytest.mark.django_db
def test_the_winners_are_the_first_places_of_every_kind_of_line(client, every_ruling):  # noqa: F811
    """Played, passed out, split, weighted, artificial, not played, a phantom, a fouled
    board: the club's page names the pairs its ranking page places first in each field."""
    publish(every_ruling)
    ranking = parse(client.get(f"/sessions/{every_ruling.pk}/"))
    expected = []
    for table in ("ranking-a-ns", "ranking-a-ew", "ranking-b-ns", "ranking-b-ew"):
        rows = table_rows(ranking, table)
        firsts = [row for row in rows if row[0] == rows[0][0]]
        title = "Section " + table.removeprefix("ranking-").upper().replace("-", " ")
        expected += [f"{title}: pair {row[1]}, {row[4]}%" for row in firsts]
    assert winners(parse(client.get(CLUB))) == {"Every ruling": expected}


@pytest.fixture
def many(make_session):
    def build(count: int):
        for day in range(1, count + 1):
            make_session(
                PAGAT_BOARD_1, name=f"Night {day}", date=datetime.date(2026, 10, day), publish=True
            )

    return build


# The club, the page's count of sessions, its sessions and its published competitions; cold,
# each session's sections, pairs, boards and lines (core/results.py `event_inputs`), for
# all of them at once.
COLD, KEPT = 4 + 4, 4


@pytest.mark.django_db
@pytest.mark.parametrize("count", [3, 12])
def test_it_takes_as_many_queries_for_12_sessions_as_for_3(
    client, many, count, django_assert_num_queries
):
    many(count)
    with django_assert_num_queries(COLD):
        tree = parse(client.get(CLUB))
    assert len(winners(tree)) == count
    assert all(
        found == ["NS: pair 3, 100.00%", "EW: pair 12, 100.00%"] for found in winners(tree).values()
    )
    forget_local_results()  # the winners are kept in the cache, not with the results
    with django_assert_num_queries(KEPT):
        assert client.get(CLUB).status_code == 200
    cache.clear()
    with django_assert_num_queries(COLD):
        assert client.get(CLUB).status_code == 200


@pytest.mark.django_db
def test_it_names_every_pair_tied_for_first_written_as_a_range(client, make_session):
    # Ties written "1/2" (docs/rules.md §6.4) rather than "1=": the same two pairs.
    session = make_session(TIE, name="Tie", publish=True)
    Session.objects.filter(pk=session.pk).update(
        tie_places="range", results_version=F("results_version") + 1
    )
    table = table_rows(parse(client.get(f"/sessions/{session.pk}/")), "ranking-a-ns")
    assert [row[0] for row in table] == ["1/2", "1/2", "3"]
    assert winners(parse(client.get(CLUB))) == {
        "Tie": ["NS: pair 1, 75.00%", "NS: pair 2, 75.00%", "EW: pair 13, 100.00%"]
    }
