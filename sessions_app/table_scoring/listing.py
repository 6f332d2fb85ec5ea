"""The tables' codes as the director lists and prints them: each table's section, number, live
code, the address a phone opens, and the phones signed in with it.

The address is the site's own (`site`, e.g. "http://192.168.1.20:8000" on a club-room laptop,
"https://scores.example.org" hosted) followed by `/t/<code>/`: what the QR code on the codes
page and on the printed table cards holds. Two queries whatever the number of tables.

Example: section A of a 7-table Mitchell in play, site "http://192.168.1.20:8000": seven
rows, the third TableRow(section="A", table=3, code="K7MQ4P",
url="http://192.168.1.20:8000/t/K7MQ4P/", devices=(...the phones signed in...)).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.urls import reverse

from ..models import Section, Session, TableCode, TableDevice
from .access import section_tables


@dataclass(frozen=True)
class TableRow:
    section: str
    table: int
    code: TableCode | None  # None: no code issued yet (a draft session)
    url: str  # "" without a code
    devices: tuple[TableDevice, ...]  # the phones signed in, oldest first


def table_url(site: str, code: str) -> str:
    """The address a phone opens for `code`: "http://192.168.1.20:8000/t/K7MQ4P/"."""
    return site.rstrip("/") + reverse("sessions_app:table_screen", args=[code])


def table_rows(session: Session, site: str) -> list[TableRow]:
    """Every table of every section with a movement, by section and table."""
    sections = list(Section.objects.filter(session=session).order_by("name"))
    live_devices = TableDevice.objects.filter(revoked_at__isnull=True).order_by("signed_in_at")
    codes = {
        (code.section_id, code.table): code
        for code in TableCode.objects.filter(section__session=session, revoked_at__isnull=True)
        .prefetch_related(Prefetch("devices", queryset=live_devices))
        .order_by()
    }
    rows = []
    for section, table in section_tables(sections):
        code = codes.get((section.pk, table))
        rows.append(
            TableRow(
                section=section.name,
                table=table,
                code=code,
                url=table_url(site, code.code) if code else "",
                devices=tuple(code.devices.all()) if code else (),
            )
        )
    return rows
