"""python manage.py table_codes SESSION_ID [--format json] [--base-url URL] [--issue]

Lists each table's section, number, code and the address its QR code opens, for scoring at
the table (docs/table-scoring.md). Codes are issued when the session goes in play; `--issue`
issues them before (to print the table cards first). A `--base-url` only this computer reaches
(the default, localhost) is warned about on standard error, with the LAN address to use
instead (sessions_app/core/lan.py). Examples:

    python manage.py table_codes 7
    python manage.py table_codes 7 --format json --base-url https://club.example.org
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from django.core.management.base import BaseCommand, CommandError

from sessions_app.core.lan import is_loopback, lan_address, with_host
from sessions_app.models import Session, TableCode
from sessions_app.table_scoring.access import codes_issue
from sessions_app.table_scoring.listing import table_url


class Command(BaseCommand):
    help = "List each table's code and address for scoring at the table."

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int)
        parser.add_argument("--format", choices=["text", "json"], default="text")
        parser.add_argument(
            "--base-url",
            default="http://localhost:8000",
            help="where the players reach clubscorer (default http://localhost:8000)",
        )
        parser.add_argument(
            "--issue", action="store_true", help="issue the codes now if the tables have none"
        )

    def handle(self, *args, **options):
        session = Session.objects.filter(pk=options["session_id"]).first()
        if session is None:
            raise CommandError(f"there is no session {options['session_id']}")
        if options["issue"]:
            codes_issue(session=session)
        codes = (
            TableCode.objects.filter(section__session=session, revoked_at__isnull=True)
            .select_related("section")
            .order_by("section__name", "table")
        )
        base = options["base_url"].rstrip("/")
        rows = [
            {
                "section": code.section.name,
                "table": code.table,
                "code": code.code,
                "url": table_url(base, code.code),
            }
            for code in codes
        ]
        if not rows:
            raise CommandError(
                f"session {session.pk} has no table codes: they are issued when it goes in play"
                " (its sections need a movement), or now with --issue"
            )
        host = urlsplit(base).hostname or ""
        if is_loopback(host):
            found = lan_address()
            instead = (
                f": --base-url {with_host(base, found)} is this computer on the local network"
                if not is_loopback(found)
                else ""
            )
            self.stderr.write(f"{base} is this computer only: no phone can open these{instead}.")
        if options["format"] == "json":
            self.stdout.write(json.dumps(rows, indent=2))
            return
        self.stdout.write(f"{'section':8} {'table':>5}  {'code':8} url")
        for row in rows:
            self.stdout.write(f"{row['section']:8} {row['table']:>5}  {row['code']:8} {row['url']}")
