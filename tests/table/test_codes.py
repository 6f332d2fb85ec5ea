"""The tables' codes: issued for every table of every section with a movement when a session
goes in play, kept when it goes in play again, replaced one table at a time; listed by
`manage.py table_codes`."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from sessions_app.core.lan import lan_address
from sessions_app.models import Section, TableCode, TableDevice
from sessions_app.models.table_devices import CODE_ALPHABET
from sessions_app.setup.sessions import section_save
from sessions_app.setup.status import session_set_status
from sessions_app.table_scoring.access import clean_code, codes_issue, reissue_code
from tests.conftest import run

pytestmark = pytest.mark.django_db


def live(session) -> list[tuple[str, int, str]]:
    return list(
        TableCode.objects.filter(section__session=session, revoked_at=None)
        .order_by("section__name", "table")
        .values_list("section__name", "table", "code")
    )


def test_going_in_play_gives_every_table_of_every_movement_a_code(mitchell):
    session = mitchell.session
    section_save(session=session, name="B", movement="howell", tables=4, boards_per_round=2)
    section_save(session=session, name="C", boards=21)  # free-form: the director types it
    assert live(session) == []
    session_set_status(session=session, status="in_play")
    codes = live(session)
    # 7 Mitchell tables in A, 4 Howell tables in B, none in C.
    assert [(name, table) for name, table, _ in codes] == [
        *(("A", t) for t in range(1, 8)),
        *(("B", t) for t in range(1, 5)),
    ]
    assert len({code for *_, code in codes}) == 11
    assert all(len(code) == 6 and set(code) <= set(CODE_ALPHABET) for *_, code in codes)
    assert not set(CODE_ALPHABET) & set("0O1IL5S2Z8B")


def test_going_in_play_again_keeps_the_codes(mitchell):
    session = mitchell.session
    session_set_status(session=session, status="in_play")
    first = live(session)
    session_set_status(session=session, status="draft")
    session_set_status(session=session, status="in_play")
    assert live(session) == first
    assert codes_issue(session=session) and live(session) == first


def test_reissuing_replaces_one_tables_code_and_keeps_its_round(mitchell):
    session_set_status(session=mitchell.session, status="in_play")
    old = TableCode.objects.get(section=mitchell, table=2)
    old.round = 3
    old.save()
    new = reissue_code(old)
    old.refresh_from_db()
    assert old.revoked_at is not None
    assert (new.table, new.round, new.revoked_at) == (2, 3, None)
    assert TableCode.objects.filter(section=mitchell, table=2).count() == 2
    assert len(live(mitchell.session)) == 7


def test_a_code_is_read_as_printed():
    assert clean_code(" k7m-q4p ") == "K7MQ4P"
    assert clean_code(None) == ""


def test_the_command_lists_section_table_code_and_address(mitchell):
    session_set_status(session=mitchell.session, status="in_play")
    codes = live(mitchell.session)
    text = run("table_codes", str(mitchell.session_id)).splitlines()
    assert text[0] == "section  table  code     url"
    assert text[3] == f"A            3  {codes[2][2]}   http://localhost:8000/t/{codes[2][2]}/"
    assert len(text) == 8
    rows = json.loads(
        run(
            "table_codes",
            str(mitchell.session_id),
            "--format",
            "json",
            "--base-url",
            "https://club.example.org/",
        )
    )
    assert not warned(mitchell.session_id, "--base-url", "https://club.example.org/")
    assert rows[0] == {
        "section": "A",
        "table": 1,
        "code": codes[0][2],
        "url": f"https://club.example.org/t/{codes[0][2]}/",
    }


def warned(*args) -> str:
    """What `table_codes` writes to standard error."""
    err = io.StringIO()
    call_command("table_codes", *map(str, args), stdout=io.StringIO(), stderr=err)
    return err.getvalue()


def test_the_command_warns_of_an_address_no_phone_reaches(mitchell):
    session_set_status(session=mitchell.session, status="in_play")
    lan = lan_address()  # this computer on the local network, e.g. 192.168.1.20
    assert warned(mitchell.session_id) == (
        "http://localhost:8000 is this computer only: no phone can open these: --base-url"
        f" http://{lan}:8000 is this computer on the local network.\n"
    )
    assert not warned(mitchell.session_id, "--base-url", f"http://{lan}:8000")


def test_the_command_says_when_there_are_no_codes_and_can_issue_them(mitchell):
    with pytest.raises(CommandError, match="has no table codes: they are issued when it goes in"):
        run("table_codes", str(mitchell.session_id))
    with pytest.raises(CommandError, match="there is no session 9999"):
        run("table_codes", "9999")
    rows = json.loads(run("table_codes", str(mitchell.session_id), "--issue", "--format", "json"))
    assert [row["table"] for row in rows] == [1, 2, 3, 4, 5, 6, 7]


def test_a_section_added_during_play_gets_its_codes(mitchell):
    session = mitchell.session
    session_set_status(session=session, status="in_play")
    section_save(session=session, name="B", movement="howell", tables=3, boards_per_round=2)
    assert [(name, table) for name, table, _ in live(session)][7:] == [("B", 1), ("B", 2), ("B", 3)]


def test_a_device_is_named_by_its_section_and_table():
    def named(section: str) -> str:
        return TableDevice(pk=12, table_code=TableCode(table=3, section=Section(name=section))).name

    assert (named("A"), named("B2")) == (
        "table A3 (device 12)",
        "table 3 of section B2 (device 12)",
    )
