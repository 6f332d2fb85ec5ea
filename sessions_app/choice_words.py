"""The words of session_choices.py's labels, translatable. session_choices.py is plain Python
(the engine reads it without Django), so its labels are English; each is declared here once
more as a lazy translation, keyed by its English label, and the models build their choices
from these (models/choices.py `text_choices`), so that `get_method_display()` and the settings
form show them in the reader's language.

Example: `WORDS["Cross-IMPs"]` is `pgettext_lazy("scoring method", "Cross-IMPs")`;
`word("Cross-IMPs")` is that, and an English label not declared here stays as it is.
tests/test_choice_words.py checks that every label of session_choices has its word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

WORDS: dict[str, Promise] = {
    # session_choices.STATUS
    "Draft": pgettext_lazy("session status", "Draft"),
    "In play": pgettext_lazy("session status", "In play"),
    "Final": pgettext_lazy("session status", "Final"),
    "Published": pgettext_lazy("session status", "Published"),
    # SCALE: how matchpoints are shown
    "2 per pair beaten, 1 per tie": pgettext_lazy(
        "matchpoint scale", "2 per pair beaten, 1 per tie"
    ),
    "1 per pair beaten, ½ per tie": pgettext_lazy(
        "matchpoint scale", "1 per pair beaten, ½ per tie"
    ),
    # METHOD
    "Matchpoints": pgettext_lazy("scoring method", "Matchpoints"),
    "Cross-IMPs": pgettext_lazy("scoring method", "Cross-IMPs"),
    "Butler IMPs": pgettext_lazy("scoring method", "Butler IMPs"),
    # BUTLER_DISCARD: results dropped at each end of a Butler datum
    "None": pgettext_lazy("Butler datum: results dropped", "None"),
    "One at each end": pgettext_lazy("Butler datum: results dropped", "One at each end"),
    "The highest and the lowest, down to one result (Ruter)": pgettext_lazy(
        "Butler datum: results dropped", "The highest and the lowest, down to one result (Ruter)"
    ),
    "Two at each end": pgettext_lazy("Butler datum: results dropped", "Two at each end"),
    "Three at each end": pgettext_lazy("Butler datum: results dropped", "Three at each end"),
    "5% at each end": pgettext_lazy("Butler datum: results dropped", "5% at each end"),
    "10% at each end": pgettext_lazy("Butler datum: results dropped", "10% at each end"),
    "All but the middle (the median)": pgettext_lazy(
        "Butler datum: results dropped", "All but the middle (the median)"
    ),
    # IMP_TOTALS
    "Total IMPs": pgettext_lazy("IMP totals", "Total IMPs"),
    "Total scaled to the full number of boards": pgettext_lazy(
        "IMP totals", "Total scaled to the full number of boards"
    ),
    # SPLIT_SCORES
    "Half weight: the table counts ½ under each side's score": pgettext_lazy(
        "split scores", "Half weight: the table counts ½ under each side's score"
    ),
    "Matchpointed twice: NS against the NS scores, EW against the EW scores": pgettext_lazy(
        "split scores", "Matchpointed twice: NS against the NS scores, EW against the EW scores"
    ),
    # EXPECTED_FROM
    "From the movement: a board played fewer times is factored": pgettext_lazy(
        "expected number of results", "From the movement: a board played fewer times is factored"
    ),
    "Each board among the results it has (online events)": pgettext_lazy(
        "expected number of results", "Each board among the results it has (online events)"
    ),
    # FACTORING
    "Neuberg, board by board": pgettext_lazy("factoring", "Neuberg, board by board"),
    "Matchpoints unfactored, each pair's total scaled": pgettext_lazy(
        "factoring", "Matchpoints unfactored, each pair's total scaled"
    ),
    # TIE_PLACES
    "2=, 2=": pgettext_lazy("tied places in a ranking", "2=, 2="),
    "2/3, 2/3": pgettext_lazy("tied places in a ranking", "2/3, 2/3"),
    # OVERALL_RANKING
    "None: each section alone": pgettext_lazy("overall ranking", "None: each section alone"),
    "Per direction: the NS pairs of all sections, the EW pairs": pgettext_lazy(
        "overall ranking", "Per direction: the NS pairs of all sections, the EW pairs"
    ),
    "One field: every pair of every section": pgettext_lazy(
        "overall ranking", "One field: every pair of every section"
    ),
    # IMP_ARTIFICIAL: Ave+ at IMPs
    "Ave+ +3 IMPs, Ave- -3 (Law 86A)": pgettext_lazy(
        "artificial scores at IMPs", "Ave+ +3 IMPs, Ave- -3 (Law 86A)"
    ),
    "Ave+ +2 IMPs, Ave- -2": pgettext_lazy("artificial scores at IMPs", "Ave+ +2 IMPs, Ave- -2"),
    "From the percentage: 3 IMPs for each 10% above or below 50%": pgettext_lazy(
        "artificial scores at IMPs", "From the percentage: 3 IMPs for each 10% above or below 50%"
    ),
    # TABLE_SHOWS: what the phones at the tables show after a board
    "Nothing": pgettext_lazy("table phones show after a board", "Nothing"),
    "The board's results so far": pgettext_lazy(
        "table phones show after a board", "The board's results so far"
    ),
    "The board's results and the pair's %": pgettext_lazy(
        "table phones show after a board", "The board's results and the pair's %"
    ),
    # HANDICAPS
    "No handicapped ranking": pgettext_lazy("handicaps", "No handicapped ranking"),
    "Handicaps: the sum of the players' (100%)": pgettext_lazy(
        "handicaps", "Handicaps: the sum of the players' (100%)"
    ),
    "Handicaps: half the sum of the players' (50%)": pgettext_lazy(
        "handicaps", "Handicaps: half the sum of the players' (50%)"
    ),
    # DIRECTION: where a pair sits all session
    "North-South": pgettext_lazy("pair direction", "North-South"),
    "East-West": pgettext_lazy("pair direction", "East-West"),
}


def word(label: str) -> str | Promise:
    """The translatable word of an English label of session_choices (the label itself when
    none is declared). Example: word("In play") -> pgettext_lazy("session status", "In play")."""
    return WORDS.get(label, label)


# A session's status as a word inside a sentence ("The session is now final.", "a final
# session can go to published"), by its value: never a label lower-cased (German capitalises
# its nouns).
STATUS_IN_SENTENCE: dict[str, StrOrPromise] = {
    "draft": pgettext_lazy("session status, inside a sentence", "draft"),
    "in_play": pgettext_lazy("session status, inside a sentence", "in play"),
    "final": pgettext_lazy("session status, inside a sentence", "final"),
    "published": pgettext_lazy("session status, inside a sentence", "published"),
}

# What the phones show after a board, inside a sentence ("after each board: nothing."), by its
# value.
TABLE_SHOWS_IN_SENTENCE: dict[str, StrOrPromise] = {
    "nothing": pgettext_lazy("table phones show after a board, inside a sentence", "nothing"),
    "results": pgettext_lazy(
        "table phones show after a board, inside a sentence", "the board's results so far"
    ),
    "results_and_percent": pgettext_lazy(
        "table phones show after a board, inside a sentence",
        "the board's results and the pair's %",
    ),
}
