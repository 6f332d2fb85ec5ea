"""A player's percentages over time as a small SVG plot, drawn on the server (no script).

The sessions are evenly spaced from left to right, oldest first (club nights are not evenly
spaced in time, and a gap of a month should not flatten the line); the vertical scale runs in
tens of percent from below the lowest to above the highest, and always includes 40-60 so that
one session is not drawn as a cliff. Each point carries a `<title>` (the date, session and
percentage), read out by screen readers and shown on hover.

Example: 55.00, 48.00, 61.50 -> the scale 40-70, gridlines at 40, 50, 60, 70 (50 drawn
darker), the points at x = 60, 325, 590 (of 600) and y = 100, 137.33, 65.33 (of 200 from the
top: 70% is y 20, 40% is y 180, so one percent is 160 / 30 = 5.33 units).
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from fractions import Fraction
from html import escape

from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..rows.words import marked
from ..scoring import display

WIDTH, HEIGHT = 600, 200
LEFT, RIGHT, TOP, BOTTOM = 60, 590, 20, 180  # the plotting area, in the viewBox's units

Point = tuple[datetime.date, Fraction, str]  # (date, percentage, session name)


def scale(values: Sequence[Fraction]) -> tuple[int, int]:
    """The lowest and highest percent on the vertical scale: tens, 40-60 at least, 0-100 at
    most. Example: [55, 48, 61.5] -> (40, 70); [12.5] -> (10, 60)."""
    low = min(40, math.floor(min(values) / 10) * 10)
    high = max(60, math.ceil(max(values) / 10) * 10)
    return max(0, low), min(100, high)


def positions(values: Sequence[Fraction]) -> list[tuple[Fraction, Fraction]]:
    """Where each percentage is drawn, (x, y) in the viewBox, exact."""
    low, high = scale(values)
    count = len(values)
    step = Fraction(RIGHT - LEFT, count - 1) if count > 1 else Fraction(0)
    first = Fraction(LEFT) if count > 1 else Fraction(LEFT + RIGHT, 2)
    per_percent = Fraction(BOTTOM - TOP, high - low)
    return [(first + i * step, BOTTOM - (v - low) * per_percent) for i, v in enumerate(values)]


def trend_svg(
    points: Sequence[Point], *, what: str = "Percentage", ident: str = "trend"
) -> SafeString:
    """The plot of `points` (oldest first) as inline SVG markup; empty with no point. `what`
    names the values in the plot's summary ("Club grade", else percentages), `ident` its
    title's id (unique on the page). Its texts are in the page's language: call it per
    request."""
    if not points:
        return mark_safe("")
    values = [pct for _, pct, _ in points]
    low, high = scale(values)
    per_percent = Fraction(BOTTOM - TOP, high - low)
    parts = [
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{ident}-title" preserveAspectRatio="xMidYMid meet">',
        f'<title id="{ident}-title">{escape(_summary(points, what))}</title>',
    ]
    for percent in range(low, high + 1, 10):
        level = _u(BOTTOM - (percent - low) * per_percent)
        kind = "grid mid" if percent == 50 else "grid"
        parts.append(f'<line class="{kind}" x1="{LEFT}" x2="{RIGHT}" y1="{level}" y2="{level}"/>')
        parts.append(f'<text class="axis" x="{LEFT - 6}" y="{level}" dy="4">{percent}%</text>')
    xy = positions(values)
    if len(xy) > 1:
        line = " ".join(f"{_u(x)},{_u(y)}" for x, y in xy)
        parts.append(f'<polyline class="line" points="{line}"/>')
    for (x, y), (date, pct, name) in zip(xy, points, strict=True):
        label = escape(
            # Translators: a point of a player's plot: "15 Jun 2026 Tuesday pairs: 61.50%".
            _("%(date)s %(session)s: %(percentage)s%%")
            % {"date": _day(date), "session": name, "percentage": marked(display.percent(pct))}
        )
        parts.append(
            f'<circle class="point" cx="{_u(x)}" cy="{_u(y)}" r="5"><title>{label}</title></circle>'
        )
    first, last = (escape(date_format(points[i][0], "M Y")) for i in (0, -1))
    parts.append(f'<text class="date" x="{LEFT}" y="{HEIGHT - 2}">{first}</text>')
    if len(points) > 1:
        parts.append(f'<text class="date end" x="{RIGHT}" y="{HEIGHT - 2}">{last}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text in it is escaped above


def _summary(points: Sequence[Point], what: str) -> str:
    values = [pct for _, pct, _ in points]
    count = len(points)
    values_of = {
        "count": count,
        "first": _day(points[0][0]),
        "last_date": _day(points[-1][0]),
        "lowest": marked(display.percent(min(values))),
        "highest": marked(display.percent(max(values))),
        "last": marked(display.percent(values[-1])),
    }
    if what == "Club grade":
        return (
            ngettext(
                "Club grade in %(count)d session from %(first)s to %(last_date)s: lowest "
                "%(lowest)s%%, highest %(highest)s%%, last %(last)s%%",
                "Club grade in %(count)d sessions from %(first)s to %(last_date)s: lowest "
                "%(lowest)s%%, highest %(highest)s%%, last %(last)s%%",
                count,
            )
            % values_of
        )
    return (
        ngettext(
            "Percentage in %(count)d session from %(first)s to %(last_date)s: lowest "
            "%(lowest)s%%, highest %(highest)s%%, last %(last)s%%",
            "Percentage in %(count)d sessions from %(first)s to %(last_date)s: lowest "
            "%(lowest)s%%, highest %(highest)s%%, last %(last)s%%",
            count,
        )
        % values_of
    )


def _day(date: datetime.date) -> str:
    """A date as the plot says it, in the page's language: "05 Nov 2026" in English."""
    return date_format(date, "d M Y")


def _u(value: Fraction | int) -> str:
    """A coordinate to two decimals, trailing zeros dropped (`display.text`): 146.666… ->
    "146.67", 100 -> "100"."""
    return display.text(value)
