"""scoring/message.py: a text of the pure packages keeps its English as `str` and its text,
values and context for the edge to word in a page's language (rows/words.py). No database,
no Django."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from sessions_app.scoring.competitions import Rule
from sessions_app.scoring.contract import ContractError, check_tricks, parse_contract
from sessions_app.scoring.line_words import ruling_message, ruling_words
from sessions_app.scoring.masterpoints.base import award_message, unit_message
from sessions_app.scoring.message import Message, gettext_noop, joined
from sessions_app.scoring.notation import Outcome, parse_entry
from sessions_app.scoring.presets import PRESETS
from sessions_app.scoring.ranking import overall_message, overall_title
from sessions_app.scoring.rulings import parse_ruling, weighted


def test_a_message_says_its_text_with_its_values_filled_in():
    message = Message(
        "%(contract)s by %(declarer)s, %(tricks)s tricks",
        {"contract": "4S", "declarer": "N", "tricks": 10},
    )
    assert str(message) == "4S by N, 10 tricks"
    assert message.context is None


def test_a_message_without_values_is_its_text_as_it_is():
    assert str(Message("5% of the results")) == "5% of the results"
    assert Message("x").params == {}


def test_a_value_that_is_a_message_is_said_too():
    inner = Message("%(n)s tricks", {"n": 9})
    assert str(Message("assigned: %(outcome)s", {"outcome": inner})) == "assigned: 9 tricks"
    assert str(joined(" + ", (Message("a"), "b", inner))) == "a + b + 9 tricks"


def test_a_message_is_frozen_hashable_equal_by_value_and_picklable():
    one = Message("%(n)s tricks", {"n": 9}, "bridge")
    assert one == Message("%(n)s tricks", {"n": 9}, "bridge") != Message("%(n)s tricks", {"n": 9})
    assert hash(one) == hash(Message("%(n)s tricks", {"n": 9}, "bridge"))
    assert pickle.loads(pickle.dumps(one)) == one
    with pytest.raises(AttributeError):
        one.text = "other"  # type: ignore[misc]


def test_the_marker_gives_the_text_back():
    assert gettext_noop("passed out") == "passed out"


def test_the_rulings_words_are_their_messages_in_english():
    split = parse_ruling("4S N 10 / 4S N 9", "None")
    assert split.message.text == "split: NS %(ns)s, EW %(ew)s"
    assert (
        split.words
        == str(split.message)
        == ("split: NS 4S by N, 10 tricks (+420), EW 4S by N, 9 tricks (-50)")
    )
    played = parse_ruling("4S N 10", "None")
    assert (
        str(ruling_message(played, 2))
        == ruling_words(played, 2)
        == ("4S by N, 10 tricks (+420); fouled board, group 2")
    )
    ten, nine = parse_entry("4S N 10", "None"), parse_entry("3NT S 8", "None")
    several = weighted(((Fraction(3, 10), ten), (Fraction(7, 10), nine)))
    assert (
        several.words
        == "weighted: 30% of 4S by N, 10 tricks (+420) + 70% of 3NT by S, 8 tricks (-50)"
    )
    assert str(parse_ruling("PASS", "None").message) == "passed out"
    assert str(parse_ruling("A+/A-", "None").message) == "artificial: A+ to NS, A- to EW"
    assert isinstance(Outcome("not_played"), Outcome)


def test_a_contract_error_keeps_its_message_and_says_it_in_english():
    with pytest.raises(ContractError) as caught:
        check_tricks(parse_contract("4S"), 14)
    assert caught.value.message == Message("%(tricks)s tricks is impossible (0-13)", {"tricks": 14})
    assert str(caught.value) == "14 tricks is impossible (0-13)"
    with pytest.raises(ContractError) as caught:
        parse_entry("", "None")
    assert str(caught.value) == "nothing entered"
    assert str(ContractError("plain English")) == "plain English"
    assert ContractError("plain English").message == Message("plain English")


def test_the_other_texts_pages_show_are_their_messages_in_english():
    assert Rule("best", best=2).describe(3) == str(Rule("best", best=2).message(3))
    assert Rule("average", minimum=1).describe(4) == "average percentage (ranked from 1 session on)"
    assert (
        Rule("average", minimum=2).describe(4) == "average percentage (ranked from 2 sessions on)"
    )
    assert overall_title("NS") == str(overall_message("NS")) == "All sections NS"
    assert overall_title(None) == "All sections"
    assert str(award_message("24", "black")) == "24 black"
    assert str(award_message("24", "")) == "24"
    assert str(award_message("1.5", "purple")) == "1.5 purple"
    assert str(unit_message("EBU", "master points")) == "EBU master points"
    assert str(unit_message("ACBL", "masterpoints")) == "ACBL masterpoints"
    assert str(PRESETS["ebu"].name_message) == PRESETS["ebu"].name == "EBU White Book"
    assert "5% of the results" in str(PRESETS["acbl"].source_message)
