"""The upload gate (sessions_app/files/uploads.py, issue 24 point 4): each file field has its
limit, a request is refused unread above the page's, and nothing is left on disk."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sessions_app.models import Session
from tests.interchange.test_import_page import PAGAT, upload
from tests.pages.conftest import _TreeBuilder, parse

NAME_LINE = b"3,Ann Lee,Bob Ray\n"  # 18 bytes


def page_of(response):
    """The page a refused upload shows (status 413, which `pages.conftest.parse` refuses)."""
    assert response.status_code == 413, response.status_code
    builder = _TreeBuilder()
    builder.feed(response.content.decode())
    return builder.root


def said(response) -> str:
    return page_of(response).find("p", role="alert").text


@pytest.mark.django_db
def test_it_stops_reading_a_names_file_above_its_limit(director_client, director):
    # 1,000,000 bytes is the names file's limit: 55,556 lines of 18 bytes are 1,000,008.
    names = SimpleUploadedFile("names.csv", b"pair,player1,player2\n" + NAME_LINE * 55_556)
    response = upload(
        director_client,
        director,
        "monday.csv",
        PAGAT,
        names=names,
        name="Monday",
        date="2026-11-16",
        follow=True,
    )

    assert response.status_code == 413
    assert said(response) == (
        "The names file is larger than 1 MB, the most this page takes. Nothing was stored."
    )
    assert "the file up to 5 MB, the names file up to 1 MB" in page_of(response).text
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_it_stops_reading_a_results_file_above_its_limit(
    director_client, director, tmp_path, settings
):
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    # A real travellers CSV, its lines repeated past 5,000,000 bytes (5.5 MB).
    lines = PAGAT.split(b"\n", 1)[1]
    content = PAGAT + lines * (5_500_000 // len(lines))
    response = upload(director_client, director, "monday.csv", content, date="2026-11-16")

    assert response.status_code == 413
    assert said(response) == (
        "The file is larger than 5 MB, the most this page takes. Nothing was stored."
    )
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind
    assert not Session.objects.exists()


class Unreadable:
    """A request body that must not be read: the gate refuses on its Content-Length."""

    read_from = False

    def read(self, *args):
        Unreadable.read_from = True
        return b""

    readline = read


@pytest.mark.django_db
def test_it_refuses_a_150_mb_request_before_reading_it(director_client, director):
    response = director_client.post(
        reverse("sessions_app:import_session"),
        content_type="multipart/form-data; boundary=x",
        data=b"--x--",
        CONTENT_LENGTH="150000000",
        **{"wsgi.input": Unreadable()},
    )

    assert response.status_code == 413
    assert said(response) == (
        "What was sent is larger than this page takes (6.07 MB in all). Nothing was stored."
    )
    assert not Unreadable.read_from


@pytest.mark.django_db
def test_it_holds_a_hand_record_to_the_files_limit(director_client, mitchell):
    page = reverse("sessions_app:import_pbn", args=[mitchell.session.pk])
    hand_record = b'[Event "Tuesday pairs"]\n' + b"% a comment line of a PBN file\n" * 161_300
    response = director_client.post(page, {"file": SimpleUploadedFile("h.pbn", hand_record)})

    assert len(hand_record) > 5_000_000
    assert response.status_code == 413
    assert said(response).startswith("The file is larger than 5 MB")


@pytest.mark.django_db
def test_it_stops_reading_a_file_of_junk_at_its_hundredth_problem(director_client, director):
    # 4.9 MB of lines that each hold one problem ('4Z' is not a contract), each its own board
    # so that no pair plays a board twice: lines 2 to 101 are the first hundred problems.
    lines = [b"%d,1,2,4Z,N,10\n" % board for board in range(1, 400_000)]
    content = (b"board,ns,ew,contract,declarer,tricks\n" + b"".join(lines))[:4_900_000]
    response = upload(director_client, director, "junk.csv", content, date="2026-11-16")

    errors = [
        item.text for item in parse(response).find("div", class_="form-errors").find_all("li")
    ]
    assert errors[0] == "101 problems, nothing imported:"
    assert errors[1].startswith("line 2: '4Z' is not a contract")
    assert errors[-1] == (
        "line 101: 100 problems: the file was read no further (correct these and import it again)"
    )
    assert not Session.objects.exists()


def test_it_reads_no_further_than_5000_rows_of_a_score_table():
    from sessions_app.interchange.files import read_file
    from sessions_app.interchange.refused import FileRefused

    table = (
        b'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        b'[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
    )
    # Rows from line 6: the 5,001st is line 5,006, so the check on line 5,007 stops there.
    rows = b"".join(b"%d %d 4S N 10\n" % (pair, pair + 10_000) for pair in range(1, 200_000))
    with pytest.raises(FileRefused) as refused:
        read_file(table + rows, kind="pbn")

    assert refused.value.errors == [
        "line 5007: the ScoreTable of line 5 has more than 5,000 rows: the file was read no further"
    ]


@pytest.mark.django_db
def test_it_refuses_a_file_sent_to_a_page_that_takes_none(client, tmp_path, settings):
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    three_mb = SimpleUploadedFile("big.csv", b"pair,player1,player2\n" + NAME_LINE * 166_667)
    response = client.post(
        reverse("login"), {"username": "dora", "password": "x", "file": three_mb}
    )

    assert response.status_code == 413
    # Django's DATA_UPLOAD_MAX_MEMORY_SIZE: 2,621,440 bytes -> 2.62 MB.
    assert said(response) == (
        "What was sent is larger than this page takes (2.62 MB in all). Nothing was stored."
    )
    assert list(tmp_path.iterdir()) == []
