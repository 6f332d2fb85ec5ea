"""Issue 17's done-when: three sessions imported where the same people play with different
partners under slightly different spellings (tests/players/conftest.py); the director
confirms the matches on each session's players page; each player's page then lists the right
sessions with the figures worked by hand there; and a merge changes nothing else."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from sessions_app.core.results import forget_local_results
from sessions_app.models import Pair, PairStanding, Player, Session
from tests.html_forms import read_forms

from .pages import table_rows

pytestmark = pytest.mark.django_db


# The director's choices for names the page only proposes (alike in spelling): "Cy Dunne"
# is the register's Cy Dunn.
CHOSEN = {"Cy Dunne": "Cy Dunn"}


def confirm_as_shown(client, session) -> str:
    """The director opens the session's players page and saves it as it stands (each name
    at the entry the page preselects; a name with no one alike, added as new), choosing the
    entry of CHOSEN for a name only proposed."""
    url = reverse("sessions_app:session_players", args=[session.pk])
    page = client.get(url).content.decode()
    form = next(f for f in read_forms(page) if f.method == "post" and f.action == "")
    for pair in Pair.objects.filter(section__session=session):
        for slot, typed in ((1, pair.player1), (2, pair.player2)):
            if typed in CHOSEN:
                assert form.data[f"name-{pair.pk}-{slot}"] == ""  # proposed, not chosen
                chosen = Player.objects.get(name=CHOSEN[typed])
                form.data[f"name-{pair.pk}-{slot}"] = str(chosen.pk)
    response = client.post(url, form.data, follow=True)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def three_nights(import_night, director_client):
    sessions = []
    for index in range(3):
        sessions.append(import_night(index))
        confirm_as_shown(director_client, sessions[-1])
    return sessions


def ids() -> dict[str, int]:
    return dict(Player.objects.values_list("name", "pk"))


def history_rows(client, name: str) -> list[list[str]]:
    url = reverse("sessions_app:player", args=["riverside", ids()[name]])
    response = client.get(url)
    assert response.status_code == 200
    return table_rows(response.content.decode(), "sessions")


def test_it_matches_sure_names_on_import_and_asks_about_the_others(import_night, director_client):
    first = import_night(0)
    # An empty register: every name is new, and the page suggests adding each.
    shown = confirm_as_shown(director_client, first)
    assert "pair 1: Ann Lee added to the register" in shown
    assert Player.objects.count() == 8
    second = import_night(1)
    # "ANN LEE" is Ann Lee exactly (case aside) and is linked on import; "Cy Dunne" is only
    # alike (difflib: "cydunne" and "cydunn" share 6 letters, 2·6/13 = 0.92) and waits.
    pair2 = Pair.objects.get(section__session=second, label="2")
    assert pair2.player1_ref == Player.objects.get(name="Ann Lee")
    assert pair2.player2_ref is None
    page = director_client.get(reverse("sessions_app:session_players", args=[second.pk]))
    assert "1 name to confirm" in page.content.decode()
    assert 'Cy Dunn <span class="muted">(spelling 0.92)' in page.content.decode()
    shown = confirm_as_shown(director_client, second)
    assert "pair 2: Cy Dunne is Cy Dunn" in shown
    pair2.refresh_from_db()
    assert (pair2.player1, pair2.player2) == ("ANN LEE", "Cy Dunne")  # kept as typed
    assert pair2.player2_ref == Player.objects.get(name="Cy Dunn")


def test_each_players_page_lists_the_right_sessions_and_figures(three_nights):
    client = Client()  # a player, not logged in
    assert sorted(ids()) == [
        "Ann Lee",
        "Bob Ray",
        "Cy Dunn",
        "Di Fox",
        "Ed Gray",
        "Flo Hart",
        "Gus Ives",
        "Hal Jones",
        "Robert Ray",
    ]
    # Date, session, partner, score, place (of the field), latest first; the figures are
    # those worked out in conftest.py.
    assert history_rows(client, "Ann Lee") == [
        ["15 Jun 2026", "June 15", "Robert Ray", "25.00%", "2 of 2 EW"],
        ["8 Jun 2026", "June 8", "Cy Dunn", "50.00%", "1= of 2 EW"],
        ["1 Jun 2026", "June 1", "Bob Ray", "25.00%", "2 of 2 NS"],
    ]
    assert history_rows(client, "Bob Ray") == [
        ["8 Jun 2026", "June 8", "Di Fox", "0.00%", "2 of 2 NS"],
        ["1 Jun 2026", "June 1", "Ann Lee", "25.00%", "2 of 2 NS"],
    ]
    assert history_rows(client, "Cy Dunn") == [
        ["15 Jun 2026", "June 15", "Ed Gray", "75.00%", "1 of 2 NS"],
        ["8 Jun 2026", "June 8", "Ann Lee", "50.00%", "1= of 2 EW"],
        ["1 Jun 2026", "June 1", "Di Fox", "75.00%", "1 of 2 EW"],
    ]
    assert history_rows(client, "Di Fox") == [
        ["15 Jun 2026", "June 15", "Flo Hart", "25.00%", "2 of 2 NS"],
        ["8 Jun 2026", "June 8", "Bob Ray", "0.00%", "2 of 2 NS"],
        ["1 Jun 2026", "June 1", "Cy Dunn", "75.00%", "1 of 2 EW"],
    ]
    assert history_rows(client, "Ed Gray") == [
        ["15 Jun 2026", "June 15", "Cy Dunn", "75.00%", "1 of 2 NS"],
        ["8 Jun 2026", "June 8", "Flo Hart", "100.00%", "1 of 2 NS"],
        ["1 Jun 2026", "June 1", "Flo Hart", "75.00%", "1 of 2 NS"],
    ]
    assert history_rows(client, "Gus Ives") == [
        ["15 Jun 2026", "June 15", "Hal Jones", "75.00%", "1 of 2 EW"],
        ["8 Jun 2026", "June 8", "Hal Jones", "50.00%", "1= of 2 EW"],
        ["1 Jun 2026", "June 1", "Hal Jones", "25.00%", "2 of 2 EW"],
    ]
    assert history_rows(client, "Robert Ray") == [
        ["15 Jun 2026", "June 15", "Ann Lee", "25.00%", "2 of 2 EW"],
    ]
    page = client.get(reverse("sessions_app:player", args=["riverside", ids()["Ed Gray"]]))
    html = page.content.decode()
    # Partnerships: Flo Hart twice, (100 + 75) / 2 = 87.50%; Cy Dunn once, 75.00%.
    assert table_rows(html, "partnerships") == [
        ["Flo Hart", "2", "87.50%"],
        ["Cy Dunn", "1", "75.00%"],
    ]
    # Best: 100 (8 June), then the two 75s, the later first.
    assert [row[1] for row in table_rows(html, "best")] == ["June 8", "June 15", "June 1"]
    # The average of 75, 100 and 75 is 83.33%.
    assert "<dt>Average</dt><dd>83.33%</dd>" in html


def test_a_merge_changes_nothing_else(three_nights, director_client):
    client = Client()  # a player, not logged in

    def everything():
        return (
            list(Pair.objects.order_by("pk").values()),
            list(PairStanding.objects.order_by("pk").values()),
            list(Session.objects.order_by("pk").values()),
            list(Player.objects.order_by("pk").values()),
        )

    pages = [client.get(reverse("sessions_app:session", args=[s.pk])).content for s in three_nights]
    pairs, standings, sessions, players = everything()
    bob, robert = ids()["Bob Ray"], ids()["Robert Ray"]
    url = reverse("sessions_app:player_merge", args=["riverside", bob])
    response = director_client.post(url, {"merged": robert, "confirm": "on"}, follow=True)
    assert "Robert Ray merged into Bob Ray: 1 pair moved." in response.content.decode()

    after_pairs, after_standings, after_sessions, after_players = everything()
    # Only Robert Ray's one reference became Bob Ray's (pair 2 of 15 June, player 2).
    changed = [(a, b) for a, b in zip(pairs, after_pairs, strict=True) if a != b]
    assert len(changed) == 1
    before, now = changed[0]
    assert before["player2_ref_id"] == robert and now == {**before, "player2_ref_id": bob}
    assert now["player2"] == "Robert Ray"  # the name as typed stays
    assert after_standings == standings
    # Bob Ray's sessions (all three) are shown anew, their names linked to him: a new
    # version with a new stamp, nothing else (no amendment).
    assert after_sessions == [
        {
            **row,
            "results_version": row["results_version"] + 1,
            "results_stamp": now["results_stamp"],
        }
        for row, now in zip(sessions, after_sessions, strict=True)
    ]
    assert all(
        row["results_stamp"] != now["results_stamp"]
        for row, now in zip(sessions, after_sessions, strict=True)
    )
    assert after_players == [p for p in players if p["id"] != robert]
    cache.clear()  # the pages rendered anew, not served from the page cache
    forget_local_results()
    robert_link, bob_link = (f"/clubs/riverside/players/{pk}/".encode() for pk in (robert, bob))
    assert [
        client.get(reverse("sessions_app:session", args=[s.pk])).content for s in three_nights
    ] == [page.replace(robert_link, bob_link) for page in pages]

    assert history_rows(client, "Bob Ray") == [
        ["15 Jun 2026", "June 15", "Ann Lee", "25.00%", "2 of 2 EW"],
        ["8 Jun 2026", "June 8", "Di Fox", "0.00%", "2 of 2 NS"],
        ["1 Jun 2026", "June 1", "Ann Lee", "25.00%", "2 of 2 NS"],
    ]
    html = client.get(reverse("sessions_app:player", args=["riverside", ids()["Ann Lee"]]))
    # Bob Ray twice now: (25 + 25) / 2 = 25.00%; Cy Dunn once, 50.00%.
    assert table_rows(html.content.decode(), "partnerships") == [
        ["Bob Ray", "2", "25.00%"],
        ["Cy Dunn", "1", "50.00%"],
    ]
