"""Each session's winners, for the club's page: the pairs placed first in each field.

A club's page lists up to 50 sessions (`selectors.SESSIONS_PER_PAGE`); their winners are
kept per session under its results token (`cache_keys.cache_entry`, "winners"), and those
not kept are scored together from one load (`event_inputs.event_inputs`: four queries whatever
their number), so the page makes the same number of queries for 3 sessions as for 50, and
none for the winners once they are kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.cache import cache

from ..core.cache_keys import LIFETIMES, cache_entry
from ..core.event_inputs import event_inputs
from ..models import Session
from ..rows import Winner, session_winners
from ..scoring import score_session


def sessions_winners(sessions: Sequence[Session]) -> dict[int, tuple[Winner, ...]]:
    """The winners of each of `sessions`, by session id (`rows.session_winners`).

    Example: Pagat's board 1 as a two-field session -> {7: (Winner("NS", "A", "3", ...),
    Winner("EW", "A", "12", ...))}.
    """
    keys = {session.pk: cache_entry("winners", session).key for session in sessions}
    kept = cache.get_many(list(keys.values()))
    winners = {pk: kept[key] for pk, key in keys.items() if key in kept}
    unknown = [session for session in sessions if session.pk not in winners]
    if unknown:
        scored = {
            pk: session_winners(score_session(event)) for pk, event in event_inputs(unknown).items()
        }
        cache.set_many({keys[pk]: found for pk, found in scored.items()}, LIFETIMES["winners"])
        winners.update(scored)
    return winners
