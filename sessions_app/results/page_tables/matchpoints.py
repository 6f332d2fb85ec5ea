"""The tables of a session scored at matchpoints: a field's ranking, a board's traveller and a
pair's score card, with matchpoints and percentages."""

from __future__ import annotations

from urllib.parse import urlencode

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from ...rows import FieldRanking, ScoreCard, SectionTraveller
from ...scoring.display import Decimals, fixed
from ...templatetags import bridge
from ...templatetags.player_links import PlayerUrls, player_names_html
from .base import (
    CARD_KEY,
    CONTRACT_HEADER,
    MP_HEADER,
    NAMES,
    NUM,
    WIDE,
    WIDE_NUM,
    BoardUrls,
    PairUrls,
    ResultsTable,
    _contract_cell,
    _pair_link,
    _short_header,
)


class RankingTable(ResultsTable):
    """A field's ranking: place (ties "2="), pair, names, matchpoints, percentage, and the
    boards each pair played."""

    place = tables.Column("Place", order_by=("position",))
    label = tables.Column("Pair", order_by=("label_key",))
    names = tables.Column("Names", orderable=False, attrs=NAMES)
    matchpoints = tables.Column(
        MP_HEADER, accessor="points", attrs=NUM, initial_sort_descending=True
    )
    percentage = tables.Column("%", attrs=NUM, initial_sort_descending=True)
    scaled = tables.Column(
        mark_safe('<abbr title="total scaled to the full number of boards">Score</abbr>'),
        attrs=NUM,
        initial_sort_descending=True,
    )
    # A pair that played fewer boards can rank above a higher total: this says why.
    boards = tables.Column(_short_header("Boards", "Bds"), attrs=NUM)
    award_words = tables.Column("Master points", attrs=NUM, orderable=False)  # see __init__

    row_header = "label"
    shows = "matchpoints and percentage"  # what the caption says the table shows

    class Meta(ResultsTable.Meta):
        pass

    def __init__(
        self,
        ranking: FieldRanking,
        *,
        session_id: int,
        decimals: Decimals,
        players: PlayerUrls | None = None,
        **kwargs,
    ):
        self.session_id = session_id
        self.pair_urls = PairUrls(session_id)
        self.player_urls = players
        self.overall = ranking.overall
        shows = self.shows
        excluded = []
        if ranking.scaled:  # only at matchpoints, when the session says so (rules §6.5)
            shows += ", total scaled to the full number of boards"
        else:
            excluded.append("scaled")
        played = "boards played"
        if ranking.awards:  # headed by the body's name: "EBU master points"
            played += f", {ranking.awards} awarded"
            award = tables.Column(ranking.awards, attrs=NUM, orderable=False)
            kwargs.setdefault("extra_columns", [("award_words", award)])
        else:
            excluded.append("award_words")
        kwargs.setdefault("exclude", tuple(excluded))
        super().__init__(
            ranking.rows,
            key=ranking.key,
            caption=f"{ranking.title}: place, pair, names, {shows}, {played}",
            kind="ranking",
            decimals=decimals,
            **kwargs,
        )

    def render_label(self, value, record):
        shown = record.pair_in_section if self.overall else value
        return _pair_link(self.pair_urls, record.section, value, shown=shown)

    def render_names(self, value, record):
        return player_names_html(record.players, self.player_urls)

    def render_matchpoints(self, value):
        return fixed(value, self.decimals.totals)

    def render_percentage(self, value):
        return bridge.pct(value)

    def render_scaled(self, value):
        return fixed(value, self.decimals.scaled)


def _with_pct(side: str):
    """A traveller's matchpoint heading, "NS MP", with "%" under it on a phone."""
    return format_html('{} {}<span class="narrow">%</span>', side, MP_HEADER)


class TravellerTable(ResultsTable):
    """One section's traveller of a board: each table's result and its matchpoints."""

    ns = tables.Column("NS", order_by=("ns_key",))
    ew = tables.Column("EW", order_by=("ew_key",))
    contract = tables.Column(CONTRACT_HEADER, orderable=False, empty_values=())
    declarer = tables.Column("By", attrs=WIDE)
    lead = tables.Column("Lead", attrs=WIDE, orderable=False)
    tricks = tables.Column("Tricks", attrs=WIDE_NUM)
    score_ns = tables.Column("Score", attrs=NUM, initial_sort_descending=True)
    # On a phone the percentages ride under the matchpoints: eight columns of four-digit
    # scores, 7NTXX and two-decimal figures are wider than 360 px.
    mp_ns = tables.Column(_with_pct("NS"), accessor="points_ns", attrs=NUM)
    mp_ew = tables.Column(_with_pct("EW"), accessor="points_ew", attrs=NUM)
    pct_ns = tables.Column("NS %", attrs=WIDE_NUM)
    pct_ew = tables.Column("EW %", attrs=WIDE_NUM)

    row_header = "ns"
    shows = "matchpoints"

    class Meta(ResultsTable.Meta):
        pass

    def __init__(
        self,
        traveller: SectionTraveller,
        *,
        session_id: int,
        decimals: Decimals,
        own: str | None = None,
        players: PlayerUrls | None = None,
        **kwargs,
    ):
        self.session_id = session_id
        self.pair_urls = PairUrls(session_id)
        self.player_urls = players
        if own is not None:  # pair `own`'s line is marked
            self.own = lambda row: own in (row.ns, row.ew)
        super().__init__(
            traveller.rows,
            key=traveller.key,
            caption=f"{traveller.title}: each table's result, NS score and {self.shows}",
            kind="traveller",
            decimals=decimals,
            **kwargs,
        )

    def render_ns(self, value, record):
        return self._pair_cell(value, record, record.ns_names, record.ns_players)

    def render_ew(self, value, record):
        return self._pair_cell(value, record, record.ew_names, record.ew_players)

    def _pair_cell(self, label, record, names, players):
        """The pair's label, a link to its score card, and its names below it when the
        session's register links one of them (each a link to its player's page): "3" with
        "Ann Lee & Bob Ray" below."""
        link = _pair_link(self.pair_urls, record.section, label, names)
        if self.player_urls is None or not any(player for _, player in players):
            return link
        names_html = player_names_html(players, self.player_urls)
        return SafeString(f'{link} <span class="names">{names_html}</span>')

    def render_contract(self, value, record):
        return _contract_cell(value, record.bid, record.declarer, record.tricks, record.ruling)

    def render_lead(self, value):
        return bridge.card(value)

    def render_score_ns(self, value, record):
        if record.split_ew is not None:  # a split score: NS and EW scored differently
            return format_html(
                '<span title="split score: NS / EW">{} / {}</span>',
                bridge.signed(value),
                bridge.signed(record.split_ew),
            )
        return bridge.signed(value)

    def render_mp_ns(self, value, record):
        return self._points_cell(value, record.pct_ns)

    def render_mp_ew(self, value, record):
        return self._points_cell(value, record.pct_ew)

    def _points_cell(self, value, pct):
        """The matchpoints; on a phone also the percentage, whose own column is hidden there:
        "22.09" with "73.62%" below it."""
        points = fixed(value, self.decimals.lines)
        if pct is None:
            return points
        return format_html('{}<span class="narrow">{}%</span>', points, bridge.pct(pct))

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
        footer=lambda table: fixed(table.card.points, table.decimals.totals),
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

    def __init__(
        self,
        score_card: ScoreCard,
        *,
        session_id: int,
        decimals: Decimals,
        players: PlayerUrls | None = None,
        **kwargs,
    ):
        self.session_id = session_id
        self.pair_urls = PairUrls(session_id)
        self.player_urls = players
        self.board_urls = BoardUrls(session_id)
        # Each board's page marks this pair's line (page_cache.OWN_LINE).
        self.own_query = "?" + urlencode({"section": score_card.section, "pair": score_card.label})
        self.card = score_card
        super().__init__(
            score_card.rows,
            key=CARD_KEY,
            caption=f"Score card of pair {score_card.label}: every board it played",
            kind="scorecard",
            decimals=decimals,
            **kwargs,
        )

    def render_board(self, value, record):
        url = self.board_urls(value) + self.own_query
        details = [f"R{record.round}"] if record.round else []
        return format_html(
            '<a href="{}">{}</a><span class="narrow">{}</span>',
            url,
            value,
            " ".join([*details, record.direction]),
        )

    def render_opponent(self, value, record):
        link = _pair_link(self.pair_urls, self.card.section, value)
        if not record.opponent_names:
            return link
        names = player_names_html(record.opponent_players, self.player_urls)
        return format_html('{} <span class="names">{}</span>', link, names)

    def render_contract(self, value, record):
        return _contract_cell(value, record.bid, record.declarer, record.tricks, record.ruling)

    def render_score(self, value):
        return bridge.signed(value)

    def render_mp(self, value):
        return fixed(value, self.decimals.lines)

    def render_pct(self, value):
        return bridge.pct(value)
