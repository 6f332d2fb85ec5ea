"""The result notation in a club's language (scoring/notation_words.py): one grammar, each
language's letters, the English ones where they mean nothing else; and a stored line written
back in the letters it was typed in. Scores by Law 77, worked out in each row."""

from __future__ import annotations

import pytest

from sessions_app.scoring.contract import ContractError
from sessions_app.scoring.notation import parse_entry
from sessions_app.scoring.notation_words import DUTCH, ENGLISH, FRENCH, GERMAN, notation_for
from sessions_app.scoring.rulings import parse_ruling


@pytest.mark.parametrize(
    ("notation", "typed", "vul", "english"),
    [
        # French: P pique, C cœur, K carreau, T trèfle, SA sans atout; O is West.
        (FRENCH, "4PN10", "None", "4S N 10"),  # 120 + 300 = +420
        (FRENCH, "3SA-1 S", "None", "3NT S 8"),  # one down, not vulnerable: -50
        (FRENCH, "4c= o", "None", "4H W 10"),  # cœur: 4H by W making, -420
        (FRENCH, "4cx-2 o", "None", "4HX W 8"),  # two down doubled, NV: +300 to NS
        (FRENCH, "5kn11", "All", "5D N 11"),  # carreau, vulnerable game: 100 + 500 = +600
        (FRENCH, "3tE9", "NS", "3C E 9"),  # trèfle: 60 + 50 = -110
        (FRENCH, "3SAN9", "None", "3NT N 9"),  # SA before S: no trumps by N, +400
        (FRENCH, "4♥ O 10", "None", "4H W 10"),  # a symbol is a symbol
        (FRENCH, "4S N 10", "None", "4S N 10"),  # English S: not a French strain letter
        (FRENCH, "4P W 10", "None", "4S W 10"),  # English W: not a French seat
        (FRENCH, "4P par N, 10 levées", "None", "4S N 10"),  # as French words write it
        (FRENCH, "passe", "None", "PASS"),
        # Dutch: S schoppen, H harten, R ruiten, K klaveren, SA; O oost, Z zuid.
        (DUTCH, "4SZ=", "None", "4S S 10"),  # +420
        (DUTCH, "3KO9", "None", "3C E 9"),  # klaveren by oost: -110
        (DUTCH, "2rxx+1 w", "None", "2DXX W 9"),  # 160 + 300 + 100 + 200 = -760
        (DUTCH, "3SA Z 8", "EW", "3NT S 8"),  # NS not vulnerable: -50
        (DUTCH, "4hn10", "None", "4H N 10"),
        (DUTCH, "1cn7", "None", "1C N 7"),  # English C: Dutch clubs are K, C is free
        (DUTCH, "4S door Z, 10 slagen", "None", "4S S 10"),
        (DUTCH, "pas", "None", "PASS"),
        # German: P Pik, C Coeur (H Herz too), K Karo, T Treff, SA; O Ost.
        (GERMAN, "4po10", "None", "4S E 10"),  # -420
        (GERMAN, "4h s 10", "None", "4H S 10"),
        (GERMAN, "3sa s 9", "None", "3NT S 9"),
        (GERMAN, "5t x w 8", "None", "5CX W 8"),  # Treff doubled three down: +500
    ],
)
def test_each_language_reads_as_the_english_it_means(notation, typed, vul, english):
    assert parse_entry(typed, vul, notation) == parse_entry(english, vul)


def test_the_same_letter_means_the_club_s_language_s_suit():
    """French `C` is cœur: 4C by N making 10 is 4H (+420), never 4C made with an overtrick
    (+130); Dutch `R` is ruiten, never redoubled."""
    assert parse_entry("4C N 10", "None", FRENCH).score_ns == 420
    assert parse_entry("4C N 10", "None", ENGLISH).score_ns == 130
    assert parse_entry("2R N 8", "None", DUTCH).score_ns == 90  # 2D made: 40 + 50
    with pytest.raises(ContractError, match=r"after 4H type the declarer \(N, O, Z, W\)"):
        parse_entry("4HR N 10", "None", DUTCH)


@pytest.mark.parametrize(
    ("notation", "typed", "message"),
    [
        (FRENCH, "4P", "4P needs a declarer and the tricks, e.g. 4P N 10"),
        (FRENCH, "4PN", "4P by N needs the tricks: 10, = or -1"),
        (
            FRENCH,
            "4P Z 10",
            "after 4P type the declarer (N, E, S, O) and the tricks (10, =, +1, -2), not 'Z10'",
        ),
        (FRENCH, "xyz", "'xyz' is not a result: type e.g. 4P N 10, 3SA-1 S, 420, PASSE or A+/A-"),
        (DUTCH, "xyz", "'xyz' is not a result: type e.g. 4S N 10, 3SA-1 Z, 420, PAS or A+/A-"),
    ],
)
def test_a_refusal_speaks_the_club_s_letters(notation, typed, message):
    with pytest.raises(ContractError) as refused:
        parse_entry(typed, "None", notation)
    assert str(refused.value) == message


def test_rulings_in_french_and_written_back_in_french():
    """An assigned score (`attribué`), a split (`partagé`, or just the slash) and a weighted
    score, typed in French: the same rulings as in English, written back in French."""
    assigned = parse_ruling("attribué 3sa s 9", "NS", FRENCH)  # 100 + 500 = +600
    assert assigned == parse_ruling("assigned 3NT S 9", "NS")
    assert assigned.text_in(FRENCH) == "attribué 3SA S 9"
    assert assigned.text == "assigned 3NT S 9"  # files keep the English notation
    split = parse_ruling("partagé 4pn10 / 4pn9", "None", FRENCH)
    assert split.awards == ((((1, 420),), ((1, -50),)))  # NS 4S made, EW 4S one down
    assert split.text_in(FRENCH) == "4P N 10 / 4P N 9"
    weighted = parse_ruling("30% 4cn10; 70% 3sas8", "None", FRENCH)
    assert weighted == parse_ruling("30% 4hn10; 70% 3nts8", "None")
    assert weighted.text_in(FRENCH) == "30% 4C N 10; 70% 3SA S 8"
    assert parse_ruling("passe", "None", FRENCH).text_in(FRENCH) == "PASSE"


def test_a_line_written_back_reads_back_the_same_in_every_language():
    typed = ["4SX N 9", "3NT S 8", "2DXX W 9", "1C E 7", "4H N 10", "PASS", "420"]
    for notation in (ENGLISH, FRENCH, DUTCH, GERMAN):
        for english in typed:
            ruling = parse_ruling(english, "EW")
            assert parse_ruling(ruling.text_in(notation), "EW", notation) == ruling


def test_a_language_without_its_own_letters_types_the_english_ones():
    assert notation_for("fr") is FRENCH
    assert notation_for("nl") is DUTCH
    assert notation_for("pl") is ENGLISH
    assert notation_for("sv") is ENGLISH
