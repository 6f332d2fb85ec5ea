"""One `<result>` of an NZ Bridge Scorer results file: the table's result as clubscorer's
ruling text, and the matchpoints the file published for it (docs/formats.md "NZ Bridge
Scorer XML results").

The program writes the contract with spaces (`4 S`, `1 NT x`, `3 N`), `PASS` or `N P` for a
passed-in hand, the declarer (`dec`), the result against the contract (`res`: `+2`, `=`, `-3`)
and NS's score; the matchpoints in tenths of a matchpoint on the 2/1 scale (`mp_ns="160"` is
16); `score="Adj"` for an adjusted score, whose kind is told by its matchpoints; no score and
matchpoints of `-9999` for a board not played, e.g. facing the phantom.

Example: `<result bd="1" ns="1" ew="1" dec="S" cont="4 S" res="+2" score="480" mp_ns="160"
mp_ew="80"/>` -> the ruling `4S S 12` checked against its score (+480, board 1 not
vulnerable), and the published 16.0 and 8.0 matchpoints.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ...scoring import display
from ...scoring.message import Message, MessageError, gettext_noop
from ...scoring.notation import outcome_from_fields
from ...scoring.rulings import Ruling, parse_ruling, played
from ..fields import played_or_kept
from ..usebio.xml_tree import Node

NOT_PLAYED = "-9999"  # the matchpoints of a board not played at that table
PASSED_IN = ("PASS", "N P")
_KINDS = {Decimal(60): "A+", Decimal(50): "A", Decimal(40): "A-"}


def tenths(result: Node, name: str) -> Decimal:
    """The attribute `name` (`mp_ns`, `mp_ew`), tenths of a matchpoint, as matchpoints:
    `"162"` -> Decimal("16.2"). Raises MessageError naming the attribute."""
    text = result.attrib.get(name, "").strip()
    if not text.lstrip("-").isdigit():
        raise MessageError(
            Message(
                gettext_noop("%(name)s %(value)r is not a whole number (tenths of a matchpoint)"),
                {"name": name, "value": text},
            )
        )
    return Decimal(text).scaleb(-1)


def played_ruling(result: Node, vul: str) -> tuple[Ruling, Message | None]:
    """The table's result, its contract and score checked against each other; and, for a
    line kept by its score (`fields.played_or_kept`: NS -250 beside 6NT by W five down), why,
    else None. Raises ContractError or MessageError with the reason."""
    contract = result.attrib.get("cont", "").strip()
    score = result.attrib.get("score", "").strip()
    if contract.upper() in PASSED_IN:  # the program writes a declarer for it: not one
        if score not in ("", "0"):
            raise MessageError(
                Message(gettext_noop("a passed-in board scores 0, not %(score)s"), {"score": score})
            )
        return played(outcome_from_fields(contract="PASS", vul=vul)), None
    if not contract:
        raise MessageError(Message(gettext_noop("no contract")))
    return played_or_kept(
        lambda: outcome_from_fields(
            contract=contract,
            declarer=result.attrib.get("dec", ""),
            result=result.attrib.get("res", ""),
            score=score,
            vul=vul,
        ),
        contract=contract,
        score=lambda: score,
        vul=vul,
    )


def adjusted_ruling(ns: Decimal, ew: Decimal, top: Decimal, vul: str) -> Ruling:
    """An `Adj` line's artificial score, told by its matchpoints as percentages of the board's
    top (the program keeps no other trace of it): 60% Ave+, 50% Ave, 40% Ave-, any other
    percentage as itself (docs/rules.md §5.9). Example: 38.4 and 25.6 of a top of 64 ->
    `A+/A-`. Raises MessageError when a share is not a percentage of 2 decimals."""
    shares = []
    for side in (ns, ew):
        try:
            percent = (side * 100 / top).quantize(Decimal("0.01"))
        except (InvalidOperation, ZeroDivisionError):
            raise MessageError(
                Message(
                    gettext_noop("its matchpoints %(side)s are no share of a top of %(top)s"),
                    {"side": side, "top": top},
                )
            ) from None
        if percent * top != side * 100:
            raise MessageError(
                Message(
                    gettext_noop(
                        "its matchpoints %(side)s are not a percentage of the top %(top)s"
                    ),
                    {"side": side, "top": top},
                )
            )
        shares.append(_KINDS.get(percent, f"{display.text(Fraction(percent))}%"))
    return parse_ruling("/".join(shares), vul)
