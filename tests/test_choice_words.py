"""Every label of session_choices.py has its translatable word (sessions_app/choice_words.py), so a
label added there cannot be forgotten, and the models' choices show those words."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import override

from sessions_app import session_choices
from sessions_app.choice_words import WORDS, word
from sessions_app.models import Direction, Session

ALL = (*session_choices.FIELDS.values(), session_choices.DIRECTION)


def test_every_label_of_session_choices_has_its_lazy_word():
    labels = {choice.label for choices in ALL for choice in choices}
    missing = sorted(labels - WORDS.keys())
    assert not missing, f"add to sessions_app/choice_words.py: {missing}"
    assert all(isinstance(WORDS[label], Promise) for label in labels)


def test_each_word_says_its_label_in_english():
    with override("en-gb"):
        assert all(str(text) == label for label, text in WORDS.items())


def test_the_models_choices_are_the_lazy_words():
    assert isinstance(Session.Method.CROSS_IMPS.label, Promise)
    assert Session.Method.CROSS_IMPS.label is word("Cross-IMPs")
    assert isinstance(dict(Direction.choices)["NS"], Promise)
    session = Session(status=Session.Status.IN_PLAY)
    assert session.get_status_display() == "In play"
