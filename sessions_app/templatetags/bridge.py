"""Template filters that format exact scoring values and bridge notation for people.

Rounding happens here (through `scoring/display.py`) and nowhere else on the pages. The
functions are plain too, so `results/page_tables/` formats cells with the very same code.
"""

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, pgettext_lazy

from ..core.moments import moment as _moment
from ..rows.hand_records import par_parts
from ..rows.names import pair_names as names_of
from ..rows.words import SEAT_LETTERS, VULNERABILITY_SHORT, marked, strain_text
from ..scoring import display
from ..scoring.cards import parse_card
from ..scoring.contract import Contract, ContractError, parse_contract

register = template.Library()

# Each suit's symbol, its name as a CSS class (never translated) and its name read aloud.
_SUITS = {
    "S": ("♠", "spade", pgettext_lazy("card suit", "spades")),
    "H": ("♥", "heart", pgettext_lazy("card suit", "hearts")),
    "D": ("♦", "diamond", pgettext_lazy("card suit", "diamonds")),
    "C": ("♣", "club", pgettext_lazy("card suit", "clubs")),
}
# The seats' names and letters, lazy: said in each page's language.
SEAT_NAMES = {
    "N": pgettext_lazy("compass seat", "North"),
    "E": pgettext_lazy("compass seat", "East"),
    "S": pgettext_lazy("compass seat", "South"),
    "W": pgettext_lazy("compass seat", "West"),
}
VULNERABILITY_NAMES = {
    "None": pgettext_lazy("vulnerability", "None"),
    "NS": pgettext_lazy("vulnerability", "N-S"),
    "EW": pgettext_lazy("vulnerability", "E-W"),
    "All": pgettext_lazy("vulnerability", "All"),
}
# Each suit's HTML by (letter, language): built once a language, as each page says it.
_SUIT_HTML: dict[tuple[str, str | None], SafeString] = {}


def seat_letters() -> dict[str, str]:
    """The seats' letters in the page's language, for a table to say once, not once a cell:
    {"N": "N", "E": "E", ...} in English."""
    return {letter: str(words) for letter, words in SEAT_LETTERS.items()}


@register.filter
def moment(value, part=""):
    """A moment in the one format of times (`core/moments.py`): `{{ change.at|moment }}`
    -> "19 November 2026, 21:05"; `{{ device.signed_in_at|moment:"time" }}` -> "21:05"."""
    return _moment(value, time_only=part == "time")


@register.filter
def pair_total(value, results):
    """A pair's scored total (2/1 matchpoints, or IMPs) on the session's scale, with the
    session's decimals of totals: `{{ score.points|pair_total:results }}` -> 101.60."""
    return total(results.scaled(value), results)


@register.filter
def total(value, results):
    """A pair's total already on the display scale (a row's or a card's `points`), with the
    session's decimals of totals (`SessionResults.decimals`): `{{ row.points|total:results }}`
    -> 101.60 beside 104.07, or 10.50 IMPs."""
    return display.fixed(value, results.decimals.totals)


@register.filter
def fixed(value, places):
    """A figure with the decimals of its kind, carried beside it (a winner's `places`):
    `{{ winner.points|fixed:winner.places }}` -> 55.00."""
    return display.fixed(value, places)


@register.filter
def top(value, results):
    """The most a pair could have scored, on the display scale, with the session's decimals
    of tops: `{{ card.top|top:results }}` -> 12."""
    return display.fixed(value, results.decimals.tops)


@register.filter
def handicap(value):
    """A pair's handicap in percentage points, signed: 8 -> "+8.00", -2.5 -> "-2.50"."""
    return display.handicap(value)


@register.filter
def awarded(value):
    """Master points as the bodies publish them: `{{ one.masterpoints|awarded }}` -> 24,
    0.75; empty for None."""
    return "" if value is None else marked(display.awarded(value))


@register.filter
def matchpoints(value):
    """Matchpoints already on the display scale: 12, 7.5, 4.33 (in French 4,33); empty for
    None."""
    return marked(display.points(value))


@register.filter
def imps(value):
    """IMPs (never on a matchpoint scale): 9, -8, 10.50, -0.25 (in French -0,25); empty for
    None."""
    return marked(display.points(value, imps=True))


@register.filter
def pair_names(section, label):
    """The players of pair `label` in a scored section: "A. Smith & B. Jones"."""
    return names_of(section, label)


@register.filter
def pct(value):
    """A percentage to 2 decimals: 63.19 (in French 63,19)."""
    return marked(display.percent(value))


@register.filter
def signed(value):
    return "" if value is None else f"{value:+d}" if value else "0"


def suit_html(letter: str) -> str:
    """A suit's symbol, coloured by its class and read aloud by its name in the page's
    language: "S" -> '<span class="suit spade" role="img" aria-label="spades">♠</span>'."""
    key = (letter, get_language())
    found = _SUIT_HTML.get(key)
    if found is None:
        symbol, name, said = _SUITS[letter]
        found = format_html(
            '<span class="suit {}" role="img" aria-label="{}">{}</span>', name, said, symbol
        )
        _SUIT_HTML[key] = found
    return found


@register.filter
def contract(value):
    """A contract with its suit coloured: Contract(4, "S", 1) -> 4♠X. A traveller's token
    as text ("4SX" from a stored par contract or an analysis row) the same; anything else
    (PASS, A+/A-, NP) as it is."""
    bid = _contract_of(value)
    if bid is None or bid.passed_out:
        return str(value) if isinstance(value, Contract) else value
    doubled = "X" * bid.doubled
    if bid.strain == "NT":
        return f"{bid.level}{strain_text('NT')}{doubled}"
    return format_html("{}{}{}", bid.level, suit_html(bid.strain), doubled)


def _contract_of(value: Contract | str | None) -> Contract | None:
    """A Contract as it is; text only when it is a contract exactly as clubscorer writes one
    (`str(Contract)`: "4SX", "3NT"), else None ("A+/A-", "NP", "PASS", "4s")."""
    if isinstance(value, Contract):
        return value
    try:
        bid = parse_contract(value or "")
    except ContractError:
        return None
    return bid if str(bid) == value and not bid.passed_out else None


@register.filter
def result(tricks, contract):
    """Tricks relative to `contract` (a Contract, or written "4S"), as players say it: "=",
    "+1", "-2"; empty for a pass-out or an adjustment. `{{ row.tricks|result:row.bid }}` with
    4S and 9 tricks -> "-1"."""
    bid = _contract_of(contract)
    if bid is None or bid.passed_out or tricks is None:
        return ""
    difference = tricks - bid.level - 6
    return "=" if difference == 0 else f"{difference:+d}"


@register.filter
def card(value):
    """A card as written on a traveller's lead (H3, 3H, ST) with its suit symbol: ♥3, ♠10;
    anything else as it is."""
    card = parse_card(value)
    if card is None:
        return value
    suit_letter, rank = card
    return format_html("{}{}", suit_html(suit_letter), "10" if rank == "T" else rank)


@register.filter
def holding(cards):
    """A suit's cards for a hand diagram, thin spaces between: "AKT2" -> "A K 10 2"; a void
    is "—"."""
    if not cards:
        return "—"
    return "\u2009".join("10" if c == "T" else c for c in cards)


@register.filter
def seat(letter):
    """N -> North."""
    return SEAT_NAMES.get(letter, letter)


@register.filter
def seat_letter(letter):
    """A seat's letter in the page's language: W -> "W", in French "O"."""
    return SEAT_LETTERS.get(letter, letter)


@register.filter
def vul(value):
    """Law 2 vulnerability as a printed board's heading says it: None, NS, EW, All (in
    French: Personne, NS, EO, Tous)."""
    return VULNERABILITY_SHORT.get(value, value)


@register.filter
def vulnerable(value):
    """Law 2 vulnerability as players read it: None, N-S, E-W, All."""
    return VULNERABILITY_NAMES.get(value, value)


@register.filter
def dd_level(tricks):
    """Double-dummy tricks as the highest contract that makes: 10 -> 4; fewer than 7 -> "–"."""
    if tricks is None:
        return ""
    return str(tricks - 6) if tricks >= 7 else "–"


@register.filter
def par_contracts(value):
    """Stored par contracts "4S N=, 4S S=" with suit symbols: 4♠ N=, 4♠ S=."""
    formatted = [
        format_html("{}&nbsp;{}", contract(level), rest) if rest else conditional_escape(level)
        for level, rest in par_parts(value or "")
    ]
    return mark_safe(", ".join(formatted))


@register.simple_tag
def suit(letter):
    """The coloured symbol of a suit letter (S, H, D, C); NT in the page's letters (SA in
    French)."""
    if letter == "NT":
        return strain_text(letter)
    return mark_safe(suit_html(letter))
