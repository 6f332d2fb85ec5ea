"""A session's settings are checked by one set of rules (sessions_app/session_rules.py) in
plain Python, so that `manage.py score` checks a file's settings without Django; the model's
fields are declared with the same limits, and here the two are held to the same words on
every kind of bad value, field by field."""

from __future__ import annotations

import datetime
from dataclasses import fields
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from sessions_app.interchange.settings import CARRIED
from sessions_app.models import Club, Session
from sessions_app.rows.words import worded
from sessions_app.scoring.event import Settings
from sessions_app.session_rules import (
    PERCENTAGES,
    SWITCHES,
    SettingsRefused,
    checked_values,
    choices,
    session_problems,
)

BAD = [
    ("factoring", "sometimes"),
    ("factoring", ""),
    ("scale", "3/1"),
    ("method", "imps"),
    ("butler_discard", "4"),
    ("status", "done"),
    ("tie_places", None),
    ("ave_plus", "61.825"),  # 3 decimals
    ("ave", "abc"),
    ("ave", "nan"),
    ("ave", "Infinity"),
    ("ave_minus", ""),
    ("ave_plus", "1000"),  # 4 digits before the point
    ("ave_plus", "123456"),  # 6 digits in all
    ("ave_minus", "-1"),
    ("ave_minus", "-1.255"),
    ("ave", None),
    ("phantom_percent", "101"),
    ("phantom_percent", "-5"),
    ("phantom_percent", "55.555"),
    ("law_12c2c", "maybe"),
    ("small_groups", 2),
    ("name", ""),
    ("name", "x" * 121),
]


def model_problems(name: str, value: object) -> list[str]:
    session = Session(club=Club(name="c"), name="Tuesday", date=datetime.date(2026, 11, 24))
    setattr(session, name, value)
    try:
        session.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        return error.message_dict[name]
    return []


def said(problems: dict) -> dict[str, list[str]]:
    """`session_problems`' Messages as the active language says them (`worded`)."""
    return {name: [worded(message) for message in messages] for name, messages in problems.items()}


@pytest.mark.parametrize(("name", "value"), BAD)
def test_a_bad_value_is_refused_in_the_models_own_words(name, value):
    expected = model_problems(name, value)
    assert expected  # the model refuses it too
    assert {k: [str(m) for m in ms] for k, ms in session_problems({name: value}).items()} == {
        name: expected
    }


@pytest.mark.parametrize(("name", "value"), BAD)
def test_a_bad_value_is_refused_in_the_models_own_french(name, value):
    """A director of a French club reads a setting refused in the words Django's own French
    catalogue gives the model's refusal (Django's texts, so its translations)."""
    with translation.override("fr"):
        assert said(session_problems({name: value})) == {name: model_problems(name, value)}


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ave_plus", "61.8"),
        ("ave", " 50 "),
        ("phantom_percent", None),
        ("phantom_percent", "100"),
        ("law_12c2c", "0"),
        ("law_12c2c", False),
        ("factoring", "total"),
        ("ave_minus", "0.00"),
    ],
)
def test_a_good_value_is_taken_by_both(name, value):
    assert model_problems(name, value) == []
    assert session_problems({name: value}) == {}


def test_the_values_are_stored_as_the_model_holds_them():
    values = checked_values({"ave_plus": "61.8", "law_12c2c": "0", "phantom_percent": None})
    assert values == {"ave_plus": Decimal("61.8"), "law_12c2c": False, "phantom_percent": None}


def test_the_averages_are_checked_in_order_with_the_defaults_for_those_not_given():
    # Ave- 55 above the default Ave 50; Ave+ 45 below it; Ave+ 140 above 100 (Law 12C2).
    assert said(session_problems({"ave_minus": "55"})) == {
        "ave_minus": ["Average minus (55%) is more than Average (50%)."]
    }
    with pytest.raises(SettingsRefused) as refused:
        checked_values({"ave_plus": "45", "factoring": "x"})
    assert str(refused.value) == (
        "factoring: Value 'x' is not a valid choice.\n"
        "ave_plus: Average plus (45%) is less than Average (50%)."
    )
    assert said(session_problems({"ave_plus": "140"})) == {
        "ave_plus": ["Average plus (140%) can be at most 100%."]
    }
    with translation.override("fr"):
        french = said(session_problems({"ave_minus": "55"}))["ave_minus"][0]
    assert "55" in french and "50" in french and "Average" not in french


def test_every_setting_a_file_carries_is_checked_as_the_model_declares_it():
    model = {field.name: field for field in Session._meta.get_fields()}
    for name in (*CARRIED, "method", "status", "name"):
        field = model[name]
        if name in choices():
            assert list(choices()[name]) == [value for value, _ in field.choices], name
        elif name in PERCENTAGES:
            assert field.get_internal_type() == "DecimalField", name
        elif name in SWITCHES:
            assert field.get_internal_type() == "BooleanField", name
        else:
            assert name == "name"
    assert set(PERCENTAGES) | set(SWITCHES) <= set(CARRIED)


def test_the_engines_defaults_are_the_models():
    # A file scored without a database takes the engine's defaults for what it leaves open;
    # its stored session takes the model's: they must be the same settings.
    session = Session()
    for field in fields(Settings):
        default = getattr(Settings(), field.name)
        stored = getattr(session, field.name)
        assert (default == stored) if stored is not None else default is None, field.name


def test_every_choice_field_of_a_session_is_checked_in_the_models_words():
    # The status and the tables' view too, not only what a file carries: a value outside a
    # field's choices is refused by session_problems exactly as by the model.
    model = [field for field in Session._meta.get_fields() if getattr(field, "choices", None)]
    assert sorted(field.name for field in model) == sorted(
        [
            "status",
            "scale",
            "method",
            "butler_discard",
            "imp_totals",
            "split_scores",
            "expected_from",
            "factoring",
            "tie_places",
            "overall_ranking",
            "table_shows",
            "imp_artificial",
            "handicaps",
        ]
    )
    for field in model:
        assert field.name in choices()
        expected = model_problems(field.name, "sometimes")
        assert expected == ["Value 'sometimes' is not a valid choice."]
        assert said(session_problems({field.name: "sometimes"})) == {field.name: expected}
    assert checked_values({"table_shows": "nothing"}) == {"table_shows": "nothing"}
