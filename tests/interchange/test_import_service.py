"""The one way files come in: `read_file` (the format told once), `session_import` (the file
scored in memory to choose what it leaves open, then stored once), one refusal wording."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from sessions_app.core.event_inputs import session_settings
from sessions_app.core.results import session_results
from sessions_app.files.imports import session_import
from sessions_app.interchange.event import file_event, file_pairs, file_sections, line_columns
from sessions_app.interchange.files import file_kind, read_file
from sessions_app.interchange.refused import FileRefused
from sessions_app.interchange.results_export import results_document
from sessions_app.models import Board, ResultChange, Session
from sessions_app.scoring import score_session
from tests.conftest import BUTLER_BOARD_1, last_line_id, run

from .conftest import DATA, random_mitchell, stored_counts

DEMO = settings.BASE_DIR / "fixtures" / "demo"


def test_it_words_a_refusal_in_one_way():
    error = FileRefused(["line 3: '4Z' is not a contract", "line 4: 14 tricks is impossible"])
    assert (
        str(error).splitlines()
        == error.lines
        == [
            "2 problems, nothing imported:",
            "line 3: '4Z' is not a contract",
            "line 4: 14 tricks is impossible",
        ]
    )
    assert error.errors == ["line 3: '4Z' is not a contract", "line 4: 14 tricks is impossible"]


@pytest.mark.parametrize(
    ("filename", "start", "kind"),
    [
        ("monday.csv", b"<odd", "csv"),  # the name decides when it says
        ("monday.PBN", b"board,ns", "pbn"),
        ("monday.xml", b"board,ns", "usebio"),
        ("results", b"  <?xml version='1.0'?>", "usebio"),
        ("results.txt", b'[Event "Monday"]', "pbn"),
        ("results.txt", b"% PBN 2.1", "pbn"),
        ("results.txt", b"board,ns,ew,score", "csv"),
    ],
)
def test_it_tells_the_format_from_the_name_else_from_the_start(filename, start, kind):
    assert file_kind(filename, start) == kind


def _two_sections():
    travellers, names = random_mitchell(7, tables=5, sections=("A", "B"))
    return read_file(travellers.encode(), kind="csv", names=names.encode())


FILES = {  # name: (read file, session_import's options)
    "pbn": (lambda: read_file((DATA / "pagat_magic.pbn").read_bytes(), kind="pbn"), {}),
    "pbn with deals": (lambda: read_file((DATA / "edge_cases.pbn").read_bytes(), kind="pbn"), {}),
    "usebio": (lambda: read_file((DATA / "tuesday_ebuscore.xml").read_bytes(), kind="usebio"), {}),
    "csv, one field": (_two_sections, {"winners": 1}),
    "butler csv": (lambda: read_file(BUTLER_BOARD_1.encode(), kind="csv"), {"method": "butler"}),
}


@pytest.mark.django_db
@pytest.mark.parametrize("name", FILES)
def test_it_scores_a_file_in_memory_as_it_scores_the_stored_session(club, name):
    # What the file leaves open is chosen from the in-memory scoring: it must be the scoring
    # of the session as stored, line for line and pair for pair.
    read, options = FILES[name]
    results_file = read()
    report = session_import(club=club, results_file=results_file, **options)
    session = report.session
    winners = {
        section: results_file.winners.get(section, options.get("winners"))
        for section in file_sections(results_file)
    }
    event = file_event(
        results_file,
        file_pairs(results_file),
        [line_columns(row) for row in results_file.rows],
        settings=session_settings(session),
        winners=winners,
        scale=session.scale,
    )
    in_memory = results_document(score_session(event), session.pk)
    stored = results_document(session_results(session), session.pk)
    assert in_memory["sections"] == stored["sections"]
    assert stored["sections"] and stored["sections"][0]["boards"]


@pytest.mark.django_db
def test_it_stores_a_file_once_with_the_scale_it_agrees_with(club):
    text = (DATA / "pagat_magic.pbn").read_text()
    for two_one, half in (
        (" 5.0  7.0", " 2.5  3.5"),
        (" 8.0  4.0", " 4.0  2.0"),
        ("12.0  0.0", " 6.0  0.0"),
        ("10.0  2.0", " 5.0  1.0"),
        (" 0.0 12.0", " 0.0  6.0"),
        (" 2.0 10.0", " 1.0  5.0"),
    ):
        text = text.replace(two_one, half)
    with CaptureQueriesContext(connection) as queries:
        report = session_import(club=club, results_file=read_file(text.encode(), kind="pbn"))
    session = Session.objects.get(pk=report.session.pk)
    # Scored in memory, the file agrees on 1/½ (pair 1's 5 of 12 is its 2.5): created so,
    # final at once, never updated afterwards, its boards dealt as the file says.
    assert (session.scale, session.status, session.results_version) == ("1/0.5", "final", 1)
    # Its matchpoints agree; its whole-number percentages are reported as rounded in the file
    # (docs/formats.md "Dialects of USEBIO"): 5 of 12 is 41.67%, written 42 ... Only the
    # 12/0 and 0/12 lines' 100 and 0 are exact: 14 - 4 = 10.
    assert report.compared == 7  # its 7 lines
    assert len(report.differences) == 10
    assert all(d.rounded and d.what.endswith("percentage") for d in report.differences)
    assert not [q["sql"] for q in queries if q["sql"].startswith("UPDATE")]
    assert ResultChange.objects.get(session=session).note == "imported 7 lines"


@pytest.mark.django_db
def test_it_creates_a_hand_record_as_a_draft_with_the_boards_as_dealt(club):
    report = session_import(
        club=club, results_file=read_file((DEMO / "deals.pbn").read_bytes(), kind="pbn")
    )
    assert report.session.status == Session.Status.DRAFT and (report.lines, report.deals) == (0, 21)
    board = Board.objects.get(session=report.session, number=6)
    assert (board.dealer, board.vulnerability) == ("E", "EW")  # Law 2 for board 6
    assert Board.objects.get(session=report.session, number=1).par_contracts == "3NT S+2"


@pytest.mark.django_db
def test_it_loads_the_demo_hands_through_the_pbn_reader(demo):
    boards = {board.number: board for board in Board.objects.filter(session=demo)}
    assert len(boards) == 21 and all(board.deal for board in boards.values())
    assert boards[1].par_contracts == "3NT S+2"  # the OptimumResultTable of deals.pbn
    assert (boards[6].dealer, boards[6].vulnerability) == ("E", "EW")


@pytest.mark.django_db
def test_it_refuses_a_file_that_is_not_text_in_the_same_words_everywhere(
    club, tmp_path, director_client, director
):
    workbook = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00"  # how an .xlsx starts
    (tmp_path / "monday.csv").write_bytes(workbook)
    with pytest.raises(CommandError) as error:
        run("import_travellers", str(tmp_path / "monday.csv"))
    assert str(error.value).splitlines() == [
        "1 problem, nothing imported:",
        "the file is not text (a spreadsheet workbook? save it as CSV and import that)",
    ]
    response = director_client.post(
        reverse("sessions_app:import_session"),
        {
            "file": SimpleUploadedFile("monday.csv", workbook),
            "club": director.clubs.get().pk,
            "date": "2026-11-16",
        },
        follow=True,
    )
    assert "1 problem, nothing imported:" in response.text
    assert "the file is not text (a spreadsheet workbook? save it as CSV" in response.text
    assert stored_counts()[0] == 0


@pytest.mark.django_db
def test_it_imports_travellers_named_by_a_names_file_through_the_same_service(club, tmp_path):
    (tmp_path / "t.csv").write_text("board,ns,ew,score\n1,1,2,420\n1,3,4,450\n")
    (tmp_path / "n.csv").write_text("pair,player1,player2\n3,Ann Lee,Bob Ray\n")
    session_id = last_line_id(
        run("import_travellers", str(tmp_path / "t.csv"), "--names", str(tmp_path / "n.csv"))
    )
    results = session_results(Session.objects.get(pk=session_id))
    # 450 beats 420: NS pair 3 gets the top of 2, and its names.
    pair = results.sections[0].pairs["3"]
    assert pair.names == ("Ann Lee", "Bob Ray")
    assert results.scores[("A", "3")].points == 2
