"""Translated texts kept in rows that outlive a request (a session's winners are kept in the
cache): lazy, so each page says them in its own language, never in the first visitor's."""

from __future__ import annotations

from dataclasses import replace

from django.utils import formats
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext, npgettext, pgettext, pgettext_lazy

from ..scoring.line_words import LineRuling, describe_message
from ..scoring.message import Message, filled


def _interpolated(message, values: dict) -> str:
    return str(message) % values


# A lazy message with named placeholders, filled when it is shown (and picklable, to be kept
# in the cache). Example: interpolated(_("Section %(section)s"), {"section": "B"}) -> "Section
# B", or in French what the catalogue says.
interpolated = lazy(_interpolated, str)

# The directions a pair sits, as every page, PDF and e-mail says them (a field's title, a
# traveller's columns, "2nd of 7 NS"): one catalogue entry each.
DIRECTION_WORDS = {
    "NS": pgettext_lazy("North-South, abbreviated", "NS"),
    "EW": pgettext_lazy("East-West, abbreviated", "EW"),
}

# The seats' letters, in each page's, PDF's language: W is "O" in French.
SEAT_LETTERS = {
    "N": pgettext_lazy("compass seat", "N"),
    "E": pgettext_lazy("compass seat", "E"),
    "S": pgettext_lazy("compass seat", "S"),
    "W": pgettext_lazy("compass seat", "W"),
}
# No trumps as a contract writes it, in each page's, PDF's language: 3NT is 3SA in French and
# German, 3BA in Polish.
NO_TRUMPS = pgettext_lazy("no trumps, in a contract: 3NT", "NT")


def strain_text(strain: str) -> str:
    """A strain's letter as contracts are written in the page's language, the suits as they
    are (their symbols stand for them everywhere): "NT" -> "SA" in French; "S" -> "S"."""
    return str(NO_TRUMPS) if strain == "NT" else strain


def seat_text(seat: str) -> str:
    """A seat's letter in the page's language: "W" -> "O" in French; anything else as it is."""
    letter = SEAT_LETTERS.get(seat)
    return str(letter) if letter is not None else seat


# Law 2 vulnerability as a board's heading abbreviates it: None, NS, EW, All.
VULNERABILITY_SHORT = {
    "None": pgettext_lazy("vulnerability", "None"),
    **DIRECTION_WORDS,
    "All": pgettext_lazy("vulnerability", "All"),
}


def direction_words(direction: str | None):
    """A field's direction as a page says it: "NS" -> the catalogue's "NS"; None -> ""."""
    return DIRECTION_WORDS.get(direction, direction) if direction else ""


def worded(message: object) -> str:
    """A text of the pure packages (scoring/message.py's `Message`) in the active language:
    its text translated (with its context, if it has one), then its values filled in, each
    value that is itself a Message worded too; one with a plural in the form its count takes.
    Anything else (a plain `str`, a lazy text) is said as it is. Example: under
    translation.override("fr"), Message("%(n)s tricks", {"n": 10}) -> the catalogue's
    "%(n)s levées" filled: "10 levées"."""
    if not isinstance(message, Message):
        return str(message)
    values = {
        name: worded(value) if isinstance(value, Message) else value
        for name, value in message.params.items()
    }
    return filled(_translated(message), values)


def _translated(message: Message) -> str:
    """A Message's text in the active language, before its values: its plural form for its
    value "count" when it has a plural. Example, in French: ngettext_lazy("%(count)s problem,
    nothing imported:", "%(count)s problems, nothing imported:", 2) -> "%(count)s problèmes,
    rien n'est importé :"."""
    context, text, plural = message.context, message.text, message.plural
    if plural is None:
        return pgettext(context, text) if context else gettext(text)
    count = message.params["count"]
    assert isinstance(count, int)
    return npgettext(context, text, plural, count) if context else ngettext(text, plural, count)


# `worded` when it is shown: for rows kept in the cache, each page in its own language.
worded_lazy = lazy(worded, str)


def page_ruling(ruling: LineRuling | None) -> LineRuling | None:
    """A line's ruling as a page or a PDF says it: its words in the page's language (lazy,
    for rows kept in the cache); None stays None."""
    if ruling is None or ruling.message is None:
        return ruling
    return replace(ruling, words=worded_lazy(ruling.message))


def described(row: object) -> str:
    """A stored line (a Result, or an audit trail's copy of one) in words, in the page's
    language: `scoring.line_words.describe`'s English said as the page speaks. Example, in
    French: an artificial A+/A- line -> "artificiel : A+ à NS, A- à EO"."""
    return worded(describe_message(row))


def decimal_mark() -> str:
    """The active language's decimal mark: "." in English, "," in French and the nine others."""
    return str(formats.get_format("DECIMAL_SEPARATOR"))


def marked(figure: str, mark: str | None = None) -> str:
    """A figure as scoring/display writes it (files' notation: "56.27", "-0.25") with the
    page's decimal mark (`mark`, read once for a table, else the active language's). Example,
    in French: "56.27" -> "56,27"; "420" -> "420"."""
    mark = mark or decimal_mark()
    return figure if mark == "." else figure.replace(".", mark)
