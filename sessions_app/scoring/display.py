"""Rounding for people: exact values stay exact everywhere else and are rounded only here.

Half-way cases round up (away from zero), the way scorers round by hand: 12.345% -> 12.35%.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

Value = int | Fraction


def rounded(value: Value, places: int = 2) -> Decimal:
    """`value` to `places` decimals, half-way cases away from zero.

    Example: Fraction(2, 3) -> Decimal('0.67'); Fraction(-1, 8) to 2 places -> Decimal('-0.13').
    """
    exact = Fraction(value)
    scale = 10**places
    units = (abs(exact.numerator) * scale * 2 + exact.denominator) // (2 * exact.denominator)
    return Decimal(-units if exact < 0 else units).scaleb(-places)


def number(value: Value | None, places: int = 2) -> float | None:
    """A JSON number rounded to `places` decimals (None stays None); as `rounded`, but without
    Decimal, since exports call it 100,000 times for a large event."""
    if value is None:
        return None
    if isinstance(value, int):
        return float(value)
    scale: int = 10**places
    numerator, denominator = value.numerator, value.denominator
    units = (abs(numerator) * scale * 2 + denominator) // (2 * denominator)
    return (-units if numerator < 0 else units) / scale


def text(value: Value | None, places: int = 2) -> str:
    """For tables and sheets: no trailing zeros for whole numbers (12, 7.5, 4.33)."""
    if value is None:
        return ""
    if Fraction(value).denominator == 1:
        return str(int(value))
    return f"{rounded(value, places).normalize():f}"


def imps(value: Value | None) -> str:
    """IMPs for tables: whole numbers as they are (9, -8), others to 2 decimals (10.50, -0.25,
    4.33), the way cross-IMP averages are published; "" for None."""
    if value is None:
        return ""
    if isinstance(value, int) or Fraction(value).denominator == 1:
        return str(int(value))
    return f"{number(value):.2f}"
