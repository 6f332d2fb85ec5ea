"""Rounding for people: exact values stay exact everywhere else and are rounded only here.

Half-way cases round up (away from zero), the way scorers round by hand: 12.345% -> 12.35%.

One format a kind of figure, written by one function, so a figure reads the same on every
page, the director's screens, the printed sheets and the text and CSV files. A session's
figures of one kind (its pairs' totals, their tops, its lines' matchpoints) are a column and
are written with one number of decimals, the session's (`Decimals`, decided once for the
session by `scoring/columns.py`): `fixed(value, places)`. A figure outside a session's columns
is written alone: `points(value, imps=...)` for matchpoints (12, 7.5, 4.33) and IMPs (9,
10.50, -0.25). Percentages are always `percent(value)` (63.19). The template filters
(`templatetags/bridge.py`), the tables (`results/page_tables/`), the printed sheets
(`printing/monospace.py`), the entry grid (`entry/rows.py`) and the exports
(`interchange/results_export.py`) all call them; only the PBN and USEBIO writers keep the
fixed decimals their formats prescribe (`number`).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

Value = int | Fraction


class Decimals(NamedTuple):
    """How many decimals a session writes each kind of its figures with (docs/rules.md §3.4):
    every figure of a kind, wherever it is shown, has the same number, so a column lines up and
    a total reads the same on every page, sheet and file.

    Example: totals 104.07, 101.6 and 55 -> `totals` 2: 104.07, 101.60, 55.00.
    """

    lines: int  # a line's matchpoints or IMPs (travellers, score cards)
    totals: int  # a pair's total matchpoints or IMPs
    tops: int  # the most a pair could have scored on its boards
    scaled: int  # a total scaled to the full number of boards (docs/rules.md §6.5)


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


def needed(value: Value) -> int:
    """The decimals `value` needs, written to 2 decimals without trailing zeros.

    Example: 104.07 -> 2; 101.6 -> 1; 55 -> 0; Fraction(17, 3) (5.67) -> 2; Fraction(1, 1000)
    (0.00) -> 0.
    """
    if isinstance(value, int) or value.denominator == 1:
        return 0
    numerator, denominator = value.numerator, value.denominator
    hundredths = (abs(numerator) * 200 + denominator) // (2 * denominator)
    return 0 if hundredths % 100 == 0 else 1 if hundredths % 10 == 0 else 2


def decimals(values: Iterable[Value | None], *, imps: bool = False) -> int:
    """The decimals of a column of matchpoints: the most any of its figures needs (`needed`);
    of IMPs: 2 when any is not whole, the way cross-IMP averages are published, else 0.

    Example: matchpoints 104.07, 101.6, 55 -> 2 (104.07, 101.60, 55.00); 12, 7.5, None -> 1
    (12.0, 7.5); 12, 8 -> 0; IMPs 9, 10.5 -> 2 (9.00, 10.50).
    """
    most = 0
    for value in values:
        if value is None or type(value) is int:  # a whole number needs none, and is most
            continue
        places = needed(value)
        if places and imps:
            return 2
        most = max(most, places)
        if most == 2:
            break
    return most


def fixed(value: Value | None, places: int) -> str:
    """`value` with exactly `places` decimals (its column's, `Decimals`), half-way cases away
    from zero; "" for None.

    Example: fixed(55, 2) -> "55.00"; fixed(Fraction(508, 5), 2) -> "101.60";
    fixed(Fraction(-1, 4), 2) -> "-0.25"; fixed(Fraction(15, 2), 0) -> "8".
    """
    if value is None:
        return ""
    if isinstance(value, int) or value.denominator == 1:
        whole = int(value)
        return f"{whole}.{'0' * places}" if places else str(whole)
    scale = 10**places
    numerator, denominator = value.numerator, value.denominator
    units = (abs(numerator) * scale * 2 + denominator) // (2 * denominator)
    sign = "-" if numerator < 0 and units else ""
    if not places:
        return f"{sign}{units}"
    return f"{sign}{units // scale}.{units % scale:0{places}d}"


def text(value: Value | None, places: int = 2) -> str:
    """For tables and sheets: no trailing zeros for whole numbers (12, 7.5, 4.33)."""
    if value is None:
        return ""
    if Fraction(value).denominator == 1:
        return str(int(value))
    return f"{rounded(value, places).normalize():f}"


def _imps(value: Value | None) -> str:
    """IMPs for tables: whole numbers as they are (9, -8), others to 2 decimals (10.50, -0.25,
    4.33), the way cross-IMP averages are published; "" for None."""
    if value is None:
        return ""
    if isinstance(value, int) or Fraction(value).denominator == 1:
        return str(int(value))
    return f"{number(value):.2f}"


def points(value: Value | None, *, imps: bool = False) -> str:
    """A matchpoint or IMP figure, as every page, sheet and text file writes it: matchpoints
    as `text` (12, 7.5, 4.33: no trailing zeros), IMPs as `_imps` (9, 10.50, -0.25: two
    decimals when not whole); "" for None.

    Example: points(Fraction(21, 2)) -> "10.5"; points(Fraction(21, 2), imps=True) -> "10.50".
    """
    return _imps(value) if imps else text(value)


def percent(value: Value | None) -> str:
    """A percentage to two decimals, as every page, sheet and file writes it: Fraction(200, 3)
    -> "66.67", 50 -> "50.00"; "" for None."""
    shown = number(value)
    return "" if shown is None else f"{shown:.2f}"


def awarded(points: Decimal) -> str:
    """Master points as the bodies publish them: exact, no trailing zeros. Example:
    Decimal("24") -> "24", Decimal("0.750") -> "0.75", Decimal("1E+1") -> "10"."""
    return f"{points.normalize():f}"


def handicap(value: Value | Decimal | None) -> str:
    """A pair's handicap in percentage points, signed, as a percentage is written: 8 ->
    "+8.00", Fraction(-5, 2) -> "-2.50", Decimal("0.00") -> "0.00"; "" for None."""
    if isinstance(value, Decimal):
        value = Fraction(value)
    shown = percent(value)
    return f"+{shown}" if value and value > 0 else shown
