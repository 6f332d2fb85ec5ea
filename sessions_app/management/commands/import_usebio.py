"""python manage.py import_usebio FILE.xml [--name N] [--date D] [--club SLUG]
[--scale 2/1|1/0.5] [--publish] [--set FIELD=VALUE ...]  ->  prints the session id as its last line.

Creates a session from a USEBIO 1.2 pairs file scored elsewhere (EBUScore, ScoreBridge,
Compscore ...), so its results can be published here: pairs and names, traveller lines, hands,
scored as the file was (matchpoints, cross-IMPs or Butler IMPs). The file's matchpoints or IMPs
and totals are compared with clubscorer's and every difference is listed. A file with any
problem is refused whole, each problem named with its line.
"""

from __future__ import annotations

from pathlib import Path

from sessions_app.interchange.file_options import read_bytes
from sessions_app.interchange.files import read_file

from ._import import (
    add_session_options,
    import_new_session,
    write_report,
)
from ._options import FileCommand


class Command(FileCommand):
    help = "Create a session from a USEBIO 1.2 results file; prints the session id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="USEBIO XML file")
        add_session_options(parser)

    def handle(self, *args, **options):
        path = Path(options["file"])
        content = read_bytes(path)
        results_file = read_file(content, kind="usebio")
        write_report(
            self.stdout,
            import_new_session(results_file, path, options, content=content, stderr=self.stderr),
        )
