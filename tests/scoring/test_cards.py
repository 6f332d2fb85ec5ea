"""A lead as travellers write it, read one way for the review, the screen and the print."""

from __future__ import annotations

import pytest

from sessions_app.printing.monospace import lead_symbols
from sessions_app.scoring.cards import parse_card


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("H3", ("H", "3")),
        ("3h", ("H", "3")),
        ("S10", ("S", "T")),
        ("ST", ("S", "T")),
        (" 10s ", ("S", "T")),
        ("K", None),
        ("H1", None),
        ("", None),
        (None, None),
    ],
)
def test_it_reads_a_written_lead(written, card):
    assert parse_card(written) == card


def test_the_print_shows_a_rank_first_lead_with_its_suit_as_the_screen_does():
    assert lead_symbols("3H") == "♥3"
    assert lead_symbols("ST") == "♠10"
    assert lead_symbols("what") == "what"
