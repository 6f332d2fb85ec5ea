"""Template filters that format exact scoring values for people (rounding happens here)."""

import re

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from ..scoring.display import number, text

register = template.Library()

_SUITS = {"S": ("♠", "spade"), "H": ("♥", "heart"), "D": ("♦", "diamond"), "C": ("♣", "club")}
_CONTRACT = re.compile(r"^([1-7])(NT|[SHDC])(X{0,2})$")


@register.filter
def mp(value, results):
    """Matchpoints on the session's scale: `{{ score.matchpoints|mp:results }}`."""
    return text(results.scaled(value))


@register.filter
def pair_names(section, label):
    """The players of pair `label` in a scored section: "A. Smith & B. Jones"."""
    pair = section.pairs.get(label)
    return " & ".join(pair.names) if pair else ""


@register.filter
def pct(value):
    """A percentage to 2 decimals: 63.19."""
    rounded = number(value)
    return "" if rounded is None else f"{rounded:.2f}"


@register.filter
def signed(value):
    return "" if value is None else f"{value:+d}" if value else "0"


@register.filter
def contract(value):
    """4SX -> 4♠X with the suit coloured; anything else (PASS, A+/A-) as it is."""
    match = _CONTRACT.match(value or "")
    if not match:
        return value
    level, strain, doubled = match.groups()
    if strain == "NT":
        return f"{level}NT{doubled}"
    symbol, name = _SUITS[strain]
    return format_html(
        '{}<span class="suit {}" aria-label="{}">{}</span>{}',
        level,
        name,
        name + "s",
        symbol,
        doubled,
    )


@register.simple_tag
def suit(letter):
    symbol, name = _SUITS[letter]
    return mark_safe(f'<span class="suit {name}" aria-label="{name}s">{symbol}</span>')
