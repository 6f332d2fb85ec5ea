"""`--set FIELD=VALUE`: the session's settings on every command that scores a file (`score`,
`import_travellers`, `import_pbn`, `import_usebio`), in the notation clubscorer's files carry
them in (`interchange/settings.py`), and a setting the session cannot hold said in words.
(Django takes no command from a module whose name starts with `_`.)

Example: `--set law_12c2c=no --set ave_plus=61.8` -> {"law_12c2c": False, "ave_plus": "61.8"};
`--set colour=blue` -> "--set 'colour=blue': clubscorer has no setting 'colour': the
settings are ave_plus, ave, ..."."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError


def add_set_option(parser) -> None:
    parser.add_argument(
        "--set", action="append", default=[], metavar="FIELD=VALUE",
        help="a setting of the session (docs/formats.md), e.g. --set law_12c2c=no"
        " --set ave_plus=61.8 --set factoring=total; a file's own settings give way to it",
    )  # fmt: skip


def set_option(pairs: list[str]) -> dict[str, object]:
    """The `--set` options as the session's field values; the last of a field given twice."""
    # Imported here: interchange.settings loads the scoring engine, which `score --help` and
    # every command's start do without (tests/test_startup.py).
    from sessions_app.interchange.settings import SETTABLE, setting_values, split_setting

    values: dict[str, object] = {}
    for pair in pairs:
        try:
            values.update(setting_values([split_setting(pair)], SETTABLE))
        except ValueError as error:
            raise CommandError(f"--set {pair!r}: {error}") from None
    return values


def problems(error: ValidationError) -> str:
    """A ValidationError's messages, each with the setting it is about."""
    if hasattr(error, "error_dict"):
        return "\n".join(
            f"{field}: {message}" for field, messages in error.message_dict.items()
            for message in messages
        )  # fmt: skip
    return "\n".join(error.messages)
