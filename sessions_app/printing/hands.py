"""Hand records as printed: what a board's record shows (the deal, the contracts each declarer
makes double dummy, par) and its diagram as lines of fixed-width text.

Set as text for speed, like the grids (see `monospace`): the four hands as positioned boxes
cost WeasyPrint 40 ms a board. A completed traveller has the double-dummy table beside the
diagram; the hand-record sheet, four boards a page, under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..deals import hands
from ..scoring import BoardInfo
from .monospace import SUIT_SYMBOLS

SEAT_ORDER = ("N", "S", "E", "W")
STRAIN_ORDER = ("NT", "S", "H", "D", "C")
COMPASS = ("   N   ", " W   E ", "   S   ", "")


@dataclass(frozen=True)
class HandRecord:
    """What a hand record shows of one board."""

    number: int
    dealer: str
    vulnerability: str
    hands: dict[str, dict[str, str]]  # seat -> suit -> cards ("AKT2")
    makeable: tuple[tuple[str, tuple[str, ...]], ...]  # (seat, levels in STRAIN_ORDER)
    par_score: int | None
    par_contracts: str


def makeable(double_dummy: Mapping[str, Mapping[str, int]] | None) -> tuple:
    """The double-dummy table as the contracts each declarer makes: the level (tricks - 6) in
    each strain, "–" when not even a one-level contract makes.

    Example: {"N": {"NT": 6, "S": 10, ...}} -> (("N", ("–", "4", ...)), ...).
    """
    if not double_dummy:
        return ()
    rows = []
    for seat in SEAT_ORDER:
        tricks = double_dummy.get(seat, {})
        rows.append((seat, tuple(_level(tricks.get(strain)) for strain in STRAIN_ORDER)))
    return tuple(rows)


def _level(tricks: int | None) -> str:
    if tricks is None:
        return ""
    return str(tricks - 6) if tricks > 6 else "–"


def hand_record(
    info: BoardInfo,
    deal: str,
    double_dummy: Mapping | None = None,
    par_score: int | None = None,
    par_contracts: str = "",
) -> HandRecord | None:
    """A board's hand record, or None when its deal is not known."""
    if not deal:
        return None
    return HandRecord(
        info.number,
        info.dealer,
        info.vulnerability,
        hands(deal),
        makeable(double_dummy),
        par_score,
        par_contracts,
    )


def holding_lines(hand: Mapping[str, str]) -> tuple[str, ...]:
    """A hand suit by suit: {"S": "KQ", "H": "AK85", "D": "AT4", "C": ""} -> ("♠ K Q",
    "♥ A K 8 5", "♦ A 10 4", "♣ —")."""
    return tuple(f"{SUIT_SYMBOLS[suit]} {cards_text(hand.get(suit, ''))}" for suit in "SHDC")


def cards_text(holding: str) -> str:
    """A suit's cards as printed: "AKT2" -> "A K 10 2"; a void -> "—"."""
    return " ".join("10" if card == "T" else card for card in holding) or "—"


def makeable_lines(record: HandRecord) -> tuple[str, ...]:
    """The double-dummy table as text: a header of strains, a line per declarer.

    Example: ("    NT  ♠  ♥  ♦  ♣", "N    –  4  4  –  –", ...)."""
    if not record.makeable:
        return ()
    head = "  " + "".join(f"{SUIT_SYMBOLS.get(strain, strain):>3}" for strain in STRAIN_ORDER)
    rows = (
        seat + " " + "".join(f"{level:>3}" for level in levels) for seat, levels in record.makeable
    )
    return (head, *rows)


def deal_lines(record: HandRecord, *, table_beside: bool) -> tuple[str, ...]:
    """The hand diagram as lines of fixed-width text (North above West, compass and East,
    South below), with the double-dummy table beside it or under it.

    Example (demo board 8): line 0 is the North spades, "               ♠ K Q".
    """
    hands_ = {seat: holding_lines(record.hands[seat]) for seat in "NESW"}
    west = max(12, *(len(line) for line in hands_["W"]))
    indent = " " * (west + 2)
    diagram = [indent + line for line in hands_["N"]]
    diagram += [
        f"{w.ljust(west)}  {c.ljust(len(COMPASS[0]))}  {e}".rstrip()
        for w, c, e in zip(hands_["W"], COMPASS, hands_["E"], strict=True)
    ]
    diagram += [indent + line for line in hands_["S"]]
    table = makeable_lines(record)
    if not table_beside:
        return (*diagram, *(("", *table) if table else ()))
    width = max(len(line) for line in diagram) + 4
    return tuple(
        (line.ljust(width) + table[index]).rstrip() if index < len(table) else line
        for index, line in enumerate(diagram)
    )
