"""The director's *Deal boards* page and the deal files it offers; dealing machines' files on
the hand-record page (boards matched by number, a different deal never silently replaced).
Through Django's test client against the database, nothing mocked. Each deal stored is
analysed double dummy (a tenth of a second to several seconds a deal), so the tests deal few
boards, from seeds whose deals analyse quickly ("Tuesday", "x")."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sessions_app.interchange.deal_files.dealing import deal_boards
from sessions_app.interchange.deal_files.formats import DEAL_FORMATS
from sessions_app.models import Board
from tests.conftest import PAGAT_BOARD_1

pytestmark = pytest.mark.django_db


def deal(client, session, **data):
    data = {"boards": "1-2", "seed": "Tuesday", "format": "dlm", **data}
    return client.post(reverse("sessions_app:deal_boards", args=[session.pk]), data, follow=True)


def stored(session) -> dict[int, str]:
    return dict(
        Board.objects.filter(session=session).exclude(deal="").values_list("number", "deal")
    )


def attach(client, session, name: str, content: bytes, replace: bool = False):
    data = {"file": SimpleUploadedFile(name, content)}
    if replace:
        data["replace"] = "on"
    return client.post(reverse("sessions_app:import_pbn", args=[session.pk]), data)


def test_it_deals_boards_onto_the_session_with_their_analysis(client, make_session, director):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    assert (
        "Deal the boards" in client.get(reverse("sessions_app:deal_boards", args=[session.pk])).text
    )
    response = deal(client, session)
    assert response.status_code == 200
    assert "Dealt 2 boards" in response.text
    expected = deal_boards([1, 2], seed="Tuesday")
    assert stored(session) == {board.number: board.deal for board in expected}
    board = Board.objects.get(session=session, number=2)
    assert board.double_dummy and board.par_score is not None  # as the attach path stores it
    download = reverse("sessions_app:deal_file", args=[session.pk, "dlm"])
    assert download in response.text


def test_it_downloads_the_session_s_deals_in_every_format(client, make_session, director):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    deal(client, session)
    expected = [(b.number, b.deal) for b in deal_boards([1, 2], seed="Tuesday")]
    for name, fmt in DEAL_FORMATS.items():
        response = client.get(reverse("sessions_app:deal_file", args=[session.pk, name]))
        assert response.status_code == 200, name
        assert response["Content-Disposition"].endswith(f'-deals.{name}"')
        assert [(b.number, b.deal) for b in fmt.read(response.content)] == expected, name


def test_it_keeps_a_board_s_deal_unless_told_to_replace_it(client, make_session, director):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    deal(client, session, boards="1")
    first = stored(session)[1]
    response = deal(client, session, seed="x")
    assert "Board 1 already has a different deal, kept" in response.text
    assert stored(session)[1] == first
    assert stored(session)[2] == deal_boards([2], seed="x")[0].deal
    deal(client, session, seed="x", replace="on")
    assert stored(session)[1] == deal_boards([1], seed="x")[0].deal


def test_it_names_a_bad_range_and_a_format_that_cannot_hold_the_boards(
    client, make_session, director
):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    assert "&#x27;9-3&#x27;: a range goes up, e.g. 3-9" in deal(client, session, boards="9-3").text
    response = deal(client, session, boards="5-8", format="bri")
    assert "a .bri file numbers its boards 1, 2, 3 … by their places: boards 5-8" in response.text
    assert stored(session) == {}


def test_it_refuses_a_director_of_another_club(client, make_session, stranger):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(stranger)
    assert deal(client, session).status_code == 403
    assert stored(session) == {}
    url = reverse("sessions_app:deal_file", args=[session.pk, "pbn"])
    assert client.get(url).status_code == 403
    response = attach(client, session, "hands.dlm", DEAL_FORMATS["dlm"].write(deal_boards([1])))
    assert response.status_code == 403


def test_it_knows_no_other_deal_format_and_says_when_there_are_no_deals(
    client, make_session, director
):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    assert (
        client.get(reverse("sessions_app:deal_file", args=[session.pk, "exe"])).status_code == 404
    )
    response = client.get(reverse("sessions_app:deal_file", args=[session.pk, "dup"]), follow=True)
    assert "No .dup file: the session has no deals yet." in response.text


@pytest.mark.parametrize("name", ["dlm", "dup"])
def test_it_attaches_a_dealing_machine_s_file(client, make_session, director, name):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    boards = deal_boards([1, 2], seed="Tuesday")
    response = attach(client, session, f"set.{name}", DEAL_FORMATS[name].write(boards))
    assert "Stored 2 deals" in response.text
    assert stored(session) == {board.number: board.deal for board in boards}


def test_it_warns_of_a_different_deal_rather_than_overwrite_it(client, make_session, director):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    attach(client, session, "a.dlm", DEAL_FORMATS["dlm"].write(deal_boards([1], seed="Tuesday")))
    other = DEAL_FORMATS["dlm"].write(deal_boards([1, 2], seed="x"))
    response = attach(client, session, "b.dlm", other)
    assert "Board 1 already has a different deal, kept" in response.text
    assert stored(session)[1] == deal_boards([1], seed="Tuesday")[0].deal
    attach(client, session, "b.dlm", other, replace=True)
    assert stored(session)[1] == deal_boards([1], seed="x")[0].deal


def test_it_names_the_byte_of_a_damaged_machine_file(client, make_session, director):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    content = bytearray(DEAL_FORMATS["dup"].write(deal_boards([1, 2], seed="d")))
    content[156 + 4 : 156 + 6] = b"77"
    response = attach(client, session, "set.dup", bytes(content))
    assert "1 problem, nothing imported:" in response.text
    assert "byte 160: board 2: &#x27;77&#x27; is not a card (01-52)" in response.text
    assert stored(session) == {}
