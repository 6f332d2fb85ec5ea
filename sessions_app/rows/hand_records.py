"""What a board's hand record shows: the deal, the tricks each declarer takes double dummy, and
par, from what is stored with the board (never recomputed here: `interchange/deals.py` analyses a
deal when it is stored). The board's page draws it as HTML, the printed travellers and hand-record
sheets as fixed-width text (`printing/hands.py`), both from one `HandRecord`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..interchange.deals import hands
from ..scoring import BoardInfo

STRAINS = ("NT", "S", "H", "D", "C")
DECLARERS = ("N", "S", "E", "W")  # the double-dummy table's order


@dataclass(frozen=True, slots=True)
class HandRecord:
    number: int
    dealer: str
    vulnerability: str
    hands: dict[str, dict[str, str]] | None  # seat -> suit -> cards ("AKT2"); None: not known
    double_dummy: tuple[tuple[str, tuple[int | None, ...]], ...]  # (declarer, tricks in STRAINS)
    par_score: int | None  # for NS
    par_contracts: str  # "4S N=, 4S S="

    STRAINS = STRAINS

    @property
    def par_side(self) -> str:
        return "EW" if (self.par_score or 0) < 0 else "NS"

    @property
    def par_value(self) -> int | None:
        return None if self.par_score is None else abs(self.par_score)


def par_parts(par_contracts: str) -> list[tuple[str, str]]:
    """Each stored par contract and what follows it, for the board's page and the printed hand
    records alike.

    Example: "4S N=, 4SX E-1" -> [("4S", "N="), ("4SX", "E-1")].
    """
    found = []
    for part in par_contracts.split(","):
        contract, _, rest = part.strip().partition(" ")
        if contract:
            found.append((contract, rest))
    return found


def hand_record(
    info: BoardInfo,
    deal: str = "",
    double_dummy: Mapping[str, Mapping[str, int]] | None = None,
    par_score: int | None = None,
    par_contracts: str = "",
) -> HandRecord | None:
    """Board `info`'s hand record from its stored deal (PBN), double-dummy table (tricks by
    declarer and strain) and par; None when none of them is stored.

    Example: double_dummy {"N": {"NT": 6, "S": 10, ...}, "S": {...}} -> double_dummy
    (("N", (6, 10, ...)), ("S", (...))): only the declarers the table has, N S E W.
    """
    if not (deal or double_dummy or par_score is not None):
        return None
    table = double_dummy or {}
    return HandRecord(
        number=info.number,
        dealer=info.dealer,
        vulnerability=info.vulnerability,
        hands=hands(deal) if deal else None,
        double_dummy=tuple(
            (seat, tuple(table[seat].get(strain) for strain in STRAINS))
            for seat in DECLARERS
            if seat in table
        ),
        par_score=par_score,
        par_contracts=par_contracts,
    )
