"""The values every file format shares, checked as clubscorer stores them: pair labels and
section names, a fouled-board group, the director's reason, a positive number, a published
figure (matchpoints, a percentage, IMPs); and a line kept by its score when its contract
cannot be read or contradicts it (`played_or_kept`).

Each check returns the value or raises ValueError with the reason in words, which the reader
puts after the line it read the value from. Example: `check_label("12/3", "pair")` ->
ValueError("pair '12/3' may only have letters, digits, '.', '_' and '-' (e.g. 12 or A3)").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress
from decimal import Decimal, InvalidOperation

from ..scoring.cards import parse_card
from ..scoring.contract import ContractError
from ..scoring.notation import Outcome, outcome_from_fields
from ..scoring.rulings import Ruling, played

LABEL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
LABEL_LIMITS = {"pair": 10, "section": 8}
DEFAULT_SECTION = "A"


def check_label(text: str, what: str) -> str:
    """A pair label or section name as clubscorer stores it: letters, digits, `.`, `_`, `-`
    (it goes into addresses: /sessions/7/pairs/A/12/), 10 characters for a pair, 8 for a
    section. Raises ValueError with the reason."""
    limit = LABEL_LIMITS[what]
    if len(text) > limit:
        raise ValueError(f"{what} {text!r} is longer than {limit} characters")
    if not LABEL.match(text):
        raise ValueError(
            f"{what} {text!r} may only have letters, digits, '.', '_' and '-' (e.g. 12 or A3)"
        )
    return text


_SECTION_PREFIX = re.compile(r"^\((?P<section>[^()]*)\)\s*")
_NUMBER_DIRECTION = re.compile(r"^(?P<number>\d+)\s+(?P<direction>\S+)$")


def file_pair_label(text: str, section: str) -> str:
    """A pair label as another program writes it, as clubscorer stores it (`check_label`): a
    leading `(A)` naming the pair's own section is left out, and a number followed by its
    direction is written as one word, as clubscorer labels the NS and EW pairs of a Mitchell
    numbered apart (the NZ Bridge Scorer reader's `5NS`). scorer-to-usebio, which writes NZ
    Bridge Scorer's results as USEBIO, labels section A's pair 1 NS `(A) 1 NS`. Raises
    ValueError with the reason. Examples: ("(A) 1 NS", "A") -> "1NS"; ("(C) 4", "C") -> "4";
    ("12", "A") -> "12"; ("(B) 1 NS", "A") raises: the label names another section."""
    label = text.strip()
    prefix = _SECTION_PREFIX.match(label)
    if prefix:
        if prefix["section"].strip() != section:
            raise ValueError(f"pair {text!r} names section {prefix['section']!r}, not {section}")
        label = label[prefix.end() :]
    written = _NUMBER_DIRECTION.match(label)
    if written:
        with suppress(ValueError):  # no direction: the label is refused as it is written
            direction, _ = direction_label(written["direction"])
            label = written["number"] + direction if direction else label
    return check_label(label, "pair")


def foul_group(text: str) -> int:
    """A fouled-board group (Law 87) as a file writes it: empty or 0 for none, else 1-9."""
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit() or int(text) > 9:
        raise ValueError(f"foul group {text!r} is not a number from 0 to 9")
    return int(text)


def check_reason(text: str) -> str:
    """The director's reason for a ruling: at most 200 characters."""
    text = text.strip()
    if len(text) > 200:
        raise ValueError(f"the reason {text[:20]!r}... is longer than 200 characters")
    return text


def positive(text: str, what: str) -> int:
    """A board, round or table number: 1 up. Example: `positive("0", "round")` ->
    ValueError("round '0' is not a number from 1 up")."""
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{what} {text!r} is not a number from 1 up")
    return int(text)


def published_number(text: str, what: str) -> Decimal | None:
    """A figure a file published (`12.5`, `62.50%`), exactly as written; None when the file
    left it out (empty, `-` or `?`). Raises ValueError for anything else, NaN and Infinity
    too (Decimal reads them).

    Example: published_number("62.50%", "PERCENTAGE") -> Decimal("62.50")."""
    cleaned = text.strip().rstrip("%")
    if not cleaned or cleaned in ("-", "?"):
        return None
    try:
        number = Decimal(cleaned)
    except InvalidOperation:
        number = None
    if number is None or not number.is_finite():
        raise ValueError(f"{what} {text!r} is not a number")
    return number


# A direction as the programs of each country write it, its letters run together: English
# NS/EW, Swedish N-S/Ö-V (Nord-Syd, Öst-Väst), Norwegian and Danish Ø-V, French, Spanish and
# Italian E-O (Est-Ouest), German and Dutch O-W (Ost-West, Oost-West) and N-Z (Noord-Zuid),
# and the same letters the other way round (W-E, V-Ø).
DIRECTION_LABELS = {
    **dict.fromkeys(("NS", "SN", "NZ", "ZN"), "NS"),
    **dict.fromkeys(("EW", "WE", "ÖV", "VÖ", "ØV", "VØ", "EO", "OE", "OW", "WO"), "EW"),
}
_JOINERS = str.maketrans("", "", "-–/ .")


def direction_label(text: str) -> tuple[str, bool]:
    """A file's direction label as clubscorer's "NS" or "EW" ("" for none: empty or `-`),
    and whether it was written with a joiner (`N-S`, `Ö-V`), which Ruter and Magic Contest
    use for the seat a pair started in. ValueError for a label that is no direction.
    Examples: "Ö-V" -> ("EW", True); "ns" -> ("NS", False); "-" -> ("", False); "NE" raises."""
    written = text.strip().upper()
    if written in ("", "-"):
        return "", False
    letters = written.translate(_JOINERS)
    if letters not in DIRECTION_LABELS:
        raise ValueError(f"direction {text.strip()!r} is neither North-South nor East-West")
    return DIRECTION_LABELS[letters], letters != written


def played_or_kept(
    read: Callable[[], Outcome], *, contract: str, score: Callable[[], str], vul: str
) -> tuple[Ruling, str]:
    """The line `read` gives, and why it was kept by its score (else ""): when its contract
    cannot be read or contradicts its NS score, by that score (`score`, read only then): it says
    what the table got, so the line is not lost, and the reason goes to the director
    (ResultsFile's `warnings`). The error stands when there is no `contract`, no score, or a
    score bridge cannot have on a board of `vul`.

    Examples: `42` beside NS 480 -> (NS +480, "kept by its score, NS +480: '42' is not a
    contract ..."); 6NT by W five down (+250 to NS, not vulnerable) beside NS -250 -> (NS -250,
    "kept by its score, NS -250: score -250 does not match 6NT by W ...")."""
    try:
        return played(read()), ""
    except ContractError as error:
        if not contract.strip():
            raise
        try:
            kept = outcome_from_fields(contract="", score=score(), vul=vul)
        except ContractError:
            raise error from None
        assert kept.score_ns is not None  # a score-only line
        return played(kept), f"kept by its score, NS {kept.score_ns:+d}: {error}"


def file_lead(text: str) -> tuple[str, str]:
    """A line's opening lead as a file writes it, and why it was left out (else ""): the card
    as the grid stores it (upper case: `hk` -> `HK`, `10h` -> `10H`); or, when it is no card,
    no lead, so that the line is kept without it and the import names it (never cut to three
    characters and stored as something else).
    Examples: "SQ" -> ("SQ", ""); "KING" -> ("", "the lead 'KING' is not a card: left out")."""
    written = text.strip()
    if not written:
        return "", ""
    if parse_card(written) is None:
        return "", f"the lead {written[:10]!r} is not a card: left out"
    return written.upper(), ""
