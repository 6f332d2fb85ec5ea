"""The limit on guessing table codes (table_scoring/sign_in_limits.py), through the real database:
per phone (its cookie), per address, for the whole site; a valid code refused exactly like a
wrong one once limited; counts that start again and are pruned. Several gunicorn workers and
tries sent at once: tests/table/test_limits_gunicorn.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from sessions_app.models import TableCode, WrongCodeCount
from sessions_app.table_scoring.access import TableRefused, device_sign_in
from sessions_app.table_scoring.sign_in_limits import network, new_phone_key

pytestmark = pytest.mark.django_db


def phone(address: str = "198.51.100.9") -> Client:
    """A phone's browser that has opened a table card's address: it holds its key."""
    browser = Client(REMOTE_ADDR=address)
    assert browser.get("/t/AAAAAA/").status_code == 200
    return browser


def try_code(browser: Client, code: str):
    return browser.post("/api/table/sign-in", {"code": code}, content_type="application/json")


def live_code(section, table: int = 1) -> str:
    return TableCode.objects.get(section=section, table=table, revoked_at=None).code


def refused(code: str, **where) -> TableRefused:
    with pytest.raises(TableRefused) as caught:
        device_sign_in(code_text=code, **where)
    return caught.value


def test_the_screen_gives_a_phone_a_key_once_and_the_key_lets_nothing_in(client, in_play):
    first = client.get("/t/AAAAAA/").cookies["table_phone"]
    assert len(first.value) == 22  # 16 random bytes, base64
    assert first["path"] == "/" and first["httponly"] and first["samesite"] == "Lax"
    assert first["max-age"] == 365 * 24 * 3600
    assert "table_phone" not in client.get("/t/AAAAAA/").cookies  # kept, not replaced
    # The key alone is no token: the API still asks for the table's code.
    assert client.get("/api/table/state").status_code == 401


def test_a_cookie_that_is_no_key_is_replaced_and_not_counted(client, in_play):
    client.cookies["table_phone"] = "x"
    assert len(client.get("/t/AAAAAA/").cookies["table_phone"].value) == 22
    client.cookies["table_phone"] = "x"
    assert try_code(client, "AAAAAA").status_code == 401
    assert sorted(WrongCodeCount.objects.values_list("key", flat=True)) == [
        "address:127.0.0.1",
        "site",
    ]


def test_a_phone_is_refused_after_10_wrong_codes_a_valid_one_alike(in_play):
    mistyping = phone()
    for guess in range(10):
        answer = try_code(mistyping, f"AAAA{guess:02d}")
        assert answer.status_code == 401, answer.json()
    # The phone's count started 7.5 minutes ago: 7.5 of its 15 minutes are left, said as 8.
    WrongCodeCount.objects.update(started_at=timezone.now() - timedelta(minutes=7.5))
    wrong, right = try_code(mistyping, "AAAA99"), try_code(mistyping, live_code(in_play))
    assert wrong.status_code == right.status_code == 429
    assert wrong.content == right.content
    assert right.json() == {
        "error": "too many wrong codes from this phone: wait 8 minutes, or ask the director",
        "field": None,
    }
    # Another phone on the same Wi-Fi (the same address) signs in: the room is not locked out.
    assert try_code(phone(), live_code(in_play)).status_code == 201
    counts = dict(WrongCodeCount.objects.values_list("key", "tries"))
    assert (counts["site"], counts["address:198.51.100.9"]) == (10, 10)  # refused: not counted


def test_an_address_is_refused_after_60_wrong_codes_whatever_its_phones_send(in_play):
    for guess in range(60):  # a new key with every try, as a script would
        with pytest.raises(TableRefused, match="is not a table code") as caught:
            device_sign_in(
                code_text=f"AAA{guess:03d}", address="203.0.113.5", phone=new_phone_key()
            )
        assert caught.value.status == 401
    limited = refused("AAA999", address="203.0.113.5", phone=new_phone_key())
    also = refused(live_code(in_play), address="203.0.113.5", phone=new_phone_key())
    words = "too many wrong codes from this network: wait 15 minutes, or ask the director"
    assert (limited.status, limited.message) == (also.status, also.message) == (429, words)
    device, _ = device_sign_in(code_text=live_code(in_play), address="203.0.113.6")
    assert device.table_code.table == 1


def test_the_site_refuses_every_code_after_500_wrong_ones_from_any_addresses(in_play):
    # 8 addresses at their ceiling of 60 (480 codes), 20 more from a ninth: 500.
    for guess in range(500):
        address = f"192.0.2.{guess // 60 + 1}"
        assert refused(f"AA{guess:04d}", address=address).status == 401
    for code in ("AA9999", live_code(in_play)):  # from a tenth address, wrong or right
        limited = refused(code, address="192.0.2.10")
        assert (limited.status, limited.message) == (
            429,
            "too many wrong codes on this site: wait 15 minutes, or ask the director",
        )


def test_a_count_starts_again_when_its_window_is_over_and_old_counts_go(in_play):
    key = new_phone_key()
    for guess in range(10):
        refused(f"AAAA{guess:02d}", address="198.51.100.9", phone=key)
    refused("AAAA77", address="198.51.100.7")
    assert refused("AAAA99", address="198.51.100.9", phone=key).status == 429
    # 15 minutes later every count is over: the phone's starts again at 1, and the site's
    # starting again deletes the counts whose windows are over (198.51.100.7's).
    WrongCodeCount.objects.update(started_at=timezone.now() - timedelta(minutes=15, seconds=1))
    assert refused("AAAA99", address="198.51.100.9", phone=key).status == 401
    assert dict(WrongCodeCount.objects.values_list("key", "tries")) == {
        "site": 1,
        "address:198.51.100.9": 1,
        f"phone:{key}": 1,
    }


def test_a_revoked_code_or_no_code_is_no_guess(in_play):
    code = TableCode.objects.get(section=in_play, table=2)
    code.revoked_at = timezone.now()
    code.save()
    assert refused(code.code, address="198.51.100.9").status == 401
    assert refused("  ", address="198.51.100.9").status == 400
    assert not WrongCodeCount.objects.exists()


@pytest.mark.parametrize(
    ("address", "counted_as"),
    [
        ("198.51.100.9", "198.51.100.9"),
        # One subscriber line holds a whole /64: its addresses are one address here.
        ("2001:db8:1:2:a:b:c:d", "2001:db8:1:2::/64"),
        ("2001:db8:1:2::9", "2001:db8:1:2::/64"),
        ("", ""),
    ],
)
def test_an_address_is_counted_as_itself_or_its_ipv6_64(address, counted_as):
    assert network(address) == counted_as
