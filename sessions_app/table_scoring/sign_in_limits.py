"""The limit on guessing table codes: wrong codes counted per phone, per address and for the
whole site, in the database (docs/table-scoring.md "Codes, devices, rounds", docs/deploy.md
"Limits").

Why in the database: a count each worker keeps in its own memory lets three workers take
three times the tries, and a count read and then written in a cache lets tries sent at the
same moment all through. Here a wrong code is counted by a conditional UPDATE (`tries = tries
+ 1 WHERE tries < limit`) of each of its counts in one transaction: the database lets one
request at a time past a count, so no more wrong codes than the limit are ever answered,
whatever the number of workers and servers.

Why three counts: a phone (the random key of its cookie, table_scoring/views/phone.py) that mistypes
its code is stopped after TABLE_WRONG_CODES_PER_PHONE without stopping the other phones behind
the club's one Wi-Fi address; the address has a higher ceiling (TABLE_WRONG_CODES_PER_ADDRESS),
since a script can send a new cookie with every try or none; and the whole site one more
(TABLE_WRONG_CODES_PER_SITE), since a script can send its tries from many addresses: it bounds
the chance of any one code being guessed however the tries are spread. An IPv6 address is
counted as its /64 network, which one subscriber line holds all of.

Once a count is full, every code tried from that phone, address or site gets the same 429 in
the same words, a table's valid code as much as a wrong one (checked before the code is
looked up): an answer that differed would tell the guesser which code is right.

Example (the defaults: 10 per phone, 60 per address, 500 for the site, in 15 minutes): a phone
types 10 wrong codes from 20:00, each answered 401; its 11th try at 20:03, right or wrong, is
429 "too many wrong codes from this phone: wait 12 minutes, or ask the director"; another
phone on the same Wi-Fi signs in at once; from 20:15 the first phone's count starts again.
"""

from __future__ import annotations

import ipaddress
import math
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F

from ..models import WrongCodeCount

SITE = "site"
PHONE_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")


@dataclass(frozen=True)
class Count:
    """One count a wrong code goes into: its row's key, its limit, and whose tries it counts
    in the refusal's words ("from this phone")."""

    key: str
    limit: int
    whose: str


def new_phone_key() -> str:
    """A random key naming one phone's browser (22 characters, 128 bits): "q8V...". It only
    counts that phone's wrong codes; it lets nothing in."""
    return secrets.token_urlsafe(16)


def counts_for(*, phone: str, address: str) -> list[Count]:
    """The counts a try from `phone` (its key, or "" for none or one that is not a key) at
    `address` goes into: the site's, the address's and the phone's, in this order, which every
    transaction takes them in, so that two never wait for each other.

    Example: counts_for(phone="", address="2001:db8:1:2::9") -> the site's and
    "address:2001:db8:1:2::/64"'s."""
    found = [
        Count(SITE, settings.TABLE_WRONG_CODES_PER_SITE, "on this site"),
        Count(
            f"address:{network(address)}",
            settings.TABLE_WRONG_CODES_PER_ADDRESS,
            "from this network",
        ),
    ]
    if PHONE_KEY.fullmatch(phone):
        per_phone = settings.TABLE_WRONG_CODES_PER_PHONE
        found.append(Count(f"phone:{phone}", per_phone, "from this phone"))
    return found


def network(address: str) -> str:
    """What an address is counted as: an IPv4 address itself, an IPv6 address its /64.

    Example: "198.51.100.9" -> "198.51.100.9"; "2001:db8:1:2:a:b:c:d" -> "2001:db8:1:2::/64";
    something that is no address is counted as written (at most 60 characters)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:60]
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def check_limits(counts: list[Count], now: datetime) -> str | None:
    """Why a try is refused (429) when one of `counts` is full in its window; None otherwise.
    Called before the code is looked up, so that a right code and a wrong one are refused
    alike."""
    rows = WrongCodeCount.objects.filter(
        key__in=[count.key for count in counts], started_at__gt=now - _window()
    )
    started = {row.key: row.started_at for row in rows if row.tries >= _limit(counts, row.key)}
    full = [(count, started[count.key]) for count in counts if count.key in started]
    return _refusal(full, now) if full else None


def count_wrong(counts: list[Count], now: datetime) -> str | None:
    """Count one wrong code in every one of `counts`, or in none; when one was full already
    (tries sent at the same moment filled it since `check_limits`), why the try is refused."""
    try:
        with transaction.atomic():
            for count in counts:
                if not _count_one(count, now):
                    raise _Full(count)
    except _Full as full:
        row = WrongCodeCount.objects.filter(key=full.count.key).first()
        return _refusal([(full.count, row.started_at if row else now)], now)
    return None


class _Full(Exception):
    def __init__(self, count: Count):
        super().__init__(count.key)
        self.count = count


def _count_one(count: Count, now: datetime) -> bool:
    """One more try in `count`'s row: its window started again if it is over, the row made if
    there is none; False when it is full."""
    if count.limit < 1:
        return False
    rows = WrongCodeCount.objects.filter(key=count.key)
    over = now - _window()
    if rows.filter(started_at__lte=over).update(started_at=now, tries=1):
        _prune(count, over)
        return True
    if rows.filter(tries__lt=count.limit).update(tries=F("tries") + 1):
        return True
    if rows.exists():
        return False
    try:
        with transaction.atomic():
            WrongCodeCount.objects.create(key=count.key, started_at=now, tries=1)
    except IntegrityError:  # made by a try at the same moment: count on it
        return rows.filter(tries__lt=count.limit).update(tries=F("tries") + 1) == 1
    _prune(count, over)
    return True


def _prune(count: Count, over: datetime) -> None:
    """When the site's window starts again, the rows of windows that are over go. Done while
    this transaction holds the site's row, which every counting transaction takes first, so
    none of them holds a row being deleted."""
    if count.key == SITE:
        WrongCodeCount.objects.filter(started_at__lte=over).exclude(key=SITE).delete()


def _refusal(full: list[tuple[Count, datetime]], now: datetime) -> str:
    """The refusal of the widest full count, with the minutes until every full one is over."""
    ends = max(started for _, started in full) + _window()
    minutes = max(1, math.ceil((ends - now).total_seconds() / 60))
    wait = f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"too many wrong codes {full[0][0].whose}: wait {wait}, or ask the director"


def _limit(counts: list[Count], key: str) -> int:
    return next(count.limit for count in counts if count.key == key)


def _window() -> timedelta:
    return timedelta(seconds=settings.TABLE_WRONG_CODES_WINDOW)
