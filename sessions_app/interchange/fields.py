"""The values every file format shares, checked as clubscorer stores them: pair labels and
section names, a fouled-board group, the director's reason, a positive number, a published
figure (matchpoints, a percentage, IMPs); and a line kept by its score when its contract
cannot be read or contradicts it (`played_or_kept`).

Each check returns the value or raises MessageError (a ValueError) with the reason as a
Message, which the reader puts after the line it read the value from. Example:
`check_label("12/3", "pair")` -> MessageError("pair '12/3' may only have letters, digits,
'.', '_' and '-' (e.g. 12 or A3)").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from contextlib import suppress
from decimal import Decimal, InvalidOperation

from ..scoring.cards import parse_card
from ..scoring.contract import ContractError
from ..scoring.message import Message, MessageError, gettext_noop
from ..scoring.notation import Outcome, outcome_from_fields
from ..scoring.rulings import Ruling, played

LABEL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
LABEL_LIMITS = {"pair": 10, "section": 8}
DEFAULT_SECTION = "A"
_LONGER = {
    "pair": gettext_noop("pair %(label)r is longer than %(limit)s characters"),
    "section": gettext_noop("section %(label)r is longer than %(limit)s characters"),
}
_LETTERS = {
    "pair": gettext_noop(
        "pair %(label)r may only have letters, digits, '.', '_' and '-' (e.g. 12 or A3)"
    ),
    "section": gettext_noop(
        "section %(label)r may only have letters, digits, '.', '_' and '-' (e.g. 12 or A3)"
    ),
}
# A number from 1 up, said of what it numbers; a file's own name for it (`bd`, `Round`) is
# said as the file writes it.
_NOT_FROM_ONE = {
    "board": gettext_noop("board %(value)r is not a number from 1 up"),
    "round": gettext_noop("round %(value)r is not a number from 1 up"),
    "table": gettext_noop("table %(value)r is not a number from 1 up"),
}
_NAMED_NOT_FROM_ONE = gettext_noop("%(name)s %(value)r is not a number from 1 up")
# A figure that is no number, said of what it is; a file's own name for it (`MP_NS`,
# `TOTAL_SCORE`) as the file writes it.
_NOT_A_NUMBER = {
    "NS score": gettext_noop("NS score %(value)r is not a number"),
    "EW score": gettext_noop("EW score %(value)r is not a number"),
}
_NAMED_NOT_A_NUMBER = gettext_noop("%(name)s %(value)r is not a number")


BOTH_PAIRS_NEEDED = Message(gettext_noop("the NS and EW pairs are both needed"))


def against_itself(pair: str) -> Message:
    """A line whose NS and EW pair are one: "pair 3 cannot play against itself"."""
    return Message(gettext_noop("pair %(pair)s cannot play against itself"), {"pair": pair})


def played_twice(pair: str, board: int, first: int) -> Message:
    """A pair on a board a second time: "pair 3 already played board 5 (line 12)", the line
    of the first."""
    return Message(
        gettext_noop("pair %(pair)s already played board %(board)s (line %(line)s)"),
        {"pair": pair, "board": board, "line": first},
    )


def too_many_values(count: int, columns: int) -> Message:
    """A CSV row longer than its header: "7 values for 6 columns"."""
    return Message(
        gettext_noop("%(count)s values for %(columns)s columns"),
        {"count": count, "columns": columns},
    )


def named_value(
    what: str, value: str, own: Mapping[str, str], named: str, **values: object
) -> Message:
    """A Message about a `value` a file gives as `what`: `own[what]`, the whole sentence,
    when `what` is a word of clubscorer's (board, round ...); else `named`, which says `what`
    as the file writes it (a column, an attribute). Example: ("bd", "0", _NOT_FROM_ONE,
    _NAMED_NOT_FROM_ONE) says "bd '0' is not a number from 1 up"."""
    text = own.get(what)
    if text is not None:
        return Message(text, {"value": value, **values})
    return Message(named, {"name": what, "value": value, **values})


def not_from_one(what: str, value: str) -> MessageError:
    """The error of a board, round or table number that is not 1 up: `what '0' is not a
    number from 1 up`."""
    return MessageError(named_value(what, value, _NOT_FROM_ONE, _NAMED_NOT_FROM_ONE))


def check_label(text: str, what: str) -> str:
    """A pair label or section name as clubscorer stores it: letters, digits, `.`, `_`, `-`
    (it goes into addresses: /sessions/7/pairs/A/12/), 10 characters for a pair, 8 for a
    section. Raises ValueError with the reason."""
    limit = LABEL_LIMITS[what]
    if len(text) > limit:
        raise MessageError(Message(_LONGER[what], {"label": text, "limit": limit}))
    if not LABEL.match(text):
        raise MessageError(Message(_LETTERS[what], {"label": text}))
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
            raise MessageError(
                Message(
                    gettext_noop("pair %(pair)r names section %(named)r, not %(section)s"),
                    {"pair": text, "named": prefix["section"], "section": section},
                )
            )
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
        raise MessageError(
            Message(
                gettext_noop("foul group %(value)r is not a number from 0 to 9"), {"value": text}
            )
        )
    return int(text)


def check_reason(text: str) -> str:
    """The director's reason for a ruling: at most 200 characters."""
    text = text.strip()
    if len(text) > 200:
        raise MessageError(
            Message(
                gettext_noop("the reason %(start)r... is longer than 200 characters"),
                {"start": text[:20]},
            )
        )
    return text


def positive(text: str, what: str) -> int:
    """A board, round or table number: 1 up. Example: `positive("0", "round")` ->
    MessageError("round '0' is not a number from 1 up")."""
    if not text.isdigit() or int(text) < 1:
        raise not_from_one(what, text)
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
        raise MessageError(named_value(what, text, _NOT_A_NUMBER, _NAMED_NOT_A_NUMBER))
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
        raise MessageError(
            Message(
                gettext_noop("direction %(value)r is neither North-South nor East-West"),
                {"value": text.strip()},
            )
        )
    return DIRECTION_LABELS[letters], letters != written


def played_or_kept(
    read: Callable[[], Outcome], *, contract: str, score: Callable[[], str], vul: str
) -> tuple[Ruling, Message | None]:
    """The line `read` gives, and why it was kept by its score (else None): when its contract
    cannot be read or contradicts its NS score, by that score (`score`, read only then): it says
    what the table got, so the line is not lost, and the reason goes to the director
    (ResultsFile's `warnings`). The error stands when there is no `contract`, no score, or a
    score bridge cannot have on a board of `vul`.

    Examples: `42` beside NS 480 -> (NS +480, "kept by its score, NS +480: '42' is not a
    contract ..."); 6NT by W five down (+250 to NS, not vulnerable) beside NS -250 -> (NS -250,
    "kept by its score, NS -250: score -250 does not match 6NT by W ...")."""
    try:
        return played(read()), None
    except ContractError as error:
        if not contract.strip():
            raise
        try:
            kept = outcome_from_fields(contract="", score=score(), vul=vul)
        except ContractError:
            raise error from None
        assert kept.score_ns is not None  # a score-only line
        return played(kept), Message(
            gettext_noop("kept by its score, NS %(score)s: %(problem)s"),
            {"score": f"{kept.score_ns:+d}", "problem": error.message},
        )


def file_lead(text: str) -> tuple[str, Message | None]:
    """A line's opening lead as a file writes it, and why it was left out (else None): the card
    as the grid stores it (upper case: `hk` -> `HK`, `10h` -> `10H`); or, when it is no card,
    no lead, so that the line is kept without it and the import names it (never cut to three
    characters and stored as something else).
    Examples: "SQ" -> ("SQ", None); "KING" -> ("", "the lead 'KING' is not a card: left
    out")."""
    written = text.strip()
    if not written:
        return "", None
    if parse_card(written) is None:
        return "", Message(
            gettext_noop("the lead %(lead)r is not a card: left out"), {"lead": written[:10]}
        )
    return written.upper(), None
