"""What every results table shares: its template, headings, cell classes, pair links, the
contract cell, and `ResultsTable`, which renders the rows' cells."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache, lru_cache
from html import escape
from typing import Any
from urllib.parse import quote

import django_tables2 as tables
from django.urls import reverse
from django.utils.functional import cached_property, lazy
from django.utils.html import format_html
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ...rows.words import DIRECTION_WORDS, decimal_mark, marked
from ...scoring.contract import Contract
from ...scoring.display import Decimals, fixed, percent
from ...scoring.line_words import LineRuling
from ...templatetags import bridge

TEMPLATE = "sessions_app/_table.html"
CARD_KEY = "card"  # the score card's table key (a page has one)

# The headings are lazy: the tables' classes are built once, and each page says their
# headings in its own language (each rendered once a table, never once a row).


def _abbr_html(title, short) -> SafeString:
    return format_html('<abbr title="{}">{}</abbr>', title, short)


def _short_header_html(long, short, title) -> SafeString:
    return format_html(
        '<span class="long">{}</span><abbr class="short" title="{}">{}</abbr>', long, title, short
    )


def _side_header_html(side, header) -> SafeString:
    return format_html("{} {}", side, header)


def _header_side_html(header, side) -> SafeString:
    return format_html("{} {}", header, side)


# A heading abbreviated, its words in its title: abbr(_("matchpoints"), "MP") ->
# '<abbr title="matchpoints">MP</abbr>'.
abbr = lazy(_abbr_html, SafeString)
# A heading shown in full on wide screens and abbreviated on phones (`title`: its words).
_short_header = lazy(_short_header_html, SafeString)
# A side's heading: side_header("NS", MP_HEADER) -> "NS <abbr ...>MP</abbr>".
side_header = lazy(_side_header_html, SafeString)
# A heading for a side: header_side(IMP_HEADER, "NS") -> "<abbr ...>IMP</abbr> NS".
header_side = lazy(_header_side_html, SafeString)

MP_HEADER = abbr(_("matchpoints"), pgettext_lazy("short for matchpoints", "MP"))
IMP_HEADER = abbr(_("international match points"), pgettext_lazy("short for an IMP", "IMP"))
IMPS_HEADER = abbr(_("international match points"), pgettext_lazy("short for IMPs", "IMPs"))
NS_HEADER = DIRECTION_WORDS["NS"]
EW_HEADER = DIRECTION_WORDS["EW"]
# The reader's own row (a pair's line on a traveller reached from its score card).
OWN_ROW = '\n    <tr class="own" aria-current="true">'
# "Contract" may break as "Con-tract" where a phone has no room for the whole word.
# Translators: "Contract" (a bridge contract) with an invisible soft hyphen (U+00AD) where the
# word may break on a narrow screen; put one where your word may break, or none.
CONTRACT_HEADER = pgettext_lazy("bridge contract", "Con­tract")


def _attrs(*classes: str) -> dict:
    value = " ".join(classes)
    return {"th": {"class": value}, "td": {"class": value}, "tf": {"class": value}}


NUM = _attrs("num")
NAMES = _attrs("pair-names")  # players' names: may break inside a long name on a phone
WIDE = _attrs("wide")
WIDE_NUM = _attrs("num", "wide")


def html(content) -> str:
    """`content` as HTML text: what `conditional_escape` gives (a SafeString as it is, anything
    else escaped), without its lazy-string wrapper, which costs more than the escaping itself
    in a table of thousands of cells. Example: "A & B" -> "A &amp; B"."""
    if hasattr(content, "__html__"):
        return content.__html__()
    return escape(str(content))


# A slot in a reversed address, and the same after reverse() has quoted it ("%00s").
_SLOT = "\x00"
_PATH_SAFE = RFC3986_SUBDELIMS + "/~:@"  # what reverse() leaves unquoted in a path


class PairUrls:
    """The score card addresses of one session's pairs: reverse() once, then each pair's
    address by putting its section and label, quoted as reverse() quotes them, in the slots.

    Why: a 1,000-table ranking links 2,000 pairs, and reverse() (which resolves the URLconf,
    the language and the script prefix again each time) would be a third of its render time.
    Example: PairUrls(7)("A", "12") -> "/sessions/7/pairs/A/12/", as
    reverse("sessions_app:pair", args=[7, "A", "12"]).
    """

    def __init__(self, session_id: int):
        self.template = reverse("sessions_app:pair", args=[session_id, _SLOT + "s", _SLOT + "l"])
        self.section_slot = quote(_SLOT + "s", safe=_PATH_SAFE)
        self.label_slot = quote(_SLOT + "l", safe=_PATH_SAFE)

    def __call__(self, section: str, label: str) -> str:
        return self.template.replace(self.section_slot, quote(section, safe=_PATH_SAFE)).replace(
            self.label_slot, quote(label, safe=_PATH_SAFE)
        )


class BoardUrls:
    """The addresses of one session's board pages: reverse() once (for board 0, a number no
    board has), then each board's address by putting its number in the last segment.

    Example: BoardUrls(7)(12) -> "/sessions/7/boards/12/", as
    reverse("sessions_app:board", args=[7, 12]).
    """

    def __init__(self, session_id: int):
        self.head, _, self.tail = reverse("sessions_app:board", args=[session_id, 0]).rpartition(
            "/0/"
        )

    def __call__(self, number: int) -> str:
        return f"{self.head}/{int(number)}/{self.tail}"


def _pair_link(
    urls: PairUrls, section: str, label: str, names: str = "", shown: str = ""
) -> SafeString:
    """A link to a pair's score card, its names in the link's title: `<a href="..." title="Ann
    Lee &amp; Bob Ray">3</a>` (what format_html gave, built without its per-call cost); `shown`
    instead of the label in a ranking across sections ("A3")."""
    url = html(urls(section, label))
    text = html(shown or label)
    if names:
        return SafeString(f'<a href="{url}" title="{html(names)}">{text}</a>')
    return SafeString(f'<a href="{url}">{text}</a>')


@lru_cache(maxsize=4096)
def _contract_cell(
    token: str,
    bid: Contract | None,
    declarer: str,
    tricks: int | None,
    ruling: LineRuling | None = None,
    language: str | None = None,
):
    """The contract column's `token` ("4SX", "A+/A-"), its `bid` with the suit symbol; on a
    narrow screen also its declarer and result ("N =", "S +1"), whose own columns are hidden
    there. A director's ruling is marked ("weighted" for a weighted score, else "adj"), and
    said in words below the table (`ruling_notes`). Kept for the next line with the same
    contract, declarer, tricks and ruling (a board's traveller repeats a few contracts
    hundreds of times), and `language`: the page's (`get_language()`, read once a table),
    which the ruling's mark is said in.

    Example: ("4SX", 4SX, "N", 9) -> 4♠X with " N -1" for a narrow screen."""
    outcome = bridge.result(tricks, bid)
    cell = (bridge.contract(bid) if bid is not None else token) or ""
    if declarer or outcome:
        seat = bridge.SEAT_LETTERS.get(declarer, declarer)
        cell = format_html('{}<span class="narrow"> {} {}</span>', cell, seat, outcome)
    if ruling is not None:
        cell = format_html(
            '{} <abbr class="ruling-mark" title="{}">{}</abbr>',
            cell,
            ruling.words,
            pgettext("a weighted score", "weighted")
            if ruling.kind == "weighted"
            else pgettext("short for a director's adjusted score", "adj"),
        )
    return cell


@cache
def _takes_record(render) -> bool:
    """Whether a `render_<column>` method takes the row (`record`) besides the cell's value;
    read once per method, not once per table."""
    return "record" in inspect.signature(render).parameters


class ResultsTable(tables.Table):
    """What every results table shares: the template, a caption and a row-header column."""

    row_header = ""  # the column whose cells are row headers (th scope="row")
    footer_header = ""  # the column whose footer cell heads the footer row
    own: Callable[[Any], bool] | None = None  # the reader's own row, marked (tr class="own")

    class Meta:
        template_name = TEMPLATE
        default = ""
        orderable = True

    def __init__(self, rows, *, key: str, caption: str, kind: str, decimals: Decimals, **kwargs):
        super().__init__(
            list(rows), prefix=f"{key}-", attrs={"id": f"{kind}-{key}", "class": kind}, **kwargs
        )
        self.caption = caption
        self.language = get_language()  # the page's: its contract cells' ruling marks
        self.decimals = decimals  # the session's, for each kind of figure (scoring/display.py)
        self.mark = decimal_mark()  # the page's decimal mark, read once a table

    def fixed(self, value, places: int) -> str:
        """A figure with `places` decimals (scoring/display's rounding) and the page's decimal
        mark: 104.07, in French 104,07."""
        return marked(fixed(value, places), self.mark)

    def percent(self, value) -> str:
        """A percentage to 2 decimals with the page's decimal mark: 63.19, in French 63,19."""
        return marked(percent(value), self.mark)

    @cached_property
    def rendered_body(self) -> SafeString:
        """The table's rows as HTML, in its current order: one `<tr>` a row, each on its own
        line of the page's source; "" for no rows.

        The cells are what django-tables2 renders (the `render_<column>` methods, the
        columns' defaults for empty values, the columns' `td` attributes), built here without
        its per-cell machinery (which inspects the render method's signature again for every
        cell) and without a template loop over the rows: a 2,000-pair ranking is 12,000
        cells, and each microsecond a cell is 12 ms of the page.
        """
        plan = []
        for column in self.columns:
            render = getattr(self, f"render_{column.name}", None)
            with_record = render is not None and _takes_record(render.__func__)
            tag = "th" if column.name == self.row_header else "td"
            scope = ' scope="row"' if tag == "th" else ""
            attrs = column.attrs["td"].as_html()
            empty = tuple(column.column.empty_values)
            usual_empty = empty == (None, "")  # checked without comparing every value to ""
            plan.append(
                (
                    str(column.accessor),
                    empty,
                    usual_empty,
                    html(column.default),
                    render,
                    with_record,
                    f"<{tag}{scope}{' ' if attrs else ''}{attrs}>",
                    f"</{tag}>",
                )
            )
        parts = []
        own = self.own
        for row in self.paginated_rows:
            record = row.record
            parts.append(OWN_ROW if own is not None and own(record) else "\n    <tr>")
            for accessor, empty, usual, default, render, with_record, opening, closing in plan:
                value = record[accessor] if isinstance(record, dict) else getattr(record, accessor)
                if usual:  # None or "", as `value in (None, "")` without a Fraction's __eq__
                    missing = value is None or (isinstance(value, str) and not value)
                else:
                    missing = value in empty
                if missing:
                    content = default
                elif render is None:
                    content = html(value)
                else:
                    content = html(render(value, record) if with_record else render(value))
                parts += (opening, content, closing)
            parts.append("</tr>\n  ")
        return SafeString("".join(parts))
