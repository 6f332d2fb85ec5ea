"""python manage.py import_usebio FILE.xml [--name N] [--date D] [--club SLUG]
[--scale 2/1|1/0.5] [--publish]  ->  prints the session id as its last line.

Creates a session from a USEBIO 1.2 pairs file scored elsewhere (EBUScore, ScoreBridge,
Compscore ...), so its results can be published here: pairs and names, traveller lines, hands,
scored as the file was (matchpoints, cross-IMPs or Butler IMPs). The file's matchpoints or IMPs
and totals are compared with clubscorer's and every difference is listed. A file with any
problem is refused whole, each problem named with its line.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from sessions_app.interchange.travellers_csv import CsvError
from sessions_app.interchange.usebio import read_usebio

from ._import import read_bytes, refusal
from .import_pbn import add_session_options, import_new_session, write_report


class Command(BaseCommand):
    help = "Create a session from a USEBIO 1.2 results file; prints the session id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="USEBIO XML file")
        add_session_options(parser)

    def handle(self, *args, **options):
        path = Path(options["file"])
        results_file = read_usebio(read_bytes(path))
        write_report(self.stdout, import_new_session(results_file, path, options))

    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except CsvError as error:
            raise CommandError(refusal(error)) from None
