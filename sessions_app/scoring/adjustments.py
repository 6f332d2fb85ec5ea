"""Artificial adjusted scores (Law 12C2).

When no result can be obtained the director awards each side a percentage of the board's full
top 2(E-1): average-plus 60% (not at fault), average 50% (partly at fault), average-minus 40% (at
fault). The two sides need not balance (A+/A-, A+/A+).

Law 12C2(c), on by default: a non-offending pair whose session percentage on its other boards is
above 60% gets that percentage instead of Ave+, and an offending pair below 40% gets its own
percentage instead of Ave-. Ave is never changed.

Example: a board with E = 7 (top 12); A+/A- with pairs on 58% and 35% on their other boards:
NS gets 60% of 12 = 7.2, EW gets 35% of 12 = 4.2 (12C2(c) lowers the offender's Ave-).
"""

from __future__ import annotations

from fractions import Fraction

from .awards import Artificial
from .event import Settings


def artificial_percentage(
    award: Artificial, own_percentage: Fraction | None, settings: Settings
) -> Fraction:
    """The percentage (0-100) an artificial score is worth to the pair that received it.

    `own_percentage` is the pair's percentage on the boards it played for real; None when it has
    none, in which case the plain 60/50/40 apply.
    """
    if award.kind == "A":
        return settings.ave
    if award.kind == "A+":
        base = settings.ave_plus
        if settings.law_12c2c and own_percentage is not None:
            return max(base, own_percentage)
        return base
    base = settings.ave_minus
    if settings.law_12c2c and own_percentage is not None:
        return min(base, own_percentage)
    return base


def artificial_matchpoints(percent: Fraction, top: int) -> Fraction:
    """`percent` of a board's full top, e.g. 60% of 12 = 36/5 (7.2)."""
    return percent * top / 100
