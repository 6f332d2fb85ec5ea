"""The tables of a session scored at matchpoints: a field's ranking, a board's traveller and a
pair's score card, with matchpoints and percentages."""

from __future__ import annotations

from urllib.parse import urlencode

import django_tables2 as tables
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ...rows import FieldRanking, ScoreCard, SectionTraveller
from ...rows.words import DIRECTION_WORDS
from ...scoring.display import Decimals
from ...templatetags import bridge
from ...templatetags.player_links import PlayerUrls, player_names_html
from .base import (
    CARD_KEY,
    CONTRACT_HEADER,
    EW_HEADER,
    MP_HEADER,
    NAMES,
    NS_HEADER,
    NUM,
    WIDE,
    WIDE_NUM,
    BoardUrls,
    PairUrls,
    ResultsTable,
    _contract_cell,
    _pair_link,
    _short_header,
    abbr,
    side_header,
)

PLACE = pgettext_lazy("place in a ranking", "Place")
PAIR = pgettext_lazy("bridge pair", "Pair")
SCORE = pgettext_lazy("bridge score", "Score")
BY = pgettext_lazy("declarer", "By")
TRICKS = _("Tricks")


class RankingTable(ResultsTable):
    """A field's ranking: place (ties "2="), pair, names, matchpoints, percentage, and the
    boards each pair played."""

    place = tables.Column(PLACE, order_by=("position",))
    label = tables.Column(PAIR, order_by=("label_key",))
    names = tables.Column(_("Names"), orderable=False, attrs=NAMES)
    matchpoints = tables.Column(
        MP_HEADER, accessor="points", attrs=NUM, initial_sort_descending=True
    )
    percentage = tables.Column("%", attrs=NUM, initial_sort_descending=True)
    scaled = tables.Column(
        abbr(_("total scaled to the full number of boards"), SCORE),
        attrs=NUM,
        initial_sort_descending=True,
    )
    # A pair that played fewer boards can rank above a higher total: this says why.
    boards = tables.Column(
        _short_header(
            pgettext_lazy("bridge boards (deals)", "Boards"),
            pgettext_lazy("short for boards", "Bds"),
            pgettext_lazy("bridge boards (deals)", "boards"),
        ),
        attrs=NUM,
    )
    award_words = tables.Column(_("Master points"), attrs=NUM, orderable=False)  # see __init__

    row_header = "label"
    # What the caption says the table shows, by (totals scaled, master points awarded).
    captions = {
        (False, False): _(
            "%(title)s: place, pair, names, matchpoints and percentage, boards played"
        ),
        (True, False): _(
            "%(title)s: place, pair, names, matchpoints and percentage, total scaled to the "
            "full number of boards, boards played"
        ),
        # Translators: %(awards)s is the master points column's heading: "EBU master points".
        (False, True): _(
            "%(title)s: place, pair, names, matchpoints and percentage, boards played, "
            "%(awards)s awarded"
        ),
        # Translators: %(awards)s is the master points column's heading: "EBU master points".
        (True, True): _(
            "%(title)s: place, pair, names, matchpoints and percentage, total scaled to the "
            "full number of boards, boards played, %(awards)s awarded"
        ),
    }

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
        excluded = []
        if not ranking.scaled:  # only at matchpoints, when the session says so (rules §6.5)
            excluded.append("scaled")
        if ranking.awards:  # headed by the body's name: "EBU master points"
            award = tables.Column(ranking.awards, attrs=NUM, orderable=False)
            kwargs.setdefault("extra_columns", [("award_words", award)])
        else:
            excluded.append("award_words")
        kwargs.setdefault("exclude", tuple(excluded))
        super().__init__(
            ranking.rows,
            key=ranking.key,
            caption=self.captions[bool(ranking.scaled), bool(ranking.awards)]
            % {"title": ranking.title, "awards": ranking.awards},
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
        return self.fixed(value, self.decimals.totals)

    def render_percentage(self, value):
        return self.percent(value)

    def render_scaled(self, value):
        return self.fixed(value, self.decimals.scaled)


def _with_pct_html(side) -> SafeString:
    return format_html('{} {}<span class="narrow">%</span>', side, MP_HEADER)


# A traveller's matchpoint heading, "NS MP", with "%" under it on a phone (lazy, as the
# headings of `base.py`).
_with_pct = lazy(_with_pct_html, SafeString)


class TravellerTable(ResultsTable):
    """One section's traveller of a board: each table's result and its matchpoints."""

    ns = tables.Column(NS_HEADER, order_by=("ns_key",))
    ew = tables.Column(EW_HEADER, order_by=("ew_key",))
    contract = tables.Column(CONTRACT_HEADER, orderable=False, empty_values=())
    declarer = tables.Column(BY, attrs=WIDE)
    lead = tables.Column(pgettext_lazy("opening lead", "Lead"), attrs=WIDE, orderable=False)
    tricks = tables.Column(TRICKS, attrs=WIDE_NUM)
    score_ns = tables.Column(SCORE, attrs=NUM, initial_sort_descending=True)
    # On a phone the percentages ride under the matchpoints: eight columns of four-digit
    # scores, 7NTXX and two-decimal figures are wider than 360 px.
    mp_ns = tables.Column(_with_pct(NS_HEADER), accessor="points_ns", attrs=NUM)
    mp_ew = tables.Column(_with_pct(EW_HEADER), accessor="points_ew", attrs=NUM)
    pct_ns = tables.Column(side_header(NS_HEADER, "%"), attrs=WIDE_NUM)
    pct_ew = tables.Column(side_header(EW_HEADER, "%"), attrs=WIDE_NUM)

    row_header = "ns"
    # Translators: %(title)s is the traveller's title: "Section A", "Traveller".
    caption_words = _("%(title)s: each table's result, NS score and matchpoints")

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
        self.seats = bridge.seat_letters()  # said once a table, not once a line
        self.split_title = gettext("split score: NS / EW")
        super().__init__(
            traveller.rows,
            key=traveller.key,
            caption=self.caption_words % {"title": traveller.title},
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
        return _contract_cell(
            value, record.bid, record.declarer, record.tricks, record.ruling, self.language
        )

    def render_declarer(self, value):
        return self.seats.get(value, value)

    def render_lead(self, value):
        return bridge.card(value)

    def render_score_ns(self, value, record):
        if record.split_ew is not None:  # a split score: NS and EW scored differently
            return format_html(
                '<span title="{}">{} / {}</span>',
                self.split_title,
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
        points = self.fixed(value, self.decimals.lines)
        if pct is None:
            return points
        return format_html('{}<span class="narrow">{}%</span>', points, self.percent(pct))

    def render_pct_ns(self, value):
        return self.percent(value)

    def render_pct_ew(self, value):
        return self.percent(value)


class ScoreCardTable(ResultsTable):
    """A pair's personal score card: every board it played, in the order it played them."""

    board = tables.Column(
        _short_header(
            pgettext_lazy("bridge board (deal)", "Board"),
            pgettext_lazy("short for board", "Bd"),
            pgettext_lazy("bridge board (deal)", "board"),
        ),
        attrs=NUM,
    )
    round = tables.Column(
        pgettext_lazy("round of a movement", "Round"), attrs=WIDE_NUM, order_by=("round_key",)
    )
    direction = tables.Column(
        abbr(_("direction the pair sat"), pgettext_lazy("short for direction", "Dir")),
        attrs=WIDE,
    )
    opponent = tables.Column(
        _("Opponents"), order_by=("opponent_key",), footer=pgettext_lazy("sum of scores", "Total")
    )
    contract = tables.Column(CONTRACT_HEADER, orderable=False, empty_values=())
    declarer = tables.Column(BY, attrs=WIDE)
    tricks = tables.Column(TRICKS, attrs=WIDE_NUM)
    score = tables.Column(SCORE, attrs=NUM, initial_sort_descending=True)
    mp = tables.Column(
        MP_HEADER,
        accessor="points",
        attrs=NUM,
        initial_sort_descending=True,
        footer=lambda table: table.fixed(table.card.points, table.decimals.totals),
    )
    pct = tables.Column(
        "%",
        attrs=NUM,
        initial_sort_descending=True,
        footer=lambda table: table.percent(table.card.percentage),
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
        self.seats = bridge.seat_letters()  # said once a table, not once a line
        self.directions = {side: str(word) for side, word in DIRECTION_WORDS.items()}
        # Translators: a round's number, shortened: "R3".
        self.round_short = pgettext("short for round number", "R%(round)s")
        # Each board's page marks this pair's line (page_cache.OWN_LINE).
        self.own_query = "?" + urlencode({"section": score_card.section, "pair": score_card.label})
        self.card = score_card
        super().__init__(
            score_card.rows,
            key=CARD_KEY,
            caption=gettext("Score card of pair %(pair)s: every board it played")
            % {"pair": score_card.label},
            kind="scorecard",
            decimals=decimals,
            **kwargs,
        )

    def render_board(self, value, record):
        url = self.board_urls(value) + self.own_query
        details = [self.round_short % {"round": record.round}] if record.round else []
        return format_html(
            '<a href="{}">{}</a><span class="narrow">{}</span>',
            url,
            value,
            " ".join([*details, self.directions.get(record.direction, record.direction)]),
        )

    def render_direction(self, value):
        return self.directions.get(value, value)

    def render_declarer(self, value):
        return self.seats.get(value, value)

    def render_opponent(self, value, record):
        link = _pair_link(self.pair_urls, self.card.section, value)
        if not record.opponent_names:
            return link
        names = player_names_html(record.opponent_players, self.player_urls)
        return format_html('{} <span class="names">{}</span>', link, names)

    def render_contract(self, value, record):
        return _contract_cell(
            value, record.bid, record.declarer, record.tricks, record.ruling, self.language
        )

    def render_score(self, value):
        return bridge.signed(value)

    def render_mp(self, value):
        return self.fixed(value, self.decimals.lines)

    def render_pct(self, value):
        return self.percent(value)
