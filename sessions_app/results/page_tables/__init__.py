"""The results pages' tables: one django-tables2 Table per screen, fed with computed rows.

Rows come from `rows` (dataclasses with exact values on the session's display scale);
the cells are formatted here, in `render_<column>` methods, with the same functions as the
template filters, so rounding still happens only in `scoring/display.py`; a column of
matchpoints or IMPs has the session's decimals of its kind (`SessionResults.decimals`).

Every table renders through `sessions_app/_table.html` (`base.ResultsTable`): a caption,
`th scope="col"` headers whose links sort the table (each table has its own query-string
prefix, so several tables on one page sort independently), a row header cell
(`th scope="row"`) and an optional footer. Columns marked `wide` are hidden on narrow screens,
where their content is repeated compactly (`narrow` spans) in a neighbouring cell, so a phone
needs no horizontal scrolling.

A session scored at matchpoints gets the tables of `matchpoints.py`; one scored at IMPs
(cross-IMPs or Butler) the `Imp...` tables of `imps.py`: the same columns with IMPs in place
of matchpoints and percentages (`ranking_table`, `traveller_table` and `score_card_table` pick
the right one).

A column's name is its sort parameter (`?a-ns-sort=-matchpoints`, `?card-sort=mp`), which
people bookmark: the names stay as they are, and read the rows' `points` through `accessor`.
"""

from __future__ import annotations

from ...rows import FieldRanking, ScoreCard, SectionTraveller
from ...scoring.display import Decimals
from ...templatetags.player_links import PlayerUrls, player_names_html
from .base import CARD_KEY, BoardUrls, ResultsTable
from .imps import ImpRankingTable, ImpScoreCardTable, ImpTravellerTable
from .matchpoints import RankingTable, ScoreCardTable, TravellerTable

# Each screen's table at matchpoints (False) and at IMPs (True).
RANKING_TABLES = {False: RankingTable, True: ImpRankingTable}
TRAVELLER_TABLES = {False: TravellerTable, True: ImpTravellerTable}
SCORE_CARD_TABLES = {False: ScoreCardTable, True: ImpScoreCardTable}


def ranking_table(
    ranking: FieldRanking,
    *,
    session_id: int,
    imps: bool,
    decimals: Decimals,
    players: PlayerUrls | None = None,
) -> RankingTable:
    """A field's ranking; `players`: the addresses its linked names link to (None: plain)."""
    return RANKING_TABLES[imps](ranking, session_id=session_id, decimals=decimals, players=players)


def traveller_table(
    traveller: SectionTraveller,
    *,
    session_id: int,
    imps: bool,
    decimals: Decimals,
    own: str | None = None,
    players: PlayerUrls | None = None,
) -> TravellerTable:
    """A section's traveller; `own`: the label of the pair whose line is marked."""
    return TRAVELLER_TABLES[imps](
        traveller, session_id=session_id, decimals=decimals, own=own, players=players
    )


def score_card_table(
    card: ScoreCard,
    *,
    session_id: int,
    imps: bool,
    decimals: Decimals,
    players: PlayerUrls | None = None,
) -> ScoreCardTable:
    return SCORE_CARD_TABLES[imps](card, session_id=session_id, decimals=decimals, players=players)


__all__ = [
    "CARD_KEY",
    "RANKING_TABLES",
    "SCORE_CARD_TABLES",
    "TRAVELLER_TABLES",
    "BoardUrls",
    "ImpRankingTable",
    "ImpScoreCardTable",
    "ImpTravellerTable",
    "PlayerUrls",
    "RankingTable",
    "ResultsTable",
    "ScoreCardTable",
    "TravellerTable",
    "player_names_html",
    "ranking_table",
    "score_card_table",
    "traveller_table",
]
