"""python manage.py import_travellers FILE.csv [--names NAMES.csv] ... [--set FIELD=VALUE ...]
-> prints the session id."""

from __future__ import annotations

from pathlib import Path

from sessions_app.interchange.file_options import METHODS, add_set_option, read_bytes
from sessions_app.interchange.files import file_kind, read_file
from sessions_app.interchange.records import FileKind
from sessions_app.models import Session

from ._import import NAME_HELP, import_new_session, write_report
from ._options import FileCommand


class Command(FileCommand):
    help = "Create a session from a travellers CSV and print its id (the last line of output)."

    def add_arguments(self, parser):
        parser.add_argument(
            "file",
            help="travellers CSV, an ACBLscore game file or an NZ Bridge Scorer XML results file"
            " (see docs/formats.md)",
        )
        parser.add_argument("--names", help="names CSV: pair,player1,player2")
        parser.add_argument("--name", help=NAME_HELP)
        parser.add_argument("--date", help="YYYY-MM-DD (default: today)")
        parser.add_argument("--club", help="club slug (default: the only club)")
        parser.add_argument(
            "--scale",
            help="2/1 or 1/0.5 (default: the one the file's matchpoints agree with, else 2/1)",
        )
        parser.add_argument("--winners", type=int, choices=[1, 2], help="override: 1 or 2 fields")
        parser.add_argument("--publish", action="store_true", help="publish the results at once")
        parser.add_argument(
            "--method",
            choices=sorted(METHODS),
            help="mp, cross-imps or butler (default: mp, or cross-imps for salliere's ximp file)",
        )
        parser.add_argument(
            "--butler-discard",
            default="1",
            choices=Session.ButlerDiscard.values,
            help="Butler: results left out of the datum at each end, or median (default 1)",
        )
        add_set_option(parser)  # a travellers CSV carries no settings: say them here

    def handle(self, *args, **options):
        path = Path(options["file"])
        content = read_bytes(path)
        names = read_bytes(Path(options["names"])) if options["names"] else None
        # An ACBLscore game file is told by its first bytes, an NZ Bridge Scorer file by its
        # root element; any other file is a travellers CSV
        kind: FileKind = file_kind(path.name, content)
        kind = kind if kind in ("acbl", "nzscorer") else "csv"
        report = import_new_session(
            read_file(content, kind=kind, names=names if kind == "csv" else None),
            path,
            options,
            content=content,
            stderr=self.stderr,
            method=METHODS[options["method"]] if options["method"] else None,
            butler_discard=options["butler_discard"],
            winners=options["winners"],
        )
        if report.compared:  # salliere's figures: every difference, as import_pbn prints them
            write_report(self.stdout, report)
            return
        self.stdout.write(f"Imported {report.lines} traveller lines into {report.session}.")
        self.stdout.write(str(report.session.pk))
