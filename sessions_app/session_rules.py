"""What a session's settings may hold, in plain Python: the model's fields are declared from
these limits (models/sessions.py: the name's length, each percentage's digits, its minimum and
maximum as Django's validators (`percent_limits`), the averages' defaults and the database's
bound on Ave+; each choice field's values come from session_choices.py), the settings form
and the services check the averages with `averages_problems`, and a file is checked with
`session_problems` before it is scored — with a database (an import) or without one
(`manage.py score`, which loads no Django at all).

The words are Django's own for the same faults (its very texts, as Messages: the page words
them in its language with Django's catalogue's translations), so a setting is refused in the
same words whichever way it comes in (tests/test_session_rules.py holds `session_problems`
equal to the model's `full_clean` on every kind of bad value, in English and in French).

Example: `session_problems({"ave_plus": "61.825", "factoring": "sometimes"})` ->
{"ave_plus": ["Ensure that there are no more than 2 decimal places."],
 "factoring": ["Value 'sometimes' is not a valid choice."]};
`checked_values({"ave_plus": "61.8"})` -> {"ave_plus": Decimal("61.8")}.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from functools import cache

from .scoring.message import Message, gettext_noop, ngettext_lazy
from .session_choices import FIELDS
from .session_choices import values as choice_values
from .session_limits import (
    AVERAGE_DEFAULTS,
    NAME_LENGTH,
    PERCENT_DECIMALS,
    PERCENT_DIGITS,
    PERCENT_MAXIMUM,
    PERCENT_MINIMUM,
    PERCENTAGES,
)

SWITCHES = ("law_12c2c", "small_groups", "across_the_field", "scaled_totals")
TRUE, FALSE = (True, "t", "True", "1"), (False, "f", "False", "0")  # as Django's BooleanField


class SettingsRefused(ValueError):
    """Settings a session cannot hold: the messages by field, as `session_problems` gives;
    its `str` in English (the command line)."""

    def __init__(self, problems: Mapping[str, list[Message]]) -> None:
        self.problems = dict(problems)
        super().__init__(
            "\n".join(
                f"{name}: {message}" for name, messages in problems.items() for message in messages
            )
        )


def checked_values(values: Mapping[str, object]) -> dict[str, object]:
    """`values` as the model's fields hold them (a percentage as a Decimal). Raises
    SettingsRefused naming every field in fault."""
    problems = session_problems(values)
    if problems:
        raise SettingsRefused(problems)
    return {name: _cleaned(name, value) for name, value in values.items()}


def _cleaned(name: str, value: object) -> object:
    """A valid value as the model's field holds it: "61.8" -> Decimal("61.8"), "1" -> True."""
    if value is None:
        return None
    if name in PERCENTAGES:
        return _decimal(value)
    if name in choices():
        return str(value)
    if name in SWITCHES:
        return value in TRUE
    return value


@cache
def choices() -> dict[str, tuple[str, ...]]:
    """Each choice field's values (session_choices.FIELDS), by field: the status, the scale,
    the engine's settings and what the tables see. Example: choices()["scale"] ->
    ("2/1", "1/0.5")."""
    return {name: choice_values(declared) for name, declared in FIELDS.items()}


def session_problems(values: Mapping[str, object]) -> dict[str, list[Message]]:
    """What is wrong with a session's `values` (field -> value, as typed or as a file says),
    by field; the order of the averages only when each is a percentage it may hold."""
    problems: dict[str, list[Message]] = {}
    for name, value in values.items():
        found = _problems(name, value)
        if found:
            problems[name] = found
    averages = [values.get(name, default) for name, default in AVERAGE_DEFAULTS.items()]
    if not problems.keys() & AVERAGE_DEFAULTS.keys():
        ave_plus, ave, ave_minus = (_decimal(value) for value in averages)
        for name, messages in averages_problems(
            ave_plus=ave_plus, ave=ave, ave_minus=ave_minus
        ).items():
            problems.setdefault(name, []).extend(messages)
    return problems


NULL = Message(gettext_noop("This field cannot be null."))
BLANK = Message(gettext_noop("This field cannot be blank."))


def _problems(name: str, value: object) -> list[Message]:
    if value is None and name != "phantom_percent":
        return [NULL]
    if name in choices():
        if value == "":
            return [BLANK]
        text = str(value)
        if text in choices()[name]:
            return []
        return [Message(gettext_noop("Value %(value)r is not a valid choice."), {"value": text})]
    if name in PERCENTAGES:
        return [] if value is None else _percent_problems(value, PERCENTAGES[name])
    if name in SWITCHES and value not in TRUE + FALSE:
        return [
            Message(
                gettext_noop("“%(value)s” value must be either True or False."), {"value": value}
            )
        ]
    if name == "name":
        text = str(value)
        if not text:
            return [BLANK]
        if len(text) > NAME_LENGTH:
            return [
                ngettext_lazy(
                    "Ensure this value has at most %(limit_value)d character (it has "
                    "%(show_value)d).",
                    "Ensure this value has at most %(limit_value)d characters (it has "
                    "%(show_value)d).",
                    NAME_LENGTH,
                    {"limit_value": NAME_LENGTH, "show_value": len(text)},
                )
            ]
    return []


def _percent_problems(value: object, maximum: int | None) -> list[Message]:
    """Django's DecimalField of 5 digits, 2 of them decimals, with a minimum of 0 (and a
    maximum of 100 for `phantom_percent`): the limits, then the first of its digit rules a
    value breaks. Example: "1000" -> more than 3 digits before the decimal point; "-1.255" ->
    less than 0, and more than 2 decimal places."""
    try:
        number = _decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        number = Decimal("NaN")
    if not number.is_finite():
        return [
            Message(gettext_noop("“%(value)s” value must be a decimal number."), {"value": value})
        ]
    digit_tuple, exponent = number.as_tuple()[1:]
    assert isinstance(exponent, int)  # a finite number's
    if exponent >= 0:
        digits, decimals = len(digit_tuple) + (exponent if digit_tuple != (0,) else 0), 0
    else:
        decimals = -exponent
        digits = max(len(digit_tuple), decimals)
    problems = []
    if number < PERCENT_MINIMUM:
        problems.append(
            Message(
                gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
                {"limit_value": PERCENT_MINIMUM},
            )
        )
    if maximum is not None and number > maximum:
        problems.append(
            Message(
                gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
                {"limit_value": maximum},
            )
        )
    if digits > PERCENT_DIGITS:
        problems.append(_digits(DIGITS_IN_ALL, PERCENT_DIGITS))
    elif decimals > PERCENT_DECIMALS:
        problems.append(_digits(DECIMAL_PLACES, PERCENT_DECIMALS))
    elif digits - decimals > PERCENT_DIGITS - PERCENT_DECIMALS:
        problems.append(_digits(BEFORE_THE_POINT, PERCENT_DIGITS - PERCENT_DECIMALS))
    return problems


# Django's DecimalField's three digit rules, in its words (singular, plural).
DIGITS_IN_ALL = (
    "Ensure that there are no more than %(max)s digit in total.",
    "Ensure that there are no more than %(max)s digits in total.",
)
DECIMAL_PLACES = (
    "Ensure that there are no more than %(max)s decimal place.",
    "Ensure that there are no more than %(max)s decimal places.",
)
BEFORE_THE_POINT = (
    "Ensure that there are no more than %(max)s digit before the decimal point.",
    "Ensure that there are no more than %(max)s digits before the decimal point.",
)


def _digits(rule: tuple[str, str], most: int) -> Message:
    """A digit rule broken, said of its limit: _digits(DECIMAL_PLACES, 2) says "Ensure that
    there are no more than 2 decimal places."."""
    return ngettext_lazy(rule[0], rule[1], most, {"max": most})


def _decimal(value: object) -> Decimal:
    """A percentage as Django's DecimalField reads it (a float by its shortest digits)."""
    if isinstance(value, float):
        return Decimal(repr(value))
    if not isinstance(value, (str, int, Decimal)):
        raise TypeError(value)
    return Decimal(value)


def averages_problems(
    *, ave_plus: Decimal | int, ave: Decimal | int, ave_minus: Decimal | int
) -> dict[str, list[Message]]:
    """What is wrong with the percentages of the artificial scores (Law 12C2), by field.

    They must be ordered Ave- <= Ave <= Ave+ <= 100 (the database refuses anything else); they
    may have 2 decimals (61.8 / 50 / 38.2).
    Example: 60/50/40 -> {}; 60/50/55 ->
    {"ave_minus": ["Average minus (55%) is more than Average (50%)."]}.
    """
    problems: dict[str, list[Message]] = {}
    ave_plus, ave, ave_minus = (_typed(value) for value in (ave_plus, ave, ave_minus))
    said = {"ave_plus": ave_plus, "ave": ave, "ave_minus": ave_minus, "most": PERCENT_MAXIMUM}
    if ave_plus > PERCENT_MAXIMUM:
        problems.setdefault("ave_plus", []).append(
            Message(gettext_noop("Average plus (%(ave_plus)s%%) can be at most %(most)s%%."), said)
        )
    if ave > ave_plus:
        problems.setdefault("ave_plus", []).append(
            Message(
                gettext_noop("Average plus (%(ave_plus)s%%) is less than Average (%(ave)s%%)."),
                said,
            )
        )
    if ave_minus > ave:
        problems.setdefault("ave_minus", []).append(
            Message(
                gettext_noop("Average minus (%(ave_minus)s%%) is more than Average (%(ave)s%%)."),
                said,
            )
        )
    return problems


def _typed(value: Decimal | int) -> Decimal:
    """61.80 -> 61.8, 60.00 -> 60: as the director typed it, for messages."""
    number = Decimal(str(value)).normalize()
    return number.quantize(Decimal(1)) if number == number.to_integral() else number
