"""What the import commands (import_travellers, import_pbn, import_usebio) share: reading the
file, the session options and what they print (`_options.FileCommand` reports a refused
file). (Django takes no command from a module whose name starts with `_`.)"""

from __future__ import annotations

import datetime
from pathlib import Path

from django.core.management.base import CommandError

from sessions_app.files.imports import ImportReport, club_for_import, session_import
from sessions_app.interchange.file_options import (
    add_set_option,
    session_date,
    session_scale,
    set_option,
)
from sessions_app.interchange.files import file_digest
from sessions_app.interchange.records import ResultsFile
from sessions_app.interchange.text import file_notes
from sessions_app.models import Club, Session

NAME_HELP = "session name (default: the file's own, else its file name: interchange/plan.py)"


def add_session_options(parser) -> None:
    """The options of import_pbn and import_usebio (import_travellers has --set too)."""
    parser.add_argument("--name", help=NAME_HELP)
    parser.add_argument("--date", help="YYYY-MM-DD (default: the file's date, else today)")
    parser.add_argument("--club", help="club slug (default: the only club)")
    parser.add_argument("--scale", help="2/1 or 1/0.5 (default: the one the file agrees with)")
    parser.add_argument("--publish", action="store_true", help="publish the results at once")
    add_set_option(parser)


def import_new_session(
    results_file: ResultsFile, path: Path, options, *, content: bytes, stderr, **own
) -> ImportReport:
    """A new session from the file at `path` (`content`, read into `results_file`), with the
    options every import command has (--name, --date, --club, --scale, --publish, --set) and
    the command's `own` options. The file is remembered by its digest, so that the upload
    page recognises it if it is chosen there again.
    What the director should know and the session id does not say goes to `stderr`: a file
    not read as UTF-8, the lines kept with what was wrong with them, and a session dated today
    because neither --date nor the file gives a date (JFR Pary's PBN has none), so that stdout
    stays what scripts read."""
    date, club, scale = session_date(options), session_club(options), session_scale(options)
    for note in file_notes(results_file):
        stderr.write(f"warning: {note}")
    if date is None and results_file.date is None:
        date = datetime.date.today()
        stderr.write(
            f"warning: the file carries no date: the session is dated today, {date:%Y-%m-%d}"
            " (give --date to date it)"
        )
    return session_import(
        club=club,
        results_file=results_file,
        name=options["name"] or "",
        date=date,
        scale=scale,
        publish=options["publish"],
        source=path.name,
        digest=file_digest(content),
        settings=set_option(options["set"]),
        **own,
    )


def session_club(options) -> Club:
    """--club, or the only club there is."""
    try:
        return club_for_import(options["club"])
    except (Club.DoesNotExist, Club.MultipleObjectsReturned) as error:
        raise CommandError(str(error)) from None


def write_report(stdout, report: ImportReport) -> None:
    """What import_pbn and import_usebio print: what was stored, every difference between the
    file's published values and clubscorer's, and the session's id as the last line."""
    session = report.session
    if report.lines:
        stdout.write(
            f"Imported {report.lines} traveller lines and {report.deals} deals into {session}."
        )
    else:
        stdout.write(f"Stored {report.deals} deals in {session}.")
    if report.kept:
        stdout.write(f"{report.kept_words.capitalize()} (--replace to store the file's).")
    imps = session.method != Session.Method.MATCHPOINTS
    if report.compared:
        if report.differences:
            unit = session.get_method_display() if imps else f"matchpoints on {session.scale}"
            stdout.write(
                f"{len(report.differences)} difference(s) between the file and clubscorer ({unit}):"
            )
            plain = [difference for difference in report.differences if not difference.rounded]
            for difference in plain:
                stdout.write(f"  {difference}")
            rounded = report.differences[len(plain) :]  # compare() lists them last
            if rounded:
                stdout.write(
                    f"  {len(rounded)} of them where the file writes a whole number and"
                    " clubscorer's value rounds to it (docs/formats.md):"
                )
                for difference in rounded:
                    stdout.write(f"  {difference}")
        elif imps:
            stdout.write("The file's IMPs agree with clubscorer's.")
        else:
            stdout.write("The file's matchpoints and percentages agree with clubscorer's.")
    stdout.write(str(session.pk))
