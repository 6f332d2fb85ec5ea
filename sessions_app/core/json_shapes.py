"""The one gate a JSON body passes: each endpoint declares the shape of its body (field name ->
exact type, range or choices, required or not, longest string) and `checked` gives back a
clean dict or refuses the first wrong field, by name. Plain Python, no Django.

The rules, the same for every body:

- **Exact types.** A whole number is a JSON integer, never `true` (Python's bool is an int),
  `4.0` or `"4"`; a field declared with `digits=True` also takes its digits as a string, and
  then ASCII digits only: `"10"` is 10, `"１０"` and `"٤"` are refused (`str.isdigit` would
  take them). A flag is `true` or `false`, never `0`, `""` or `[]`.
- **No falsy fallback.** A value of the wrong type is refused, not replaced by a default:
  `"doubled": []` is not "undoubled", `"lead": {}` is not "no lead". Only `null` counts as
  leaving an optional field out (JSON clients write a missing value so); a required field
  given `null` is refused as missing.
- **Unknown fields are refused**, by name: a misspelt optional field (`"led": "HK"`) would
  otherwise be dropped without a word, and what the players entered lost.
- **Strings are bounded**: each has its longest length, so a megabyte of text is refused
  before any service reads it.

Example: with LINE = Shape({"board": Whole(1, 32767, digits=True), "level": Whole(1, 7)}),
checked({"board": "7", "level": 4}, LINE) -> {"board": 7, "level": 4};
checked({"board": 7, "level": "٤"}, LINE) -> ShapeError("level must be a whole number from 1
to 7, not '٤'", field="level").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

_DIGITS = re.compile(r"[0-9]{1,9}")  # ASCII only; \d would take every script's digits
_MISSING = object()


class ShapeError(ValueError):
    """A body that is not of its declared shape: the message in words and the field named."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.message, self.field = message, field


def shown(value: object) -> str:
    """A value as a message shows it back: its Python repr, printable, at most 20 characters.
    Example: "a\\x00b" -> "'a\\\\x00b'"; None -> "nothing"."""
    if value is None or value is _MISSING:
        return "nothing"
    text = repr(value)
    return text if len(text) <= 20 else text[:19] + "…"


@dataclass(frozen=True)
class Whole:
    """A whole number from `low` to `high`; with `digits`, also its ASCII digits as a string."""

    low: int
    high: int
    digits: bool = False
    means: str = ""

    def __post_init__(self) -> None:
        if not self.means:
            object.__setattr__(self, "means", f"a whole number from {self.low} to {self.high}")

    def clean(self, value: object) -> int | None:
        if self.digits and isinstance(value, str) and _DIGITS.fullmatch(value):
            value = int(value)
        if type(value) is int and self.low <= value <= self.high:
            return value
        return None


@dataclass(frozen=True)
class Flag:
    """`true` or `false`."""

    means: str = "true or false"

    def clean(self, value: object) -> bool | None:
        return value if type(value) is bool else None


@dataclass(frozen=True)
class Choice:
    """One of `options` (value as sent -> its clean value), compared by type and value, so
    `true` is not 1 and 1 is not "1" unless both are options; `fold` upper-cases a string
    first (`"s"` is `"S"`). Example: Choice({"C": "C", "N": "NT", "NT": "NT"}, fold=True) takes
    "n" as "NT"."""

    options: Mapping[object, object]
    means: str
    fold: bool = False

    def clean(self, value: object) -> object:
        if type(value) not in (str, int):
            return None
        if self.fold and isinstance(value, str):
            value = value.upper()
        for option, clean in self.options.items():
            if type(option) is type(value) and option == value:
                return clean
        return None


@dataclass(frozen=True)
class Text:
    """A string of at most `longest` characters, matching `pattern` when there is one."""

    longest: int
    means: str = ""
    pattern: re.Pattern[str] | None = None
    fold: bool = False

    def __post_init__(self) -> None:
        if not self.means:
            object.__setattr__(self, "means", f"text of at most {self.longest} characters")

    def clean(self, value: object) -> str | None:
        if not isinstance(value, str) or len(value) > self.longest:
            return None
        value = value.upper() if self.fold else value
        if self.pattern is not None and not self.pattern.fullmatch(value):
            return None
        return value


@dataclass(frozen=True)
class ListOf:
    """A list of at most `longest` items, each of the shape `item`."""

    item: Text
    longest: int
    means: str

    def clean(self, value: object) -> list[str | None] | None:
        if not isinstance(value, list) or len(value) > self.longest:
            return None
        items = [self.item.clean(one) for one in value]
        return None if any(one is None for one in items) else items


Kind = Whole | Flag | Choice | Text | ListOf


@dataclass(frozen=True)
class Field:
    """A field of a body: its kind, and whether it must be given."""

    kind: Kind
    required: bool = True


def optional(kind: Kind) -> Field:
    return Field(kind, required=False)


@dataclass(frozen=True)
class Shape:
    """A body: its fields by name, each a Field or (required) a bare kind."""

    fields: Mapping[str, Field | Kind] = field(default_factory=dict)

    def field(self, name: str) -> Field:
        declared = self.fields[name]
        return declared if isinstance(declared, Field) else Field(declared)


def checked(data: Mapping[str, Any], shape: Shape) -> dict[str, Any]:
    """`data` (a parsed JSON object) cleaned by `shape`: every declared field given, cleaned;
    optional ones left out (or null) are absent. The first wrong field, unknown ones first,
    raises ShapeError naming it. Example: checked({"accept": 1}, Shape({"accept": Flag()})) ->
    ShapeError("accept must be true or false, not 1", "accept")."""
    for name in data:
        if name not in shape.fields:
            known = ", ".join(shape.fields) or "no fields"
            raise ShapeError(f"unknown field {shown(name)}: this request takes {known}", name[:40])
    clean: dict[str, Any] = {}
    for name in shape.fields:
        declared = shape.field(name)
        value = data.get(name)
        if value is None and not declared.required:
            continue
        result = None if value is None else declared.kind.clean(value)
        if result is None:
            raise ShapeError(f"{name} must be {declared.kind.means}, not {shown(value)}", name)
        clean[name] = result
    return clean
