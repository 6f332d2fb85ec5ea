"""A session's choices are declared once (sessions_app/session_choices.py): the model's
TextChoices, the engine's settings and the command line's options all read them, with the
values and the words a director has always seen."""

from __future__ import annotations

import pickle

from sessions_app.interchange.compare import DISCARDS
from sessions_app.interchange.file_options import METHODS as METHOD_OPTIONS
from sessions_app.interchange.file_options import SCALES as SCALE_OPTIONS
from sessions_app.models import Session
from sessions_app.scoring.event import (
    BUTLER_DISCARDS,
    CHOICES,
    METHODS,
    OVERALL_RANKINGS,
    SCALES,
    Settings,
)
from sessions_app.session_choices import TIE_PLACES, Choice, values


def test_the_model_names_values_and_labels_each_choice():
    assert Session.Method.CROSS_IMPS == "cross_imps"
    assert Session.Method.CROSS_IMPS.label == "Cross-IMPs"
    assert Session.Status.IN_PLAY == "in_play"
    assert Session.Status.IN_PLAY.label == "In play"
    assert Session.Scale.ONE_HALF.label == "1 per pair beaten, ½ per tie"
    assert Session.ButlerDiscard.choices[-1] == ("median", "All but the middle (the median)")
    assert Session.TableShows.RESULTS_AND_PERCENT.label == "The board's results and the pair's %"
    assert Session.TiePlaces.choices == [("equals", "2=, 2="), ("range", "2/3, 2/3")]


def test_a_models_choice_is_named_and_pickled_as_a_declared_class_would_be():
    # Members are kept in caches and printed in messages: Session.Method, not a bare "Method".
    assert repr(Session.Method.BUTLER) == "Session.Method.BUTLER"
    assert Session.Method.__qualname__ == "Session.Method"
    assert pickle.loads(pickle.dumps(Session.Method.BUTLER)) is Session.Method.BUTLER


def test_the_model_leaves_out_one_result_at_each_end_by_default():
    assert Session._meta.get_field("butler_discard").default == "1"
    assert Session().butler_discard == "1"


def test_the_engine_takes_the_declared_values_in_order():
    assert values(TIE_PLACES) == ("equals", "range")
    assert TIE_PLACES[1] == Choice("RANGE", "range", "2/3, 2/3")
    assert SCALES == ("2/1", "1/0.5")
    assert METHODS == ("mp", "cross_imps", "butler")
    assert BUTLER_DISCARDS == ("0", "1", "1to1", "2", "3", "5%", "10%", "median")
    assert OVERALL_RANKINGS == ("off", "direction", "field")
    assert sorted(CHOICES) == sorted(
        [
            "method",
            "butler_discard",
            "imp_totals",
            "split_scores",
            "expected_from",
            "factoring",
            "tie_places",
            "imp_artificial",
            "overall_ranking",
        ]
    )
    assert Settings().butler_discard == "1"


def test_the_options_and_the_guesses_take_the_declared_values():
    assert METHOD_OPTIONS == {"mp": "mp", "cross-imps": "cross_imps", "butler": "butler"}
    assert SCALE_OPTIONS == {"2/1": "2/1", "1/0.5": "1/0.5", "1/½": "1/0.5"}
    # a file's Butler datum is guessed with the usual setting first, so that it wins a tie
    assert DISCARDS == ("1", "0", "1to1", "2", "3", "5%", "10%", "median")
