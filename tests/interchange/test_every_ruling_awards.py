"""Master points and handicaps on a session with every kind of line (played, passed out,
assigned, split, weighted, artificial, a phantom, not played, a fouled board), reached as a
director reaches them: the club's body and the session's settings saved through their pages,
each redirect followed and the page it lands on rendered; then the players' ranking, a score
card, the printed results, the ranking CSV and the USEBIO export."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from sessions_app.models import Pair
from sessions_app.setup.sessions import session_update
from tests.conftest import publish

pytestmark = pytest.mark.django_db


def follow_post(client, url: str, data: dict) -> str:
    response = client.post(url, data, follow=True)
    assert response.status_code == 200 and response.redirect_chain, response.status_code
    return response.content.decode()


def test_a_session_of_every_kind_of_line_awards_and_handicaps(
    director_client, settings, tmp_path, every_ruling
):
    settings.MEDIA_ROOT = tmp_path / "media"
    club = every_ruling.club
    url = reverse("sessions_app:club_settings", args=[club.slug])
    follow_post(director_client, url, {"name": club.name, "national_body": "abf"})
    session_update(session=every_ruling, masterpoint_scale="E", handicaps="half")
    three = Pair.objects.get(section__session=every_ruling, section__name="A", label="3")
    page = follow_post(
        director_client,
        reverse("sessions_app:session_handicaps", args=[every_ruling.pk]),
        {f"handicap-{three.pk}": "-4.5"},
    )
    assert "Handicaps saved: 1 of your own changed." in page
    publish(every_ruling)

    page = director_client.get(reverse("sessions_app:session", args=[every_ruling.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "ABF masterpoints: Grade E: club session (green, weight 1.5)." in text
    assert text.count("ABF masterpoints</th>") == 4  # A and B, NS and EW: two winners each
    assert "green</td>" in text and "handicapped" in text and "-4.50" in text
    card = director_client.get(reverse("sessions_app:pair", args=[every_ruling.pk, "A", "3"]))
    assert card.status_code == 200
    pdf = director_client.get(reverse("sessions_app:print", args=[every_ruling.pk, "results"]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    csv = director_client.get(reverse("sessions_app:ranking_csv", args=[every_ruling.pk]))
    header = csv.content.decode("utf-8-sig").splitlines()[0].split(",")
    assert header[-5:] == [
        "masterpoints",
        "masterpoint_type",
        "handicap",
        "handicapped_percentage",
        "handicapped_place",
    ]
    usebio = director_client.get(reverse("sessions_app:export", args=[every_ruling.pk, "usebio"]))
    root = ET.fromstring(usebio.content)
    kinds = {pair.findtext("MASTER_POINTS/MASTER_POINT_TYPE") for pair in root.iter("PAIR")}
    assert "green" in kinds

    # The EBU has no award for a two-winner field of 3 tables: said on the page, none shown
    follow_post(director_client, url, {"name": club.name, "national_body": "ebu"})
    session_update(session=every_ruling, masterpoint_scale="club")
    text = director_client.get(reverse("sessions_app:session", args=[every_ruling.pk]))
    words = text.content.decode()
    assert "No EBU master points:" in words and "EBU master points</th>" not in words
