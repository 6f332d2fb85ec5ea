"""Rounding for people: exact values stay exact everywhere else and are rounded only here.

Half-way cases round up (away from zero), the way scorers round by hand: 12.345% -> 12.35%.

One format a kind of figure, written by one function, so a figure reads the same on every
page, the director's screens, the printed sheets and the text and CSV files:
`points(value, imps=...)` for matchpoints (12, 7.5, 4.33) and IMPs (9, 10.50, -0.25), and
`percent(value)` for percentages (63.19). The template filters (`templatetags/bridge.py`),
the tables (`tables/`), the printed sheets (`printing/monospace.py`), the entry grid
(`entry_rows.py`) and the exports (`interchange/results_export.py`) all call them; only the
PBN and USEBIO writers keep the fixed decimals their formats prescribe (`number`).
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
    return _imps(value)


def _imps(value: Value | None) -> str:
    if value is None:
        return ""
    if isinstance(value, int) or Fraction(value).denominator == 1:
        return str(int(value))
    return f"{number(value):.2f}"


def points(value: Value | None, *, imps: bool = False) -> str:
    """A matchpoint or IMP figure, as every page, sheet and text file writes it: matchpoints
    as `text` (12, 7.5, 4.33: no trailing zeros), IMPs as `imps` (9, 10.50, -0.25: two
    decimals when not whole); "" for None.

    Example: points(Fraction(21, 2)) -> "10.5"; points(Fraction(21, 2), imps=True) -> "10.50".
    """
    return _imps(value) if imps else text(value)


def percent(value: Value | None) -> str:
    """A percentage to two decimals, as every page, sheet and file writes it: Fraction(200, 3)
    -> "66.67", 50 -> "50.00"; "" for None."""
    shown = number(value)
    return "" if shown is None else f"{shown:.2f}"
