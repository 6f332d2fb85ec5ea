"""USEBIO hands, in and out: a `HANDSET` of `BOARD`s, each with four `HAND`s (`DIRECTION`
North..., `SPADES` ... `CLUBS`), and the board's `DEALER` and `VULNERABILITY` when they are
not Law 2's. Other programs write `10` for a ten, `-` or `VOID` for a void, `North-South`,
`Love` or `Nil`; all are read.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from ...scoring.board import dealer as law2_dealer
from ...scoring.board import vulnerability as law2_vulnerability
from ...scoring.message import Message, MessageError, gettext_noop
from ...scoring.results import SessionResults
from ..deals import DealError, hands, normalise_deal
from ..records import BoardRecord
from ..refused import on_board
from .xml_tree import Node

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS = (("S", "SPADES"), ("H", "HEARTS"), ("D", "DIAMONDS"), ("C", "CLUBS"))
_VULNERABILITIES = {
    "NONE": "None",
    "LOVE": "None",
    "NIL": "None",
    "NS": "NS",
    "NORTH-SOUTH": "NS",
    "EW": "EW",
    "EAST-WEST": "EW",
    "ALL": "All",
    "BOTH": "All",
}


def board_number(board: Node) -> int:
    text = board.value("BOARD_NUMBER")
    if not text.isdigit() or not 1 <= int(text) <= 32767:
        raise MessageError(
            Message(gettext_noop("BOARD_NUMBER %(value)r is not a board number"), {"value": text})
        )
    return int(text)


def hand_record(board: Node, number: int) -> BoardRecord:
    """A HANDSET's BOARD; MessageError with the reason."""
    dealer_text = board.value("DEALER").upper()[:1]
    vul_text = board.value("VULNERABILITY").upper().replace(" ", "")
    if dealer_text and dealer_text not in SEAT_WORDS:
        raise MessageError(
            Message(
                gettext_noop("DEALER %(value)r is not a seat"), {"value": board.value("DEALER")}
            )
        )
    if vul_text and vul_text not in _VULNERABILITIES:
        raise MessageError(
            Message(
                gettext_noop("VULNERABILITY %(value)r is not None/NS/EW/All"),
                {"value": board.value("VULNERABILITY")},
            )
        )
    seats = {}
    for hand in board.findall("HAND"):
        seat = hand.value("DIRECTION").upper()[:1]
        if seat not in SEAT_WORDS:
            raise MessageError(
                Message(
                    gettext_noop("HAND DIRECTION %(value)r is not a seat"),
                    {"value": hand.value("DIRECTION")},
                )
            )
        seats[seat] = ".".join(_suit(hand.value(name)) for _, name in SUITS)
    deal = ""
    if seats:
        if set(seats) != set(SEAT_WORDS):
            raise MessageError(
                Message(
                    gettext_noop("board %(board)s needs four HANDs, it has %(count)s"),
                    {"board": number, "count": len(seats)},
                )
            )
        try:
            deal = normalise_deal("N:" + " ".join(seats[seat] for seat in "NESW"))
        except DealError as error:
            raise MessageError(on_board(number, error.message)) from None
    return BoardRecord(
        number,
        dealer_text or law2_dealer(number),
        _VULNERABILITIES[vul_text] if vul_text else law2_vulnerability(number),
        deal,
        line=board.line,
        stated=(bool(dealer_text), bool(vul_text)),
    )


def _suit(text: str) -> str:
    cards = re.sub(r"[\s,]", "", text.upper()).replace("10", "T")
    return "" if cards in ("-", "VOID") else cards


def write_handset(
    event: ET.Element, results: SessionResults, boards: Mapping[int, BoardRecord]
) -> None:
    """The HANDSET of the boards whose deal is known (none: no HANDSET)."""
    known = [
        (number, boards[number])
        for number in results.boards
        if number in boards and boards[number].deal
    ]
    if not known:
        return
    handset = ET.SubElement(event, "HANDSET")
    for number, record in known:
        element = ET.SubElement(handset, "BOARD")
        text_element(element, "BOARD_NUMBER", str(number))
        if (record.dealer, record.vulnerability) != (
            law2_dealer(number),
            law2_vulnerability(number),
        ):
            text_element(element, "DEALER", record.dealer)
            text_element(element, "VULNERABILITY", record.vulnerability)
        for seat, suits in hands(record.deal).items():
            hand = ET.SubElement(element, "HAND")
            text_element(hand, "DIRECTION", SEAT_WORDS[seat])
            for letter, name in SUITS:
                text_element(hand, name, suits[letter])


def text_element(parent: ET.Element, tag: str, value: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = value
    return element
