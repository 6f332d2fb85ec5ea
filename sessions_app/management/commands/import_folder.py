"""python manage.py import_folder DIR [--club SLUG] [--scale 2/1|1/0.5] [--publish]
[--set FIELD=VALUE ...]  ->  one line a file, then what was done.

A club's archive brought in at once: every results file under DIR (ACBLscore game files,
whatever their names; `.pbn`, `.xml` and `.csv` files), oldest name first, each imported as
its own session exactly as `import_pbn`, `import_usebio` and `import_travellers` import one
(its kind told by its content, its settings by the file). A file imported before, by this
command or any other way, is recognised by its SHA-256 and not imported again, so a second
run over the same folder imports nothing. A file that cannot be read is named with every
problem and the others are imported all the same; the command then ends with an error. Each
session's players are linked to the club's register by member number (ACBL or national
numbers), and a player with a number the register does not know yet is added to it, so that
years of results build each member's history; names without a number are left for the
director's players page.

Example: a folder of 170612.ACA, 170618.ACA and notes.txt -> two sessions, their players in
the register by ACBL number, "skipped (not a results file): notes.txt"; run again -> "already
imported" twice, nothing new.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError

from sessions_app.files.archive import archive_import
from sessions_app.interchange.file_options import add_set_option, read_bytes

from ._import import import_new_session, session_club
from ._options import FileCommand


class Command(FileCommand):
    help = "Import every results file of a folder (a club's archive), each file once."

    def add_arguments(self, parser):
        parser.add_argument("folder", help="the folder (its subfolders too)")
        parser.add_argument("--club", help="club slug (default: the only club)")
        parser.add_argument("--scale", help="2/1 or 1/0.5 (default: the one each file agrees with)")
        parser.add_argument("--publish", action="store_true", help="publish the results at once")
        add_set_option(parser)

    def handle(self, *args, **options):
        folder = Path(options["folder"])
        if not folder.is_dir():
            raise CommandError(f"{folder} is not a folder")
        options.update(name=None, date=None)  # each file's own
        paths = sorted(p for p in folder.rglob("*") if p.is_file())
        shown = {str(path.relative_to(folder)): path for path in paths}

        def import_one(results_file, name, content):
            return import_new_session(
                results_file, shown[name], options, content=content, stderr=self.stderr
            )

        imported = seen = 0
        refused: list[str] = []
        files = ((name, read_bytes(path)) for name, path in shown.items())
        for done in archive_import(club=session_club(options), files=files, import_one=import_one):
            if done.status == "skipped":
                self.stdout.write(f"{done.name}: skipped (not a results file)")
            elif done.status == "already":
                self.stdout.write(f"{done.name}: already imported")
                seen += 1
            elif done.status == "refused":
                refused.append(f"{done.name}: " + "\n".join(done.problems))
                self.stderr.write(refused[-1])
            elif done.report is not None:
                imported += 1
                session = done.report.session
                self.stdout.write(
                    f"{done.name}: {session} (session {session.pk}), {done.report.lines}"
                    f" traveller lines, {done.registered} player(s) added to the register"
                )
        done_words = f"{imported} file(s) imported, {seen} already imported"
        if refused:
            raise CommandError(f"{done_words}; {len(refused)} not imported:\n" + "\n".join(refused))
        self.stdout.write(done_words)
