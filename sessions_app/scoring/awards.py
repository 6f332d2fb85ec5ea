"""What one side of a traveller line is awarded (docs/rules.md §5): a real result as weighted
NS scores, or an artificial score.

Example: a table result +420 is `((1, 420),)`; 30% of 4S= and 70% of 3NT-1 on a None board is
`((Fraction(3, 10), 420), (Fraction(7, 10), -50))`; average-plus is `Artificial("A+")`; a
director's 55% is `artificial_percent(55)`; a board not played is None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Weight = int | Fraction
Components = tuple[tuple[Weight, int], ...]
ArtificialKind = Literal["A+", "A", "A-"]
ARTIFICIAL_KINDS: tuple[ArtificialKind, ...] = ("A+", "A", "A-")
PERCENT: Literal["%"] = "%"  # the kind of an explicit percentage (docs/rules.md §5.9)
PHANTOM: Literal["PH"] = "PH"  # a pair facing a phantom: the session's phantom score (§5.10)
NOBODY = "NP"  # the phantom's side of such a line: nothing (`PH/NP`, `NP/PH`)
_PERCENT_TOKEN = re.compile(r"^(\d{1,3}(?:\.\d{1,2})?)%$")


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score for one side: average-plus, average or average-minus
    (their percentages are the session's, and Law 12C2(c) may change Ave+ and Ave-), or an
    explicit percentage of the top the director gave (`kind` "%", `percent` 0-100), which no
    setting changes (docs/rules.md §5.9)."""

    kind: ArtificialKind | Literal["%", "PH"]
    percent: Fraction | None = None

    def __post_init__(self) -> None:
        if self.kind == PHANTOM and self.percent is None:
            return
        if self.kind == PERCENT:
            if self.percent is None or not 0 <= self.percent <= 100:
                raise ValueError(f"an artificial percentage is 0-100, not {self.percent}")
        elif self.kind not in ARTIFICIAL_KINDS or self.percent is not None:
            raise ValueError(f"unknown artificial score {self.kind!r} (A+, A, A- or 55%)")

    @property
    def token(self) -> str:
        """As written for one side: `A+`, `A`, `A-`, `55%`, `61.8%`."""
        return self.kind if self.percent is None else percent_text(self.percent)


def artificial_percent(percent: Fraction | int | str) -> Artificial:
    """One side's explicit artificial percentage: artificial_percent(55) is 55% of the top.

    Raises ValueError outside 0-100."""
    return Artificial(PERCENT, Fraction(percent))


def artificial_award(token: str) -> Artificial | None:
    """One side's artificial score from its token as stored: `A+`, `A`, `A-`, a percentage
    of at most 2 decimals `55%`, `61.8%`, `PH` (facing a phantom), or None for `NP` (the
    phantom's side). Raises ValueError for anything else (text from a form or the database).
    Example: artificial_award("38.2%").percent == Fraction(191, 5)."""
    for kind in (*ARTIFICIAL_KINDS, PHANTOM):
        if token == kind:
            return Artificial(kind)
    if token == NOBODY:
        return None
    match = _PERCENT_TOKEN.match(token)
    if not match:
        raise ValueError(f"{token!r} is not an artificial score (A+, A, A- or a percentage)")
    return artificial_percent(Fraction(match[1]))


def percent_token(text: str) -> str | None:
    """`text` (spaces removed) as a percentage token `55%`, `61.8%` when it is one, 0-100 and
    at most 2 decimals; else None. Example: percent_token("055.50%") -> "55.5%"."""
    match = _PERCENT_TOKEN.match(text)
    if not match or Fraction(match[1]) > 100:
        return None
    return percent_text(Fraction(match[1]))


def percent_text(percent: Fraction) -> str:
    """A percentage as people write it: 55 -> `55%`, 61.8 -> `61.8%`, 100/3 -> `33.33%`
    (rounded to 2 decimals: a typed percentage never has more)."""
    if percent.denominator == 1:
        return f"{percent.numerator}%"
    hundredths = round(percent * 100)
    return f"{hundredths / 100:.2f}".rstrip("0").rstrip(".") + "%"


Award = Components | Artificial | None
