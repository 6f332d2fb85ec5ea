"""The players' pages make a fixed number of queries whatever the length of the history: a
player of 3 sessions and a player of 60 cost exactly as many, once the stored standings are
current; a stale session costs a few queries, once, when its standings are stored again."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from sessions_app.models import PairStanding, Player
from sessions_app.players.register import player_create

from .conftest import TRAVELLERS, names_csv

# slow (not in `dev.py test --fast`): a history of 60 sessions.
SESSIONS = 60  # a year of weekly club nights and more: enough to show any query a session
pytestmark = [pytest.mark.django_db, pytest.mark.slow]
MAX_QUERIES = 3


@pytest.fixture
def long_history(club, make_session):
    """Ann Lee and Bob Ray in SESSIONS sessions; Cy Dunn and Di Fox in the first 3 of them. The
    names are the register's exactly, so each import links them."""
    for name in ("Ann Lee", "Bob Ray", "Cy Dunn", "Di Fox"):
        player_create(club=club, name=name)
    start = datetime.date(2020, 1, 6)
    for week in range(SESSIONS):
        others = ["Cy Dunn", "Di Fox"] if week < 3 else [f"Guest {week}a", f"Guest {week}b"]
        pairs = [["Ann Lee", "Bob Ray"], ["Ed Gray", "Flo Hart"], others, ["Gus Ives", "Hal Jo"]]
        make_session(
            TRAVELLERS.format(420 + 10 * (week % 5), 450, 140, 110 + 10 * (week % 3)),
            names_csv(pairs),
            name=f"Week {week + 1}",
            date=start + datetime.timedelta(weeks=week),
            publish=True,
        )
    return {p.name: p.pk for p in Player.objects.all()}


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


def test_it_reads_a_history_of_60_sessions_in_as_many_queries_as_one_of_3(long_history):
    client = Client()
    ann, bob, cy, di = (long_history[n] for n in ("Ann Lee", "Bob Ray", "Cy Dunn", "Di Fox"))
    urls = {
        "60 sessions": reverse("sessions_app:player", args=["riverside", ann]),
        "3 sessions": reverse("sessions_app:player", args=["riverside", cy]),
        "partnership of 60": reverse("sessions_app:partnership", args=["riverside", ann, bob]),
        "partnership of 3": reverse("sessions_app:partnership", args=["riverside", cy, di]),
    }
    for url in urls.values():
        client.get(url)  # the first visit stores the standings
    assert PairStanding.objects.count() == SESSIONS * 4
    counted = {what: queries(client, url) for what, url in urls.items()}
    # the club, the player, and the pairs with their sessions, partners and standings; the
    # player's page adds the grades' check (the club's sessions and graded sessions) and the
    # player's grade steps (players/grades.py)
    assert counted["60 sessions"] == counted["3 sessions"] == MAX_QUERIES + 3
    assert (
        counted["partnership of 60"] == counted["partnership of 3"] == MAX_QUERIES + 1
    )  # + partner
    page = client.get(urls["60 sessions"]).content.decode()
    assert page.count('class="point"') == 2 * SESSIONS  # every session on both plots
    search = reverse("sessions_app:players", args=["riverside"])
    assert queries(client, search + "?q=ann") == queries(client, search + "?q=cy")
