"""Rounding for people: exact values stay exact everywhere else and are rounded only here.

Half-way cases round up (away from zero), the way scorers round by hand: 12.345% -> 12.35%.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

Value = int | Fraction


def rounded(value: Value, places: int = 2) -> Decimal:
    """`value` to `places` decimals. Example: Fraction(2, 3) -> Decimal('0.67')."""
    exact = Fraction(value)
    quantum = Decimal(1).scaleb(-places)
    return (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        quantum, rounding=ROUND_HALF_UP
    )


def number(value: Value | None, places: int = 2) -> float | None:
    """A JSON number rounded to `places` decimals (None stays None)."""
    return None if value is None else float(rounded(value, places))


def text(value: Value | None, places: int = 2) -> str:
    """For tables and sheets: no trailing zeros for whole numbers (12, 7.5, 4.33)."""
    if value is None:
        return ""
    if Fraction(value).denominator == 1:
        return str(int(value))
    return f"{rounded(value, places).normalize():f}"
