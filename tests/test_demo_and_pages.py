"""The demo evening loads as described and the first results pages serve it."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from sessions_app.core.results import session_results
from sessions_app.models import Board, Pair, Player, Session


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=io.StringIO())
    return Session.objects.get()


@pytest.mark.django_db
def test_it_loads_the_demo_evening(demo):
    assert demo.status == Session.Status.PUBLISHED
    results = session_results(demo)
    section_a, section_b = results.sections
    # A: 7-table Mitchell, 3 boards a round, switched last round -> one field of 14 pairs,
    # every board played 7 times (top 12).
    assert section_a.winners == 1 and [f.direction for f in section_a.fields] == [None]
    assert len(section_a.fields[0].standings) == 14
    assert {board.top for board in section_a.boards} == {12}
    # B: 4-table Howell, 7 rounds of 3 boards -> each board played 4 times (top 6), one field.
    assert section_b.winners == 1 and len(section_b.fields[0].standings) == 8
    assert {board.top for board in section_b.boards} == {6}
    assert len(results.boards) == 21
    # In a field where every board was played, percentages add up to 50 per pair on average,
    # except for the adjusted boards (A+/A- gives 100% between two pairs, A/A gives 100%).
    board = Board.objects.get(session=demo, number=1)
    assert board.deal.startswith("N:") and board.par_contracts
    assert set(board.double_dummy) == {"N", "E", "S", "W"}


@pytest.mark.django_db
def test_it_skips_the_demo_when_sessions_exist(demo):
    out = io.StringIO()
    call_command("load_demo", "--if-empty", stdout=out)
    assert "not loaded" in out.getvalue()
    assert Session.objects.count() == 1


@pytest.mark.django_db
def test_it_serves_the_published_results_pages(client, demo):
    home = client.get("/")
    assert home.status_code == 200 and "Monday Evening Pairs" in home.content.decode()
    page = client.get(f"/sessions/{demo.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    leader = session_results(demo).sections[0].fields[0].standings[0]
    assert leader.score.label in text
    board = client.get(f"/sessions/{demo.pk}/boards/1/")
    assert board.status_code == 200 and "Dealer N" in board.content.decode()
    assert client.get(f"/sessions/{demo.pk}/boards/99/").status_code == 404


@pytest.mark.django_db
def test_it_hides_a_draft_from_the_public(client, demo):
    demo.status = Session.Status.DRAFT
    demo.save()
    assert client.get(f"/sessions/{demo.pk}/").status_code == 404
    assert "Monday Evening Pairs" not in client.get("/").content.decode()


def test_every_demo_player_is_in_the_register_with_a_page(client, demo):
    pairs = list(Pair.objects.filter(section__session=demo))
    assert len(pairs) == 22  # 14 pairs of the Mitchell, 8 of the Howell
    players = {pair.player1_ref.name for pair in pairs} | {pair.player2_ref.name for pair in pairs}
    assert len(players) == 44 == Player.objects.filter(club=demo.club).count()
    leader = session_results(demo).sections[0].fields[0].standings[0]
    pair = Pair.objects.get(section__session=demo, section__name="A", label=leader.score.label)
    page = client.get(f"/clubs/{demo.club.slug}/players/{pair.player1_ref_id}/")
    assert page.status_code == 200
    assert demo.name in page.text and pair.player2 in page.text
