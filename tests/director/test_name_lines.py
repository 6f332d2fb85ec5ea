"""A pair's names as a line of the names page (sessions_app/players/name_lines.py): pure,
no database."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sessions_app.players.name_lines import (
    LineRefused,
    in_order,
    label_runs,
    read_line,
    write_line,
)


@pytest.mark.parametrize(
    "text, label, names",
    [
        ("3, Ann Lee, Bob Ray", "3", ("Ann Lee", "Bob Ray")),
        ("3\tAnn Lee\tBob Ray", "3", ("Ann Lee", "Bob Ray")),
        ("3 Ann Lee & Bob Ray", "3", ("Ann Lee", "Bob Ray")),
        ("3. Ann Lee and Bob Ray", "3", ("Ann Lee", "Bob Ray")),
        ("A3 Ann / Bob", "A3", ("Ann", "Bob")),
        ("3", "3", ()),
        # two columns of a spreadsheet: no pair number
        ("Ann Lee\tBob Ray", None, ("Ann Lee", "Bob Ray")),
        ("Ann Lee, Bob Ray", None, ("Ann Lee", "Bob Ray")),
        ('"Lee, Anne"\t"Ray, Bob"', None, ("Lee, Anne", "Ray, Bob")),
        # the names keep their places: an empty first name stays empty
        ("3, , Di Fox", "3", ("", "Di Fox")),
        ("3\t\tDi Fox", "3", ("", "Di Fox")),
        ('1, "Lee, Anne", "Ray, Bob"', "1", ("Lee, Anne", "Ray, Bob")),
        ('1, "Lee, Anne" & Bob Ray', "1", ("Lee, Anne", "Bob Ray")),
        ('2, "Lee, Cy"', "2", ("Lee, Cy",)),
        ('4, "Ed ""Teddy"" Gray" , Flo', "4", ('Ed "Teddy" Gray', "Flo")),
        ('4, Ed "Teddy" Gray', "4", ('Ed "Teddy" Gray',)),  # a quote inside: as typed
        ("3, Ann, Bob, Cy", "3", ("Ann", "Bob", "Cy")),  # three: parse_names refuses
    ],
)
def test_it_reads_the_pair_number_and_the_names(text, label, names):
    assert read_line(text) == (label, names)


@pytest.mark.parametrize(
    "text, message",
    [
        ('1, "Lee, Anne, Ray', "the quote before Lee, Anne, Ray is not closed"),
        (
            '1, "Dot" Fox, Bob',
            "Fox, Bob comes after the quoted name Dot: put the whole name between the quotes,"
            " or a comma between two names",
        ),
    ],
)
def test_it_refuses_a_quote_it_cannot_read_in_words(text, message):
    with pytest.raises(LineRefused) as refused:
        read_line(text)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    "names, line",
    [
        (("Ann Lee", "Bob Ray"), "1, Ann Lee, Bob Ray"),
        (("Lee, Anne", "Ray, Bob"), '1, "Lee, Anne", "Ray, Bob"'),
        (("Lee, Anne", ""), '1, "Lee, Anne"'),
        (("", "Di Fox"), "1, , Di Fox"),
        (("", ""), "1"),
        (('Ed "Teddy" Gray', '"Flo"'), '1, Ed "Teddy" Gray, """Flo"""'),
        (("Flo & Gus", "Ann and Bob"), '1, "Flo & Gus", "Ann and Bob"'),
        (("A/B", "x;y"), '1, "A/B", "x;y"'),
        ((" Ann ", "Tab\there"), '1, " Ann ", "Tab\there"'),
    ],
)
def test_every_stored_name_is_written_so_it_reads_back_exactly(names, line):
    assert write_line("1", names) == line
    kept = tuple(names)
    while kept and not kept[-1]:
        kept = kept[:-1]
    assert read_line(line) == ("1", kept)


def test_lines_without_numbers_name_the_pairs_in_order():
    # A movement's pairs are all there are; a free-form section's grow after the largest.
    assert in_order(["1", "2", "3"], 2, grows=False) == ["1", "2"]
    assert in_order(["1", "2"], 3, grows=False) == ["1", "2"]
    assert in_order(["1", "2", "10"], 5, grows=True) == ["1", "2", "10", "11", "12"]
    assert in_order([], 2, grows=True) == ["1", "2"]


def test_pair_numbers_are_said_in_runs():
    assert label_runs([str(n) for n in range(1, 15)]) == "1 to 14"
    assert label_runs(["8", "9", "10", "A1"]) == "8 to 10, A1"
    assert label_runs(["1", "3"]) == "1, 3"
    assert label_runs(["1", "2", "3", "5", "7", "8", "9"]) == "1 to 3, 5, 7 to 9"


# Any name without a line break (the page's text is one pair a line), up to the 100
# characters a name holds, with the separators and quotes drawn often.
NAME = st.text(
    st.one_of(
        st.sampled_from(list(' ,;&/"\tand')),
        st.characters(
            blacklist_categories=("Cs",),
            blacklist_characters="\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029",
        ),
    ),
    max_size=100,
)


@settings(max_examples=300, deadline=None)
@given(NAME, NAME)
def test_any_two_names_read_back_exactly(player1, player2):
    names = (player1, player2) if player2 else ((player1,) if player1 else ())
    assert read_line(write_line("12", (player1, player2))) == ("12", names)
