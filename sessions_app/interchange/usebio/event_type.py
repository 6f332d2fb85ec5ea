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
from ..refused import FileRefused
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
PAIRS_ONLY = "is not supported by clubscorer, which scores pairs events only"
_NOT_PAIRS = ("PLAYER", "TEAM")  # what an individual's or a teams event's PARTICIPANTS hold
_DATE = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})|(\d{4})-(\d{1,2})-(\d{1,2})")


def method_of(event: Node) -> Method:
    """The event's scoring method, "mp", "cross_imps" or "butler"; raises FileRefused for an
    event that is not pairs, or whose type and scoring method say different things."""
    kind = (event.value("EVENT_TYPE") or "MP_PAIRS").upper()
    scoring = event.value("BOARD_SCORING_METHOD").upper().replace(" ", "_")
    by_kind, by_scoring = EVENT_TYPES.get(kind), _BOARD_METHODS.get(scoring)
    if by_kind is None:
        raise FileRefused([f"line {event.line}: {_an(kind)} event {PAIRS_ONLY}"])
    _check_participants(event, kind)
    what = f"line {event.line}: {_an(kind)} event ({scoring or 'no scoring method'})"
    if by_scoring is None:
        raise FileRefused(
            [f"{what}: clubscorer imports pairs at matchpoints, cross-IMPs or Butler IMPs"]
        )
    if by_kind and by_kind != "mp":  # CROSS_IMPS or BUTLER_PAIRS
        if by_scoring not in ("", "imps", by_kind):
            raise FileRefused([f"{what}: the event type and its scoring method disagree"])
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
                raise FileRefused([f"line {node.line}: {_an(stated)} event {PAIRS_ONLY}"])
            other = next((child for child in node.children if child.tag in _NOT_PAIRS), None)
            if other is not None:
                raise FileRefused(
                    [
                        f"line {other.line}: the {kind} event's participants are "
                        f"{other.tag.lower()}s, not pairs: an event of "
                        f"{other.tag.lower()}s {PAIRS_ONLY}"
                    ]
                )
        stack.extend(node.children)


def _an(kind: str) -> str:
    return f"{'an' if kind[:1] in 'AEIOU' else 'a'} {kind}"


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
    """The event's date from `DATE`; ValueError naming what is wrong. Examples:
    `07-10-2010` -> 7 October 2010, `2010-04-11` -> 11 April 2010, `31/02/2010` and `07/10/10`
    refused."""
    match = _DATE.fullmatch(text.strip())
    if match is None:
        raise ValueError(
            f"DATE {text!r} is not a date clubscorer can read without guessing"
            " (dd/mm/yyyy or yyyy-mm-dd)"
        )
    day, month, year, iso_year, iso_month, iso_day = match.groups()
    if iso_year:
        year, month, day = iso_year, iso_month, iso_day
    try:
        return datetime.date(int(year), int(month), int(day))
    except ValueError:
        raise ValueError(f"DATE {text!r} is not a date that exists") from None
