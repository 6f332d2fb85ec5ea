"""python manage.py import_pbn FILE.pbn [--session ID [--replace]] [--name N] [--date D]
[--club SLUG] [--scale 2/1|1/0.5] [--publish] [--set FIELD=VALUE ...]  ->  prints the session id
as its last line.

A new session gets the file's boards (dealer, vulnerability, deal, double-dummy analysis) and,
when the file has ScoreTables, its pairs and traveller lines. With --session ID only the deals
are attached to that session (a board that has a different deal keeps it unless --replace).
Either way the matchpoints and percentages the file published are compared with clubscorer's
and every difference is listed. A file with any problem is refused whole, each problem named
with its line.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError

from sessions_app.files.imports import session_attach_deals
from sessions_app.interchange.file_options import read_bytes
from sessions_app.interchange.files import read_file
from sessions_app.models import Session

from ._import import (
    add_session_options,
    import_new_session,
    write_report,
)
from ._options import FileCommand


class Command(FileCommand):
    help = "Import a PBN file (deals, and results from its ScoreTables); prints the session id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="PBN file")
        parser.add_argument("--session", type=int, help="attach the deals to this session")
        parser.add_argument(
            "--replace", action="store_true", help="with --session: replace deals boards have"
        )
        add_session_options(parser)

    def handle(self, *args, **options):
        path = Path(options["file"])
        content = read_bytes(path)
        results_file = read_file(content, kind="pbn")
        if options["replace"] and options["session"] is None:
            raise CommandError("--replace goes with --session")
        if options["session"] is not None:
            if any(options[name] for name in ("name", "date", "club", "scale", "publish", "set")):
                raise CommandError("--session attaches deals only: leave out the other options")
            session = Session.objects.filter(pk=options["session"]).first()
            if session is None:
                raise CommandError(f"there is no session {options['session']}")
            report = session_attach_deals(
                session=session, results_file=results_file, replace_deals=options["replace"]
            )
        else:
            report = import_new_session(
                results_file, path, options, content=content, stderr=self.stderr
            )
        write_report(self.stdout, report)
