"""restore: a backup is checked whole before anything is written, and its names are credited
only to the club's directors here."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from sessions_app.models import Result, ResultChange, Session
from tests.conftest import PAGAT_BOARD_1


def backed_up(session_id: int) -> dict:
    out = io.StringIO()
    call_command("backup", str(session_id), stdout=out)
    return json.loads(out.getvalue())


def restore_file(tmp_path, document: dict) -> str:
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(document))
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    return out.getvalue()


def refusal(tmp_path, document: dict) -> str:
    sessions_before = Session.objects.count()
    with pytest.raises(CommandError) as refused:
        restore_file(tmp_path, document)
    assert Session.objects.count() == sessions_before  # nothing written
    return str(refused.value)


@pytest.mark.django_db
def test_it_names_a_line_repeated_in_a_backup(tmp_path, make_session):
    document = backed_up(make_session(PAGAT_BOARD_1).pk)
    lines = document["sessions"][0]["results"]
    lines.append(dict(lines[0]))  # line 8 repeats line 1: board 1, pair 1 v 8

    message = refusal(tmp_path, document)

    assert "2 problems, nothing restored:" in message
    assert (
        "session 1 (Test pairs), line 8: board 1, pair A1 plays North-South twice (lines 1 and 8)"
        in message
    )
    assert "board 1, pair A8 plays East-West twice (lines 1 and 8)" in message


@pytest.mark.django_db
def test_it_names_a_line_with_99_tricks(tmp_path, make_session):
    document = backed_up(make_session(PAGAT_BOARD_1).pk)
    document["sessions"][0]["results"][2]["tricks"] = 99

    message = refusal(tmp_path, document)

    assert "session 1 (Test pairs), line 3: board 1, A3 v 11: 99 tricks is impossible" in message


@pytest.mark.django_db
def test_it_names_a_pair_that_is_not_in_the_section(tmp_path, make_session):
    document = backed_up(make_session(PAGAT_BOARD_1).pk)
    document["sessions"][0]["results"][6]["ew"] = "99"

    message = refusal(tmp_path, document)

    assert "line 7: board 1, A7 v 99: pair 99 is not in section A" in message


@pytest.mark.django_db
def test_it_credits_lines_only_to_the_clubs_directors(tmp_path, make_session, director):
    get_user_model().objects.create_superuser("admin", password="a-long-pass-phrase")
    document = backed_up(make_session(PAGAT_BOARD_1).pk)
    lines = document["sessions"][0]["results"]
    for line in lines:
        line["updated_by"] = "admin"  # this server's superuser, who does not direct the club
    lines[0]["updated_by"] = director.username  # dora directs Riverside here

    out = restore_file(tmp_path, document)
    copy = Session.objects.get(pk=int(out.split()[-1]))

    credited = Result.objects.filter(section__session=copy).order_by("pk")
    assert [r.updated_by_id for r in credited] == [director.pk] + [None] * 6
    note = ResultChange.objects.filter(session=copy).latest("pk").note
    assert note == (
        "restored from a backup; not directors of Riverside Bridge Club here, left without"
        " a user: admin"
    )
    assert f"  {note}\n" in out  # said where the restore is run, too
