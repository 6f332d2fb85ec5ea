"""Deals and their double-dummy analysis, through the `endplay` package (no Django here).

A deal is stored as a PBN deal string (`N:AKQ.JT9.876.5432 ...`). `analyse` computes, once, what
the hand record shows: the tricks each declarer takes in each strain with best play (the
double-dummy table) and the par score and contracts for the board's dealer and vulnerability.

endplay is imported where it is used (checking a deal, analysing one): importing it takes
most of a second (it brings matplotlib), which every command and page would otherwise pay at
start-up. Reading a stored deal's hands needs no endplay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..scoring.board import SEATS
from ..scoring.contract import STRAINS
from ..scoring.message import Message, MessageError, gettext_noop

_SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


@cache
def _endplay() -> dict[str, Any]:
    """endplay's pieces, imported on first use."""
    from endplay.dds import calc_all_tables, calc_dd_table, par
    from endplay.types import Deal, Denom, Player, Vul

    return {
        "Deal": Deal,
        "calc_dd_table": calc_dd_table,
        "calc_all_tables": calc_all_tables,
        "par": par,
        "north": Player.north,
        "denoms": {
            "C": Denom.clubs,
            "D": Denom.diamonds,
            "H": Denom.hearts,
            "S": Denom.spades,
            "NT": Denom.nt,
        },
        "players": dict(
            zip(SEATS, (Player.north, Player.east, Player.south, Player.west), strict=True)
        ),
        "vuls": {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both},
    }


class DealError(MessageError):
    """A deal that is not 52 different cards in four hands of 13."""


EACH_HAND = gettext_noop("each hand needs 13 cards (%(sizes)s)")


@dataclass(frozen=True)
class Analysis:
    double_dummy: dict[str, dict[str, int]]  # tricks by declarer seat, then strain
    par_score: int  # for NS
    par_contracts: tuple[str, ...]  # e.g. ("4S N=", "4S S=")


def normalise_deal(pbn: str) -> str:
    """A PBN deal string checked and rewritten from North: `N:S.H.D.C E S W`."""
    endplay = _endplay()
    try:
        deal = endplay["Deal"].from_pbn(pbn.strip())
    except Exception as error:  # endplay raises several kinds for malformed strings
        raise DealError(
            Message(
                gettext_noop("%(deal)r is not a PBN deal: %(error)s"),
                {"deal": pbn, "error": str(error)},
            )
        ) from None
    hands = [deal[player] for player in endplay["players"].values()]
    if any(len(hand) != 13 for hand in hands):
        sizes = ", ".join(f"{seat} {len(hand)}" for seat, hand in zip(SEATS, hands, strict=True))
        raise DealError(Message(EACH_HAND, {"sizes": sizes}))
    deal.first = endplay["north"]
    result: str = deal.to_pbn()
    return result


def hands(pbn: str) -> dict[str, dict[str, str]]:
    """The four hands suit by suit, read from a deal as `normalise_deal` stored it (or from any
    seat: `E:...` starts with East's hand).

    Example: hands("N:AKQ.JT9..5432 ...")["N"] -> {"S": "AKQ", "H": "JT9", "D": "", "C": "5432"}.
    """
    first, _, cards = pbn.strip().partition(":")
    start = SEATS.index(first.strip().upper())
    result = {}
    for offset, hand in enumerate(cards.split()):
        spades, hearts, diamonds, clubs = hand.split(".")
        result[SEATS[(start + offset) % 4]] = {"S": spades, "H": hearts, "D": diamonds, "C": clubs}
    return {seat: result[seat] for seat in SEATS}


# Deals DDS solves in one batch (its limit is 40 tables at once; endplay checks less).
BATCH = 32


def analyse(pbn: str, dealer: str, vulnerability: str) -> Analysis:
    """Double-dummy tricks for every declarer and strain, and par (about 0.15 s a deal)."""
    endplay = _endplay()
    return _analysis(endplay["calc_dd_table"](endplay["Deal"].from_pbn(pbn)), dealer, vulnerability)


def analyse_all(boards: Sequence[tuple[str, str, str]]) -> list[Analysis]:
    """`analyse` of many (deal, dealer, vulnerability) at once, in order: DDS solves a batch
    on all the machine's cores, which a set of boards dealt or imported without analysis
    needs (28 boards: 2.5 s against 3.3 s one by one on a loaded 2-core machine)."""
    endplay = _endplay()
    analyses = []
    for start in range(0, len(boards), BATCH):
        chunk = boards[start : start + BATCH]
        tables = endplay["calc_all_tables"]([endplay["Deal"].from_pbn(pbn) for pbn, _, _ in chunk])
        analyses += [
            _analysis(table, dealer, vulnerability)
            for table, (_, dealer, vulnerability) in zip(tables, chunk, strict=True)
        ]
    return analyses


def _analysis(table: Any, dealer: str, vulnerability: str) -> Analysis:
    """An endplay double-dummy table read as clubscorer keeps it, with par for the board."""
    endplay = _endplay()
    rows = table.to_list()  # [denom][player], denoms in endplay's order S, H, D, C, NT
    players, denoms = endplay["players"], endplay["denoms"]
    double_dummy = {
        seat: {strain: rows[denoms[strain].value][player.value] for strain in STRAINS}
        for seat, player in players.items()
    }
    result = endplay["par"](table, endplay["vuls"][vulnerability], players[dealer])
    contracts = tuple(_contract_text(contract) for contract in result)
    return Analysis(double_dummy, int(result.score), contracts)


def analysis_from_tags(tags: dict[str, Any]) -> Analysis | None:
    """The analysis a PBN game already carries (`OptimumResultTable`, `OptimumScore` and the
    `ParContract` tag some dealing programs write), as endplay parses them; None when any is
    missing, so the caller computes it instead."""
    table, score = tags.get("OptimumResultTable"), tags.get("OptimumScore", "")
    if not isinstance(table, dict) or not score.startswith(("NS ", "EW ")):
        return None
    double_dummy: dict[str, dict[str, int]] = {seat: {} for seat in SEATS}
    for declarer, strain, tricks in table.get("rows", []):
        if declarer in double_dummy and strain in STRAINS and tricks.isdigit():
            double_dummy[declarer][strain] = int(tricks)
    if any(len(row) != len(STRAINS) for row in double_dummy.values()):
        return None
    side, value = score.split()
    par_score = int(value) if side == "NS" else -int(value)
    contracts = tuple(c.strip() for c in tags.get("ParContract", "").split(",") if c.strip())
    return Analysis(double_dummy, par_score, contracts)


def analysis_tags(analysis: Analysis) -> str:
    """PBN tags that carry `analysis` (read back by `analysis_from_tags`)."""
    rows = "\n".join(
        f"{seat} {strain:>2} {analysis.double_dummy[seat][strain]:>2}"
        for seat in SEATS
        for strain in STRAINS
    )
    return (
        f'[OptimumScore "NS {analysis.par_score}"]\n'
        f'[ParContract "{", ".join(analysis.par_contracts)}"]\n'
        f'[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n{rows}\n'
    )


def _contract_text(contract: object) -> str:
    """endplay's `4♠N=` / `5♦Sx-2` as `4S N=` / `5DX S-2`."""
    text = str(contract)
    for symbol, letter in _SUIT_LETTERS.items():
        text = text.replace(symbol, letter)
    level, rest = text[0], text[1:]
    strain = "NT" if rest.startswith("NT") else rest[0]
    rest = rest[len(strain) :]
    doubled = ""
    seat = rest[0]
    rest = rest[1:]
    while rest[:1] in ("x", "X"):
        doubled += "X"
        rest = rest[1:]
    return f"{level}{strain}{doubled} {seat}{rest}"
