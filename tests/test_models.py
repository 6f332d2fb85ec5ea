"""The models package: every model where it always was, and the engine's kinds and settings
spelled as the database stores them."""

from typing import get_args

import pytest
from django.apps import apps

from sessions_app import models
from sessions_app.models.clubs import NationalBody
from sessions_app.movements.mitchell import EvenMethod
from sessions_app.movements.model import Kind as MovementKind
from sessions_app.scoring.awards import ArtificialKind
from sessions_app.scoring.competitions import RuleKind as CompetitionRule
from sessions_app.scoring.event import (
    ButlerDiscard,
    Direction,
    ExpectedFrom,
    Factoring,
    ImpTotals,
    Method,
    Scale,
    SplitScores,
    TiePlaces,
)
from sessions_app.scoring.masterpoints import BODIES
from sessions_app.scoring.rulings import RulingKind


@pytest.mark.parametrize(
    ("literal", "stored"),
    [
        (Method, models.Session.Method.values),
        (Scale, models.Session.Scale.values),
        (ButlerDiscard, models.Session.ButlerDiscard.values),
        (ImpTotals, models.Session.ImpTotals.values),
        (SplitScores, models.Session.SplitScores.values),
        (ExpectedFrom, models.Session.ExpectedFrom.values),
        (Factoring, models.Session.Factoring.values),
        (TiePlaces, models.Session.TiePlaces.values),
        (RulingKind, models.Result.Kind.values),
        (CompetitionRule, models.Competition.Rule.values),
        (ArtificialKind, [value for value, _ in models.ARTIFICIAL]),
        (Direction, models.Direction.values),
        # a section without a movement ("") never reaches the movements package
        (MovementKind, [value for value in models.Section.Movement.values if value]),
        (EvenMethod, [value for value in models.Section.EvenTables.values if value]),
    ],
)
def test_it_spells_the_engines_kinds_and_settings_as_the_database_stores_them(literal, stored):
    # e.g. Session.ButlerDiscard stores "0", "1", "5%", "10%": Settings.butler_discard takes
    # exactly those, so a session's stored setting is always one the engine knows.
    assert sorted(get_args(literal)) == sorted(stored)


def test_a_club_chooses_among_the_bodies_whose_master_points_are_awarded():
    assert sorted(NationalBody.values) == sorted(BODIES)


def test_it_keeps_every_model_importable_from_sessions_app_models():
    # The models live in a package of modules; `from sessions_app.models import X` works for
    # every one of them, and each is registered once, under its own name.
    registered = apps.get_app_config("sessions_app").get_models()
    names = sorted(model.__name__ for model in registered)
    assert names == [
        "Board",
        "BodyMember",
        "BridgemateEvent",
        "BridgemateLink",
        "Club",
        "Competition",
        "GradeStep",
        "GradedSession",
        "ImportedFile",
        "LineCheck",
        "Pair",
        "PairStanding",
        "Player",
        "Result",
        "ResultChange",
        "ResultMail",
        "Section",
        "Session",
        "TableCall",
        "TableCode",
        "TableDevice",
        "TableWrite",
        "Trash",
        "WrongCodeCount",
    ]
    for model in apps.get_app_config("sessions_app").get_models():
        assert getattr(models, model.__name__) is model
        assert model.__name__ in models.__all__
