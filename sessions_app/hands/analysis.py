"""A session analysed against its hand records (scoring/analysis.py), for the players' pages.

Computed once per version of the session and kept under a key made like the results' own
(`cache_entry`): a result saved, or a hand record attached (`session_set_deals` touches the
session), gives a new key, so the analysis is never stale. Reads only: one query for the
boards' double-dummy tables and pars, plus the scored results (themselves cached).
"""

from __future__ import annotations

from django.core.cache import cache

from ..core.cache_keys import cache_entry
from ..core.results import session_results
from ..models import Board, Session
from ..scoring.analysis import HandRecord
from ..scoring.analysis_summary import SessionAnalysis, analyse_session


def session_analysis(session: Session) -> SessionAnalysis:
    """Every pair's boards judged against double dummy and par, with each field's top third.

    Example: a session whose board 1 has a double-dummy table and par NS +300 and whose
    board 2 has no deal: board 1's played contracts are judged, board 2's lines are "not
    analysed: no double-dummy table and par"."""
    key, seconds = cache_entry("analysis", session)
    analysis = cache.get(key)
    if analysis is None:
        records = {
            number: HandRecord(vulnerability, double_dummy or None, par)
            for number, vulnerability, double_dummy, par in Board.objects.filter(
                session=session
            ).values_list("number", "vulnerability", "double_dummy", "par_score")
        }
        analysis = analyse_session(session_results(session), records)
        cache.set(key, analysis, seconds)
    return analysis
