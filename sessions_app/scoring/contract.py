"""Contracts and the duplicate score of one result (Law 77).

A contract is a level 1-7, a strain (C, D, H, S, NT) and 0, 1 or 2 for undoubled, doubled,
redoubled; a passed-out board is `PASSED_OUT`. Scores are computed for the declaring side and
turned into the NS score, the number every traveller records.

Example: 4S by N making 10 tricks, NS not vulnerable -> trick score 4 x 30 = 120 (a game),
+300 game bonus = 420; the same 4S one down by E, EW vulnerable -> -100 to EW = +100 to NS.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .board import SEATS, VULNERABILITIES, is_vulnerable
from .message import Message, MessageError, gettext_noop

STRAINS = ("C", "D", "H", "S", "NT")
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_DOUBLE_MARKS = {"": 0, "X": 1, "*": 1, "XX": 2, "**": 2, "R": 2}
_CONTRACT_RE = re.compile(r"^([1-7])(NT|N|C|D|H|S)(XX|X|\*\*|\*|R)?$")
# A passed-out board, however programs write it, spaces and dots left out: `PASS`, `P`,
# `All pass` / `AP`, `Passed out`, and salliere's `P.O.` (what it writes for any contract it
# reads as passed out) or `PO`.
PASS_WORDS = frozenset({"PASS", "P", "PASSED", "PASSOUT", "PASSEDOUT", "AP", "ALLPASS", "PO"})


class ContractError(MessageError):
    """A contract, declarer or number of tricks that bridge cannot have: its reason is
    `message` (for the page to word in its language), its `str` the English.
    Example: ContractError(Message(gettext_noop("%(tricks)s tricks is impossible (0-13)"),
    {"tricks": 14})) says "14 tricks is impossible (0-13)"."""


@dataclass(frozen=True, slots=True)
class Contract:
    level: int  # 1-7; 0 only for PASSED_OUT
    strain: str  # one of STRAINS; "" only for PASSED_OUT
    doubled: int = 0  # 0 undoubled, 1 doubled, 2 redoubled

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    def __str__(self) -> str:
        if self.passed_out:
            return "PASS"
        return f"{self.level}{self.strain}{'X' * self.doubled}"


PASSED_OUT = Contract(0, "", 0)


def parse_contract(text: str) -> Contract:
    """Read a contract as written on a traveller: 4S, 4SX/4S*, 4SXX/4S**, 3NT/3N, PASS.

    Case and spaces do not matter; suit symbols (`4♠`) are accepted; a passed-out board is any
    of PASS_WORDS (`P.O.`, `All pass` -> PASSED_OUT).
    """
    cleaned = "".join(text.split()).upper()
    for symbol, letter in _SUIT_SYMBOLS.items():
        cleaned = cleaned.replace(symbol, letter)
    if is_pass_word(cleaned):
        return PASSED_OUT
    match = _CONTRACT_RE.match(cleaned)
    if not match:
        raise ContractError(
            Message(
                gettext_noop(
                    "%(text)r is not a contract (expected e.g. 4S, 3NT, 4SX, 5DXX or PASS)"
                ),
                {"text": text.strip()},
            )
        )
    return contract_from_marks(*match.groups())


def contract_from_marks(level: str, strain: str, double: str | None) -> Contract:
    """A contract from the parts a reader has already matched: the level digit, the strain
    letter (N for NT too) and the double marks (X, *, XX, **, R, or none).

    Example: contract_from_marks("3", "N", "X") -> 3NTX; ("4", "S", None) -> 4S."""
    return Contract(int(level), "NT" if strain == "N" else strain, _DOUBLE_MARKS[double or ""])


def is_pass_word(text: str) -> bool:
    """Whether `text` says the board was passed out. Example: `P.O.`, `all pass` -> True."""
    return "".join(text.split()).upper().replace(".", "") in PASS_WORDS


def parse_declarer(text: str) -> str:
    seat = text.strip().upper()[:1]
    if len(text.strip()) != 1 or seat not in SEATS:
        raise ContractError(
            Message(
                gettext_noop("%(text)r is not a declarer (expected N, E, S or W)"),
                {"text": text.strip()},
            )
        )
    return seat


def tricks_from_result(contract: Contract, result: str) -> int:
    """Tricks taken from a result relative to the contract: `=` -> level+6, `+1`, `-2`."""
    text = result.strip()
    if contract.passed_out:
        raise ContractError(Message(gettext_noop("a passed-out board has no result")))
    if text in {"=", "0", "+0", "-0"}:
        return contract.level + 6
    if re.fullmatch(r"[+-]\d{1,2}", text):
        tricks = contract.level + 6 + int(text)
        if not 0 <= tricks <= 13:
            raise ContractError(
                Message(
                    gettext_noop("%(typed)s is impossible: that is %(tricks)s tricks (0-13)"),
                    {"typed": f"{contract}{text}", "tricks": tricks},
                )
            )
        return tricks
    raise ContractError(
        Message(gettext_noop("%(text)r is not a result (expected =, +1, -2 ...)"), {"text": text})
    )


def check_tricks(contract: Contract, tricks: int) -> int:
    if not 0 <= tricks <= 13:
        raise ContractError(
            Message(gettext_noop("%(tricks)s tricks is impossible (0-13)"), {"tricks": tricks})
        )
    return tricks


def declarer_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Score of the declaring side under Law 77 (negative when the contract fails)."""
    if contract.passed_out:
        return 0
    check_tricks(contract, tricks)
    needed = contract.level + 6
    if tricks >= needed:
        return _made_score(contract, tricks - needed, vulnerable)
    return -_penalty(needed - tricks, contract.doubled, vulnerable)


def ns_score(contract: Contract, declarer: str, tricks: int, vul: str) -> int:
    """The NS score of a result on a board of vulnerability `vul` (None, NS, EW, All).

    Example (docs/rules.md §1): 4D doubled by W three down, EW vulnerable -> +800 to NS.
    """
    if contract.passed_out:
        return 0
    score = declarer_score(contract, tricks, is_vulnerable(vul, declarer))
    return score if declarer in "NS" else -score


def _made_score(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    multiplier: int = 2**contract.doubled  # 1, 2 or 4
    if contract.strain == "NT":
        trick_score = (40 + 30 * (contract.level - 1)) * multiplier
    else:
        trick_score = (20 if contract.strain in "CD" else 30) * contract.level * multiplier
    bonus = (500 if vulnerable else 300) if trick_score >= 100 else 50  # game or part-score
    if contract.level == 6:
        bonus += 750 if vulnerable else 500
    elif contract.level == 7:
        bonus += 1500 if vulnerable else 1000
    bonus += 50 * contract.doubled  # the "insult"
    if contract.doubled:
        per_overtrick = (200 if vulnerable else 100) * contract.doubled
    else:
        per_overtrick = 20 if contract.strain in "CD" else 30
    return trick_score + bonus + overtricks * per_overtrick


def _penalty(undertricks: int, doubled: int, vulnerable: bool) -> int:
    if not doubled:
        return (100 if vulnerable else 50) * undertricks
    if vulnerable:  # 200, 500, 800, then +300 each
        penalty = 200 + 300 * (undertricks - 1)
    else:  # 100, 300, 500, then +300 each
        penalty = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return penalty * doubled


@cache
def possible_ns_scores(vul: str) -> frozenset[int]:
    """Every NS score some contract, declarer and number of tricks produces under `vul`."""
    if vul not in VULNERABILITIES:
        raise ValueError(f"unknown vulnerability {vul!r}")
    scores = {0}
    for level in range(1, 8):
        for strain in STRAINS:
            for doubled in range(3):
                contract = Contract(level, strain, doubled)
                for declarer in SEATS:
                    for tricks in range(14):
                        scores.add(ns_score(contract, declarer, tricks, vul))
    return frozenset(scores)


def check_ns_score(score: int, vul: str) -> int:
    """`score` unchanged when bridge can produce it as an NS score under `vul`; else an error."""
    if score % 10:
        raise ContractError(
            Message(
                gettext_noop("%(score)s is not a bridge score (scores are multiples of 10)"),
                {"score": score},
            )
        )
    if score not in possible_ns_scores(vul):
        raise ContractError(
            Message(
                gettext_noop("no contract scores %(score)s for NS when vulnerability is %(vul)s"),
                {"score": score, "vul": vul},
            )
        )
    return score
