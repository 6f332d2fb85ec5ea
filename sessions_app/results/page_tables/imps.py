"""The tables of a session scored at IMPs (cross-IMPs or Butler): the matchpoint tables'
columns with IMPs in place of matchpoints and percentages, and no top."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html

from ...scoring.display import fixed
from .base import IMP_HEADER, IMPS_HEADER, NUM
from .matchpoints import RankingTable, ScoreCardTable, TravellerTable


class ImpRankingTable(RankingTable):
    """A field's ranking at IMPs: place, pair, names, total IMPs, boards played."""

    imps = tables.Column(IMPS_HEADER, accessor="points", attrs=NUM, initial_sort_descending=True)
    shows = "IMPs"

    class Meta(RankingTable.Meta):
        exclude = ("matchpoints", "percentage", "scaled")
        sequence = ("place", "label", "names", "imps", "boards", "award_words")

    def render_imps(self, value):
        return fixed(value, self.decimals.totals)


class ImpTravellerTable(TravellerTable):
    """A traveller at IMPs: each table's result and the IMPs of each side."""

    imp_ns = tables.Column(format_html("{} NS", IMP_HEADER), accessor="points_ns", attrs=NUM)
    imp_ew = tables.Column(format_html("{} EW", IMP_HEADER), accessor="points_ew", attrs=NUM)
    shows = "IMPs"

    class Meta(TravellerTable.Meta):
        exclude = ("mp_ns", "mp_ew", "pct_ns", "pct_ew")

    def render_imp_ns(self, value):
        return fixed(value, self.decimals.lines)

    def render_imp_ew(self, value):
        return fixed(value, self.decimals.lines)


class ImpScoreCardTable(ScoreCardTable):
    """A pair's score card at IMPs: its IMPs on each board and their total."""

    imps = tables.Column(
        IMPS_HEADER,
        accessor="points",
        attrs=NUM,
        initial_sort_descending=True,
        footer=lambda table: fixed(table.card.points, table.decimals.totals),
    )

    class Meta(ScoreCardTable.Meta):
        exclude = ("mp", "pct")

    def render_imps(self, value):
        return fixed(value, self.decimals.lines)
