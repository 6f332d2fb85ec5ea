"""The words of the result notation in a club's language: the strain letters, the seats, the
doubles, "passed out", "by" and "tricks", and the ruling words. One grammar
(scoring/notation.py, scoring/rulings.py) reads every language from these tables, and writes a
stored line back in them, so a director corrects a line in the letters it was typed in.

Each language's own words come first; the English (international) letters are read too where
they cannot mean something else in that language. French and German write hearts `C` (cœur,
Coeur), so there `C` is hearts, never clubs; Dutch writes diamonds `R` (ruiten), so there `R`
is diamonds, never redoubled. Suit symbols (♠ ♥ ♦ ♣), `X`/`XX`, the numbers and the
adjustment tokens (`A+`, `55%`, `NP`, `PH`) are the same everywhere.

| | ♠ | ♥ | ♦ | ♣ | no trumps | N E S W | passed out |
|---|---|---|---|---|---|---|---|
| English | S | H | D | C | NT, N | N E S W | pass, P, AP |
| French (FFB) | P pique | C cœur | K carreau | T trèfle | SA | N E S O | passe |
| Dutch (NBB) | S schoppen | H harten | R ruiten | K klaveren | SA | N O Z W | pas |
| German (DBV) | P Pik | C Coeur, H Herz | K Karo | T Treff | SA | N O S W | passe |

Example: in French `4PN10` is 4S by N, 10 tricks and `3SA-1 S` 3NT by S, 8 tricks; in Dutch
`4SZ=` is 4S by S, 10 tricks and `3KO9` 3C by E, 9 tricks; in French `4C N 10` is 4H (+420 on
a board nobody is vulnerable on), not 4C (+130).

A club's language without a table here (Italian, Spanish, Danish, Norwegian, Polish, Swedish,
Turkish) types the international letters, as its federation's own programs accept them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, cached_property

from .board import SEATS
from .contract import PASS_WORDS, STRAINS, Contract

_ENGLISH_STRAINS = (("NT", "NT"), ("N", "NT"), ("S", "S"), ("H", "H"), ("D", "D"), ("C", "C"))
_ENGLISH_DOUBLES = (("XX", 2), ("**", 2), ("X", 1), ("*", 1), ("R", 2))


@dataclass(frozen=True)
class Notation:
    """One language's words. Each table maps what is typed (capitals, accents left out) to
    the English letter the rest of clubscorer stores: `strains` to C/D/H/S/NT, `seats` to
    N/E/S/W, `doubles` to 1 or 2. The first word for a strain or seat is the one written back.

    Example: FRENCH.strain("K") -> "D"; FRENCH.contract_text(Contract(3, "NT", 1)) -> "3SAX";
    FRENCH.seat_text("W") -> "O".
    """

    language: str  # Django's language code: "fr"
    name: str  # in English, for the help: "French"
    strains: tuple[tuple[str, str], ...]
    seats: tuple[tuple[str, str], ...]
    doubles: tuple[tuple[str, int], ...]
    pass_words: frozenset[str]  # as `plain` writes them: "PASSE"
    pass_word: str  # the one written back: "PASSE"
    by_words: tuple[str, ...]  # "4P par N": "PAR"
    tricks_words: tuple[str, ...]  # "10 levées": "LEVEES", "LEVEE"
    assigned_words: tuple[str, ...]  # as written: "attribué 4P N 10"; the first is written back
    split_words: tuple[str, ...]  # as written: "partagé 4P N 10 / 4P N 9"

    def strain(self, letters: str) -> str:
        return self._typed_strains[letters]

    def seat(self, letter: str) -> str:
        return self._typed_seats[letter]

    @cached_property
    def _typed_strains(self) -> dict[str, str]:
        return dict(self.strains)

    @cached_property
    def _typed_seats(self) -> dict[str, str]:
        return dict(self.seats)

    @property
    def seat_keys(self) -> frozenset[str]:
        """Every letter read as a seat: French N, E, S, O and English W."""
        return frozenset(self._typed_seats)

    def contract_text(self, contract: Contract) -> str:
        """`contract` in this language's letters: 4HX -> "4CX" in French."""
        if contract.passed_out:
            return self.pass_word
        return f"{contract.level}{self.strain_letters[contract.strain]}{'X' * contract.doubled}"

    def seat_text(self, seat: str) -> str:
        return next(typed for typed, stored in self.seats if stored == seat)

    def ruling_word(self, words: tuple[str, ...]) -> re.Pattern[str]:
        """The prefix that says a ruling kind, as a director types it: any of `words`, any
        case, with or without its accents, then spaces or a colon (`attribué: 4P N 10`)."""
        return _prefix(words)

    @property
    def example(self) -> str:
        """4S by N, 10 tricks as this language types it: "4S N 10", "4P N 10"."""
        return f"{self.contract_text(Contract(4, 'S'))} {self.seat_text('N')} 10"

    @property
    def examples(self) -> dict[str, str]:
        """Results as a director types them fast, for the grid's help: in English
        {"game": "4sn10", "down": "3nt-1 s", "made": "4s= n", "pass": "pass", "split":
        "4sn10 / 4sn9", "weighted": "30% 4sn10; 70% 3nts8"}; in French "4pn10", "3sa-1 s" ..."""
        four, three = (
            self.contract_text(Contract(level, strain)).lower()
            for level, strain in ((4, "S"), (3, "NT"))
        )
        north, south = self.seat_text("N").lower(), self.seat_text("S").lower()
        return {
            "game": f"{four}{north}10",
            "down": f"{three}-1 {south}",
            "made": f"{four}= {north}",
            "pass": self.pass_word.lower(),
            "split": f"{four}{north}10 / {four}{north}9",
            "weighted": f"30% {four}{north}10; 70% {three}{south}8",
        }

    @cached_property
    def strain_letters(self) -> dict[str, str]:
        """The letters written for each strain, by its English letter: French {"S": "P",
        "H": "C", "D": "K", "C": "T", "NT": "SA"}."""
        first = {stored: typed for typed, stored in reversed(self.strains)}
        return {strain: first[strain] for strain in STRAINS}

    @property
    def seat_letters(self) -> str:
        """The seats as typed, N E S W order: "N, E, S, O" in French."""
        return ", ".join(self.seat_text(seat) for seat in SEATS)


@cache
def _prefix(words: tuple[str, ...]) -> re.Pattern[str]:
    spellings = {form for word in words for form in (word, plain(word).lower())}
    alternatives = "|".join(re.escape(word) for word in sorted(spellings, key=len, reverse=True))
    return re.compile(rf"^\s*(?:{alternatives})\b[\s:]*", re.I)


def plain(text: str) -> str:
    """`text` in capitals with its accents left out, as the tables hold words: "levées" ->
    "LEVEES", "Cœur" -> "COEUR" (œ is written oe)."""
    spelled = text.upper().replace("Œ", "OE")
    decomposed = unicodedata.normalize("NFKD", spelled)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _with_english(
    strains: tuple[tuple[str, str], ...], seats: tuple[tuple[str, str], ...]
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...], tuple[tuple[str, int], ...]]:
    """A language's strains and seats, then the English ones it leaves free; the doubles
    without `R` where R is a strain. Example (Dutch): K is clubs, so English C is read as
    clubs too; R is diamonds, so `R` is not redoubled."""
    own_strains = {typed for typed, _ in strains}
    own_seats = {typed for typed, _ in seats}
    return (
        strains + tuple(pair for pair in _ENGLISH_STRAINS if pair[0] not in own_strains),
        seats + tuple((seat, seat) for seat in SEATS if seat not in own_seats),
        tuple(pair for pair in _ENGLISH_DOUBLES if pair[0] not in own_strains),
    )


def _notation(
    language: str,
    name: str,
    strains: tuple[tuple[str, str], ...],
    seats: tuple[tuple[str, str], ...],
    pass_words: tuple[str, ...],
    by_words: tuple[str, ...],
    tricks_words: tuple[str, ...],
    assigned_words: tuple[str, ...],
    split_words: tuple[str, ...],
) -> Notation:
    all_strains, all_seats, doubles = _with_english(strains, seats)
    assert {stored for _, stored in all_strains} == set(STRAINS), language
    assert {stored for _, stored in all_seats} == set(SEATS), language
    return Notation(
        language=language,
        name=name,
        strains=all_strains,
        seats=all_seats,
        doubles=doubles,
        pass_words=frozenset(plain(word) for word in pass_words) | PASS_WORDS,
        pass_word=plain(pass_words[0]) if pass_words else "PASS",
        by_words=(*(plain(word) for word in by_words), "BY"),
        tricks_words=(*(plain(word) for word in tricks_words), "TRICKS", "TRICK"),
        assigned_words=(*assigned_words, "assigned", "adj"),
        split_words=(*split_words, "split"),
    )


ENGLISH = _notation("en", "English", (), (), (), (), (), (), ())
FRENCH = _notation(
    "fr",
    "French",
    strains=(("P", "S"), ("C", "H"), ("K", "D"), ("T", "C"), ("SA", "NT")),
    seats=(("N", "N"), ("E", "E"), ("S", "S"), ("O", "W")),
    pass_words=("passe",),
    by_words=("par",),
    tricks_words=("levées", "levée", "plis", "pli"),
    assigned_words=("attribué", "ajusté"),
    split_words=("partagé",),
)
DUTCH = _notation(
    "nl",
    "Dutch",
    strains=(("S", "S"), ("H", "H"), ("R", "D"), ("K", "C"), ("SA", "NT")),
    seats=(("N", "N"), ("O", "E"), ("Z", "S"), ("W", "W")),
    pass_words=("pas",),
    by_words=("door",),
    tricks_words=("slagen", "slag"),
    assigned_words=("toegewezen",),
    split_words=("gesplitst",),
)
GERMAN = _notation(
    "de",
    "German",
    strains=(("P", "S"), ("C", "H"), ("H", "H"), ("K", "D"), ("T", "C"), ("SA", "NT")),
    seats=(("N", "N"), ("O", "E"), ("S", "S"), ("W", "W")),
    pass_words=("passe",),
    by_words=("von",),
    tricks_words=("Stiche", "Stich"),
    assigned_words=("zugewiesen",),
    split_words=("geteilt",),
)
NOTATIONS = {notation.language: notation for notation in (ENGLISH, FRENCH, DUTCH, GERMAN)}


def notation_for(language: str) -> Notation:
    """The notation a club of `language` types ("fr-ca" -> French); the international
    letters (ENGLISH) for a language without its own table."""
    return NOTATIONS.get(language.split("-")[0].lower(), ENGLISH)
