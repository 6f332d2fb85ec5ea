"""Who may score at a table: the codes printed on the table cards, the phones signed in with
them, and the refusals every table request may get (docs/table-scoring.md "Codes, devices,
rounds").

Why a code per table and a token per phone: the players have no accounts. The code binds a
phone to one table of one session; the token (a secret only the phone holds, stored here as
its SHA-256) is what each request shows. Revoking a code (a lost phone, a wrong table) refuses
every phone signed in with it; re-issuing gives the table a new code.

Why a cap on phones per table (TABLE_PHONES_PER_TABLE): one code signed in 3,000 times would
list 3,000 phones on the director's pages. A phone that has lost its token (its storage
cleared, another browser) must still get in, so a new phone at a full table takes the place of
the one unused longest, if that one has been quiet for PHONE_QUIET (a phone showing the round
asks every 10 s); while every phone is in use the new one is refused in words.

Example: `codes_issue(session=session)` when a 7-table Mitchell goes in play gives tables
1-7 of section A a code each ("K7MQ4P", ...); `device_sign_in(code_text="k7m-q4p",
label="Firefox")` returns the device and its 43-character token; `device_for_token(token)`
is that device until the code is revoked, then TableRefused(401, "the director replaced
this table's code: ..."). With 4 phones at table 3, the last seen 5 minutes ago, a fifth
signs in and that one is signed out; had all 4 been seen in the last 2 minutes, the fifth
would get TableRefused(429, "table 3 has 4 phones in use already: ...").
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from ..core.section_movement import usable_movement
from ..models import Section, Session, TableCode, TableDevice
from ..models.table_devices import BRIDGEMATE, CODE_ALPHABET, CODE_LENGTH
from .sign_in_limits import check_limits, count_wrong, counts_for

SEEN_EVERY = 30  # seconds: a phone's last_seen_at is written at most this often
PHONE_QUIET = timedelta(minutes=2)  # a phone not heard from for this long may give its place


class TableRefused(Exception):
    """A table request refused, with its HTTP status and a message for the players.

    `field` names the bad field of the request (400); `line` is the line as it now is (a
    state.TableLine, which the API shows as JSON), for a conflict (409) the screen shows."""

    def __init__(self, status: int, message: str, field: str | None = None, line=None):
        super().__init__(message)
        self.status, self.message, self.field, self.line = status, message, field, line


def new_code() -> str:
    """A random code of CODE_LENGTH characters from CODE_ALPHABET (25**6: 244 million)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(text: object) -> str:
    """A code as typed, read the way it is printed: "k7m-q4p " -> "K7MQ4P"."""
    return re.sub(r"[\s-]", "", str(text or "")).upper()[:20]


def code_language(text: str) -> str | None:
    """The language of the club whose live table code `text` is (cleaned), for the screen the
    code opens; None for a code that is none (the screen then says so in the visitor's)."""
    live = TableCode.objects.filter(code=text, revoked_at__isnull=True)
    return live.values_list("section__session__club__language", flat=True).first()


def codes_issue(*, session: Session) -> list[TableCode]:
    """Give every table of every section with a movement a live code; tables that have one
    keep it (idempotent: called each time the session goes in play). Returns every live code,
    by section and table."""
    with transaction.atomic():
        sections = list(Section.objects.filter(session=session).order_by("name"))
        live = {
            (code.section_id, code.table): code
            for code in TableCode.objects.filter(section__in=sections, revoked_at__isnull=True)
        }
        codes = []
        for section, table in section_tables(sections):
            code = live.get((section.pk, table)) or _issue(section, table)
            code.section = section
            codes.append(code)
        return codes


def section_tables(sections: Iterable[Section]) -> Iterator[tuple[Section, int]]:
    """Every table of every section with a usable movement, in order: (A, 1), (A, 2), ...
    A free-form section has none."""
    for section in sections:
        movement = usable_movement(section)
        for table in range(1, (movement.tables if movement else 0) + 1):
            yield section, table


def reissue_code(code: TableCode) -> TableCode:
    """Revoke `code` (and so every phone signed in with it) and give its table a new one,
    which starts on the round the table was on."""
    with transaction.atomic():
        revoke_code(code)
        new = _issue(code.section, code.table, round_=code.round)
        new.section = code.section
        return new


def revoke_code(code: TableCode) -> None:
    """Refuse `code` and every phone signed in with it from now on."""
    now = timezone.now()
    TableCode.objects.filter(pk=code.pk, revoked_at__isnull=True).update(revoked_at=now)
    TableDevice.objects.filter(table_code=code, revoked_at__isnull=True).update(revoked_at=now)
    code.revoked_at = code.revoked_at or now


def device_revoke(*, device: TableDevice) -> None:
    """Refuse one phone; the table's code and its other phones go on working."""
    TableDevice.objects.filter(pk=device.pk, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )


def _issue(section: Section, table: int, round_: int = 1) -> TableCode:
    for _attempt in range(
        10
    ):  # a clash of random codes is rare; a few tries always find a free one
        try:
            with transaction.atomic():
                return TableCode.objects.create(
                    section=section, table=table, code=new_code(), round=round_
                )
        except IntegrityError:
            if TableCode.objects.filter(section=section, table=table, revoked_at=None).exists():
                raise  # not a clash of codes: the table has a live code already
    raise RuntimeError("no free table code after 10 tries")


def device_sign_in(
    *, code_text: object, label: str = "", address: str = "", phone: str = ""
) -> tuple[TableDevice, str]:
    """Bind a phone to the table of `code_text`: the new device and its secret token. `phone`
    is the key of the phone's cookie ("" for none), `address` the client's address: the wrong
    codes are counted for both (table_scoring/sign_in_limits.py).

    Raises TableRefused: 400 no code, 401 not a code or a revoked one, 403 the session is not
    in play, 429 too many wrong codes from this phone, network or site (whatever the code), or
    the table's phones all in use. Example: device_sign_in(code_text="XXXXXX") ->
    TableRefused(401, "XXXXXX is not a table code: check the code on the table card")."""
    text = clean_code(code_text)
    if not text:
        raise TableRefused(400, _("type the code printed on the table card"), "code")
    now = timezone.now()
    counts = counts_for(phone=phone, address=address)
    limited = check_limits(counts, now)
    if limited:
        raise TableRefused(429, limited)
    found = TableCode.objects.filter(code=text).first()
    if found is None:
        limited = count_wrong(counts, now)
        if limited:
            raise TableRefused(429, limited)
        raise TableRefused(
            401,
            _("%(code)s is not a table code: check the code on the table card") % {"code": text},
        )
    with transaction.atomic():
        code = (
            TableCode.objects.select_for_update()
            .select_related("section__session")
            .get(pk=found.pk)
        )
        if code.revoked_at is not None:
            raise TableRefused(401, _replaced(), "code")
        check_in_play(code.section.session)
        _make_room(code, now)
        token = secrets.token_urlsafe(32)
        device = TableDevice.objects.create(
            table_code=code, token=token_hash(token), label=_printable(label)[:80], last_seen_at=now
        )
    device.table_code = code
    return device, token


def _make_room(code: TableCode, now: datetime) -> None:
    """Room for one more phone at `code`'s table (locked by the caller): below
    TABLE_PHONES_PER_TABLE nothing to do; at it, the phone unused longest is signed out if it
    has been quiet for PHONE_QUIET, else TableRefused(429)."""
    allowed = settings.TABLE_PHONES_PER_TABLE
    phones = TableDevice.objects.filter(table_code=code, revoked_at__isnull=True).exclude(
        label=BRIDGEMATE  # the table's Bridgemate is no phone: it takes no phone's place
    )
    live = list(phones.order_by(F("last_seen_at").asc(nulls_first=True), "signed_in_at"))
    extra = len(live) - allowed + 1
    if extra <= 0:
        return
    quiet = [device for device in live[:extra] if _last_heard(device) <= now - PHONE_QUIET]
    if len(quiet) < extra:
        minutes = int(PHONE_QUIET.total_seconds() // 60)
        raise TableRefused(
            429,
            _(
                "table %(table)s has %(allowed)s phones in use already: use one of them, or ask"
                " the director to sign one out (a phone unused for %(minutes)s minutes gives its"
                " place to a new one)"
            )
            % {"table": code.table, "allowed": allowed, "minutes": minutes},
        )
    TableDevice.objects.filter(pk__in=[device.pk for device in quiet]).update(
        revoked_at=now, crowded_out=True
    )


def _last_heard(device: TableDevice) -> datetime:
    return device.last_seen_at or device.signed_in_at


def _printable(text: str) -> str:
    return "".join(c for c in text if c.isprintable()).strip()


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, in hex (64 characters)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def device_for_token(token: str | None) -> TableDevice:
    """The phone a request's bearer token belongs to, with its code, section, session and club;
    TableRefused(401) in words when there is none or it was revoked."""
    if not token:
        raise TableRefused(
            401, _("this phone is not signed in: open the table's code (Authorization: Bearer)")
        )
    device = (
        TableDevice.objects.select_related("table_code__section__session__club")
        .filter(token=token_hash(token))
        .first()
    )
    if device is None:
        raise TableRefused(401, _("this phone is not signed in: sign in with the table's code"))
    if device.table_code.revoked_at is not None:
        raise TableRefused(401, _replaced())
    if device.revoked_at is not None and device.crowded_out:
        raise TableRefused(
            401,
            _(
                "this phone was signed out to make room for a newer phone of the table: sign in"
                " again with the table's code"
            ),
        )
    if device.revoked_at is not None:
        raise TableRefused(
            401, _("the director signed this phone out: sign in again with the table's code")
        )
    now = timezone.now()
    if device.last_seen_at is None or (now - device.last_seen_at).total_seconds() > SEEN_EVERY:
        TableDevice.objects.filter(pk=device.pk).update(last_seen_at=now)
        device.last_seen_at = now
    return device


def lock_code(device: TableDevice) -> TableCode:
    """The device's table code read again and locked, inside the caller's transaction: one
    table's writes (and its move to the next round) happen one at a time."""
    code = TableCode.objects.select_for_update().get(pk=device.table_code_id)
    # Its section, session and club as the request read them with the device a moment ago
    # (none of them is locked either way): the row locked is the code's, read again.
    code.section = device.table_code.section
    if code.revoked_at is not None:
        raise TableRefused(401, _replaced())
    return code


def check_in_play(session: Session) -> None:
    """TableRefused(403) unless the tables may write: the session is in play."""
    if session.status != Session.Status.IN_PLAY:
        raise TableRefused(403, not_in_play(session))


def not_in_play(session: Session) -> str:
    """Why a table may not write: "the session is final: results can no longer be entered
    at the table; ask the director"."""
    if session.status == Session.Status.DRAFT:
        return _("the session is not in play yet: ask the director to start play")
    if session.status == Session.Status.FINAL:
        return _(
            "the session is final: results are no longer entered at the table; ask the director"
        )
    return _(
        "the session is published: results are no longer entered at the table; ask the director"
    )


def _replaced() -> str:
    return _("the director replaced this table's code: sign in again with the new code")
