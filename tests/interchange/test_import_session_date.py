"""The name and date of a session made from a file (issue 12, item 10): a travellers CSV
carries no date, so the director gives it (never "today" by default); a PBN or USEBIO file
carries its own; the name comes from the file, else from the file's name."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sessions_app.models import Session

DATA = Path(__file__).parent / "data"
TRAVELLERS = b"board,ns,ew,contract,declarer,tricks\n1,1,8,4S,N,10\n1,2,9,3NT,S,10\n"


def upload(client, director, filename: str, content: bytes, **fields):
    return client.post(
        reverse("sessions_app:import_session"),
        {
            "file": SimpleUploadedFile(filename, content),
            "club": director.clubs.get().pk,
            "name": "",
            "date": "",
            **fields,
        },
        follow=True,
    )


def date_error(html: str) -> str:
    start = html.index('<label for="id_date">')
    return html[start : html.index("</div>", start)]


@pytest.mark.django_db
def test_it_asks_for_the_date_of_a_travellers_csv(director_client, director):
    response = upload(director_client, director, "tuesday_pairs.csv", TRAVELLERS)
    assert response.status_code == 200 and not response.redirect_chain
    assert "A travellers CSV carries no date: give the date the session was played." in (
        date_error(response.text)
    )
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_it_names_a_csv_session_after_its_file(director_client, director):
    response = upload(director_client, director, "tuesday_pairs.csv", TRAVELLERS, date="2026-11-17")
    session = Session.objects.get()
    assert response.redirect_chain[-1][0] == reverse(
        "sessions_app:director_session", args=[session.pk]
    )
    assert (session.name, session.date) == ("tuesday pairs", datetime.date(2026, 11, 17))


@pytest.mark.django_db
def test_it_lists_the_missing_date_with_the_files_problems(director_client, director):
    bad = b"board,ns,ew,contract,declarer,tricks\n1,1,8,4Z,N,10\n"
    response = upload(director_client, director, "bad.csv", bad)
    assert "line 2: &#x27;4Z&#x27; is not a contract" in response.text
    assert "A travellers CSV carries no date" in response.text
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_it_takes_the_date_and_name_a_pbn_file_carries(director_client, director):
    upload(director_client, director, "pagat.pbn", (DATA / "pagat_magic.pbn").read_bytes())
    session = Session.objects.get()
    assert (session.name, session.date) == ("Pagat example", datetime.date(2026, 11, 16))


@pytest.mark.django_db
def test_it_takes_the_date_a_usebio_file_carries(director_client, director):
    upload(director_client, director, "tuesday.xml", (DATA / "tuesday_ebuscore.xml").read_bytes())
    session = Session.objects.get()
    assert (session.name, session.date) == ("Tuesday Pairs", datetime.date(2026, 11, 17))


@pytest.mark.django_db
def test_it_asks_for_the_date_of_a_pbn_file_without_one(director_client, director):
    pbn = (DATA / "pagat_magic.pbn").read_text()
    undated = pbn.replace('[Date "2026.11.16"]\n', "").replace('[Event "Pagat example"]\n', "")
    response = upload(director_client, director, "club_night.pbn", undated.encode())
    assert "This file carries no date: give the date the session was played." in (
        date_error(response.text)
    )
    assert not Session.objects.exists()
    upload(director_client, director, "club_night.pbn", undated.encode(), date="2026-11-18")
    session = Session.objects.get()
    assert (session.name, session.date) == ("club night", datetime.date(2026, 11, 18))
