"""python manage.py import_travellers FILE.csv [--names NAMES.csv] ... -> prints the session id."""

from __future__ import annotations

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from sessions_app.interchange.names_csv import read_names
from sessions_app.interchange.travellers_csv import CsvError, read_travellers
from sessions_app.models import Session
from sessions_app.services.imports import session_import_travellers

from ._import import read_text, refusal, session_club, session_date, session_scale

METHODS = {
    "mp": Session.Method.MATCHPOINTS,
    "cross-imps": Session.Method.CROSS_IMPS,
    "butler": Session.Method.BUTLER,
}


class Command(BaseCommand):
    help = "Create a session from a travellers CSV and print its id (the last line of output)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="travellers CSV (see docs/formats.md)")
        parser.add_argument("--names", help="names CSV: pair,player1,player2")
        parser.add_argument("--name", help="session name (default: the file name)")
        parser.add_argument("--date", help="YYYY-MM-DD (default: today)")
        parser.add_argument("--club", help="club slug (default: the only club)")
        parser.add_argument("--scale", default="2/1", help="2/1 (default) or 1/0.5")
        parser.add_argument("--winners", type=int, choices=[1, 2], help="override: 1 or 2 fields")
        parser.add_argument("--publish", action="store_true", help="publish the results at once")
        parser.add_argument(
            "--method",
            default="mp",
            choices=sorted(METHODS),
            help="mp (default), cross-imps or butler",
        )
        parser.add_argument(
            "--butler-discard", default="1", choices=["0", "1", "5%", "10%"],
            help="Butler: results left out of the datum at each end (default 1)",
        )  # fmt: skip

    def handle(self, *args, **options):
        path = Path(options["file"])
        rows = read_travellers(read_text(path))
        names = read_names(read_text(Path(options["names"]))) if options["names"] else []
        scale, date, club = session_scale(options), session_date(options), session_club(options)
        session = session_import_travellers(
            club=club,
            rows=rows,
            names=names,
            name=options["name"] or path.stem.replace("_", " "),
            date=date or datetime.date.today(),
            scale=scale,
            winners=options["winners"],
            publish=options["publish"],
            source=path.name,
            method=METHODS[options["method"]],
            butler_discard=options["butler_discard"],
        )
        self.stdout.write(f"Imported {len(rows)} traveller lines into {session}.")
        self.stdout.write(str(session.pk))

    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except CsvError as error:
            raise CommandError(refusal(error)) from None
