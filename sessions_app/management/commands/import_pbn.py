"""python manage.py import_pbn FILE.pbn [--session ID] [--name N] [--date D] [--club SLUG]
[--scale 2/1|1/0.5] [--publish]  ->  prints the session id as its last line.

A new session gets the file's boards (dealer, vulnerability, deal, double-dummy analysis) and,
when the file has ScoreTables, its pairs and traveller lines. With --session ID only the deals
are attached to that session. Either way the matchpoints and percentages the file published
are compared with clubscorer's and every difference is listed. A file with any problem is
refused whole, each problem named with its line.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from sessions_app.interchange.pbn import decode_pbn, read_pbn
from sessions_app.interchange.records import ResultsFile
from sessions_app.interchange.travellers_csv import CsvError
from sessions_app.models import Session
from sessions_app.services.interchange import (
    ImportReport,
    session_attach_deals,
    session_import_file,
)

from ._import import read_bytes, refusal, session_club, session_date, session_scale


class Command(BaseCommand):
    help = "Import a PBN file (deals, and results from its ScoreTables); prints the session id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="PBN file")
        parser.add_argument("--session", type=int, help="attach the deals to this session")
        add_session_options(parser)

    def handle(self, *args, **options):
        path = Path(options["file"])
        results_file = read_pbn(decode_pbn(read_bytes(path)))
        if options["session"] is not None:
            if any(options[name] for name in ("name", "date", "club", "scale", "publish")):
                raise CommandError("--session attaches deals only: leave out the other options")
            session = Session.objects.filter(pk=options["session"]).first()
            if session is None:
                raise CommandError(f"there is no session {options['session']}")
            report = session_attach_deals(session=session, results_file=results_file)
        else:
            report = import_new_session(results_file, path, options)
        write_report(self.stdout, report)

    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except CsvError as error:
            raise CommandError(refusal(error)) from None


def add_session_options(parser) -> None:
    parser.add_argument("--name", help="session name (default: the file's event, or its name)")
    parser.add_argument("--date", help="YYYY-MM-DD (default: the file's date, else today)")
    parser.add_argument("--club", help="club slug (default: the only club)")
    parser.add_argument("--scale", help="2/1 or 1/0.5 (default: the one the file agrees with)")
    parser.add_argument("--publish", action="store_true", help="publish the results at once")


def import_new_session(results_file: ResultsFile, path: Path, options) -> ImportReport:
    date, club, scale = session_date(options), session_club(options), session_scale(options)
    return session_import_file(
        club=club,
        results_file=results_file,
        name=options["name"] or results_file.name or path.stem.replace("_", " "),
        date=date,
        scale=scale,
        publish=options["publish"],
        source=path.name,
    )


def write_report(stdout, report: ImportReport) -> None:
    session = report.session
    if report.lines:
        stdout.write(f"Imported {report.lines} traveller lines and {report.deals} deals"
                     f" into {session}.")  # fmt: skip
    else:
        stdout.write(f"Stored {report.deals} deals in {session}.")
    imps = session.method != Session.Method.MATCHPOINTS
    if report.compared:
        if report.differences:
            unit = session.get_method_display() if imps else f"matchpoints on {session.scale}"
            stdout.write(
                f"{len(report.differences)} difference(s) between the file and clubscorer ({unit}):"
            )
            for difference in report.differences:
                stdout.write(f"  {difference}")
        elif imps:
            stdout.write("The file's IMPs agree with clubscorer's.")
        else:
            stdout.write("The file's matchpoints and percentages agree with clubscorer's.")
    stdout.write(str(session.pk))
