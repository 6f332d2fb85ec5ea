"""The options every command that reads a file shares (`score`, `import_travellers`,
`import_pbn`, `import_usebio`): the file itself, --date, --scale, --method and --set, each
checked and said in words. Plain Python: `score` runs without Django (interchange/score_cli.py); the
import commands' base (management/commands/_options.FileCommand) turns `OptionRefused` into
Django's CommandError.

Example: `session_scale({"scale": "1/½"})` -> "1/0.5"; `{"scale": "3/1"}` raises
OptionRefused "--scale must be 2/1 or 1/0.5, not '3/1'"; `set_option(["law_12c2c=no",
"ave_plus=61.8"])` -> {"law_12c2c": False, "ave_plus": "61.8"}; `set_option(["colour=blue"])`
raises OptionRefused "--set 'colour=blue': clubscorer has no setting 'colour': the settings
are ave_plus, ave, ...".
"""

from __future__ import annotations

import argparse
import datetime
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..session_choices import METHOD, SCALE, values

# --scale and --method as typed -> as stored: "1/½" -> "1/0.5", "cross-imps" -> "cross_imps"
SCALES: dict[str, str] = {**{scale: scale for scale in values(SCALE)}, "1/½": "1/0.5"}
METHODS = {method.replace("_", "-"): method for method in values(METHOD)}


class OptionRefused(ValueError):
    """An option, or the file it names, that cannot be taken: the message says why."""


def read_bytes(path: Path) -> bytes:
    """The file's bytes. Example: a missing file -> OptionRefused "x.csv: no such file"."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise OptionRefused(f"{path}: no such file") from None
    except IsADirectoryError:
        raise OptionRefused(f"{path}: a directory, not a file") from None
    except OSError as error:
        raise OptionRefused(f"{path}: {error.strerror or 'cannot be read'}") from None


def session_date(options: Mapping[str, Any]) -> datetime.date | None:
    """--date, checked; None when not given."""
    try:
        return datetime.date.fromisoformat(options["date"]) if options["date"] else None
    except ValueError:
        raise OptionRefused(f"--date {options['date']!r} is not a date YYYY-MM-DD") from None


def session_scale(options: Mapping[str, Any]) -> str | None:
    """--scale, checked (`1/½` is 1/0.5); None when not given."""
    if not options["scale"]:
        return None
    if options["scale"] not in SCALES:
        raise OptionRefused(f"--scale must be 2/1 or 1/0.5, not {options['scale']!r}")
    return SCALES[options["scale"]]


def add_set_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a setting of the session (docs/formats.md), e.g. --set law_12c2c=no"
        " --set ave_plus=61.8 --set factoring=total; a file's own settings give way to it",
    )


def set_option(pairs: list[str]) -> dict[str, object]:
    """The `--set` options as the session's field values, in the notation clubscorer's files
    carry them in (interchange/settings.py); the last of a field given twice."""
    from .settings import SETTABLE, setting_values, split_setting

    values: dict[str, object] = {}
    for pair in pairs:
        try:
            values.update(setting_values([split_setting(pair)], SETTABLE))
        except ValueError as error:
            raise OptionRefused(f"--set {pair!r}: {error}") from None
    return values
