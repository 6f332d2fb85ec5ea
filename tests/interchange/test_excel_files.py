"""Files from Excel and other programs through the director's pages (issue 23, point 8): a
CSV in cp1252 or UTF-16 is read and the page says how; CSV downloads open in Excel with their
accents; a refused file's problems are short and in our words; a comparison says "0 of N
lines differ"; a PBN without a date is not dated today without a word."""

from __future__ import annotations

import codecs
import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from sessions_app.models import Pair, Session
from tests.conftest import PAGAT_BOARD_1
from tests.director.test_trash import text
from tests.interchange.test_import_page import PAGAT, upload
from tests.pages.conftest import parse

DATA = Path(__file__).parent / "data"
PARY = DATA / "real" / "pary" / "wb130808_board1.pbn"  # JFR Pary through PbnTools: no Date
NAMES = "pair,player1,player2\n1,Zoë Müller,Françoise Dupré\n8,José Núñez,Bjørn Ødegård\n"


def messages(response) -> list[str]:
    found = parse(response).find("ul", class_="messages")
    return [item.text for item in found.find_all("li")] if found else []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("travellers", "names", "said"),
    [
        ("cp1252", "utf-8", ["The file was read as Windows-1252 (Western European) text"]),
        ("utf-8", "utf-16", ["The names file was read as UTF-16 (little-endian) text"]),
        (
            "utf-16-be",
            "cp1252",
            [
                "The file was read as UTF-16 (big-endian) text",
                "The names file was read as Windows-1252 (Western European)",
            ],
        ),
    ],
)
def test_it_reads_a_csv_saved_by_excel_and_says_in_which_encoding(
    director_client, director, travellers, names, said
):
    # Pair 1's line names "Müller" in its reason, so the travellers file has an accent of its
    # own; the UTF-16 files here have no mark (Excel writes one; other programs do not).
    content = "board,ns,ew,contract,declarer,tricks,reason\n" + "".join(
        line + (",Müller claimed\n" if line.startswith("1,1,8") else ",\n")
        for line in PAGAT.decode().splitlines()[1:]
    )
    names_file = SimpleUploadedFile("names.csv", NAMES.encode(names))
    response = upload(
        director_client,
        director,
        "monday.csv",
        content.encode(travellers),
        follow=True,
        names=names_file,
        name="Monday",
        date="2026-11-16",
    )
    session = Session.objects.get()
    assert response.request["PATH_INFO"] == reverse(
        "sessions_app:director_session", args=[session.pk]
    )
    shown = messages(response)
    assert shown[0] == "Imported 7 traveller lines."
    assert [note.split(" text, ")[0] for note in shown[1:]] == [
        words.split(" text")[0] for words in said
    ]
    assert all(note.endswith("not UTF-8: check that its accents look right.") for note in shown[1:])
    pairs = {pair.label: (pair.player1, pair.player2) for pair in Pair.objects.all()}
    assert pairs["1"] == ("Zoë Müller", "Françoise Dupré")
    assert pairs["8"] == ("José Núñez", "Bjørn Ødegård")
    assert session.sections.get().results.get(ns__label="1").reason == "Müller claimed"


@pytest.mark.django_db
def test_its_csv_downloads_open_in_excel_with_their_accents(client, make_session):
    session = make_session(
        PAGAT_BOARD_1,
        names="pair,player1,player2\n3,Zoë Müller,Françoise Dupré\n",
        publish=True,
    )
    downloads = [
        reverse("sessions_app:export", args=[session.pk, fmt])
        for fmt in ("csv", "travellers", "names")
    ] + [reverse("sessions_app:ranking_csv", args=[session.pk])]
    for url in downloads:
        content = client.get(url).content
        assert content.startswith(codecs.BOM_UTF8), url
        assert "Zoë Müller" in content.decode("utf-8-sig") or "names" not in url, url
    ranking = client.get(downloads[-1]).content.decode("utf-8-sig")
    assert "Zoë Müller" in ranking
    # export_results writes for scripts: no mark there (docs/formats.md).
    out = io.StringIO()
    call_command("export_results", str(session.pk), "--format", "csv", stdout=out)
    assert out.getvalue().startswith("section,field")


@pytest.mark.django_db
def test_a_4_mb_line_is_refused_in_a_few_words(director_client, director):
    content = b"board,ns,ew,contract,declarer,tricks\n1,1,8," + b"4" * 4_000_000 + b",N,10\n"
    response = upload(
        director_client, director, "huge.csv", content, follow=True, date="2026-11-16"
    )
    page = text(response)
    assert "1 problem, nothing imported:" in page
    assert "line 2: a field longer than 131,072 characters (a quote left open?)" in page
    assert "field larger than field limit" not in page
    assert len(response.content) < 50_000  # the page, not the line
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_a_comparison_that_agrees_says_0_of_n_lines_differ(director_client, director, make_session):
    # clubscorer's own PBN of Pagat's board 1 read back: its 7 traveller lines publish
    # matchpoints and percentages, its TotalScoreTable the 14 pairs' totals; 7 + 14 = 21
    # lines compared, all agreeing.
    session = make_session(PAGAT_BOARD_1, publish=True)
    pbn = director_client.get(reverse("sessions_app:export", args=[session.pk, "pbn"])).content
    response = upload(director_client, director, "pagat.pbn", pbn, follow=True)
    assert messages(response) == [
        "Imported 7 lines and 0 deals. 0 of 21 lines differ from the file's own."
    ]


@pytest.mark.django_db
def test_a_pbn_without_a_date_is_not_dated_today_without_a_word(director_client, director):
    response = upload(director_client, director, "wb130808.pbn", PARY.read_bytes(), follow=True)
    assert response.request["PATH_INFO"] == reverse("sessions_app:import_session")
    page = parse(response)
    assert "This file carries no date: give the date the session was played." in page.text
    assert not Session.objects.exists()
    # From the command line the session is dated today, and the command says so.
    out, err = io.StringIO(), io.StringIO()
    call_command("import_pbn", str(PARY), stdout=out, stderr=err)
    session = Session.objects.get()
    assert err.getvalue() == (
        f"warning: the file carries no date: the session is dated today,"
        f" {session.date:%Y-%m-%d} (give --date to date it)\n"
    )
    assert out.getvalue().strip().splitlines()[-1] == str(session.pk)


@pytest.mark.django_db
def test_the_hand_record_page_says_a_pbn_was_read_as_cp1252(director_client, mitchell):
    # A hand record whose event name has an accent, saved in the Windows code page.
    pbn = (
        '[Event "Tournoi de la Société"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AKQJ2.432.432.32 543.AKQJ.AK5.654 T98.T98.QJT9.AKQ 76.765.876.JT987"]\n'
    ).encode("cp1252")
    url = reverse("sessions_app:import_pbn", args=[mitchell.session_id])
    response = director_client.post(
        url, {"file": SimpleUploadedFile("deals.pbn", pbn)}, follow=True
    )
    report = parse(response).find("section", class_="panel")
    assert report.find("h2").text == "Stored 1 deal"
    assert report.find("p", class_="warning").text == (
        "The file was read as Windows-1252 (Western European) text, not UTF-8: check that its"
        " accents look right."
    )
