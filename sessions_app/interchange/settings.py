"""A session's scoring settings as text, `FIELD=VALUE`: what clubscorer's USEBIO, PBN and JSON
files carry so that a session imports back scored as it was, and what `--set` takes on every
command that scores a file (docs/formats.md).

One notation everywhere: the name of the session's setting, `=`, its value as the session's
settings page takes it — a choice's value (`factoring=total`), a percentage as written
(`ave_plus=61.8`), `yes`/`no` for a switch (`law_12c2c=no`), `own` for no fixed percentage
facing a phantom (`phantom_percent=own`: the pair's own percentage, docs/rules.md §5.10).
A file carries every setting of `CARRIED`, defaults too, so that it says how it was scored
whatever clubscorer's defaults are when it is read.

Example: a session at 1/½ with Ave+ 61.8% and Law 12C2(c) off writes
`scale=1/0.5`, `butler_discard=1`, ..., `ave_plus=61.8`, ..., `law_12c2c=no`, ...;
`setting_values([("law_12c2c", "no"), ("ave_plus", "61.8")], CARRIED)` ->
`{"law_12c2c": False, "ave_plus": "61.8"}` (`session_rules` checks the 61.8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from decimal import Decimal
from fractions import Fraction

from ..scoring.event import Settings
from ..scoring.message import Message, MessageError, gettext_noop, message_of
from .refused import at_line

# The settings `--set` takes: every setting the engine scores with, but those a command has an
# option of its own for (`--method`, `--butler-discard`; `--scale` is not an engine setting).
SETTABLE = tuple(f.name for f in fields(Settings) if f.name not in ("method", "butler_discard"))
# What a file carries: those and the scale and Butler datum (the method is the file's own
# event type or Scoring tag).
CARRIED = ("scale", "butler_discard", *SETTABLE)
SWITCHES = tuple(f.name for f in fields(Settings) if isinstance(getattr(Settings(), f.name), bool))
TRUE, FALSE = ("yes", "true", "on", "1"), ("no", "false", "off", "0")
OWN = "own"  # phantom_percent: no fixed percentage, the pair's own


def settings_text(settings: Settings, scale: str) -> dict[str, str]:
    """Every setting of CARRIED as text, in that order, for a file to carry."""
    values: dict[str, object] = {"scale": scale}
    values.update((name, getattr(settings, name)) for name in CARRIED if name != "scale")
    return {name: _text(value) for name, value in values.items()}


def settings_json(settings: Settings) -> dict[str, object]:
    """The settings of CARRIED but the scale (the JSON says it beside them) as JSON values:
    percentages as numbers, switches as true/false, no fixed phantom percentage as null."""
    return {
        name: _number(value) if isinstance(value, Fraction) else value
        for name in CARRIED
        if name != "scale"
        for value in [getattr(settings, name)]
    }


def _text(value: object) -> str:
    if isinstance(value, bool):
        return TRUE[0] if value else FALSE[0]
    if value is None:
        return OWN
    if isinstance(value, Fraction):  # a stored percentage: 2 decimals at most, exact
        return format((Decimal(value.numerator) / value.denominator).normalize(), "f")
    return str(value)


def _number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)


def split_setting(text: str) -> tuple[str, str]:
    """`FIELD=VALUE` as (field, value), stripped; `-` in a field's name read as `_`.
    Raises MessageError when there is no `=`."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise MessageError(
            Message(gettext_noop("%(text)r is not FIELD=VALUE"), {"text": text.strip()})
        )
    return name.strip().replace("-", "_"), value.strip()


def setting_values(pairs: Iterable[tuple[str, str]], allowed: tuple[str, ...]) -> dict[str, object]:
    """(field, text) pairs as the values a session's fields take: a switch as True/False,
    `own` (or nothing) as no phantom percentage; everything else as the text it is, for the
    session's model to check (a choice, a percentage). Raises MessageError naming the setting
    for a field not in `allowed`, a field given twice, or a switch that is not yes or no."""
    values: dict[str, object] = {}
    for name, text in pairs:
        if name not in allowed:
            raise MessageError(
                Message(
                    gettext_noop(
                        "clubscorer has no setting %(name)r: the settings are %(allowed)s"
                    ),
                    {"name": name, "allowed": ", ".join(allowed)},
                )
            )
        if name in values:
            raise MessageError(Message(gettext_noop("%(name)s is given twice"), {"name": name}))
        if name in SWITCHES:
            if text.lower() not in TRUE + FALSE:
                raise MessageError(
                    Message(
                        gettext_noop("%(name)s=%(text)s: %(name)s is yes or no"),
                        {"name": name, "text": text},
                    )
                )
            values[name] = text.lower() in TRUE
        elif name == "phantom_percent" and text.lower() in ("", OWN):
            values[name] = None
        else:
            values[name] = text
    return values


def read_settings(
    items: Iterable[tuple[int, str]], what: str
) -> tuple[dict[str, str], dict[str, int], list[Message]]:
    """The settings a clubscorer file carries, each `(line, "FIELD=VALUE")` as written in its
    element or tag `what`: (text by field, line by field, problems each naming its line).
    A field the file gives twice must say the same both times. The values are checked as far
    as text goes (a known field, a switch yes or no); `session_rules` checks the rest
    when the file is imported (interchange/plan.py), naming the same line."""
    texts: dict[str, str] = {}
    lines: dict[str, int] = {}
    errors: list[Message] = []
    for line, item in items:
        try:
            name, text = split_setting(item)
            if texts.get(name, text) != text:
                raise MessageError(
                    Message(
                        gettext_noop("%(name)s=%(text)s but line %(line)s says %(name)s=%(first)s"),
                        {"name": name, "text": text, "line": lines[name], "first": texts[name]},
                    )
                )
            if name not in texts:
                setting_values([(name, text)], CARRIED)
        except ValueError as error:
            errors.append(at_line(line, _in(what, message_of(error))))
            continue
        texts.setdefault(name, text)
        lines.setdefault(name, line)
    return texts, lines, errors


def _in(what: str, problem: Message) -> Message:
    """A setting's problem after the element or tag it is in: "CLUBSCORER_SETTING: ..."."""
    return Message(gettext_noop("%(what)s: %(problem)s"), {"what": what, "problem": problem})
