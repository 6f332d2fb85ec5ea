"""A played contract judged against the hand record: the double-dummy table and par.

Players ask two things of a board they have played: was our contract the right one, and did
we play (or defend) it as well as the cards allowed? Double dummy answers both as if every
card were visible: `dd` is the number of tricks the declarer takes in the declared strain with
best play by all four players (Board.double_dummy, `deals.analyse`), and par is the score of
the board when both sides bid perfectly (Board.par_score, for NS).

Everything below is from the declaring side's view: `needed` = level + 6; `dd_score` is the
declaring side's score of the contract as bid (doubled or not) had declarer taken `dd` tricks;
`par` is the par score for the declaring side (NS par, negated when EW declare). Each
contract gets exactly one category, decided in this order:

1. **doubled a making contract** — the contract is doubled (or redoubled) and `dd` ≥
   `needed`: the defenders doubled a contract that makes.
2. **correct** — undoubled, `dd` ≥ `needed`, and `dd_score` ≥ `par`: it makes and scores at
   least par.
3. **underbid** — undoubled, `dd` ≥ `needed`, and `dd_score` < `par`: it makes, but a higher
   contract (or one in another strain) would have scored more: a missed game or slam.
4. **overbid** — `dd` < `needed` and `dd_score` < `par`: it goes down, and by more than par
   allows (a failing game, or a sacrifice that costs more than the opponents' contract).
5. **failed to double** — undoubled, `dd` < `needed`, `dd_score` ≥ `par`, and doubled it
   would have scored at most `par`: the defenders let off a contract they should have doubled.
6. **correct** also — `dd` < `needed` and `dd_score` ≥ `par` otherwise (doubled already, or
   at least par even doubled): a sacrifice that paid, or the par contract itself.

Worked example (board 1, nobody vulnerable, double dummy N/S take 10 tricks in spades and
E/W 9 in diamonds, par NS +300 from 5DX by E two down over 4S):
  - 4S by N, 10 tricks: dd 10 ≥ 10, dd_score +420 ≥ +300 -> correct.
  - 3S by N: dd_score +170 < +300 -> underbid.
  - 5S by N: dd 10 < 11, dd_score -50 < +300 -> overbid.
  - 5D by E undoubled: for EW par is -300; dd 9 < 11, dd_score -100 ≥ -300, and doubled
    -300 ≤ -300 -> failed to double (NS took +100 where +300 was there).
  - 5DX by E: dd_score -300 ≥ -300 -> correct (the par sacrifice).
  - 4SX by N: dd 10 ≥ 10 -> doubled a making contract.

Tricks against double dummy: `tricks - dd`, from the declaring side's view (+1: declarer took
a trick more than double dummy, so the defence gave one away; -1: declarer lost one).
The same rules for players: docs/rules.md §13.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from .board import SEATS, is_vulnerable
from .contract import STRAINS, Contract, declarer_score

Category = Literal["correct", "underbid", "overbid", "failed_to_double", "doubled_making"]
CATEGORIES: tuple[Category, ...] = (
    "correct",
    "underbid",
    "overbid",
    "failed_to_double",
    "doubled_making",
)
CATEGORY_NAMES: dict[Category, str] = {
    "correct": "correct",
    "underbid": "underbid",
    "overbid": "overbid",
    "failed_to_double": "failed to double",
    "doubled_making": "doubled a making contract",
}
# The categories that judge the defenders' double; the others, the declaring side's bidding.
DEFENDERS_CATEGORIES: tuple[Category, ...] = ("failed_to_double", "doubled_making")

DoubleDummy = Mapping[str, Mapping[str, int]]  # tricks by declarer seat, then strain


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What a board's hand record gives the analysis: its vulnerability (None, NS, EW, All),
    double-dummy table, and NS par score (None: the record has no par)."""

    vulnerability: str
    double_dummy: DoubleDummy | None
    par: int | None

    @property
    def complete(self) -> bool:
        """A full double-dummy table (4 seats x 5 strains of 0-13 tricks) and a par."""
        table = self.double_dummy
        if not table or self.par is None:
            return False
        try:
            return all(0 <= int(table[seat][strain]) <= 13 for seat in SEATS for strain in STRAINS)
        except (KeyError, TypeError, ValueError):
            return False


@dataclass(frozen=True, slots=True)
class Judgement:
    """A contract judged against double dummy (see the module's docstring for the rules).

    Example: 4S by N taking 9 tricks where double dummy gives 10 and par is NS +420:
    Judgement("correct", dd=10, tricks=9, dd_score=420, par=420), `trick_difference` -1.
    """

    category: Category
    dd: int  # declarer's double-dummy tricks in the declared strain
    tricks: int  # the tricks declarer took at the table
    dd_score: int  # the declaring side's score of the contract as bid, with `dd` tricks
    par: int  # par for the declaring side

    @property
    def trick_difference(self) -> int:
        """Tricks declarer took beyond double dummy (negative: fewer)."""
        return self.tricks - self.dd

    @property
    def name(self) -> str:
        return CATEGORY_NAMES[self.category]

    @property
    def judges_defenders(self) -> bool:
        """The category is about the defenders' double, not the declaring side's bidding."""
        return self.category in DEFENDERS_CATEGORIES


def judge(contract: Contract, declarer: str, tricks: int, record: HandRecord) -> Judgement:
    """`contract` by `declarer` taking `tricks`, judged against `record` (which must be
    `complete`): the category, decided as the module's docstring says, and the tricks.

    Example (the module's board 1): judge(Contract(5, "D"), "E", 9, record) ->
    failed_to_double, dd 9, dd_score -100, par -300.
    """
    if contract.passed_out or declarer not in SEATS:
        raise ValueError("only a contract played by a declarer can be judged")
    if record.double_dummy is None or record.par is None:
        raise ValueError("the hand record needs a double-dummy table and a par")
    vulnerable = is_vulnerable(record.vulnerability, declarer)
    dd = int(record.double_dummy[declarer][contract.strain])
    par = record.par if declarer in "NS" else -record.par
    dd_score = declarer_score(contract, dd, vulnerable)
    return Judgement(_category(contract, dd, dd_score, par, vulnerable), dd, tricks, dd_score, par)


def _category(contract: Contract, dd: int, dd_score: int, par: int, vulnerable: bool) -> Category:
    makes = dd >= contract.level + 6
    if makes:
        if contract.doubled:
            return "doubled_making"
        return "correct" if dd_score >= par else "underbid"
    if dd_score < par:
        return "overbid"
    if not contract.doubled and declarer_score(replace(contract, doubled=1), dd, vulnerable) <= par:
        return "failed_to_double"
    return "correct"
