"""What kind of USEBIO event a file holds, and its date: clubscorer imports pairs events only.

The event's scoring method comes from `EVENT_TYPE` and `BOARD_SCORING_METHOD`: `MP_PAIRS` or a
`PAIRS` event at `MATCH_POINTS` is matchpoints; `CROSS_IMPS` (Compscore3 and salliere write
`CROSS_IMP`) and `BUTLER_PAIRS`, or a `PAIRS` event scored `CROSS_IMPS`, `BUTLER_IMPS` or `IMPS`,
are IMP pairs (Butler when its lines carry Butler points). Anything else — `INDIVIDUAL`,
`TEAMS`, `SWISS_TEAMS`, `SWISS_PAIRS` ... — or a pairs event whose `PARTICIPANTS` are players or
teams rather than `PAIR`s is refused whole with one message that says so. Example: the EBU's
example individual file (`<EVENT EVENT_TYPE="INDIVIDUAL">` on line 12) is refused with
"line 12: an INDIVIDUAL event is not supported by clubscorer, which scores pairs events only".

The date is USEBIO's `dd/mm/yyyy`; other programs write `dd-mm-yyyy` or `dd.mm.yyyy` (salliere:
`07-10-2010`, day first as USEBIO's own) and ISO `yyyy-mm-dd` (salliere: `2010-04-11`). A date
that does not exist (`31/02/2010`) or that could be read two ways (a two-digit year, `07/10/10`)
is refused with its line rather than guessed.
"""

from __future__ import annotations

import datetime
import re
from typing import Literal

from ...scoring.event import Method
from ...scoring.message import Message, MessageError, gettext_noop
from ..refused import FileRefused, at_line
from .xml_tree import Node

# EVENT_TYPE -> scoring method ("" for a plain PAIRS event: BOARD_SCORING_METHOD says which).
EVENT_TYPES: dict[str, Method | Literal[""]] = {
    "MP_PAIRS": "mp",
    "PAIRS": "",
    "CROSS_IMPS": "cross_imps",
    "CROSS_IMP": "cross_imps",
    "BUTLER_PAIRS": "butler",
}
_BOARD_METHODS: dict[str, Method | Literal["", "imps"]] = {
    "": "",
    "MATCH_POINTS": "mp",
    "MATCHPOINTS": "mp",
    "MP": "mp",
    "CROSS_IMPS": "cross_imps",
    "CROSS_IMP": "cross_imps",
    "BUTLER_IMPS": "butler",
    "BUTLER": "butler",
    "IMPS": "imps",
    "IMP": "imps",
}
# An event of another kind, "an INDIVIDUAL event" or "a TEAMS event", by its first letter.
_NOT_PAIRS_EVENT = {
    "an": gettext_noop(
        "an %(kind)s event is not supported by clubscorer, which scores pairs events only"
    ),
    "a": gettext_noop(
        "a %(kind)s event is not supported by clubscorer, which scores pairs events only"
    ),
}
# An event's scoring method clubscorer does not import, "an X event (Y)" or "a X event (Y)".
_NOT_SCORED = {
    "an": gettext_noop(
        "an %(kind)s event (%(scoring)s): clubscorer imports pairs at matchpoints, cross-IMPs or"
        " Butler IMPs"
    ),
    "a": gettext_noop(
        "a %(kind)s event (%(scoring)s): clubscorer imports pairs at matchpoints, cross-IMPs or"
        " Butler IMPs"
    ),
}
_DISAGREE = {
    "an": gettext_noop(
        "an %(kind)s event (%(scoring)s): the event type and its scoring method disagree"
    ),
    "a": gettext_noop(
        "a %(kind)s event (%(scoring)s): the event type and its scoring method disagree"
    ),
}
_NOT_PAIRS = ("PLAYER", "TEAM")  # what an individual's or a teams event's PARTICIPANTS hold
_DATE = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})|(\d{4})-(\d{1,2})-(\d{1,2})")


def method_of(event: Node) -> Method:
    """The event's scoring method, "mp", "cross_imps" or "butler"; raises FileRefused for an
    event that is not pairs, or whose type and scoring method say different things."""
    kind = (event.value("EVENT_TYPE") or "MP_PAIRS").upper()
    scoring = event.value("BOARD_SCORING_METHOD").upper().replace(" ", "_")
    by_kind, by_scoring = EVENT_TYPES.get(kind), _BOARD_METHODS.get(scoring)
    if by_kind is None:
        raise FileRefused([at_line(event.line, _not_pairs(kind))])
    _check_participants(event, kind)
    said = {"kind": kind, "scoring": scoring or Message(gettext_noop("no scoring method"))}
    if by_scoring is None:
        raise FileRefused([at_line(event.line, Message(_NOT_SCORED[_article(kind)], said))])
    if by_kind and by_kind != "mp":  # CROSS_IMPS or BUTLER_PAIRS
        if by_scoring not in ("", "imps", by_kind):
            raise FileRefused([at_line(event.line, Message(_DISAGREE[_article(kind)], said))])
        return by_kind
    if by_scoring == "imps":  # MP_PAIRS or PAIRS at IMPs: its lines say which
        return _imps_by_lines(event)
    return by_scoring or "mp"


def _check_participants(event: Node, kind: str) -> None:
    """A pairs event's PARTICIPANTS are PAIRs: players or teams there mean another kind of
    event, which is refused as such (not as pairs without a PAIR_NUMBER)."""
    stack = [event]
    while stack:
        node = stack.pop()
        if node.tag == "PARTICIPANTS":
            stated = node.attrib.get("EVENT_TYPE", "").upper()
            if stated and stated not in EVENT_TYPES:
                raise FileRefused([at_line(node.line, _not_pairs(stated))])
            other = next((child for child in node.children if child.tag in _NOT_PAIRS), None)
            if other is not None:
                raise FileRefused(
                    [at_line(other.line, Message(_PARTICIPANTS[other.tag], {"kind": kind}))]
                )
        stack.extend(node.children)


_PARTICIPANTS = {
    "PLAYER": gettext_noop(
        "the %(kind)s event's participants are players, not pairs: an event of players is"
        " not supported by clubscorer, which scores pairs events only"
    ),
    "TEAM": gettext_noop(
        "the %(kind)s event's participants are teams, not pairs: an event of teams is not"
        " supported by clubscorer, which scores pairs events only"
    ),
}


def _not_pairs(kind: str) -> Message:
    """An event of `kind`, not pairs: "an INDIVIDUAL event is not supported ..."."""
    return Message(_NOT_PAIRS_EVENT[_article(kind)], {"kind": kind})


def _article(kind: str) -> str:
    """The English article before `kind`: "an" before a vowel (an INDIVIDUAL), else "a"."""
    return "an" if kind[:1] in "AEIOU" else "a"


def _imps_by_lines(event: Node) -> Method:
    """An IMP pairs event that does not say which: Butler when its lines carry Butler points."""
    stack = [event]
    while stack:
        node = stack.pop()
        if node.tag in ("NS_BUTLER_POINTS", "NS_BUTLER_IMPS"):
            return "butler"
        stack.extend(node.children)
    return "cross_imps"


def event_date(text: str) -> datetime.date:
    """The event's date from `DATE`; MessageError naming what is wrong. Examples:
    `07-10-2010` -> 7 October 2010, `2010-04-11` -> 11 April 2010, `31/02/2010` and `07/10/10`
    refused."""
    match = _DATE.fullmatch(text.strip())
    if match is None:
        raise MessageError(
            Message(
                gettext_noop(
                    "DATE %(value)r is not a date clubscorer can read without guessing"
                    " (dd/mm/yyyy or yyyy-mm-dd)"
                ),
                {"value": text},
            )
        )
    day, month, year, iso_year, iso_month, iso_day = match.groups()
    if iso_year:
        year, month, day = iso_year, iso_month, iso_day
    try:
        return datetime.date(int(year), int(month), int(day))
    except ValueError:
        raise MessageError(
            Message(gettext_noop("DATE %(value)r is not a date that exists"), {"value": text})
        ) from None
