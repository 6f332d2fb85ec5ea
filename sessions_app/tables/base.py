"""What every results table shares: its template, headings, cell classes, pair links, the
contract cell, and `ResultsTable`, which renders the rows' cells."""

from __future__ import annotations

import inspect

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from ..templatetags import bridge

TEMPLATE = "sessions_app/_table.html"
CARD_KEY = "card"  # the score card's table key (a page has one)
MP_HEADER = mark_safe('<abbr title="matchpoints">MP</abbr>')
IMP_HEADER = mark_safe('<abbr title="international match points">IMP</abbr>')
IMPS_HEADER = mark_safe('<abbr title="international match points">IMPs</abbr>')
# "Contract" may break as "Con-tract" where a phone has no room for the whole word.
CONTRACT_HEADER = "Con\u00adtract"


def _short_header(long: str, short: str):
    """A heading shown in full on wide screens and abbreviated on phones."""
    return format_html(
        '<span class="long">{}</span><abbr class="short" title="{}">{}</abbr>',
        long,
        long.lower(),
        short,
    )


def _attrs(*classes: str) -> dict:
    value = " ".join(classes)
    return {"th": {"class": value}, "td": {"class": value}, "tf": {"class": value}}


NUM = _attrs("num")
WIDE = _attrs("wide")
WIDE_NUM = _attrs("num", "wide")


def _pair_link(session_id: int, section: str, label: str, names: str = ""):
    url = reverse("sessions_app:pair", args=[session_id, section, label])
    if names:
        return format_html('<a href="{}" title="{}">{}</a>', url, names, label)
    return format_html('<a href="{}">{}</a>', url, label)


def _contract_cell(contract_text: str, declarer: str, tricks: int | None, ruling: str = ""):
    """The contract; on a narrow screen also its declarer and result ("N =", "S +1"), whose
    own columns are hidden there. A director's ruling is marked, and said in words below the
    table (`ruling_notes`)."""
    outcome = bridge.result(tricks, contract_text)
    cell = bridge.contract(contract_text) or ""
    if declarer or outcome:
        cell = format_html('{}<span class="narrow"> {} {}</span>', cell, declarer, outcome)
    if ruling:
        kind = ruling.split(":")[0].split(";")[0]
        cell = format_html('{} <abbr class="ruling-mark" title="{}">{}</abbr>', cell, ruling,
                           "adj" if kind != "weighted" else "weighted")  # fmt: skip
    return cell


class ResultsTable(tables.Table):
    """What every results table shares: the template, a caption and a row-header column."""

    row_header = ""  # the column whose cells are row headers (th scope="row")
    footer_header = ""  # the column whose footer cell heads the footer row

    class Meta:
        template_name = TEMPLATE
        default = ""
        orderable = True

    def __init__(self, rows, *, key: str, caption: str, kind: str, **kwargs):
        super().__init__(
            list(rows), prefix=f"{key}-", attrs={"id": f"{kind}-{key}", "class": kind}, **kwargs
        )
        self.caption = caption

    def rendered_rows(self) -> list[SafeString]:
        """Each row's cells as HTML, in the table's current order.

        The cells are what django-tables2 renders (the `render_<column>` methods, the
        columns' defaults for empty values, the columns' `td` attributes), built here without
        its per-cell machinery, which inspects the render method's signature again for every
        cell: that was most of the time of a score card or a ranking page.
        """
        plan = []
        for column in self.columns:
            render = getattr(self, f"render_{column.name}", None)
            with_record = render is not None and "record" in inspect.signature(render).parameters
            tag = "th" if column.name == self.row_header else "td"
            scope = ' scope="row"' if tag == "th" else ""
            attrs = column.attrs["td"].as_html()
            opening = mark_safe(f"<{tag}{scope}{' ' if attrs else ''}{attrs}>")
            closing = mark_safe(f"</{tag}>")
            accessor = column.accessor
            plan.append((accessor, column.column.empty_values, column.default, render,
                         with_record, opening, closing))  # fmt: skip
        rows = []
        for row in self.paginated_rows:
            record = row.record
            cells = []
            for accessor, empty, default, render, with_record, opening, closing in plan:
                value = record[accessor] if isinstance(record, dict) else getattr(record, accessor)
                if value in empty:
                    content = default
                elif render is None:
                    content = value
                else:
                    content = render(value, record) if with_record else render(value)
                cells.append(opening + conditional_escape(content) + closing)
            rows.append(mark_safe("".join(cells)))
        return rows
