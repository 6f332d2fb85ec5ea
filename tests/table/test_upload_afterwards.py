"""A club without internet (README, "A club without internet"): the evening scored at the
tables on a laptop in the club room, then taken to a hosted clubscorer with the exports that
read back. The copy must give every pair the same figures as the laptop did."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from sessions_app.models import Session
from sessions_app.setup.status import session_set_status
from tests.conftest import export, run
from tests.interchange.conftest import (
    results_without_ids,
    through_csv,
    through_pbn,
    through_usebio,
)

# slow (not in `dev.py test --fast`): a whole evening played at the tables, then uploaded.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def scored_at_the_tables(in_play, table):
    """The whole 7-table Mitchell (7 rounds, the last arrow-switched) entered on the tables'
    phones and accepted, round by round, then marked final: 147 lines."""
    for number in range(1, 8):
        phone = table(number)
        for rnd in range(1, 8):
            for board in phone.state()["boards"]:
                tricks = 7 + (board["number"] * 7 + number * 3) % 5  # 7 to 11 tricks
                cid = f"r{rnd}t{number}b{board['number']}"
                line = phone.enter(board["number"], "3NT", "S", tricks, client_id=cid).json()
                accept = {"accept": True, "version": line["version"]}
                assert (
                    phone.post(f"/api/table/lines/{line['id']}/verify", accept).status_code == 200
                )
            assert phone.post("/api/table/round-done", {"round": rnd}).status_code == 200
    session_set_status(session=in_play.session, status="final")
    return in_play.session


def through_backup(tmp_path, session_id: int) -> int:
    """`manage.py backup` on the laptop, `manage.py restore` on the hosted server."""
    path = tmp_path / "evening.json"
    run("backup", str(session_id), "-o", str(path))
    before = set(Session.objects.values_list("pk", flat=True))
    run("restore", str(path))
    return Session.objects.exclude(pk__in=before).get().pk


def rankings(session_id: int) -> list:
    return [
        [(r["pair"], r["matchpoints"], r["percentage"]) for r in field["ranking"]]
        for section in export(session_id)["sections"]
        for field in section["fields"]
    ]


def test_the_evening_reads_back_with_the_same_figures(
    tmp_path, scored_at_the_tables, director_client
):
    # One evening played (147 lines through the API: the slow part), carried four ways.
    laptop = rankings(scored_at_the_tables.pk)
    assert len(laptop[0]) == 14  # all 14 pairs, one field (the last round switched)
    assert laptop[0][0][2] > 50 > laptop[0][-1][2]  # real differences to carry, not all 50%
    for through in (through_pbn, through_usebio, through_csv, through_backup):
        copy = through(tmp_path, scored_at_the_tables.pk)
        assert rankings(copy) == laptop, through.__name__
    the_pbn_download_uploads_to_another_clubscorer(scored_at_the_tables, director_client)


def the_pbn_download_uploads_to_another_clubscorer(session: Session, director_client) -> None:
    before = set(Session.objects.values_list("pk", flat=True))
    pbn = director_client.get(reverse("sessions_app:export", args=[session.pk, "pbn"]))
    assert pbn.status_code == 200
    upload = SimpleUploadedFile("tuesday.pbn", pbn.content)
    # `through_pbn` imported the same file into this database already: the page would say so,
    # and the director imports it again.
    page = director_client.post(
        reverse("sessions_app:import_session"),
        {"file": upload, "club": session.club.pk, "again": "on"},
        follow=True,
    )
    assert page.status_code == 200
    copy = Session.objects.exclude(pk__in=before).get()
    assert results_without_ids(copy.pk)["sections"] == results_without_ids(session.pk)["sections"]
