"""The rules of duplicate pairs scoring, in plain Python: no Django import anywhere below.

`score_session(EventInput) -> SessionResults` is the one entry point the rest of clubscorer uses;
the modules below it each hold one rule (contract scores, matchpoints, adjustments, ranking).
"""

from .awards import Artificial
from .event import BoardInfo, EventInput, PairEntry, SectionEntry, Settings, Traveller
from .lines import Line, artificial, not_played, played, split, weighted
from .results import PairScore, ScoredBoard, ScoredLine, SectionResult, SessionResults
from .session import score_session

__all__ = [
    "Artificial",
    "BoardInfo",
    "EventInput",
    "Line",
    "PairEntry",
    "PairScore",
    "ScoredBoard",
    "ScoredLine",
    "SectionEntry",
    "SectionResult",
    "SessionResults",
    "Settings",
    "Traveller",
    "artificial",
    "not_played",
    "played",
    "score_session",
    "split",
    "weighted",
]
