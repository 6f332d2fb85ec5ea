"""The one gate of JSON bodies (sessions_app/core/json_shapes.py): exact types, ASCII digits only,
no falsy fallback, unknown fields refused. Pure: no database."""

from __future__ import annotations

import re

import pytest

from sessions_app.core.json_shapes import (
    Choice,
    Flag,
    ListOf,
    Shape,
    ShapeError,
    Text,
    Whole,
    checked,
    optional,
)

SHAPE = Shape(
    {
        "board": Whole(1, 32767, digits=True),
        "level": optional(Whole(0, 7)),
        "doubled": optional(Choice({0: 0, 1: 1, "X": 1}, "0, 1 or X", fold=True)),
        "lead": optional(Text(3, "a card", re.compile(r"(?:[SHDC][2-9TJQKA])?"), fold=True)),
        "passed_out": optional(Flag()),
        "names": optional(ListOf(Text(5), 2, "two names")),
    }
)


def test_it_gives_back_clean_values():
    assert checked(
        {"board": "7", "level": 4, "doubled": "x", "lead": "hk", "passed_out": False}, SHAPE
    ) == {"board": 7, "level": 4, "doubled": 1, "lead": "HK", "passed_out": False}


def test_null_is_an_optional_field_left_out_and_a_required_one_missing():
    assert checked({"board": 1, "level": None}, SHAPE) == {"board": 1}
    with pytest.raises(ShapeError) as missing:
        checked({"board": None}, SHAPE)
    assert (missing.value.message, missing.value.field) == (
        "board must be a whole number from 1 to 32767, not nothing",
        "board",
    )


@pytest.mark.parametrize(
    ("body", "error"),
    [
        # Arabic-Indic four and fullwidth digits pass str.isdigit(); only ASCII digits count.
        ({"board": "٤"}, "board must be a whole number from 1 to 32767, not '٤'"),
        ({"board": "１０"}, "board must be a whole number from 1 to 32767, not '１０'"),
        ({"board": " 7"}, "board must be a whole number from 1 to 32767, not ' 7'"),
        ({"board": 7.0}, "board must be a whole number from 1 to 32767, not 7.0"),
        ({"board": True}, "board must be a whole number from 1 to 32767, not True"),
        (
            {"board": 2**70},
            "board must be a whole number from 1 to 32767, not 1180591620717411303…",
        ),
        ({"board": 1, "level": "4"}, "level must be a whole number from 0 to 7, not '4'"),
        ({"board": 1, "doubled": []}, "doubled must be 0, 1 or X, not []"),
        ({"board": 1, "doubled": True}, "doubled must be 0, 1 or X, not True"),
        ({"board": 1, "doubled": "1"}, "doubled must be 0, 1 or X, not '1'"),
        ({"board": 1, "lead": {}}, "lead must be a card, not {}"),
        ({"board": 1, "lead": "HKX"}, "lead must be a card, not 'HKX'"),
        ({"board": 1, "passed_out": 0}, "passed_out must be true or false, not 0"),
        ({"board": 1, "passed_out": "true"}, "passed_out must be true or false, not 'true'"),
        ({"board": 1, "names": ["Ann", 7]}, "names must be two names, not ['Ann', 7]"),
        ({"board": 1, "names": ["a", "b", "c"]}, "names must be two names, not ['a', 'b', 'c']"),
        ({"board": 1, "names": ["Ann Lee"]}, "names must be two names, not ['Ann Lee']"),
    ],
)
def test_it_refuses_a_wrong_field_by_name(body, error):
    with pytest.raises(ShapeError) as wrong:
        checked(body, SHAPE)
    assert wrong.value.message == error
    assert wrong.value.field == error.split(" ")[0]


def test_it_refuses_an_unknown_field_rather_than_drop_it():
    with pytest.raises(ShapeError) as unknown:
        checked({"board": 1, "led": "HK"}, SHAPE)
    assert unknown.value.message == (
        "unknown field 'led': this request takes board, level, doubled, lead, passed_out, names"
    )
    assert unknown.value.field == "led"
