"""Matching a typed name to the register (sessions_app/players/name_matching.py): pure,
no database."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sessions_app.players.name_matching import Entry, candidates, name_key, split_number, sure_match

REGISTER = [
    Entry(1, "Ann Lee", "12345"),
    Entry(2, "Bob Ray"),
    Entry(3, "John Smith"),
    Entry(4, "John Smith"),
    Entry(5, "Zoë O'Brien-Møller", "ACBL J123456"),
    Entry(6, "Ann Beth Gray"),
]


@pytest.mark.parametrize(
    "typed, key",
    [
        ("  O'Brien-Lée, A. ", "obrien lee a"),
        ("ANN  LEE", "ann lee"),
        ("Zoë O’Brien-Møller", "zoe obrien moller"),
        ("Straße", "strasse"),
        ("", ""),
    ],
)
def test_it_compares_names_with_case_accents_and_marks_aside(typed, key):
    assert name_key(typed) == key


@pytest.mark.parametrize(
    "typed, found",
    [
        ("Ann Lee", [(1, "exact", 1.0)]),
        ("ann lée", [(1, "exact", 1.0)]),
        ("Bob Ray 777", [(2, "exact", 1.0)]),  # 777 is nobody's number: the name decides
        ("12345", [(1, "number", 1.0)]),
        ("A. N. Other (12345)", [(1, "number", 1.0)]),  # the number wins over the name
        ("acbl j123456", [(5, "number", 1.0)]),  # numbers: letters and digits, case aside
        ("Zoe J-123456", [(5, "number", 1.0)]),  # the prefix ACBL aside
        ("123456", []),  # not j123456
        ("A Lee", [(1, "initials", 0.9)]),
        ("A. B. Gray", [(6, "initials", 0.9)]),
        ("A Gray", [(6, "initials", 0.9)]),  # a middle name missing
        ("Lee Ann", [(1, "spelling", 0.9)]),  # the same words in another order
        # "annelee" and "annlee" share 6 letters: 2 * 6 / 13 = 0.92
        ("Anne Lee", [(1, "spelling", 0.92)]),
        # "bobrae" and "bobray" share 5: 2 * 5 / 12 = 0.83
        ("Bob Rae", [(2, "spelling", 0.83)]),
        # "robertray" and "bobray" share only "b", "ray" ... : 2 * 5 / 15 = 0.67, too far
        ("Robert Ray", []),
        ("John Smith", [(3, "exact", 1.0), (4, "exact", 1.0)]),
        ("Cy Dunn", []),
        ("", []),
    ],
)
def test_it_finds_the_entries_a_name_may_be(typed, found):
    assert [(c.pk, c.how, c.score) for c in candidates(typed, REGISTER)] == found


@pytest.mark.parametrize(
    "typed, sure",
    [("Ann Lee", 1), ("12345", 1), ("A Lee", None), ("John Smith", None), ("Cy Dunn", None)],
)
def test_it_links_without_asking_only_a_number_or_the_one_exact_name(typed, sure):
    assert sure_match(candidates(typed, REGISTER)) == sure


def test_it_splits_a_member_number_from_the_name():
    assert split_number("Ann Lee (12345)") == ("Ann Lee", "12345")
    assert split_number("Ann Lee") == ("Ann Lee", "")


def test_the_ratios_quoted_are_difflibs():
    from difflib import SequenceMatcher

    assert SequenceMatcher(None, "annelee", "annlee").ratio() == float(Fraction(12, 13))
    assert SequenceMatcher(None, "bobrae", "bobray").ratio() == float(Fraction(10, 12))
    assert SequenceMatcher(None, "robertray", "bobray").ratio() < 0.8
