"""The players' pages: what they show and what they never show, and figures kept current when
a session's results change."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Pair, PairStanding, Player, Result, Session
from sessions_app.players.register import player_create, player_update
from sessions_app.scoring.rulings import parse_ruling

from .conftest import TRAVELLERS, names_csv
from .pages import table_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(club):
    return player_create(club=club, name="Ann Lee", member_number="12345", email="ann@example.org")


@pytest.fixture
def night(club, ann, make_session):
    """1 June (tests/players/conftest.py): Ann Lee & Bob Ray are pair 1, NS, 25%, 2nd of 2."""
    player_create(club=club, name="Bob Ray")
    pairs = [["Ann Lee", "Bob Ray"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["G", "H"]]
    return make_session(
        TRAVELLERS.format(420, 450, 140, 140),
        names_csv(pairs),
        name="June 1",
        date=datetime.date(2026, 6, 1),
        publish=True,
    )


def page(client, player, *more) -> str:
    url = reverse("sessions_app:player", args=["riverside", player.pk])
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_it_never_shows_the_email_nor_the_member_number(night, ann):
    html = page(Client(), ann)
    assert "Ann Lee" in html
    assert "ann@example.org" not in html and "12345" not in html


def test_it_shows_only_published_sessions_that_are_not_tests(night, ann, make_session):
    pairs = [["Ann Lee", "Bob Ray"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["G", "H"]]
    for name, options in (("Draft night", {}), ("Test night", {"publish": True})):
        session = make_session(
            TRAVELLERS.format(420, 450, 140, 140),
            names_csv(pairs),
            name=name,
            date=datetime.date(2026, 6, 8),
            **options,
        )
        if name == "Test night":
            Session.objects.filter(pk=session.pk).update(is_test=True)
    rows = table_rows(page(Client(), ann), "sessions")
    assert [row[1] for row in rows] == ["June 1"]


def test_a_player_without_a_published_session_is_not_found(club, night):
    hidden = player_create(club=club, name="Zed Quiet", email="zed@example.org")
    url = reverse("sessions_app:player", args=["riverside", hidden.pk])
    response = Client().get(url)
    assert response.status_code == 404
    for junk in ("abc", "0", "99999999999"):
        assert Client().get(f"/clubs/riverside/players/{junk}/").status_code == 404


def test_another_clubs_player_is_not_found_here(night, ann, stranger):
    # Ann Lee is Riverside's; under Hilltop's address she does not exist.
    url = reverse("sessions_app:player", args=["hilltop", ann.pk])
    assert Client().get(url).status_code == 404


def test_it_finds_players_by_any_part_of_their_names_accents_and_case_aside(night, ann):
    player_update(player=ann, name="Ann Lée", member_number="12345")
    url = reverse("sessions_app:players", args=["riverside"])
    for query, found in (
        ("lee", ["Ann Lée"]),
        ("LÉE", ["Ann Lée"]),
        ("an le", ["Ann Lée"]),
        ("ray", ["Bob Ray"]),
        ("", ["Ann Lée", "Bob Ray"]),  # the two matched players of a published session
        ("nn", []),  # words are found from their start
    ):
        html = Client().get(url, {"q": query}).content.decode()
        if not found:
            assert "with published results is called" in html, query
            continue
        listed = html.split('<ul class="players">')[1].split("</ul>")[0]
        names = re.findall(r"<li><a [^>]*>([^<]*)</a></li>", listed)
        assert names == found, query
    html = Client().get(url, {"q": "Nobody"}).content.decode()
    assert "No player of Riverside Bridge Club with published results is called" in html


def test_a_corrected_line_is_in_the_history_at_once(night, ann):
    client = Client()
    assert table_rows(page(client, ann), "sessions")[0][3:] == ["25.00%", "2 of 2 NS"]
    # Board 1, 1 v 2: 420 corrected to 460, above pair 3's 450: pair 1 now has 2 + 1 of 4
    # = 75% and is first of the NS field.
    section = night.sections.get()
    line = Result.objects.get(board__number=1, ns__label="1")
    result_save(
        section=section,
        line=LineInput(1, "1", "2", parse_ruling("460", "None")),
        result_id=line.pk,
        version=line.version,
        confirmed=True,
    )
    assert table_rows(page(client, ann), "sessions")[0][3:] == ["75.00%", "1 of 2 NS"]
    night.refresh_from_db()
    assert set(PairStanding.objects.values_list("results_version", flat=True)) == {
        night.results_version
    }


def test_renamed_pairs_lose_their_match_until_matched_again(night, ann, director_client):
    from sessions_app.players.session_names import pairs_set_names

    section = night.sections.get()
    pairs_set_names(section=section, names=[("1", "Bob Ray", "Cy Dunn")])
    pair = Pair.objects.get(section=section, label="1")
    # "Bob Ray" is the register's exactly and is matched again; "Cy Dunn" is not in it.
    assert pair.player1_ref == Player.objects.get(name="Bob Ray")
    assert pair.player2_ref is None
    response = Client().get(reverse("sessions_app:player", args=["riverside", ann.pk]))
    assert response.status_code == 404  # Ann Lee no longer plays in a published session


def test_the_trend_is_drawn_from_the_percentages(night, ann):
    html = page(Client(), ann)
    # One session of 25%: the scale is 20-60 (tens, 40-60 at least), the point in the middle
    # (x = (60 + 590) / 2 = 325) at y = 180 - (25 - 20) * 160 / 40 = 160.
    assert '<circle class="point" cx="325" cy="160" r="5"><title>01 Jun 2026 June 1: 25.00%' in html
    assert 'aria-labelledby="trend-title"' in html


def test_a_session_at_imps_shows_the_imps_and_no_percentage(club, make_session):
    from tests.conftest import BUTLER_BOARD_1

    ann = player_create(club=club, name="Ann Lee")
    make_session(
        BUTLER_BOARD_1, "pair,player1,player2\n1,Ann Lee,Bob Ray\n", method="butler", publish=True
    )
    html = page(Client(), ann)
    # docs/rules.md §9.10: NS IMPs -8, +4, -15, +9, +4, +3; pair 1's -8 is 5th of the six NS
    # pairs (9, 4, 4, 3, -8, -15).
    assert table_rows(html, "sessions") == [
        ["16 Nov 2026", "Test pairs", "Bob Ray", "-8 IMP", "5 of 6 NS"]
    ]
    assert "<dt>Average</dt>" not in html and "<svg" not in html
