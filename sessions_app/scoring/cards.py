"""A card as a traveller writes an opening lead: suit then rank or rank then suit, in either
case, the ten as T or 10. One reading for the review of results, the screen and the print.

Example: "H3", "3h" -> ("H", "3"); "S10", "ST", "10S" -> ("S", "T"); "K" -> None.
"""

from __future__ import annotations

import re

_CARD = re.compile(r"^(?:([SHDC])(10|[2-9TJQKA])|(10|[2-9TJQKA])([SHDC]))$")


def parse_card(text: str | None) -> tuple[str, str] | None:
    """(suit, rank) of a written card, the ten as "T"; None for anything that is no card."""
    match = _CARD.match((text or "").strip().upper())
    if not match:
        return None
    suit = match.group(1) or match.group(4)
    rank = match.group(2) or match.group(3)
    return suit, "T" if rank == "10" else rank
