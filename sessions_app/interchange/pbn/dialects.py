"""What other programs write in a PBN file beyond the standard's words (docs/formats.md, PBN,
"Dialects"): the event type, the `Scoring` tag's method and Butler datum, the date, passed-out
and artificial scores as Ruter and Magic Contest write them, and Ruter's ±1 matchpoints.

Examples:
- `Scoring "IMP;Butler-2;Mean"` (Ruter) -> Butler, the datum the mean without the highest and
  the lowest result (2 in all), down to one result: `scoring("IMP;Butler-2;Mean")` ->
  ("butler", "1to1").
- `Contract "P.O."` or `"PO"` -> passed out; `Score_NS "A+"` (no `^`) -> artificial.
- `Date "2024.05.??"` -> no date (the director gives it); `"2021-04-03 05:06"` (BBO) -> 3 April.
- Ruter's ±1 matchpoints: `mp1.py`.
"""

from __future__ import annotations

import datetime
import re

from ...scoring.event import ButlerDiscard, Method
from ...scoring.message import Message, gettext_noop
from ...scoring.notation import Outcome, parse_adjustment
from ..refused import at_line
from .syntax import Game

_EVENT_TYPES = {
    "individual": "individuals",
    "individuals": "individuals",
    "team": "teams",
    "teams": "teams",
}
_PASSED_OUT = {"PO", "P.O.", "P.O", "PASSEDOUT"}
_BUTLER = re.compile(r"^butler(?:-(\d+))?$")
# Ruter's `Butler-N`: N results left out in all (docs/rules.md §8.3).
_RUTER_DISCARDS: dict[str, ButlerDiscard] = {"0": "0", "2": "1to1"}
# An event of another kind, as its Competition tag says it, or its TotalScoreTable.
_COMPETITION_OF = {
    "individuals": gettext_noop(
        "a file of individuals (Competition %(value)r) is not supported: clubscorer scores"
        " pairs only"
    ),
    "teams": gettext_noop(
        "a file of teams (Competition %(value)r) is not supported: clubscorer scores pairs only"
    ),
}
_RANKED_OF = {
    "individuals": gettext_noop(
        "a file of individuals (its TotalScoreTable ranks individuals) is not supported:"
        " clubscorer scores pairs only"
    ),
    "teams": gettext_noop(
        "a file of teams (its TotalScoreTable ranks teams) is not supported: clubscorer"
        " scores pairs only"
    ),
}


def event_type_problem(game: Game) -> Message | None:
    """Why a game's event cannot be scored as pairs, or None: a `Competition` tag of
    individuals or teams (PBN 2.1), a TotalScoreTable of players or teams (`PlayerId`,
    `TeamId`, no `PairId`), or a game of one room of a teams match (`Room`). Example: "line
    3: a file of teams (Competition 'Teams') is not supported: clubscorer scores pairs
    only"."""
    tag = game.get("Competition")
    kind = _EVENT_TYPES.get(tag.value.strip().lower()) if tag else None
    if tag is not None and kind:
        return at_line(tag.line, Message(_COMPETITION_OF[kind], {"value": tag.value.strip()}))
    total = game.get("TotalScoreTable")
    if total is not None:
        columns = {
            part.split("\\")[0].strip().lstrip("+-").lower() for part in total.value.split(";")
        }
        if "pairid" not in columns and columns & {"playerid", "teamid"}:
            kind = "individuals" if "playerid" in columns else "teams"
            return at_line(total.line, Message(_RANKED_OF[kind]))
    room = game.get("Room")
    if room is not None and room.value.strip().lower() in ("open", "closed"):
        return at_line(
            room.line,
            Message(
                gettext_noop(
                    "a teams match (Room %(value)r) is not supported: clubscorer scores pairs only"
                ),
                {"value": room.value.strip()},
            ),
        )
    return None


def scoring(value: str) -> tuple[Method, ButlerDiscard | None]:
    """A `Scoring` tag's method, and the Butler datum it names (None: the file does not say).

    `Butler`, `IMP;Butler` -> Butler; `Butler-N` (Ruter) leaves out N results in all, the
    highest and the lowest: `Butler-0` none, `Butler-2` one at each end down to one result
    ("1to1"); a larger N names no rule clubscorer knows exactly (how few results it still
    applies to), so the file's own IMPs choose the datum (None), as for a plain `Butler`.
    `Median` makes the datum the median, `Mean` the mean. `IMP;Cross`, `IMP`, `Cross` ->
    cross-IMPs; `MP`, `MatchPoints` and anything else -> matchpoints.
    Example: "IMP;Butler-2;Mean" -> ("butler", "1to1"); "Butler;Median" -> ("butler", "median");
    "IMP;Butler-4;Mean" -> ("butler", None).
    """
    words = [word.strip().lower() for word in value.split(";")]
    if {"mp", "matchpoints"} & set(words):
        return "mp", None
    for word in words:
        match = _BUTLER.match(word)
        if match:
            if "median" in words:
                return "butler", "median"
            return "butler", _RUTER_DISCARDS.get(match.group(1) or "")
    if {"cross", "imp", "imps", "crossimps", "cross-imps"} & set(words):
        return "cross_imps", None
    return "mp", None


def pbn_date(value: str) -> datetime.date | None:
    """A `Date` (or `EventDate`) tag as a date: `2024.05.14`; BBO's `2021-04-03 05:06`. A date
    with unknown parts (`2024.05.??`, `????.??.??`) is no date: the director gives it."""
    match = re.fullmatch(
        r"(\d{4})[.-](\d{2})[.-](\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?", value.strip()
    )
    if not match:
        return None
    try:
        return datetime.date(*map(int, match.groups()))
    except ValueError:
        return None


def game_date(game: Game) -> datetime.date | None:
    """The date of a game: its `Date`, else Magic Contest's `EventDate`."""
    return pbn_date(game.value("Date")) or pbn_date(game.value("EventDate"))


def contract_text(text: str) -> str:
    """A contract as clubscorer reads it: `P.O.` and `PO` (Ruter, Magic Contest) are Pass."""
    return "Pass" if text.upper() in _PASSED_OUT else text


def plain_artificial(text: str) -> Outcome | None:
    """An artificial score written without the standard's `^` (`A+`, `A-`, `A`), or None."""
    outcome = parse_adjustment(text) if text[:1] in "Aa" else None
    return outcome if outcome is not None and outcome.kind == "artificial" else None
