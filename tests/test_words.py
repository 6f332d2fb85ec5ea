"""rows/words.py's `worded`: the edge that says a pure package's Message in the active
language, its text translated with its context, then its values filled in. The test puts a
few entries of its own over the French catalogue, so that what it checks does not move with
the translators' wording."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from sessions_app.rows.words import worded, worded_lazy
from sessions_app.scoring.message import Message


@pytest.fixture
def french(monkeypatch):
    """French, with a few catalogue entries of the test's own."""
    with translation.override("fr"):
        catalog = trans_real.translation("fr")._catalog._catalogs[0]
        entries = {
            "%(tricks)s tricks is impossible (0-13)": "%(tricks)s levées, c'est impossible (0-13)",
            "bridge score\x04%(contract)s by %(declarer)s": "%(contract)s joué par %(declarer)s",
            "assigned: %(outcome)s": "attribué : %(outcome)s",
        }
        for key, text in entries.items():
            monkeypatch.setitem(catalog, key, text)
        yield


def test_worded_translates_the_text_then_fills_its_values(french):
    message = Message("%(tricks)s tricks is impossible (0-13)", {"tricks": 14})
    assert worded(message) == "14 levées, c'est impossible (0-13)"
    assert str(message) == "14 tricks is impossible (0-13)"  # the English, for files


def test_worded_translates_with_the_context_and_words_a_message_in_a_message(french):
    played = Message(
        "%(contract)s by %(declarer)s", {"contract": "4S", "declarer": "N"}, "bridge score"
    )
    assert worded(played) == "4S joué par N"
    assert (
        worded(Message("assigned: %(outcome)s", {"outcome": played})) == "attribué : 4S joué par N"
    )
    # The same words without their context are another entry: the catalogue's own.
    assert (
        worded(Message("%(contract)s by %(declarer)s", {"contract": "4S", "declarer": "N"}))
        == "4S par N"
    )


def test_worded_lets_plain_text_through_and_keeps_english_elsewhere(french):
    assert worded("4S by N") == "4S by N"
    message = Message("%(tricks)s tricks is impossible (0-13)", {"tricks": 14})
    later = worded_lazy(message)
    assert str(later) == "14 levées, c'est impossible (0-13)"
    with translation.override("en-gb"):
        assert worded(message) == str(later) == "14 tricks is impossible (0-13)"
