"""What the import commands (import_travellers, import_pbn, import_usebio) share: reading the
file, the session options, and how a refused file is reported. (Django takes no command from a
module whose name starts with `_`.)"""

from __future__ import annotations

import datetime
from pathlib import Path

from django.core.management.base import CommandError

from sessions_app.interchange.travellers_csv import CsvError
from sessions_app.models import Club
from sessions_app.services.imports import club_for_import

SCALES = {"2/1": "2/1", "1/0.5": "1/0.5", "1/½": "1/0.5"}


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"{path}: a directory, not a file") from None


def read_text(path: Path) -> str:
    try:
        return read_bytes(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not a UTF-8 text file") from None


def session_date(options) -> datetime.date | None:
    """--date, checked; None when not given."""
    try:
        return datetime.date.fromisoformat(options["date"]) if options["date"] else None
    except ValueError:
        raise CommandError(f"--date {options['date']!r} is not a date YYYY-MM-DD") from None


def session_club(options) -> Club:
    """--club, or the only club there is."""
    try:
        return club_for_import(options["club"])
    except (Club.DoesNotExist, Club.MultipleObjectsReturned) as error:
        raise CommandError(str(error)) from None


def session_scale(options) -> str | None:
    """--scale, checked; None when not given."""
    if not options["scale"]:
        return None
    if options["scale"] not in SCALES:
        raise CommandError(f"--scale must be 2/1 or 1/0.5, not {options['scale']!r}")
    return SCALES[options["scale"]]


def refusal(error: CsvError) -> str:
    return f"{len(error.errors)} problem(s), nothing imported:\n" + "\n".join(error.errors)
