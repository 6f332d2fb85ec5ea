"""Every choice a session's fields (and its pairs' home direction) offer, declared once: the
value stored (and carried by files), the words the settings page shows, and the member's name
in the code. The model builds
its TextChoices from these (`Session.Method.CROSS_IMPS` is "cross_imps", labelled
"Cross-IMPs"), the engine reads its settings' values from them (scoring/event.py: `METHODS`,
`choice`), and `session_rules.session_problems` checks a file's settings against them — so a
value the settings page offers is one the engine scores and a file may carry, and no other.

Plain Python importing nothing of sessions_app, at the root: the models read it without
loading the engine, and the engine and `manage.py score` without loading Django.

Example: `values(METHOD)` -> ("mp", "cross_imps", "butler"); `FIELDS["tie_places"]` is
`TIE_PLACES`, whose "range" the settings page offers as "2/3, 2/3".
"""

from __future__ import annotations

from typing import Generic, Literal, NamedTuple, TypeAlias, TypeVar

_Value = TypeVar("_Value", bound=str, covariant=True)


class Choice(NamedTuple, Generic[_Value]):
    member: str  # the name in the code: "CROSS_IMPS" for Session.Method.CROSS_IMPS
    value: _Value  # as the database stores it and files carry it: "cross_imps"
    label: str  # as the settings page offers it: "Cross-IMPs"


Choices: TypeAlias = tuple[Choice[_Value], ...]


def values(choices: Choices[_Value]) -> tuple[_Value, ...]:
    """The stored values, in the order the settings page offers them.
    Example: values(SCALE) -> ("2/1", "1/0.5")."""
    return tuple(choice.value for choice in choices)


Status = Literal["draft", "in_play", "final", "published"]
STATUS: Choices[Status] = (
    Choice("DRAFT", "draft", "Draft"),
    Choice("IN_PLAY", "in_play", "In play"),
    Choice("FINAL", "final", "Final"),
    Choice("PUBLISHED", "published", "Published"),
)

Scale = Literal["2/1", "1/0.5"]  # how matchpoints are shown, not how they are scored
SCALE: Choices[Scale] = (
    Choice("TWO_ONE", "2/1", "2 per pair beaten, 1 per tie"),
    Choice("ONE_HALF", "1/0.5", "1 per pair beaten, ½ per tie"),
)

Method = Literal["mp", "cross_imps", "butler"]
METHOD: Choices[Method] = (
    Choice("MATCHPOINTS", "mp", "Matchpoints"),
    Choice("CROSS_IMPS", "cross_imps", "Cross-IMPs"),
    Choice("BUTLER", "butler", "Butler IMPs"),
)

# results dropped at each end of a Butler datum (scoring/imps.py `discard_count`)
ButlerDiscard = Literal["0", "1", "1to1", "2", "3", "5%", "10%", "median"]
BUTLER_DISCARD: Choices[ButlerDiscard] = (
    Choice("NONE", "0", "None"),
    Choice("ONE", "1", "One at each end"),
    Choice("ONE_TO_ONE", "1to1", "The highest and the lowest, down to one result (Ruter)"),
    Choice("TWO", "2", "Two at each end"),
    Choice("THREE", "3", "Three at each end"),
    Choice("FIVE", "5%", "5% at each end"),
    Choice("TEN", "10%", "10% at each end"),
    Choice("MEDIAN", "median", "All but the middle (the median)"),
)

ImpTotals = Literal["sum", "scaled"]  # "scaled": ranked as if every board were played
IMP_TOTALS: Choices[ImpTotals] = (
    Choice("SUM", "sum", "Total IMPs"),
    Choice("SCALED", "scaled", "Total scaled to the full number of boards"),
)

SplitScores = Literal["half", "twice"]  # docs/rules.md §5.4 and §5.8
SPLIT_SCORES: Choices[SplitScores] = (
    Choice("HALF", "half", "Half weight: the table counts ½ under each side's score"),
    Choice(
        "TWICE",
        "twice",
        "Matchpointed twice: NS against the NS scores, EW against the EW scores",
    ),
)

ExpectedFrom = Literal["movement", "board"]  # E (docs/rules.md §4.2, §4.4)
EXPECTED_FROM: Choices[ExpectedFrom] = (
    Choice("MOVEMENT", "movement", "From the movement: a board played fewer times is factored"),
    Choice("BOARD", "board", "Each board among the results it has (online events)"),
)

Factoring = Literal["neuberg", "total"]  # boards played fewer times (§4.1, §4.5)
FACTORING: Choices[Factoring] = (
    Choice("NEUBERG", "neuberg", "Neuberg, board by board"),
    Choice("TOTAL", "total", "Matchpoints unfactored, each pair's total scaled"),
)

TiePlaces = Literal["equals", "range"]  # "2=" or "2/3" (docs/rules.md §6.4)
TIE_PLACES: Choices[TiePlaces] = (
    Choice("EQUALS", "equals", "2=, 2="),
    Choice("RANGE", "range", "2/3, 2/3"),
)

# a ranking across sections too: none, NS and EW of every section, or every pair (§6.6)
OverallRanking = Literal["off", "direction", "field"]
OVERALL_RANKING: Choices[OverallRanking] = (
    Choice("OFF", "off", "None: each section alone"),
    Choice(
        "DIRECTION",
        "direction",
        "Per direction: the NS pairs of all sections, the EW pairs",
    ),
    Choice("FIELD", "field", "One field: every pair of every section"),
)

ImpArtificial = Literal["3", "2", "percent"]  # Ave+ at IMPs: +3, +2, or from its percentage
IMP_ARTIFICIAL: Choices[ImpArtificial] = (
    Choice("THREE", "3", "Ave+ +3 IMPs, Ave- -3 (Law 86A)"),
    Choice("TWO", "2", "Ave+ +2 IMPs, Ave- -2"),
    Choice(
        "PERCENT",
        "percent",
        "From the percentage: 3 IMPs for each 10% above or below 50%",
    ),
)

TableShows = Literal["nothing", "results", "results_and_percent"]  # the phones, after a board
TABLE_SHOWS: Choices[TableShows] = (
    Choice("NOTHING", "nothing", "Nothing"),
    Choice("RESULTS", "results", "The board's results so far"),
    Choice("RESULTS_AND_PERCENT", "results_and_percent", "The board's results and the pair's %"),
)

# A second ranking on percentage plus handicap (docs/rules.md §20): none, or each pair's
# handicap the sum of its players' distances below grade 50, or half of it.
Handicaps = Literal["", "sum", "half"]
HANDICAPS: Choices[Handicaps] = (
    Choice("NONE", "", "No handicapped ranking"),
    Choice("SUM", "sum", "Handicaps: the sum of the players' (100%)"),
    Choice("HALF", "half", "Handicaps: half the sum of the players' (50%)"),
)

# Where a pair sits all session (the model's `Pair.direction`, blank when it moves; the engine's
# field of a section scored by direction, scoring/event.py `DIRECTIONS`).
Direction = Literal["NS", "EW"]
DIRECTION: Choices[Direction] = (
    Choice("NS", "NS", "North-South"),
    Choice("EW", "EW", "East-West"),
)

# The engine's settings (scoring/event.py `Settings`), by field.
SCORING: dict[str, Choices[str]] = {
    "method": METHOD,
    "butler_discard": BUTLER_DISCARD,
    "imp_totals": IMP_TOTALS,
    "split_scores": SPLIT_SCORES,
    "expected_from": EXPECTED_FROM,
    "factoring": FACTORING,
    "tie_places": TIE_PLACES,
    "imp_artificial": IMP_ARTIFICIAL,
    "overall_ranking": OVERALL_RANKING,
}
# Every choice field of a session, by field (the model's `Session`).
FIELDS: dict[str, Choices[str]] = {
    "status": STATUS,
    "scale": SCALE,
    **SCORING,
    "table_shows": TABLE_SHOWS,
    "handicaps": HANDICAPS,
}
