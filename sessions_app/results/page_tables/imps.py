"""The tables of a session scored at IMPs (cross-IMPs or Butler): the matchpoint tables'
columns with IMPs in place of matchpoints and percentages, and no top."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .base import EW_HEADER, IMP_HEADER, IMPS_HEADER, NS_HEADER, NUM, header_side
from .matchpoints import RankingTable, ScoreCardTable, TravellerTable


class ImpRankingTable(RankingTable):
    """A field's ranking at IMPs: place, pair, names, total IMPs, boards played."""

    imps = tables.Column(IMPS_HEADER, accessor="points", attrs=NUM, initial_sort_descending=True)
    # What the caption says the table shows, by (totals scaled, master points awarded).
    captions = {
        (False, False): _("%(title)s: place, pair, names, IMPs, boards played"),
        (True, False): _(
            "%(title)s: place, pair, names, IMPs, total scaled to the full number of boards, "
            "boards played"
        ),
        # Translators: %(awards)s is the master points column's heading: "EBU master points".
        (False, True): _("%(title)s: place, pair, names, IMPs, boards played, %(awards)s awarded"),
        # Translators: %(awards)s is the master points column's heading: "EBU master points".
        (True, True): _(
            "%(title)s: place, pair, names, IMPs, total scaled to the full number of boards, "
            "boards played, %(awards)s awarded"
        ),
    }

    class Meta(RankingTable.Meta):
        exclude = ("matchpoints", "percentage", "scaled")
        sequence = ("place", "label", "names", "imps", "boards", "award_words")

    def render_imps(self, value):
        return self.fixed(value, self.decimals.totals)


class ImpTravellerTable(TravellerTable):
    """A traveller at IMPs: each table's result and the IMPs of each side."""

    imp_ns = tables.Column(header_side(IMP_HEADER, NS_HEADER), accessor="points_ns", attrs=NUM)
    imp_ew = tables.Column(header_side(IMP_HEADER, EW_HEADER), accessor="points_ew", attrs=NUM)
    # Translators: %(title)s is the traveller's title: "Section A", "Traveller".
    caption_words = _("%(title)s: each table's result, NS score and IMPs")

    class Meta(TravellerTable.Meta):
        exclude = ("mp_ns", "mp_ew", "pct_ns", "pct_ew")

    def render_imp_ns(self, value):
        return self.fixed(value, self.decimals.lines)

    def render_imp_ew(self, value):
        return self.fixed(value, self.decimals.lines)


class ImpScoreCardTable(ScoreCardTable):
    """A pair's score card at IMPs: its IMPs on each board and their total."""

    imps = tables.Column(
        IMPS_HEADER,
        accessor="points",
        attrs=NUM,
        initial_sort_descending=True,
        footer=lambda table: table.fixed(table.card.points, table.decimals.totals),
    )

    class Meta(ScoreCardTable.Meta):
        exclude = ("mp", "pct")

    def render_imps(self, value):
        return self.fixed(value, self.decimals.lines)
