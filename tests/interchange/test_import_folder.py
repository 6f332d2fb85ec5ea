"""`manage.py import_folder` and the page "Import several files": a club's archive of ACBLscore
game files brought in at once, its players linked into the register by ACBL number, and
nothing imported twice.

The ACBL numbers are checked against ACBLgamedump's own reading of 170807.aca
(170807.aca.json, made apart from clubscorer: tests/interchange/data/real/acblscore/README.md):
its 37 players with a number, e.g. Paula Olivares J777866 (pair 4 EW)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import CommandError
from django.urls import reverse

from sessions_app.models import ImportedFile, Pair, Player, Session
from sessions_app.players.name_matching import number_key
from tests.conftest import run

REAL = Path(__file__).parent / "data" / "real" / "acblscore"
GAME_FILES = ("170612.ACA", "170618.ACA", "170621.ACM", "170807.aca")


def dumped_numbers() -> dict[str, str]:
    """ACBLgamedump's players of 170807.aca with an ACBL number: number -> "First Last"."""
    dump = json.loads((REAL / "170807.aca.json").read_text())
    event = dump[0]["event"][0]
    return {
        number_key(player["pnum"]): f"{player['fname']} {player['lname']}"
        for section in event["section"].values()
        for entry in section["entry"].values()
        for player in entry["player"]
        if player["pnum"].strip()
    }


@pytest.fixture
def archive(tmp_path, club):
    folder = tmp_path / "archive"
    (folder / "2017").mkdir(parents=True)
    for name in GAME_FILES:
        shutil.copy(REAL / name, folder / "2017" / name)
    (folder / "notes.txt").write_text("The club's game files, 2017.\n")
    return folder


@pytest.mark.django_db
def test_it_imports_every_game_file_once_and_registers_the_players_by_number(archive):
    output = run("import_folder", str(archive))
    assert "4 file(s) imported, 0 already imported" in output
    assert "notes.txt: skipped (not a results file)" in output
    assert Session.objects.count() == 4
    registered = {p.member_number: p.name for p in Player.objects.exclude(member_number="")}
    numbers = dumped_numbers()
    assert len(numbers) == 37
    for number, name in numbers.items():
        assert registered[number].casefold() == name.casefold()
    # every number the sessions' pairs carry is one entry of the register, linked to them
    session = Session.objects.get(date="2017-08-07")
    olivares = Player.objects.get(member_number="j777866")
    pair = Pair.objects.get(section__session=session, player1_ref=olivares)
    assert "J777866" in pair.player1
    assert Player.objects.filter(member_number="").count() == 0  # names alone are not added

    again = run("import_folder", str(archive))
    assert "0 file(s) imported, 4 already imported" in again
    assert Session.objects.count() == 4
    assert Player.objects.count() == len(registered)
    assert ImportedFile.objects.count() == 4


@pytest.mark.django_db
def test_a_file_it_cannot_read_is_named_and_the_others_still_come_in(archive):
    (archive / "2017" / "170699.ACA").write_bytes((REAL / "170618.ACA").read_bytes()[:3000])
    with pytest.raises(CommandError) as refused:
        run("import_folder", str(archive))
    message = str(refused.value)
    assert message.startswith("4 file(s) imported, 0 already imported; 1 not imported:")
    assert "2017/170699.ACA:" in message
    assert Session.objects.count() == 4


@pytest.mark.django_db
def test_it_refuses_what_is_not_a_folder(tmp_path):
    with pytest.raises(CommandError, match="is not a folder"):
        run("import_folder", str(tmp_path / "nowhere"))


# The same from the director's browser: several files chosen together on one page.


def _upload(*names: str, source: Path = REAL) -> list[SimpleUploadedFile]:
    return [SimpleUploadedFile(name, (source / name).read_bytes()) for name in names]


@pytest.mark.django_db
def test_the_page_imports_several_files_once_and_lists_what_became_of_each(
    director_client, club, tmp_path
):
    url = reverse("sessions_app:import_files")
    cut = SimpleUploadedFile("170699.ACA", (REAL / "170618.ACA").read_bytes()[:3000])
    notes = SimpleUploadedFile("notes.txt", b"The club's game files, 2017.\n")
    csv = SimpleUploadedFile(
        "evening.csv", b"board,ns,ew,contract,declarer,tricks\n1,1,8,4S,N,10\n"
    )
    files = [*_upload("170612.ACA", "170807.aca"), cut, notes, csv]
    page = director_client.post(url, {"club": club.pk, "results": files})
    assert page.status_code == 200
    items = re.findall(r'<li class="(\w+)"><strong>([^<]+)</strong>', page.text)
    assert items == [
        ("imported", "170612.ACA"),
        ("imported", "170807.aca"),
        ("refused", "170699.ACA"),
        ("skipped", "notes.txt"),
        ("refused", "evening.csv"),  # a travellers CSV carries no date
    ]
    assert "This file carries no date" in page.text
    assert Session.objects.count() == 2
    # 170807.aca's 37 ACBL numbers (ACBLgamedump's reading, above) are in the register
    registered = set(
        Player.objects.exclude(member_number="").values_list("member_number", flat=True)
    )
    assert set(dumped_numbers()) <= registered
    session = Session.objects.get(date="2017-08-07")
    assert f'href="{reverse("sessions_app:director_session", args=[session.pk])}"' in page.text

    again = director_client.post(
        url, {"club": club.pk, "results": _upload("170807.aca", "170618.ACA")}
    )
    items = re.findall(r'<li class="(\w+)"><strong>([^<]+)</strong>', again.text)
    assert items == [("already", "170807.aca"), ("imported", "170618.ACA")]
    assert Session.objects.count() == 3
    assert ImportedFile.objects.count() == 3


@pytest.mark.django_db
def test_the_page_asks_for_files(director_client, club):
    page = director_client.post(reverse("sessions_app:import_files"), {"club": club.pk})
    assert page.status_code == 200 and "Choose the files" in page.text
    assert Session.objects.count() == 0
