"""The director's page that creates a session from a file: CSV, PBN, USEBIO or ACBLscore."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.models import Result, Session

DATA = Path(__file__).parent / "data"
PAGAT = b"""board,ns,ew,contract,declarer,tricks
1,1,8,4S,N,10
1,2,13,3NT,S,10
1,3,11,5CX,E,8
1,4,9,4S,N,10
1,5,14,4S,N,11
1,6,12,5S,N,10
1,7,10,3S,N,10
"""


def upload(client, director, filename, content, follow=False, **extra):
    return client.post(
        reverse("sessions_app:import_session"),
        {"file": SimpleUploadedFile(filename, content), "club": director.clubs.get().pk, **extra},
        follow=follow,
    )


@pytest.mark.django_db
def test_it_creates_a_session_from_a_travellers_csv(director_client, director):
    names = SimpleUploadedFile("names.csv", b"pair,player1,player2\n3,Ann Lee,Bob Ray\n")
    response = upload(
        director_client,
        director,
        "monday.csv",
        PAGAT,
        names=names,
        name="Monday",
        date="2026-11-16",
    )
    session = Session.objects.get(name="Monday")
    assert response.url == reverse("sessions_app:director_session", args=[session.pk])
    section = session_results(session).sections[0]
    # docs/rules.md §9.1: 3-11 5CX by E, 8 tricks, +500 -> 12 of 12.
    line = next(s for s in section.boards[0].lines if s.line.ns == "3")
    assert (line.points_ns, line.points_ew) == (12, 0) and section.pairs["3"].names == (
        "Ann Lee",
        "Bob Ray",
    )


@pytest.mark.django_db
def test_it_creates_a_session_from_pbn_and_usebio(director_client, director):
    upload(director_client, director, "pagat.pbn", (DATA / "pagat_magic.pbn").read_bytes())
    upload(director_client, director, "tuesday.xml", (DATA / "tuesday_ebuscore.xml").read_bytes())
    assert Session.objects.count() == 2
    assert Result.objects.count() > 7


@pytest.mark.django_db
def test_it_creates_a_session_from_an_acblscore_game_file(director_client, director):
    # Downey/Whittier, 21 June 2017 (data/real/acblscore/README.md): dated by the file, its 10
    # pairs named with their ACBL player numbers, every published figure reproduced
    game = (DATA / "real" / "acblscore" / "170621.ACM").read_bytes()
    response = upload(director_client, director, "170621.ACM", game, follow=True)
    session = Session.objects.get()
    assert session.date == datetime.date(2017, 6, 21) and Result.objects.count() == 140
    page = response.content.decode()
    assert "Imported 140 traveller lines. 0 of 150 lines differ from the file&#x27;s own." in page
    assert session_results(session).sections[0].pairs["2"].names == (
        "Leonard Beck (R210539)",
        "Larry Bolls (N545722)",
    )


@pytest.mark.django_db
def test_it_creates_a_session_from_an_nz_bridge_scorer_file(director_client, director):
    # Palmerston North, 16 November 2015 (data/real/nzscorer/README.md), told by its root
    # element <session>: dated by the file, 338 lines and 26 totals, every figure reproduced
    results = (DATA / "real" / "nzscorer" / "pairs.xml").read_bytes()
    response = upload(director_client, director, "pairs.xml", results, follow=True)
    session = Session.objects.get()
    assert session.date == datetime.date(2015, 11, 16) and Result.objects.count() == 338
    page = response.content.decode()
    assert "Imported 338 traveller lines. 0 of 364 lines differ from the file&#x27;s own." in page
    assert session_results(session).sections[0].pairs["5NS"].names == ("p0_1 (0)", "p0_2 (1)")


@pytest.mark.django_db
def test_it_lists_every_problem_and_stores_nothing(director_client, director):
    bad = b"board,ns,ew,contract,declarer,tricks\n1,1,8,4Z,N,10\n1,2,9,4S,N,14\n"
    response = upload(director_client, director, "bad.csv", bad)
    text = response.content.decode()
    assert response.status_code == 200
    assert "line 2: &#x27;4Z&#x27; is not a contract" in text and "line 3: 14 tricks" in text
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_it_reads_back_each_sections_fields_from_its_own_usebio_download(
    director_client, director, make_session
):
    # A Mitchell (1 and 2 always NS: two fields) beside a Howell (pair 1 NS on board 1, EW on
    # board 2: one field). Read back, B used to be split into NS and EW fields by the event's
    # WINNER_TYPE 2 (A's).
    session = make_session("""\
        section,board,ns,ew,contract,declarer,tricks
        A,1,1,3,4S,N,10
        A,1,2,4,4S,N,9
        B,1,1,2,4S,N,10
        B,1,3,4,4S,N,9
        B,2,2,1,3NT,S,9
        B,2,4,3,3NT,S,8
        """)
    download = director_client.get(reverse("sessions_app:export", args=[session.pk, "usebio"]))
    response = upload(director_client, director, "evening.xml", download.content, follow=True)
    captions = [c.strip() for c in re.findall(r"<caption>(.*?)</caption>", response.text)]
    assert captions == ["Section A NS", "Section A EW", "Section B one field"]
    # 6 lines and the 8 pairs' totals (A: 4 pairs, B: 4 pairs) publish figures: 14 compared.
    assert "Imported 6 lines and 0 deals. 0 of 14 lines differ from the file&#x27;s own." in (
        response.text
    )


@pytest.mark.django_db
def test_it_names_the_lines_kept_by_their_score_on_the_session_page(director_client, director):
    # The Christmas Cheer (data/real/nzscorer/README.md): two lines whose score is not their
    # contract's, each kept by its score (issue 26, point 2) and named on the page the
    # director lands on after the import.
    results = (DATA / "real" / "nzscorer" / "multi-section-multi-movement-pairs.xml").read_bytes()
    response = upload(director_client, director, "cheer.xml", results, follow=True)
    assert response.redirect_chain[-1][0] == f"/director/sessions/{Session.objects.get().pk}/"
    page = response.content.decode()
    assert (
        "line 484: &lt;result&gt; board 16, table 3: kept by its score, NS -250: score -250 does"
        " not match 6NT by W (+500 for NS, vulnerability EW)" in page
    )
    assert "line 765: &lt;result&gt; board 18, table 4: kept by its score, NS -170:" in page
    assert Result.objects.filter(level=None, score_ns__in=(-250, -170)).count() == 2
