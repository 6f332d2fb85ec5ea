"""The rows players read, built from the scored `SessionResults`: rankings, travellers, score
cards and hand records.

Pure (no database, no query): the results pages (`results/page_tables/`, `results/views.py`) and the
printed documents (`printing/`) build their rows with these same functions, so a board's page
and its printed traveller show the same contract, score, matchpoints and ruling for each line.
Values are exact and on the session's display scale (`SessionResults.scaled`); rounding
happens only where they are shown (`scoring/display.py`, through the template filters,
`results/page_tables/` and `printing/monospace.py`). The `points` fields hold matchpoints, or at
IMPs (`results.imps`) IMPs (the line's, or the total), and the percentages are then None.
"""

from .hand_records import HandRecord, hand_record
from .handicapped import HandicappedRanking, HandicappedRow, handicapped_rankings
from .names import PlayerName, pair_names, pair_players
from .rankings import (
    FieldRanking,
    RankingRow,
    Winner,
    conventions_label,
    overall_rankings,
    ranking_keys,
    rankings_found,
    scoring_method_label,
    section_rankings,
    session_rankings,
    session_winners,
)
from .score_cards import (
    Gap,
    ScoreCard,
    ScoreCardRow,
    not_entered,
    sat_out,
    score_card,
    section_score_cards,
)
from .travellers import (
    SectionTraveller,
    TravellerLineRow,
    board_travellers,
    neighbour_boards,
    pair_on_board,
    section_traveller,
    traveller_keys,
)

__all__ = [
    "FieldRanking",
    "Gap",
    "HandRecord",
    "HandicappedRanking",
    "HandicappedRow",
    "PlayerName",
    "RankingRow",
    "ScoreCard",
    "ScoreCardRow",
    "SectionTraveller",
    "TravellerLineRow",
    "Winner",
    "board_travellers",
    "conventions_label",
    "hand_record",
    "handicapped_rankings",
    "neighbour_boards",
    "not_entered",
    "overall_rankings",
    "pair_names",
    "pair_on_board",
    "pair_players",
    "ranking_keys",
    "rankings_found",
    "sat_out",
    "score_card",
    "scoring_method_label",
    "section_rankings",
    "section_score_cards",
    "section_traveller",
    "session_rankings",
    "session_winners",
    "traveller_keys",
]
