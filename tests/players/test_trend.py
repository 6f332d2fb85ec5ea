"""The % trend plot (sessions_app/players/trend.py): pure, the coordinates worked by hand."""

from __future__ import annotations

import datetime
from fractions import Fraction

from sessions_app.players.trend import positions, scale, trend_svg

POINTS = [
    (datetime.date(2026, 6, 1), Fraction(55), "June 1"),
    (datetime.date(2026, 6, 8), Fraction(48), "June 8"),
    (datetime.date(2026, 6, 15), Fraction(123, 2), "June <15>"),
]


def test_it_scales_in_tens_with_40_to_60_at_least():
    assert scale([Fraction(55), Fraction(48), Fraction(123, 2)]) == (40, 70)
    assert scale([Fraction(25, 2)]) == (10, 60)
    assert scale([Fraction(100), Fraction(0)]) == (0, 100)


def test_it_places_the_points_as_worked_in_its_docstring():
    # 40-70: 160 units for 30 percent; x from 60 to 590 in two steps of 265.
    assert positions([p for _, p, _ in POINTS]) == [
        (60, 100),  # 180 - 15 * 16/3
        (325, Fraction(412, 3)),  # 180 - 8 * 16/3 = 137.33
        (590, Fraction(196, 3)),  # 180 - 21.5 * 16/3 = 65.33
    ]


def test_it_draws_the_line_the_points_and_escapes_the_names():
    svg = trend_svg(POINTS)
    assert '<polyline class="line" points="60,100 325,137.33 590,65.33"/>' in svg
    assert "<title>15 Jun 2026 June &lt;15&gt;: 61.50%</title>" in svg
    assert '<line class="grid mid" x1="60" x2="590" y1="126.67" y2="126.67"/>' in svg
    assert svg.count("<circle") == 3
    assert "lowest 48.00%, highest 61.50%, last 61.50%" in svg
    assert trend_svg([]) == ""
