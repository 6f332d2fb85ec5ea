"""Which entry of the club's register a name typed for a session is: plain Python, no database.

A name typed, pasted or imported for a session is compared with every entry of the register,
each comparison on the names' keys (`name_key`: case, accents, punctuation and spacing set
aside), and gives the candidates it may be, best first:

1. **number**: the text holds an entry's member number (`Ann Lee 12345`, or `12345` alone;
   compared by `number_key`); a member number is one person's, so this match is sure.
2. **exact**: the keys are equal (`ANN  LEE`, `Ann Lée` and `ann lee` are all `ann lee`);
   sure when it is the only one (two "John Smith" in the register are ambiguous).
3. **initials**: the same surname, and each first name an initial of the other
   (`A. Lee` for `Ann Lee`, `A B Lee` for `Ann Beth Lee`); a suggestion only.
4. **spelling**: the keys, without spaces, are at least `CLOSE` alike by difflib's ratio
   (`Anne Lee` for `Ann Lee`: 2·6/13 = 0.92), or the same words in another order
   (`Lee Ann`); a suggestion only.

Only a sure match is linked without asking (players/linking.py); every other name, with
its suggestions, is listed for the director to confirm, choose, or add as a new player. The
director's choice starts at the only suggestion when it is by initials (the same surname,
`preselected`); a suggestion by spelling is only proposed, the choice left to the director,
so another surname alike in spelling is never taken for the same person by a mere save.

Worked example, the register being 1 Ann Lee (12345), 2 Bob Ray, 3 John Smith, 4 John Smith:
`Ann Lee` -> exact 1 (sure); `Bob Ray 777` -> exact 2 (sure; 777 is nobody's number);
`12345` -> number 1 (sure); `A Lee` -> initials 1; `Bob Rae` -> spelling 2 ("bobrae" and
"bobray" share 5 letters: 2·5/12 = 0.83); `John Smith` -> exact 3 and exact 4 (ambiguous);
`Cy Dunn` -> nothing (new). Preselected: `A Lee` -> 1; `Bob Rae` -> none (spelling only).
"""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from typing import NamedTuple

CLOSE = 0.8  # the least difflib ratio of two keys suggested as one person
SURE = ("number", "exact")
_FOLDED = str.maketrans({"ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "đ": "d", "þ": "th"})
_APOSTROPHES = re.compile(r"['’`´]")
_SEPARATORS = re.compile(r"[\W_]+")


class Entry(NamedTuple):
    """One entry of the register, as the matcher needs it."""

    pk: int
    name: str
    member_number: str = ""


class Candidate(NamedTuple):
    pk: int
    name: str
    how: str  # "number", "exact", "initials" or "spelling"
    score: float  # 1 for a sure match; the likeness of a suggestion


# Control (Cc), format (Cf: zero-width and bidi marks) and lone surrogates (Cs, which no
# database stores): nothing a reader sees, so nothing a name holds.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs"})


def clean_name(text: str) -> str:
    """A name typed on a phone as it is stored: NFC (an accent typed apart joins its letter),
    every control or invisible character dropped, a tab or line break a space, spaces
    collapsed. What is left is what a reader sees. Example: " Ann\u200b  L\u0065\u0301e\x00\n"
    -> "Ann Lée"; "\u202eeeL nnA" -> "eeL nnA" (the bidi override that showed it reversed is
    gone)."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(
        " " if c.isspace() else c
        for c in text
        if c.isspace() or unicodedata.category(c) not in _INVISIBLE
    )
    return " ".join(kept.split())


def name_key(text: str) -> str:
    """A name as it is compared: accents dropped, case folded, apostrophes removed, every
    other mark a space. Example: "  O'Brien-Lée, A. " -> "obrien lee a"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_FOLDED)
    return " ".join(_SEPARATORS.sub(" ", _APOSTROPHES.sub("", plain)).split())


def number_key(text: str) -> str:
    """A member number as it is compared: its words holding a digit (a prefix such as "EBU"
    or "ACBL" set aside), letters and digits only, case folded ("EBU 12-345" -> "12345",
    "ACBL J123456" -> "j123456"); a number without a digit is compared whole."""
    words = [w for w in text.split() if any(c.isdigit() for c in w)] or [text]
    return "".join(c for w in words for c in w.casefold() if c.isalnum())


def split_number(text: str) -> tuple[str, str]:
    """The name and the member number in a typed text: a word holding a digit is a number.
    Example: "Ann Lee (12345)" -> ("Ann Lee", "12345"); "Ann Lee" -> ("Ann Lee", "")."""
    words = text.split()
    numbers = [w for w in words if any(c.isdigit() for c in w)]
    name = " ".join(w for w in words if w not in numbers)
    return name.strip(" ,;()[]"), number_key(" ".join(numbers)) if numbers else ""


def candidates(typed: str, register: list[Entry]) -> tuple[Candidate, ...]:
    """The entries `typed` may be, best first (see the module's rules). A sure number match
    is the only candidate."""
    name, number = split_number(typed)
    if number:
        by_number = [
            e for e in register if e.member_number and number_key(e.member_number) == number
        ]
        if by_number:
            entry = by_number[0]
            return (Candidate(entry.pk, entry.name, "number", 1.0),)
    key = name_key(name)
    if not key:
        return ()
    found = []
    for entry in register:
        how, score = _likeness(key, name_key(entry.name))
        if how:
            found.append(Candidate(entry.pk, entry.name, how, score))
    found.sort(key=lambda c: (-c.score, SURE.index(c.how) if c.how in SURE else 2, c.name, c.pk))
    return tuple(found)


def sure_match(found: tuple[Candidate, ...]) -> int | None:
    """The entry to link without asking: a number match, or the only exact one."""
    sure = [c for c in found if c.how in SURE]
    return sure[0].pk if len(sure) == 1 else None


def preselected(found: tuple[Candidate, ...]) -> int | None:
    """The entry the director's choice starts at for a name not linked: the only candidate,
    when it is by member number, exact name or initials (which need the same surname). A
    match by spelling only proposes: it may be another person whose surname is spelt alike.

    Example, the register holding Patricia Doyle and Ann Lee: `Patricia Lowe` is proposed as
    Patricia Doyle ("patricialowe" and "patriciadoyle" share 10 letters: 2·10/25 = 0.8) but
    not preselected -> None; `Anne Lee` (spelling 0.92, the same surname) -> None as well;
    `A. Lee` -> Ann Lee (initials)."""
    if len(found) == 1 and found[0].how != "spelling":
        return found[0].pk
    return None


def _likeness(typed: str, known: str) -> tuple[str, float]:
    if typed == known:
        return "exact", 1.0
    words, other = typed.split(), known.split()
    if _initials_agree(words, other):
        return "initials", 0.9
    if sorted(words) == sorted(other):
        return "spelling", 0.9
    a, b = typed.replace(" ", ""), known.replace(" ", "")
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < CLOSE or matcher.quick_ratio() < CLOSE:
        return "", 0.0
    ratio = matcher.ratio()
    return ("spelling", round(ratio, 2)) if ratio >= CLOSE else ("", 0.0)


def _initials_agree(words: list[str], other: list[str]) -> bool:
    """Same surname, and the first names agree word by word with at least one initial:
    ["a", "lee"] and ["ann", "lee"]; a missing middle name is allowed (["a", "lee"] and
    ["ann", "beth", "lee"])."""
    if len(words) < 2 or len(other) < 2 or words[-1] != other[-1]:
        return False
    pairs = list(zip(words[:-1], other[:-1], strict=False))
    initial = False
    for mine, theirs in pairs:
        if mine == theirs:
            continue
        if _is_initial(mine, theirs) or _is_initial(theirs, mine):
            initial = True
            continue
        return False
    return initial


def _is_initial(short: str, word: str) -> bool:
    return len(short) == 1 and word.startswith(short)
