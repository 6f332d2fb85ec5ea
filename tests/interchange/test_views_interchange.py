"""Downloads for everyone who may see a session; the director's PBN upload."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sessions_app.models import Board, Club
from tests.conftest import PAGAT_BOARD_1

from .conftest import DATA
from .test_pbn_import import DEMO_DEALS


@pytest.fixture
def director(club):
    user = get_user_model().objects.create_user("td", password="secret")
    club.directors.add(user)
    return user


def upload(client, session, path=None, text: str | None = None):
    data = text.encode() if text is not None else path.read_bytes()
    return client.post(
        reverse("sessions_app:import_pbn", args=[session.pk]),
        {"file": SimpleUploadedFile("hands.pbn", data)},
    )


def cells(html: str) -> list[list[str]]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fmt", "content_type", "filename", "start"),
    [
        ("pbn", "application/x-pbn", "session-{id}-2026-11-16.pbn", "% PBN 2.1"),
        ("usebio", "application/xml", "session-{id}-2026-11-16.xml", "<?xml"),
        # A CSV starts with the UTF-8 mark, so that Excel shows its accents (docs/formats.md).
        ("travellers", "text/csv", "session-{id}-2026-11-16-travellers.csv", "\ufeffsection,board"),
        ("names", "text/csv", "session-{id}-2026-11-16-names.csv", "\ufeffsection,pair"),
        ("json", "application/json", "session-{id}-2026-11-16.json", '{"session"'),
        ("csv", "text/csv", "session-{id}-2026-11-16.csv", "\ufeffsection,field"),
        ("text", "text/plain", "session-{id}-2026-11-16.txt", "Test pairs"),
    ],
)
def test_it_offers_a_published_session_in_every_format(
    client, make_session, fmt, content_type, filename, start
):
    session = make_session(PAGAT_BOARD_1, publish=True)
    response = client.get(reverse("sessions_app:export", args=[session.pk, fmt]))
    assert response.status_code == 200
    assert response["Content-Type"] == f"{content_type}; charset=utf-8"
    expected = filename.format(id=session.pk)
    assert response["Content-Disposition"] == f'attachment; filename="{expected}"'
    assert response.content.decode().startswith(start)


@pytest.mark.django_db
def test_it_hides_a_draft_from_the_public_but_not_from_its_director(client, make_session, director):
    session = make_session(PAGAT_BOARD_1)
    url = reverse("sessions_app:export", args=[session.pk, "pbn"])
    assert client.get(url).status_code == 404
    client.force_login(director)
    assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_it_knows_no_other_format(client, make_session):
    session = make_session(PAGAT_BOARD_1, publish=True)
    assert client.get(f"/sessions/{session.pk}/export/docx/").status_code == 404


@pytest.mark.django_db
def test_it_lets_only_the_club_s_directors_upload(client, make_session):
    session = make_session(PAGAT_BOARD_1)
    url = reverse("sessions_app:import_pbn", args=[session.pk])
    assert client.get(url).status_code == 302  # to log in
    client.force_login(get_user_model().objects.create_user("player", password="secret"))
    assert client.get(url).status_code == 403


@pytest.mark.django_db
def test_it_stores_the_deals_of_an_uploaded_hand_record(client, make_session, director):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    assert 'type="file"' in client.get(reverse("sessions_app:import_pbn", args=[session.pk])).text
    response = upload(client, session, DEMO_DEALS)
    assert response.status_code == 200
    assert "Stored 21 deals" in response.text
    assert Board.objects.filter(session=session).exclude(deal="").count() == 21


# Line 25 of the Magic Contest file says 50/50 where pair 1 v 8 scored 41.67/58.33; line 26's
# whole-number 67 is 66.67 rounded. On a French club's page: the catalogue's words, the
# figures with the decimal comma.
DIFFERENCES = {
    "en-gb": [
        ["25", "board 1, 1 v 8", "NS percentage", "50", "41.67"],
        ["25", "board 1, 1 v 8", "EW percentage", "50", "58.33"],
        ["26", "board 1, 2 v 13", "NS percentage", "67", "66.67 (rounded in the file)"],
    ],
    "fr": [
        ["25", "donne 1, 1 contre 8", "pourcentage NS", "50", "41,67"],
        ["25", "donne 1, 1 contre 8", "pourcentage EO", "50", "58,33"],
        ["26", "donne 1, 2 contre 13", "pourcentage NS", "67", "66,67 (arrondi dans le fichier)"],
    ],
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en-gb", "fr"])
def test_it_shows_where_the_file_s_matchpoints_differ(client, make_session, director, language):
    session = make_session(PAGAT_BOARD_1)
    Club.objects.filter(pk=session.club_id).update(language=language)
    client.force_login(director)
    text = (
        (DATA / "pagat_magic.pbn").read_text().replace(" 5.0  7.0  42  58", " 5.0  7.0  50  50", 1)
    )
    response = upload(client, session, text=text)
    assert cells(response.text)[:3] == DIFFERENCES[language]


@pytest.mark.django_db
def test_it_names_the_bad_lines_of_an_uploaded_file(client, make_session, director):
    session = make_session(PAGAT_BOARD_1)
    client.force_login(director)
    response = upload(client, session, DATA / "truncated_deal.pbn")
    assert response.status_code == 200
    assert "2 problems, nothing imported:" in response.text
    assert "line 12: each hand needs 13 cards (N 12, E 13, S 14, W 13)" in response.text
    assert not Board.objects.filter(session=session).exclude(deal="").exists()
