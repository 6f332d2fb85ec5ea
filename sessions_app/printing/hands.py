"""Hand records as printed: a board's `HandRecord` (rows/hand_records.py: the deal, the tricks
each declarer takes double dummy, par) as a diagram and a table of fixed-width text.

Set as text for speed, like the grids (see `monospace`): the four hands as positioned boxes
cost WeasyPrint 40 ms a board. A completed traveller has the double-dummy table beside the
diagram; the hand-record sheet, four boards a page, under it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..rows.hand_records import DECLARERS, STRAINS, HandRecord
from ..rows.words import seat_text, strain_text
from .monospace import SUIT_SYMBOLS


def compass() -> tuple[str, str, str, str]:
    """The compass between the hands, in the document's seat letters: ("   N   ", " O   E ",
    "   S   ", "") in French."""
    n, e, s, w = (seat_text(seat) for seat in "NESW")
    return (f"   {n}   ", f" {w}   {e} ", f"   {s}   ", "")


def makeable(double_dummy: Sequence[tuple[str, Sequence[int | None]]]) -> tuple:
    """A hand record's double-dummy table (tricks by declarer) as the contracts each declarer
    makes: the level (tricks - 6) in each strain, "–" when not even a one-level contract
    makes; every declarer N S E W once the table has any.

    Example: (("N", (6, 10, 7, 0, 13)),) -> (("N", ("–", "4", "1", "–", "7")), ("S", ("", ...
    """
    if not double_dummy:
        return ()
    tricks = dict(double_dummy)
    blank = (None,) * len(STRAINS)
    return tuple(
        (seat, tuple(_level(count) for count in tricks.get(seat, blank))) for seat in DECLARERS
    )


def _level(tricks: int | None) -> str:
    if tricks is None:
        return ""
    return str(tricks - 6) if tricks > 6 else "–"


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
    table = makeable(record.double_dummy)
    if not table:
        return ()
    head = "  " + "".join(
        f"{SUIT_SYMBOLS.get(strain) or strain_text(strain):>3}" for strain in STRAINS
    )
    rows = (
        seat_text(seat) + " " + "".join(f"{level:>3}" for level in levels) for seat, levels in table
    )
    return (head, *rows)


def deal_lines(record: HandRecord, *, table_beside: bool) -> tuple[str, ...]:
    """The hand diagram as lines of fixed-width text (North above West, compass and East,
    South below), with the double-dummy table beside it or under it.

    Example (demo board 8): line 0 is the North spades, "               ♠ K Q".
    """
    assert record.hands is not None  # the PDFs print dealt boards only (selectors.dealt_boards)
    hands_ = {seat: holding_lines(record.hands[seat]) for seat in "NESW"}
    west = max(12, *(len(line) for line in hands_["W"]))
    indent = " " * (west + 2)
    diagram = [indent + line for line in hands_["N"]]
    rose = compass()
    diagram += [
        f"{w.ljust(west)}  {c.ljust(len(rose[0]))}  {e}".rstrip()
        for w, c, e in zip(hands_["W"], rose, hands_["E"], strict=True)
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
