"""The results pages' tables: one django-tables2 Table per screen, fed with computed rows.

Rows come from `rows` (dataclasses with exact values on the session's display scale);
the cells are formatted here, in `render_<column>` methods, with the same functions as the
template filters, so rounding still happens only in `scoring/display.py`.

Every table renders through `sessions_app/_table.html`: a caption, `th scope="col"` headers
whose links sort the table (each table has its own query-string prefix, so several tables on
one page sort independently), a row header cell (`th scope="row"`) and an optional footer.
Columns marked `wide` are hidden on narrow screens, where their content is repeated compactly
(`narrow` spans) in a neighbouring cell, so a phone needs no horizontal scrolling.

A session scored at IMPs (cross-IMPs or Butler) gets the `Imp...` tables: the same columns with
IMPs in place of matchpoints and percentages (`ranking_table`, `traveller_table` and
`score_card_table` pick the right one).
"""

from __future__ import annotations

import inspect

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from .rows import FieldRanking, ScoreCard, SectionTraveller
from .scoring.display import text
from .templatetags import bridge

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


class RankingTable(ResultsTable):
    """A field's ranking: place (ties "2="), pair, names, matchpoints, percentage."""

    place = tables.Column("Place", order_by=("position",))
    label = tables.Column("Pair", order_by=("label_key",))
    names = tables.Column("Names", orderable=False)
    matchpoints = tables.Column(
        MP_HEADER, accessor="points", attrs=NUM, initial_sort_descending=True
    )
    percentage = tables.Column("%", attrs=NUM, initial_sort_descending=True)

    row_header = "label"
    shows = "matchpoints and percentage"  # what the caption says the table shows

    class Meta(ResultsTable.Meta):
        pass

    def __init__(self, ranking: FieldRanking, *, session_id: int, **kwargs):
        self.session_id = session_id
        super().__init__(
            ranking.rows,
            key=ranking.key,
            caption=f"{ranking.title}: place, pair, names, {self.shows}",
            kind="ranking",
            **kwargs,
        )

    def render_label(self, value, record):
        return _pair_link(self.session_id, record.section, value)

    def render_matchpoints(self, value):
        return text(value)

    def render_percentage(self, value):
        return bridge.pct(value)


class TravellerTable(ResultsTable):
    """One section's traveller of a board: each table's result and its matchpoints."""

    ns = tables.Column("NS", order_by=("ns_key",))
    ew = tables.Column("EW", order_by=("ew_key",))
    contract = tables.Column(CONTRACT_HEADER, orderable=False, empty_values=())
    declarer = tables.Column("By", attrs=WIDE)
    lead = tables.Column("Lead", attrs=WIDE, orderable=False)
    tricks = tables.Column("Tricks", attrs=WIDE_NUM)
    score_ns = tables.Column("Score", attrs=NUM, initial_sort_descending=True)
    mp_ns = tables.Column(format_html("NS {}", MP_HEADER), accessor="points_ns", attrs=NUM)
    mp_ew = tables.Column(format_html("EW {}", MP_HEADER), accessor="points_ew", attrs=NUM)
    pct_ns = tables.Column("NS %", attrs=NUM)
    pct_ew = tables.Column("EW %", attrs=NUM)

    row_header = "ns"
    shows = "matchpoints"

    class Meta(ResultsTable.Meta):
        pass

    def __init__(self, traveller: SectionTraveller, *, session_id: int, **kwargs):
        self.session_id = session_id
        super().__init__(
            traveller.rows,
            key=traveller.key,
            caption=f"{traveller.title}: each table's result, NS score and {self.shows}",
            kind="traveller",
            **kwargs,
        )

    def render_ns(self, value, record):
        return _pair_link(self.session_id, record.section, value, record.ns_names)

    def render_ew(self, value, record):
        return _pair_link(self.session_id, record.section, value, record.ew_names)

    def render_contract(self, value, record):
        return _contract_cell(value, record.declarer, record.tricks, record.ruling)

    def render_lead(self, value):
        return bridge.card(value)

    def render_score_ns(self, value, record):
        if record.split_ew is not None:  # a split score: NS and EW scored differently
            return format_html('<span title="split score: NS / EW">{} / {}</span>',
                               bridge.signed(value), bridge.signed(record.split_ew))  # fmt: skip
        return bridge.signed(value)

    def render_mp_ns(self, value):
        return text(value)

    def render_mp_ew(self, value):
        return text(value)

    def render_pct_ns(self, value):
        return bridge.pct(value)

    def render_pct_ew(self, value):
        return bridge.pct(value)


class ScoreCardTable(ResultsTable):
    """A pair's personal score card: every board it played, in the order it played them."""

    board = tables.Column(_short_header("Board", "Bd"), attrs=NUM)
    round = tables.Column("Round", attrs=WIDE_NUM, order_by=("round_key",))
    direction = tables.Column(
        mark_safe('<abbr title="direction the pair sat">Dir</abbr>'), attrs=WIDE
    )
    opponent = tables.Column("Opponents", order_by=("opponent_key",), footer="Total")
    contract = tables.Column(CONTRACT_HEADER, orderable=False, empty_values=())
    declarer = tables.Column("By", attrs=WIDE)
    tricks = tables.Column("Tricks", attrs=WIDE_NUM)
    score = tables.Column("Score", attrs=NUM, initial_sort_descending=True)
    mp = tables.Column(
        MP_HEADER,
        accessor="points",
        attrs=NUM,
        initial_sort_descending=True,
        footer=lambda table: text(table.card.points),
    )
    pct = tables.Column(
        "%",
        attrs=NUM,
        initial_sort_descending=True,
        footer=lambda table: bridge.pct(table.card.percentage),
    )

    row_header = "board"
    footer_header = "opponent"  # the widest column holds the word "Total"

    class Meta(ResultsTable.Meta):
        pass

    def __init__(self, score_card: ScoreCard, *, session_id: int, **kwargs):
        self.session_id = session_id
        self.card = score_card
        super().__init__(
            score_card.rows,
            key=CARD_KEY,
            caption=f"Score card of pair {score_card.label}: every board it played",
            kind="scorecard",
            **kwargs,
        )

    def render_board(self, value, record):
        url = reverse("sessions_app:board", args=[self.session_id, value])
        details = [f"R{record.round}"] if record.round else []
        return format_html(
            '<a href="{}">{}</a><span class="narrow">{}</span>',
            url,
            value,
            " ".join([*details, record.direction]),
        )

    def render_opponent(self, value, record):
        link = _pair_link(self.session_id, self.card.section, value)
        if not record.opponent_names:
            return link
        return format_html('{} <span class="names">{}</span>', link, record.opponent_names)

    def render_contract(self, value, record):
        return _contract_cell(value, record.declarer, record.tricks, record.ruling)

    def render_score(self, value):
        return bridge.signed(value)

    def render_mp(self, value):
        return text(value)

    def render_pct(self, value):
        return bridge.pct(value)


# At IMPs ---------------------------------------------------------------------------------------


class ImpRankingTable(RankingTable):
    """A field's ranking at IMPs: place, pair, names, total IMPs."""

    imps = tables.Column(IMPS_HEADER, accessor="points", attrs=NUM,
                         initial_sort_descending=True)  # fmt: skip
    shows = "IMPs"

    class Meta(RankingTable.Meta):
        exclude = ("matchpoints", "percentage")

    def render_imps(self, value):
        return bridge.imps(value)


class ImpTravellerTable(TravellerTable):
    """A traveller at IMPs: each table's result and the IMPs of each side."""

    imp_ns = tables.Column(format_html("{} NS", IMP_HEADER), accessor="points_ns", attrs=NUM)
    imp_ew = tables.Column(format_html("{} EW", IMP_HEADER), accessor="points_ew", attrs=NUM)
    shows = "IMPs"

    class Meta(TravellerTable.Meta):
        exclude = ("mp_ns", "mp_ew", "pct_ns", "pct_ew")

    def render_imp_ns(self, value):
        return bridge.imps(value)

    def render_imp_ew(self, value):
        return bridge.imps(value)


class ImpScoreCardTable(ScoreCardTable):
    """A pair's score card at IMPs: its IMPs on each board and their total."""

    imps = tables.Column(
        IMPS_HEADER,
        accessor="points",
        attrs=NUM,
        initial_sort_descending=True,
        footer=lambda table: bridge.imps(table.card.points),
    )

    class Meta(ScoreCardTable.Meta):
        exclude = ("mp", "pct")

    def render_imps(self, value):
        return bridge.imps(value)


# Each screen's table at matchpoints (False) and at IMPs (True).
RANKING_TABLES = {False: RankingTable, True: ImpRankingTable}
TRAVELLER_TABLES = {False: TravellerTable, True: ImpTravellerTable}
SCORE_CARD_TABLES = {False: ScoreCardTable, True: ImpScoreCardTable}


def ranking_table(ranking: FieldRanking, *, session_id: int, imps: bool) -> RankingTable:
    return RANKING_TABLES[imps](ranking, session_id=session_id)


def traveller_table(traveller: SectionTraveller, *, session_id: int, imps: bool) -> TravellerTable:
    return TRAVELLER_TABLES[imps](traveller, session_id=session_id)


def score_card_table(card: ScoreCard, *, session_id: int, imps: bool) -> ScoreCardTable:
    return SCORE_CARD_TABLES[imps](card, session_id=session_id)
