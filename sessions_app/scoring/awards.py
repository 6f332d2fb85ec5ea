"""What one side of a traveller line is awarded (docs/rules.md §5): a real result as weighted
NS scores, or an artificial score.

Example: a table result +420 is `((1, 420),)`; 30% of 4S= and 70% of 3NT-1 on a None board is
`((Fraction(3, 10), 420), (Fraction(7, 10), -50))`; average-plus is `Artificial("A+")`; a board
not played is None.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Weight = int | Fraction
Components = tuple[tuple[Weight, int], ...]
ArtificialKind = Literal["A+", "A", "A-"]
ARTIFICIAL_KINDS: tuple[ArtificialKind, ...] = ("A+", "A", "A-")


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score for one side: average-plus, average or average-minus."""

    kind: ArtificialKind

    def __post_init__(self) -> None:
        if self.kind not in ARTIFICIAL_KINDS:
            raise ValueError(f"unknown artificial score {self.kind!r} (A+, A or A-)")


Award = Components | Artificial | None
