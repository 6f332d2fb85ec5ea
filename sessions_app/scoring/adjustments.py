"""Artificial adjusted scores (Law 12C2), at matchpoints and at IMPs.

When no result can be obtained the director awards each side a percentage of the board's full
top 2(E-1): average-plus 60% (not at fault), average 50% (partly at fault), average-minus 40% (at
fault) — the session's percentages, which may have decimals — or any percentage he names for
each side (a 55/45 split of the blame). The two sides need not balance (A+/A-, A+/A+).

Law 12C2(c), on by default: a non-offending pair whose session percentage on its other boards is
above 60% gets that percentage instead of Ave+, and an offending pair below 40% gets its own
percentage instead of Ave-. Ave is never changed, nor an explicit percentage.

A pair whose opponents did not come (a phantom, docs/rules.md §5.10) gets the session's fixed
phantom percentage, or else its own percentage on its real results; the phantom gets nothing.

Example: a board with E = 7 (top 12); A+/A- with pairs on 58% and 35% on their other boards:
NS gets 60% of 12 = 7.2, EW gets 35% of 12 = 4.2 (12C2(c) lowers the offender's Ave-). A line
55%/45% gives 6.6 and 5.4 whatever the pairs' percentages.
"""

from __future__ import annotations

from fractions import Fraction

from .awards import PHANTOM, Artificial, artificial_percent
from .event import Settings


def artificial_percentage(
    award: Artificial, own_percentage: Fraction | None, settings: Settings
) -> Fraction:
    """The percentage (0-100) an artificial score is worth to the pair that received it.

    `own_percentage` is the pair's percentage on the boards it played for real; None when it has
    none, in which case the plain 60/50/40 apply.
    """
    if award.percent is not None:
        return award.percent  # the director's own figure: Law 12C2(c) is about Ave+/Ave- only
    if award.kind == PHANTOM:
        if settings.phantom_percent is not None:
            return settings.phantom_percent
        return settings.ave if own_percentage is None else own_percentage
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


_NAMED_IMPS = {"A+": 1, "A": 0, "A-": -1}


def artificial_imps(award: Artificial, settings: Settings) -> Fraction:
    """An artificial score at IMP pairs (docs/rules.md §8.5), by `settings.imp_artificial`:

    - "3" (Law 86A, ACBLscore) or "2": Ave+ is +3 (+2) IMPs, Ave 0, Ave- -3 (-2), whatever the
      session's percentages; an explicit percentage p is (p - 50) x 3/10 (x 2/10): 55% -> +1.5;
    - "percent": every artificial score from its percentage, at 3 IMPs for each 10 points
      above or below 50%, Ave+/Ave/Ave- taking the session's percentages: with Ave+ at 65%,
      Ave+ is (65 - 50) x 3/10 = +4.5 IMPs. Law 12C2(c) has no percentage to use at IMPs.
    """
    if award.kind == PHANTOM:  # own IMPs a board are the caller's: only a fixed % is here
        award = artificial_percent(settings.phantom_percent or settings.ave)
    if settings.imp_artificial == "percent":
        percent = artificial_percentage(award, None, settings)
        return (percent - 50) * Fraction(3, 10)
    ave_plus = Fraction(int(settings.imp_artificial))
    if award.percent is not None:
        return (award.percent - 50) * ave_plus / 10
    return _NAMED_IMPS[award.kind] * ave_plus


def phantom_imps(own_points: Fraction | int, own_boards: int, settings: Settings) -> Fraction:
    """At IMPs, what a pair facing a phantom gets (docs/rules.md §5.10): the fixed percentage
    as `artificial_imps` converts it, else its own average a board on its real results.

    Example: 12 IMPs on 8 real boards, no fixed percentage -> 12/8 = +1.5 IMPs."""
    if settings.phantom_percent is not None or not own_boards:
        return artificial_imps(Artificial(PHANTOM), settings)
    return Fraction(own_points) / own_boards
