"""`manage.py score`: its options, what it does with them, and its run without Django.

A file in, its results out, touching no database: the scorer a federation or a script calls.
`manage.py` hands `score` here before loading Django (`main`), so a club's file is scored in
a tenth of a second, not half a second of Django's start; the printed results (`--format
html` or `pdf`) and Django's own options (`--settings`, `--traceback`, ...) go to the Django
command (management/commands/score.py), which takes the same options and runs the same code.

Example: `python manage.py score boards.csv --names names.csv --format text` prints the text
report; a file that cannot be read prints "CommandError: line 2: '4Z' is not a contract" on
standard error and exits with 1, as any Django command's error does.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .export import EXPORT_FORMATS
from .file_options import (
    METHODS,
    OptionRefused,
    add_set_option,
    read_bytes,
    session_date,
    session_scale,
    set_option,
)

if TYPE_CHECKING:
    from .score import ScoredFile

HELP = "Score a results file (travellers CSV, PBN, USEBIO) and write its results."
PRINTED = ("html", "pdf")  # the printed results: Django's templates (commands/score.py)
FORMATS = (*sorted(EXPORT_FORMATS), *PRINTED)


def add_score_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="travellers CSV, PBN or USEBIO file")
    parser.add_argument("--format", choices=FORMATS, default="json")
    parser.add_argument("-o", "--output", help="write here instead of standard output")
    parser.add_argument("--names", help="names CSV, with a travellers CSV")
    parser.add_argument("--name", help="the session's name (default: the file's)")
    parser.add_argument("--date", help="YYYY-MM-DD (default: the file's, else today)")
    parser.add_argument("--club", default="", help="the club's name, for PBN and USEBIO")
    parser.add_argument("--scale", help="2/1 or 1/0.5 (default: the one the file agrees with)")
    parser.add_argument("--method", choices=sorted(METHODS), help="default: the file's")
    parser.add_argument("--butler-discard", help="Butler datum: 0, 1, 2, 3, 5%%, 10%% or median")
    parser.add_argument("--winners", type=int, choices=[1, 2], help="1 or 2 fields")
    add_set_option(parser)


def score_arguments(options: Mapping[str, Any]) -> dict[str, Any]:
    """The parsed options as `score_file`'s arguments, each checked (OptionRefused)."""
    path = Path(options["file"])
    return {
        "content": read_bytes(path),
        "filename": path.name,
        "output_format": options["format"],
        "names": read_bytes(Path(options["names"])) if options["names"] else None,
        "club_name": options["club"],
        "name": options["name"] or "",
        "date": session_date(options),
        "scale": session_scale(options),
        "method": METHODS.get(options["method"] or ""),
        "butler_discard": options["butler_discard"],
        "winners": options["winners"],
        "settings": set_option(options["set"]),
    }


def write_scored(
    scored: ScoredFile,
    target: str | None,
    out: Callable[[str], object],
    err: Callable[[str], object],
) -> None:
    """The output to `target` (a file) or standard output; how the file was read and the
    differences with the file's own figures to standard error."""
    output = scored.output
    if target:
        Path(target).write_bytes(output if isinstance(output, bytes) else output.encode())
    elif isinstance(output, bytes):
        sys.stdout.buffer.write(output)
    else:
        out(output)
    for note in scored.notes:
        err(f"warning: {note}\n")
    for difference in scored.differences:
        err(f"{difference}\n")
    if scored.differences:
        err(f"{len(scored.differences)} difference(s) with the file's figures\n")


def main(argv: list[str]) -> int | None:
    """`manage.py score ARGS` without Django: the exit status, or None when Django's command
    must run it (a printed format, or an option only Django knows)."""
    parser = argparse.ArgumentParser(
        prog="manage.py score",
        description=HELP,
        epilog="Django's own options (--settings, --traceback, -v) are taken too.",
    )
    add_score_arguments(parser)
    options, unknown = parser.parse_known_args(argv)  # --help ends here
    if unknown or options.format in PRINTED:
        return None
    # A run makes a million objects that live until it ends, none of them garbage in a cycle:
    # the cyclic collector would only walk them again and again (a quarter of a 3,000-table
    # run). The process ends with the run, so it goes without.
    gc.disable()
    from ..session_rules import SettingsRefused
    from .refused import FileRefused
    from .score import score_file

    try:
        scored = score_file(**score_arguments(vars(options)))
    except (OptionRefused, FileRefused, SettingsRefused) as error:
        sys.stderr.write(f"CommandError: {error}\n")
        return 1
    write_scored(scored, options.output, sys.stdout.write, sys.stderr.write)
    return 0
