"""What the scoring engine is given: traveller lines and what each side of a line was awarded.

Each side of a line (the NS pair, the EW pair) gets an *award*:
- a real result: a tuple of `(weight, NS score)` components whose weights sum to 1 — one
  component for a table result or an assigned score (Law 12C1), several for a weighted score
  (Law 12C1(c): 30% of 4S= and 70% of 3NT-1 is `((3/10, 420), (7/10, -50))` on a None board);
  a split assigned score gives the two sides different components;
- an artificial score (Law 12C2): Ave+, Ave or Ave-, or a percentage, one per side (`A+/A-`,
  `55%/45%`);
- `None`: the board was not played at that table and is left out of both pairs' totals.

A line is real on both sides or on neither: a table either has a result to compare or it has not.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict, Unpack

from .awards import Award, Components, Weight, artificial_award

if TYPE_CHECKING:
    from .rulings import Ruling

PairId = str  # a pair's label, unique within its section


class Line(NamedTuple):
    """One traveller line: who sat NS and EW, what each side was awarded, and what was played.

    `group` separates the results of a fouled board (Law 87): only lines of the same group are
    compared. The remaining fields are carried through untouched for pages and exports.
    A NamedTuple (immutable, and made 6 times faster than a frozen dataclass: a large event
    builds 26,000 of them each time its results change), checked as it is made (`_check`).
    """

    ns: PairId
    ew: PairId
    ns_award: Award
    ew_award: Award
    group: int = 0
    contract: str = ""  # "4SX", "PASS", or the adjustment as written ("A+/A-", "NP")
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""
    round: int | None = None
    table: int | None = None
    assigned: bool = False  # a score the director assigned (Law 12C1) rather than the table's
    ref: Hashable = None  # the caller's own key for this line (a database id)
    ruling: Ruling | None = None  # the line in full, as written (rulings.py), for pages/files
    reason: str = ""  # the director's reason for a ruling

    @property
    def is_real(self) -> bool:
        return isinstance(self.ns_award, tuple)

    @property
    def is_not_played(self) -> bool:
        return self.ns_award is None and self.ew_award is None

    @property
    def faces_phantom(self) -> bool:
        """A line against a phantom (`PH/NP`, docs/rules.md §5.10): one side scored, one not."""
        return (self.ns_award is None) != (self.ew_award is None)

    @property
    def score_ns(self) -> int | None:
        """The NS score to print on the traveller, when there is exactly one."""
        award = self.ns_award
        if isinstance(award, tuple) and award == self.ew_award and len(award) == 1:
            return award[0][1]
        return None

    @property
    def score_ew(self) -> int | None:
        """The NS-view score used for the EW pair when it differs from the NS pair's (split)."""
        award = self.ew_award
        if isinstance(award, tuple) and award != self.ns_award and len(award) == 1:
            return award[0][1]
        return None


_new_line = Line.__new__


def _checked_line(cls: type[Line], *args: Any, **kwargs: Any) -> Line:
    """`Line(...)`: the line, refused (ValueError) when it cannot be: a pair against itself,
    a line real for one side only, weights that do not add up to 1."""
    line = _new_line(cls, *args, **kwargs)
    if line.ns == line.ew:
        raise ValueError(f"pair {line.ns} cannot play against itself")
    if isinstance(line.ns_award, tuple) != isinstance(line.ew_award, tuple):
        raise ValueError("a line is real for both sides or for neither")
    for award in (line.ns_award, line.ew_award):
        if not isinstance(award, tuple) or (len(award) == 1 and award[0][0] == 1):
            continue  # not a real result, or a plain one
        if sum(weight for weight, _ in award) != 1:
            raise ValueError("the weights of a weighted score must add up to 1")
    return line


# typing.NamedTuple takes no __new__ in its body; set here, it checks every Line(...) and
# unpickled line, while type checkers still see the fields as the signature.
Line.__new__ = _checked_line  # type: ignore[method-assign,assignment]


class Details(TypedDict, total=False):
    """What a line carries besides its pairs and awards (the builders below pass it on)."""

    group: int
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    round: int | None
    table: int | None
    assigned: bool
    ref: Hashable
    ruling: Ruling | None
    reason: str


def components(award: Award) -> Components:
    """The components of a real result's award, for code that has kept only real lines."""
    if not isinstance(award, tuple):
        raise ValueError(f"{award!r} is not a real result")
    return award


def played(ns: PairId, ew: PairId, score: int, **details: Unpack[Details]) -> Line:
    """A table result (or an assigned score): both sides get the same NS score."""
    award = ((1, score),)
    return Line(ns, ew, award, award, **details)


def split(ns: PairId, ew: PairId, ns_score: int, ew_score: int, **details: Unpack[Details]) -> Line:
    """A split assigned score: NS is scored with `ns_score`, EW with `ew_score` (both NS-view)."""
    return Line(ns, ew, ((1, ns_score),), ((1, ew_score),), **details)


def weighted(
    ns: PairId,
    ew: PairId,
    components: Sequence[tuple[Weight | float | str, int]],
    **details: Unpack[Details],
) -> Line:
    """Components (weight, NS score); weights may be Fractions, strings ("3/10") or decimals
    (0.3, read as the decimal written, not the nearest binary float)."""
    award = tuple((_exact(weight), score) for weight, score in components)
    return Line(ns, ew, award, award, **details)


def artificial(
    ns: PairId,
    ew: PairId,
    ns_kind: str,
    ew_kind: str,
    **details: Unpack[Details],
) -> Line:
    """An artificial score for each side: `A+`, `A`, `A-` or a percentage (`55%`)."""
    return Line(ns, ew, artificial_award(ns_kind), artificial_award(ew_kind), **details)


def not_played(ns: PairId, ew: PairId, **details: Unpack[Details]) -> Line:
    return Line(ns, ew, None, None, **details)


def _exact(weight: Weight | float | str) -> Fraction:
    return Fraction(str(weight)) if isinstance(weight, float) else Fraction(weight)
