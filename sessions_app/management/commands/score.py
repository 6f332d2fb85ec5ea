"""python manage.py score FILE [--format F] [-o OUT] [--names N] [--scale S] [--method M]
[--butler-discard D] [--winners 1|2] [--set FIELD=VALUE ...]

Scores a travellers CSV, PBN or USEBIO file and writes its results, touching no database:
the scorer a federation or a script calls. The same reader, engine and writers as
`import_*` followed by `export_results` (services/scorer.py), so the figures are the same.
What the file published and clubscorer does not reproduce is listed on standard error.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ._options import METHODS, FileCommand, read_bytes, session_date, session_scale
from ._settings import add_set_option, set_option

# services/scorer.SCORE_FORMATS, written out so that `score --help` imports no writer
# (tests/test_startup.py holds the two equal).
FORMATS = ("json", "text", "csv", "pbn", "usebio", "travellers", "names", "html", "pdf")


class Command(FileCommand):
    help = "Score a results file (travellers CSV, PBN, USEBIO) and write its results."
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("file", help="travellers CSV, PBN or USEBIO file")
        parser.add_argument("--format", choices=FORMATS, default="json")
        parser.add_argument("-o", "--output", help="write here instead of standard output")
        parser.add_argument("--names", help="names CSV, with a travellers CSV")
        parser.add_argument("--name", help="the session's name (default: the file's)")
        parser.add_argument("--date", help="YYYY-MM-DD (default: the file's, else today)")
        parser.add_argument("--club", default="", help="the club's name, for PBN and USEBIO")
        parser.add_argument("--scale", help="2/1 or 1/0.5 (default: the one the file agrees with)")
        parser.add_argument("--method", choices=sorted(METHODS), help="default: the file's")
        parser.add_argument(
            "--butler-discard", help="Butler datum: 0, 1, 2, 3, 5%%, 10%% or median"
        )
        parser.add_argument("--winners", type=int, choices=[1, 2], help="1 or 2 fields")
        add_set_option(parser)

    def handle(self, *args, **options):
        from sessions_app.services.scorer import score_file

        path = Path(options["file"])
        scored = score_file(
            read_bytes(path), path.name, options["format"],
            names=read_bytes(Path(options["names"])) if options["names"] else None,
            club_name=options["club"], name=options["name"] or "", date=session_date(options),
            scale=session_scale(options), method=METHODS.get(options["method"] or ""),
            butler_discard=options["butler_discard"], winners=options["winners"],
            settings=set_option(options["set"]),
        )  # fmt: skip
        _write(scored.output, options["output"], self.stdout)
        for difference in scored.differences:
            sys.stderr.write(f"{difference}\n")
        if scored.differences:
            sys.stderr.write(f"{len(scored.differences)} difference(s) with the file's figures\n")


def _write(output: str | bytes, target: str | None, stdout) -> None:
    if target:
        Path(target).write_bytes(output if isinstance(output, bytes) else output.encode())
    elif isinstance(output, bytes):
        sys.stdout.buffer.write(output)
    else:
        stdout.write(output, ending="")
