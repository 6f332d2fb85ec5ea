"""python manage.py import_travellers FILE.csv [--names NAMES.csv] ... -> prints the session id."""

from __future__ import annotations

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from sessions_app.interchange.names_csv import read_names
from sessions_app.interchange.travellers_csv import CsvError, read_travellers
from sessions_app.models import Club, Session
from sessions_app.services.imports import club_for_import, session_import_travellers

METHODS = {
    "mp": Session.Method.MATCHPOINTS,
    "cross-imps": Session.Method.CROSS_IMPS,
    "butler": Session.Method.BUTLER,
}
SCALES = {"2/1": Session.Scale.TWO_ONE, "1/0.5": Session.Scale.ONE_HALF, "1/½": "1/0.5"}


class Command(BaseCommand):
    help = "Create a session from a travellers CSV and print its id (the last line of output)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="travellers CSV (see FORMATS.md)")
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
        rows = read_travellers(_read(path))
        names = read_names(_read(Path(options["names"]))) if options["names"] else []
        if options["scale"] not in SCALES:
            raise CommandError(f"--scale must be 2/1 or 1/0.5, not {options['scale']!r}")
        try:
            date = datetime.date.fromisoformat(options["date"]) if options["date"] else None
        except ValueError:
            raise CommandError(f"--date {options['date']!r} is not a date YYYY-MM-DD") from None
        try:
            club = club_for_import(options["club"])
        except (Club.DoesNotExist, Club.MultipleObjectsReturned) as error:
            raise CommandError(str(error)) from None
        session = session_import_travellers(
            club=club,
            rows=rows,
            names=names,
            name=options["name"] or path.stem.replace("_", " "),
            date=date or datetime.date.today(),
            scale=SCALES[options["scale"]],
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
            raise CommandError(
                f"{len(error.errors)} problem(s), nothing imported:\n" + "\n".join(error.errors)
            ) from None


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not a UTF-8 text file") from None
