"""At most TABLE_PHONES_PER_TABLE (4) phones signed in at a table (table_scoring/access.py): a
fifth takes the place of one unused for 2 minutes, or is refused while all four are in use;
one code signed in again and again lists no more phones on the director's pages. Sign-ins at
the same moment: tests/table/test_limits_gunicorn.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from sessions_app.models import TableCode, TableDevice

# slow (not in `dev.py test --fast`): hundreds of sign-ins.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def sign_in(client, code: str):
    return client.post("/api/table/sign-in", {"code": code}, content_type="application/json")


def quiet_for(phone, minutes: float) -> None:
    """`phone` was last heard from `minutes` ago."""
    when = timezone.now() - timedelta(minutes=minutes)
    TableDevice.objects.filter(pk=phone.device).update(last_seen_at=when)


def test_a_fifth_phone_takes_the_place_of_the_one_quiet_for_2_minutes(table, client):
    phones = [table(3) for _ in range(4)]
    quiet_for(phones[1], 2.5)  # put away two and a half minutes ago
    quiet_for(phones[2], 1.5)  # still in use
    fifth = sign_in(client, phones[0].code.code)
    assert fifth.status_code == 201
    assert phones[1].get("/api/table/state").json() == {
        "error": "this phone was signed out to make room for a newer phone of the table: sign "
        "in again with the table's code",
        "field": None,
    }
    assert [phone.get("/api/table/state").status_code for phone in phones] == [200, 401, 200, 200]
    live = TableDevice.objects.filter(table_code=phones[0].code, revoked_at=None)
    assert sorted(live.values_list("pk", flat=True)) == sorted(
        [phones[0].device, phones[2].device, phones[3].device, fifth.json()["device"]]
    )


def test_a_fifth_phone_is_refused_while_all_four_are_in_use(table, client, director_client):
    phones = [table(3) for _ in range(4)]
    quiet_for(phones[0], 1.9)
    fifth = sign_in(client, phones[0].code.code)
    assert (fifth.status_code, fifth.json()["error"]) == (
        429,
        "table 3 has 4 phones in use already: use one of them, or ask the director to sign one "
        "out (a phone unused for 2 minutes gives its place to a new one)",
    )
    assert [phone.get("/api/table/state").status_code for phone in phones] == [200] * 4
    # The director signs one out on the table codes page: the fifth gets in.
    session = phones[0].code.section.session
    revoke = reverse("sessions_app:table_device_revoke", args=[session.pk, phones[3].device])
    assert director_client.post(revoke).status_code == 302
    assert sign_in(client, phones[0].code.code).status_code == 201


def test_one_code_signed_in_200_times_lists_4_phones(table, client, director_client, in_play):
    code = TableCode.objects.get(section=in_play, table=3, revoked_at=None)
    answers = []
    for _ in range(200):
        answers.append(sign_in(client, code.code).status_code)
        # Every phone so far was put away 3 minutes ago: the next takes one's place.
        TableDevice.objects.update(last_seen_at=timezone.now() - timedelta(minutes=3))
    assert answers == [201] * 200
    assert TableDevice.objects.filter(table_code=code, revoked_at=None).count() == 4
    page = director_client.get(reverse("sessions_app:table_codes", args=[in_play.session.pk]))
    assert page.content.decode().count("Revoke phone") == 4
    assert "At most 4 phones are signed in at a table." in page.content.decode()
