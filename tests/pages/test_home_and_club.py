"""The home page (clubs and latest sessions) and a club's page; who sees drafts."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser

from sessions_app.models import Club, Session
from tests.conftest import PAGAT_BOARD_1
from tests.pages.conftest import parse


@pytest.fixture
def sessions(make_session, club):
    """Three published sessions of Riverside, one draft, and one session of another club."""
    made = {}
    for day, name in ((2, "Tuesday"), (16, "Monday"), (9, "Wednesday")):
        made[name] = make_session(
            PAGAT_BOARD_1, name=name, date=datetime.date(2026, 11, day), publish=True
        )
    made["Draft"] = make_session(PAGAT_BOARD_1, name="Draft", date=datetime.date(2026, 11, 30))
    other = Club.objects.create(name="Northside BC", slug="northside")
    made["Northside"] = Session.objects.create(
        club=other, name="Northside pairs", date=datetime.date(2026, 11, 1), status="published"
    )
    return made


def session_links(tree) -> list[str]:
    return [li.find("a").text for li in tree.find("ul", class_="sessions").find_all("li")]


@pytest.mark.django_db
def test_it_lists_the_latest_published_sessions_and_the_clubs(client, sessions):
    tree = parse(client.get("/"))
    assert session_links(tree) == ["Monday", "Wednesday", "Tuesday", "Northside pairs"]
    clubs = tree.find("ul", class_="clubs").find_all("li")
    assert [li.find("a").text for li in clubs] == ["Northside BC", "Riverside Bridge Club"]
    assert clubs[1].find("a").attrs["href"] == "/clubs/riverside/"
    assert "3 sessions · latest 16 Nov 2026" in clubs[1].text


@pytest.mark.django_db
def test_it_lists_a_clubs_sessions_latest_first(client, sessions):
    tree = parse(client.get("/clubs/riverside/"))
    assert tree.find("h1").text == "Riverside Bridge Club"
    assert session_links(tree) == ["Monday", "Wednesday", "Tuesday"]
    link = tree.find("ul", class_="sessions").find("a")
    assert link.attrs["href"] == f"/sessions/{sessions['Monday'].pk}/"


@pytest.mark.django_db
def test_it_404s_for_an_unknown_club(client, db):
    assert client.get("/clubs/nowhere/").status_code == 404


@pytest.mark.django_db
def test_it_shows_a_draft_only_to_the_clubs_directors(client, sessions, club):
    draft = sessions["Draft"]
    pages = [
        f"/sessions/{draft.pk}/",
        f"/sessions/{draft.pk}/boards/1/",
        f"/sessions/{draft.pk}/pairs/A/3/",
        f"/sessions/{draft.pk}/ranking.csv",
    ]
    for page in pages:
        assert client.get(page).status_code == 404
    users = get_user_model().objects
    client.force_login(users.create_user("stranger", password="x"))
    assert all(client.get(page).status_code == 404 for page in pages)
    assert "Draft" not in session_links(parse(client.get("/clubs/riverside/")))

    director = users.create_user("dee", password="x")
    club.directors.add(director)
    client.force_login(director)
    assert all(client.get(page).status_code == 200 for page in pages)
    tree = parse(client.get("/clubs/riverside/"))
    assert session_links(tree)[0] == "Draft"
    assert "Final (not public)" in tree.find("ul", class_="sessions").find("li").text
    assert "(not public)" in parse(client.get(pages[0])).find("main").text


@pytest.mark.django_db
def test_it_shows_each_user_the_sessions_they_may_see(sessions, director, stranger):
    Session.objects.filter(pk=sessions["Tuesday"].pk).update(is_test=True)  # published, a test
    admin = get_user_model().objects.create_superuser("root", password="x")

    def names(user) -> set[str]:
        return set(Session.objects.visible_to(user).values_list("name", flat=True))

    published = {"Monday", "Wednesday", "Northside pairs"}
    assert names(AnonymousUser()) == names(stranger) == published  # not Riverside's test
    assert names(director) == published | {"Tuesday", "Draft"}  # all of Riverside's
    assert names(admin) == published | {"Tuesday", "Draft"}
