"""The table limits as production serves them: gunicorn with 3 workers, DEBUG=0 and the
environment of docs/deploy.md (behind a proxy at 127.0.0.1 that says which address each
phone came from), the default local-memory cache of each worker, and the test's own database
(SQLite file or PostgreSQL), which the test seeds. A count kept in each worker's memory would
let every worker take its own tries; one read and then written would let tries sent at once
through. Every count here is the database's: the first refusal comes at the documented try,
and tries sent at the same moment get no more answers than the limit."""

from __future__ import annotations

import threading
from collections import Counter

import pytest

from sessions_app.models import TableCall, TableCode, TableDevice, WrongCodeCount
from sessions_app.table_scoring.sign_in_limits import new_phone_key
from tests.servers import ask, gunicorn

# slow (not in `dev.py test --fast`): gunicorn with several workers.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


@pytest.fixture(scope="module")
def server(django_db_setup, tmp_path_factory):
    """`gunicorn clubscorer.wsgi --workers 3` on a free port, as docs/deploy.md runs it."""
    with gunicorn(tmp_path_factory.mktemp("gunicorn"), workers=3) as port:
        yield port


def try_code(port: int, code: str, **where):
    return ask(port, "POST", "/api/table/sign-in", {"code": code}, **where)


def at_once(count: int, attempt) -> Counter:
    """`attempt(n)` from `count` threads released together: how many got each status."""
    start, statuses = threading.Barrier(count), Counter()

    def one(n: int) -> None:
        start.wait(30)
        statuses[attempt(n)[0]] += 1

    threads = [threading.Thread(target=one, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return statuses


def test_a_phone_is_refused_at_its_11th_try_and_its_neighbour_is_not(server, in_play):
    phone, code = new_phone_key(), TableCode.objects.get(section=in_play, table=1).code
    statuses = [try_code(server, f"AAAA{n:02d}", phone=phone)[0] for n in range(11)]
    assert statuses == [401] * 10 + [429]
    wrong, right = try_code(server, "AAAA99", phone=phone), try_code(server, code, phone=phone)
    assert wrong == right
    assert right[1]["error"].startswith("too many wrong codes from this phone: wait 1")
    assert try_code(server, code, phone=new_phone_key())[0] == 201  # same address, other phone


def test_an_address_is_refused_at_its_61st_try(server, in_play):
    statuses = [try_code(server, f"AAA{n:03d}", address="203.0.113.5")[0] for n in range(61)]
    assert statuses == [401] * 60 + [429]
    assert try_code(server, "AAA999", address="203.0.113.6")[0] == 401  # another address


def test_40_tries_at_once_get_no_more_answers_than_the_limit(server, in_play):
    phone = new_phone_key()
    statuses = at_once(40, lambda n: try_code(server, f"AAAA{n:02d}", phone=phone))
    assert statuses == {401: 10, 429: 30}
    # 70 from one address, each with a new cookie: the address's 60, of which 10 were above.
    statuses = at_once(70, lambda n: try_code(server, f"AAA{n:03d}", phone=new_phone_key()))
    assert statuses == {401: 50, 429: 20}
    counts = dict(WrongCodeCount.objects.values_list("key", "tries"))
    mine = counts.pop("site"), counts.pop("address:198.51.100.9"), counts.pop(f"phone:{phone}")
    assert mine == (60, 60, 10)
    assert list(counts.values()) == [1] * 50  # the 50 other phones counted; the refused, not


def test_12_phones_signing_in_at_once_at_one_table_make_4_devices(server, in_play):
    code = TableCode.objects.get(section=in_play, table=2)
    statuses = at_once(12, lambda n: try_code(server, code.code, phone=new_phone_key()))
    assert statuses == {201: 4, 429: 8}
    assert TableDevice.objects.filter(table_code=code, revoked_at=None).count() == 4


def test_10_calls_at_once_from_one_table_store_2(server, in_play):
    code = TableCode.objects.get(section=in_play, table=3)
    status, signed_in = try_code(server, code.code)
    assert status == 201
    call = {"reason": "other", "text": "call {n}", "client_id": "c{n}"}

    def one(n: int):
        body = {key: value.format(n=n) for key, value in call.items()}
        return ask(server, "POST", "/api/table/calls", body, token=signed_in["token"])

    assert at_once(10, one) == {201: 2, 429: 8}  # TABLE_CALLS_PER_MINUTE
    assert TableCall.objects.filter(section=in_play, table=3).count() == 2
