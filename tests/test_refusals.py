"""A refused change in the words the director is shown (core/refusals.py): one way for every
page, the admin, the table's API and the commands."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from sessions_app.core.refusals import refusal_sentence, refusal_words
from sessions_app.core.scope import NotInSession


def test_a_refusals_messages_are_one_line():
    assert refusal_words(ValidationError("round -1 is not a number from 0 up")) == (
        "round -1 is not a number from 0 up"
    )
    assert refusal_words(ValidationError(["no sections", "no boards"])) == "no sections; no boards"
    assert refusal_words(ValidationError(["Pair 3: too long.", "Pair 4: too long."])) == (
        "Pair 3: too long. Pair 4: too long."
    )
    assert refusal_words(NotInSession("line 17 is not in this session")) == (
        "line 17 is not in this session"
    )


def test_a_refusal_said_alone_or_after_the_pages_words_is_a_sentence():
    refused = ValidationError("the session has no sections")
    assert refusal_sentence(refused) == "The session has no sections."
    assert refusal_sentence(refused, start="Not changed: ") == (
        "Not changed: the session has no sections."
    )
    assert refusal_sentence("Is the board right?") == "Is the board right?"
    assert refusal_sentence(ValidationError("Ensure this value is at most 100.")) == (
        "Ensure this value is at most 100."
    )
