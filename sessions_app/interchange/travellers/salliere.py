"""salliere's boards and names files (docs/formats.md, "Dialects of the travellers CSV").

salliere (Debian package `salliere`, 0.10) keeps a session in two headerless CSVs and its
commands append columns to them: the boards file becomes `board, ns, ew, contract, declarer,
tricks, NS score, EW score, NS MPs, EW MPs` and the names file `pair, name, name, MPs, %, LPs`.
This module turns what salliere writes in those extra columns into what the travellers reader
reads, so that a salliere session imports whole and its own figures are compared with
clubscorer's (`compare.py`):

- the two score columns are each side's own score, the other 0: `0,110` is NS -110;
- `av+`, `av=`, `av-` in a score column is that side's artificial score (`A+/A-`);
- a `!` before a score is the director's score forced over the table's result: an assigned
  score (Law 12C1), the table's contract kept in the line's reason;
- a board written `B:12` is board 12 of section B; `12;vul=ns` sets its vulnerability, which
  must be the one Law 2 gives board 12 (clubscorer takes it from the number);
- the MP columns are salliere's published figures, or its cross-IMPs after `ximp` (then every
  line's two values add up to 0).

Example: `5,1,5,4H+1,S,11,650,0,2,2` -> board 5, 1 v 5, 4H by S 11 tricks checked against NS
+650, published 2 / 2 matchpoints; `6,3,6,,,0,av+,av-,2.4,1.6` -> A+/A-, published 2.4 / 1.6.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ...scoring.board import vulnerability
from ...scoring.message import Message, MessageError, gettext_noop
from ..fields import published_number

BOARD = re.compile(r"^(?:([A-Za-z0-9]+):)?(\d+)(?:;vul=(none|ns|ew|all))?$", re.I)
_VULNERABILITY = {"none": "None", "ns": "NS", "ew": "EW", "all": "All"}
_AVERAGES = {"av+": "A+", "av=": "A", "av-": "A-"}
PUBLISHED = ("mp_ns", "mp_ew", "imp_ns", "imp_ew")
_NOT_WHOLE = {
    "NS": gettext_noop("NS score %(value)r is not a whole number of points"),
    "EW": gettext_noop("EW score %(value)r is not a whole number of points"),
}


def board_cell(text: str) -> tuple[str, str]:
    """(section, board number) from salliere's `[section:]number[;vul=...]`; the section is
    empty when not written. Example: `B:12` -> ("B", "12"). Raises ValueError for a
    vulnerability Law 2 does not give that board."""
    match = BOARD.match(text)
    if not match:
        return "", text  # read (and refused if need be) as a plain board number
    section, number, vul = match.groups()
    if vul and _VULNERABILITY[vul.lower()] != vulnerability(int(number)):
        raise MessageError(
            Message(
                gettext_noop(
                    "board %(board)r: clubscorer takes each board's vulnerability from its"
                    " number (Law 2: %(law2)s on board %(number)s), not %(vul)s"
                ),
                {"board": text, "law2": vulnerability(int(number)), "number": number, "vul": vul},
            )
        )
    return section or "", number


def result_columns(
    contract: str, declarer: str, tricks: str, score: str, score_ew: str, reason: str
) -> tuple[str, str, str, str, str]:
    """salliere's `score` / `score_ew` pair as what the reader reads: one NS `score`, an
    adjustment token or an assigned score in `contract`. Returns (contract, declarer, tricks,
    score, reason). Example: `("", "", "0", "av+", "av-", "")` -> `("A+/A-", "", "", "", "")`."""
    unchanged = (contract, declarer, tricks, score, reason)
    if not score_ew and not score.startswith("!") and score.lower() not in _AVERAGES:
        return unchanged  # clubscorer's own layout: `score` is the NS score
    averages = [_AVERAGES.get(text.lower()) for text in (score, score_ew)]
    if any(averages):
        if not all(averages):
            raise MessageError(
                Message(
                    gettext_noop("an average needs both sides: %(ns)r and %(ew)r"),
                    {"ns": score, "ew": score_ew},
                )
            )
        if contract or declarer or tricks not in ("", "0"):
            raise MessageError(
                Message(
                    gettext_noop("an average (%(ns)s/%(ew)s) with a contract"),
                    {"ns": score, "ew": score_ew},
                )
            )
        return f"{averages[0]}/{averages[1]}", declarer, "", "", reason
    forced = score.startswith("!") or score_ew.startswith("!")
    ns, ew = _points(score.lstrip("!"), "NS"), _points(score_ew.lstrip("!"), "EW")
    if ns and ew:
        raise MessageError(
            Message(
                gettext_noop(
                    "NS score %(ns)s and EW score %(ew)s: a split score, which clubscorer reads"
                    " only as a ruling in `contract` (420 / -50)"
                ),
                {"ns": score, "ew": score_ew},
            )
        )
    net = str(ns - ew)
    if not forced:
        return contract, declarer, tricks, net, reason
    table = " ".join(part for part in (contract, declarer) if part)
    note = f"salliere: score forced over {table or 'no contract'}"
    return f"assigned {net}", "", "", "", f"{reason}; {note}" if reason else note


def _points(text: str, side: str) -> int:
    """A side's score as salliere writes it: `420`, `0`, `430.0`; empty is 0."""
    number = published_number(text, f"{side} score") if text else Decimal(0)
    if number is None or number != number.to_integral_value():
        raise MessageError(Message(_NOT_WHOLE[side], {"value": text}))
    return int(number)


def published_values(values: dict[str, str]) -> dict[str, Decimal]:
    """The figures a line publishes, as written. A `!` (matchpoints the director forced) is
    refused: clubscorer computes every line's matchpoints from its result or ruling."""
    published = {}
    for name in PUBLISHED:
        text = values.get(name, "")
        if text.startswith("!"):
            raise MessageError(
                Message(
                    gettext_noop(
                        "%(name)s %(value)r is forced: clubscorer computes matchpoints from the"
                        " result; give the ruling (an assigned or artificial score) instead"
                    ),
                    {"name": name, "value": text},
                )
            )
        number = published_number(text, name)
        if number is not None:
            published[name] = number
    return published


def as_cross_imps(lines: list[dict[str, Decimal]]) -> bool:
    """Whether salliere's MP columns hold its cross-IMPs (`ximp`): every line's NS and EW
    values add up to 0 and one is not 0. Matchpoints never do: the two add up to the top."""
    pairs = [(line["mp_ns"], line["mp_ew"]) for line in lines if {"mp_ns", "mp_ew"} <= set(line)]
    return bool(pairs) and all(ns + ew == 0 for ns, ew in pairs) and any(ns for ns, _ in pairs)
