"""A file imported twice, and a hand record brought to "Import a file" (issue 23, point 7):
the same file is recognised and imported again only when the director says so; a PBN of
deals without results is refused with the way to attach it to a session; the trash says
why a session imported twice is not restored beside its twin."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from sessions_app.interchange.files import file_digest
from sessions_app.models import ImportedFile, Session, Trash
from tests.director.test_trash import text
from tests.interchange.test_import_page import PAGAT, upload
from tests.pages.conftest import parse

DATA = Path(__file__).parent / "data"
# Two deals and no results: a hand record as a dealing program writes it.
HAND_RECORD = b"""[Event "Tuesday pairs"]
[Date "2026.11.17"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ2.432.432.32 543.AKQJ.AK5.654 T98.T98.QJT9.AKQ 76.765.876.JT987"]

[Event "Tuesday pairs"]
[Date "2026.11.17"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:543.AKQJ.AK5.654 AKQJ2.432.432.32 T98.T98.QJT9.AKQ 76.765.876.JT987"]
"""


def monday(client, director, **extra):
    fields = {"name": "Monday", "date": "2026-11-16", **extra}
    return upload(client, director, "monday.csv", PAGAT, follow=True, **fields)


@pytest.mark.django_db
def test_it_says_a_file_was_imported_already_and_imports_it_again_when_ticked(
    director_client, director
):
    first = monday(director_client, director)
    session = Session.objects.get()
    assert first.request["PATH_INFO"] == reverse("sessions_app:director_session", args=[session.pk])

    again = monday(director_client, director)
    assert again.request["PATH_INFO"] == reverse("sessions_app:import_session")
    assert Session.objects.count() == 1
    page = parse(again)
    said = page.find("div", class_="form-errors").text
    assert said == (
        "This file was already imported as Monday, 16/11/2026. Import it again? Tick “Import it"
        " again” to make another session of it."
    )
    notice = page.find("p", id="already")
    link = notice.find("a")
    assert (link.text, link.attrs["href"]) == (
        "Monday, 16/11/2026",
        reverse("sessions_app:director_session", args=[session.pk]),
    )
    assert "from monday.csv" in notice.text
    tick = page.find("input", name="again")
    assert tick.attrs["type"] == "checkbox"

    ticked = monday(director_client, director, again="on")
    second = Session.objects.exclude(pk=session.pk).get()
    assert ticked.request["PATH_INFO"] == reverse("sessions_app:director_session", args=[second.pk])
    assert "Imported 7 traveller lines." in text(ticked)
    assert list(ImportedFile.objects.values_list("session_ref", "sha256")) == [
        (second.pk, file_digest(PAGAT)),
        (session.pk, file_digest(PAGAT)),
    ]


@pytest.mark.django_db
def test_a_retry_of_import_it_again_makes_no_third_session(director_client, director):
    monday(director_client, director)
    page = parse(monday(director_client, director))
    seen = page.find("input", name="seen").attrs["value"]  # the import the page showed
    assert seen == str(ImportedFile.objects.get().pk)

    ticked = monday(director_client, director, again="on", seen=seen)
    retried = monday(director_client, director, again="on", seen=seen)  # the same post again

    second = Session.objects.order_by("pk").last()
    assert Session.objects.count() == 2
    assert ticked.request["PATH_INFO"] == reverse("sessions_app:director_session", args=[second.pk])
    assert retried.request["PATH_INFO"] == reverse("sessions_app:import_session")
    assert "This file was already imported as Monday, 16/11/2026." in text(retried)


@pytest.mark.django_db
def test_it_names_the_trash_when_the_session_the_file_made_is_there(director_client, director):
    monday(director_client, director)
    session = Session.objects.get()
    director_client.post(reverse("sessions_app:session_delete", args=[session.pk]))
    page = parse(monday(director_client, director))
    assert "(that session is in the trash now)" in page.find("div", class_="form-errors").text
    link = page.find("p", id="already").find("a")
    assert (link.text, link.attrs["href"]) == (
        "in the trash",
        reverse("sessions_app:trash", args=["riverside"]),
    )
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_it_refuses_a_hand_record_without_results_and_says_where_it_goes(director_client, director):
    response = upload(director_client, director, "deals.pbn", HAND_RECORD, follow=True)
    assert response.request["PATH_INFO"] == reverse("sessions_app:import_session")
    page = parse(response)
    assert page.find("div", class_="form-errors").text == (
        "This file holds deals but no results: imported here it would make an empty session."
        " To add its hand records to a session, open the session and choose “Attach hand"
        " records from a PBN file…”."
    )
    hint = page.find("p", id="deals-only")
    assert hint.find("a").attrs["href"] == reverse("sessions_app:director_home")
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_the_trash_says_why_the_twin_of_a_file_imported_twice_is_not_restored(
    director_client, director
):
    monday(director_client, director)
    monday(director_client, director, again="on")
    first, second = Session.objects.order_by("pk")
    director_client.post(reverse("sessions_app:session_delete", args=[second.pk]))
    item = Trash.objects.get()
    landed = director_client.post(
        reverse("sessions_app:trash_restore", args=["riverside", item.pk]), follow=True
    )
    assert landed.request["PATH_INFO"] == reverse("sessions_app:trash", args=["riverside"])
    assert (
        "Monday (16 Nov 2026) is there already, made from the same file (imported twice): keep"
        " that one, or move it to the trash and restore this one; nothing was restored"
    ) in text(landed)
    # Moving the first to the trash, the second comes back at its own address.
    director_client.post(reverse("sessions_app:session_delete", args=[first.pk]))
    landed = director_client.post(
        reverse("sessions_app:trash_restore", args=["riverside", item.pk]), follow=True
    )
    assert landed.request["PATH_INFO"] == reverse("sessions_app:director_session", args=[second.pk])
    assert list(Session.objects.values_list("pk", flat=True)) == [second.pk]


@pytest.mark.django_db
def test_it_recognises_on_the_page_a_file_an_import_command_imported(
    director_client, director, tmp_path
):
    (tmp_path / "monday.csv").write_bytes(PAGAT)
    options = ["--name", "Monday", "--date", "2026-11-16"]
    call_command("import_travellers", str(tmp_path / "monday.csv"), *options, stdout=io.StringIO())
    session = Session.objects.get()
    page = parse(monday(director_client, director))
    link = page.find("p", id="already").find("a")
    assert (link.text, link.attrs["href"]) == (
        "Monday, 16/11/2026",
        reverse("sessions_app:director_session", args=[session.pk]),
    )
    assert Session.objects.count() == 1


@pytest.mark.django_db
def test_it_says_the_session_the_file_made_was_deleted_for_good(director_client, director):
    monday(director_client, director)
    session = Session.objects.get()
    director_client.post(reverse("sessions_app:session_delete", args=[session.pk]))
    item = Trash.objects.get()
    director_client.post(reverse("sessions_app:trash_forget", args=["riverside", item.pk]))
    assert not Trash.objects.exists()
    page = parse(monday(director_client, director))
    assert "(that session has been deleted for good since)" in (
        page.find("div", class_="form-errors").text
    )
    assert page.find("p", id="already").find("a") is None


def many_boards(boards: int) -> bytes:
    """A travellers CSV of `boards` boards, each with PAGAT's seven lines (7 lines a board)."""
    lines = PAGAT.split(b"\n", 1)[1].strip().split(b"\n")
    body = [
        line.replace(b"1,", str(board).encode() + b",", 1)
        for board in range(1, boards + 1)
        for line in lines
    ]
    return b"board,ns,ew,contract,declarer,tricks\n" + b"\n".join(body) + b"\n"


@pytest.mark.django_db(transaction=True)
def test_two_posts_of_one_file_at_once_make_one_session(director):
    """A second click, or a retry while the first import still runs: both requests pass the
    form's check before either has stored anything; one session is made, and the other
    request lands on the page that names it."""
    import threading

    from django.db import connection
    from django.test import Client

    content = many_boards(300)  # 2,100 lines: an import long enough for both to overlap
    start, pages = threading.Barrier(2), []

    def director_posts():
        try:
            client = Client()
            client.force_login(director)
            start.wait(10)
            pages.append(
                upload(
                    client, director, "big.csv", content, follow=True, name="Big", date="2026-11-16"
                )
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=director_posts) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    session = Session.objects.get()  # one, not two
    assert ImportedFile.objects.count() == 1
    landed = sorted(page.request["PATH_INFO"] for page in pages)
    assert landed == sorted(
        [
            reverse("sessions_app:director_session", args=[session.pk]),
            reverse("sessions_app:import_session"),
        ]
    )
    refused = next(page for page in pages if page.request["PATH_INFO"].endswith("/import/"))
    assert "This file was already imported as Big, 16/11/2026." in text(refused)
