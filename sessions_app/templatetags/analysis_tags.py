"""Template filters of the analysis pages: shares as whole percentages and trick averages,
rounded through `scoring/display.py` like every other number on the pages."""

from django import template

from ..scoring.display import rounded

register = template.Library()


@register.filter
def share(value):
    """A share of boards as a whole percentage: 3/4 -> "75%", 2/3 -> "67%"; "–" for None
    (no boards to share)."""
    if value is None:
        return "–"
    return f"{rounded(value * 100, 0):f}%"


@register.filter
def per_board(value):
    """Tricks a board against double dummy, signed, 2 decimals: 1/4 -> "+0.25", -1/3 ->
    "-0.33", 0 -> "0.00"; "–" for None."""
    if value is None:
        return "–"
    exact = rounded(value, 2)
    return f"{exact:+.2f}" if exact else "0.00"
