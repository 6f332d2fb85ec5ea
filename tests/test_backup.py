"""backup and restore: a round trip gives the same session, results and audit trail."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from sessions_app.models import Board, ResultChange, Session
from tests.interchange.conftest import every_ruling  # noqa: F401 (a fixture)


def export(session_id: int) -> dict:
    out = io.StringIO()
    call_command("export_results", str(session_id), "--format", "json", stdout=out)
    document = json.loads(out.getvalue())
    del document["session"]["id"]
    return document


@pytest.mark.django_db
def test_it_restores_the_demo_session_exactly(tmp_path):
    call_command("load_demo", stdout=io.StringIO())
    original = Session.objects.get()
    # A correction and a delete, so the audit trail has more than the import.
    from sessions_app.entry.lines import result_delete

    line = original.sections.get(name="A").results.order_by("pk").first()
    result_delete(section=line.section, result_id=line.pk, version=line.version)
    path = tmp_path / "backup.json"
    call_command("backup", str(original.pk), "--output", str(path), stdout=io.StringIO())
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    copy = Session.objects.get(pk=int(out.getvalue().split()[-1]))

    assert copy.pk != original.pk and copy.club == original.club
    assert export(copy.pk) == export(original.pk)
    fields = ("number", "deal", "double_dummy", "par_score", "par_contracts")
    assert list(Board.objects.filter(session=copy).values_list(*fields)) == list(
        Board.objects.filter(session=original).values_list(*fields)
    )
    kept = ("action", "section_name", "board_number", "before", "after", "at")
    originals = list(ResultChange.objects.filter(session=original).order_by("pk").values(*kept))
    copies = list(ResultChange.objects.filter(session=copy).order_by("pk").values(*kept))
    assert copies[: len(originals)] == originals  # the restore itself is recorded after them
    assert copies[-1]["action"] == "import"


@pytest.mark.django_db
def test_it_backs_up_every_session_of_a_club(tmp_path, make_session):
    from tests.conftest import PAGAT_BOARD_1

    make_session(PAGAT_BOARD_1, name="One")
    make_session(PAGAT_BOARD_1, name="Two")
    out = io.StringIO()
    call_command("backup", "--club", "riverside", stdout=out)
    assert [s["name"] for s in json.loads(out.getvalue())["sessions"]] == ["One", "Two"]


@pytest.mark.django_db
def test_it_refuses_a_file_that_is_not_a_backup(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"sessions": []}')
    with pytest.raises(CommandError, match="not a clubscorer backup"):
        call_command("restore", str(path))
    path.write_text("not json")
    with pytest.raises(CommandError, match="not a JSON backup"):
        call_command("restore", str(path))
    broken = {"format": "clubscorer-backup", "version": 1, "sessions": [{"date": "2026-11-16"}]}
    path.write_text(json.dumps(broken))
    with pytest.raises(CommandError, match="the backup is damaged"):
        call_command("restore", str(path))
    assert not Session.objects.exists()


@pytest.mark.django_db
def test_it_restores_a_backup_written_before_sections_had_a_missing_pair(tmp_path):
    from sessions_app.files.backup import session_backup
    from sessions_app.files.restore import session_restore

    call_command("load_demo", stdout=io.StringIO())
    original = Session.objects.get()
    document = session_backup(sessions=[original])
    for section in document["sessions"][0]["sections"]:
        del section["missing_pair"]  # as main wrote them before the setting existed
    (copy,) = session_restore(document=document)
    assert export(copy.pk) == export(original.pk)
    assert list(copy.sections.values_list("missing_pair", flat=True)) == ["", ""]


@pytest.mark.django_db
def test_it_restores_the_conventions_and_every_kind_of_line(tmp_path, every_ruling):  # noqa: F811
    # Ave percentages with decimals, a phantom percentage and the IMP value of Ave+ are
    # settings (docs/rules.md §5.1, §5.10, §8.5): a backup keeps them exactly, and the lines
    # 55%/45%, 61.8%/38.2% and PH/NP score the same in the copy.
    Session.objects.filter(pk=every_ruling.pk).update(
        ave_plus="61.8", ave_minus="38.2", phantom_percent="57.5", imp_artificial="2"
    )
    path = tmp_path / "backup.json"
    call_command("backup", str(every_ruling.pk), "--output", str(path), stdout=io.StringIO())
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    copy = Session.objects.get(pk=int(out.getvalue().split()[-1]))
    fields = ("ave_plus", "ave", "ave_minus", "phantom_percent", "imp_artificial")
    assert Session.objects.filter(pk=copy.pk).values(*fields).get() == (
        Session.objects.filter(pk=every_ruling.pk).values(*fields).get()
    )
    assert str(copy.phantom_percent) == "57.50"
    assert export(copy.pk) == export(every_ruling.pk)
