"""The options every command that reads a file shares (`score`, `import_travellers`,
`import_pbn`, `import_usebio`): the file itself, --date, --scale and --method, each checked
and said in words, and `FileCommand`, their base, which says a refused file or setting in
words. Light on purpose: `score --help` imports it. (Django takes no command from a module
whose name starts with `_`.)"""

from __future__ import annotations

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

SCALES = {"2/1": "2/1", "1/0.5": "1/0.5", "1/½": "1/0.5"}
METHODS = {"mp": "mp", "cross-imps": "cross_imps", "butler": "butler"}  # --method -> stored


class FileCommand(BaseCommand):
    """A command that reads a file: a refused file is the command's error, every problem
    named (`FileRefused`'s wording), and so is a --set the session cannot hold. No system
    checks: they import the URLconf and every view (0.5 s or more), which reading a file
    never needs."""

    requires_system_checks: list[str] = []

    def execute(self, *args, **options):
        # Imported here, as the commands' own modules do: `score --help` loads neither.
        from django.core.exceptions import ValidationError

        from sessions_app.interchange.refused import FileRefused

        from ._settings import problems

        try:
            return super().execute(*args, **options)
        except FileRefused as error:
            raise CommandError(str(error)) from None
        except ValidationError as error:  # a --set the session cannot hold
            raise CommandError(problems(error)) from None


def read_bytes(path: Path) -> bytes:
    """The file's bytes. Example: a missing file -> CommandError "x.csv: no such file"."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"{path}: a directory, not a file") from None
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror or 'cannot be read'}") from None


def session_date(options) -> datetime.date | None:
    """--date, checked; None when not given."""
    try:
        return datetime.date.fromisoformat(options["date"]) if options["date"] else None
    except ValueError:
        raise CommandError(f"--date {options['date']!r} is not a date YYYY-MM-DD") from None


def session_scale(options) -> str | None:
    """--scale, checked (`1/½` is 1/0.5); None when not given."""
    if not options["scale"]:
        return None
    if options["scale"] not in SCALES:
        raise CommandError(f"--scale must be 2/1 or 1/0.5, not {options['scale']!r}")
    return SCALES[options["scale"]]
