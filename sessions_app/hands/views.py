"""The analysis pages for players: a session's pairs and each pair's boards judged against the
hand records' double-dummy tables and par (scoring/analysis.py says how).

Like the other players' pages (results/views.py): published sessions only (a club's directors
also see drafts), a fixed number of queries whatever the session's size (the session, the
boards' tables once per version, the cached results), and rendered once per version of the
session for visitors without a log-in (`page_cache.rendered_once`).
"""

from django.http import Http404
from django.shortcuts import render
from django.urls import path

from ..core.results import session_results
from ..results.page_cache import rendered_once, viewed_session
from ..review.checks import results_state
from .analysis import session_analysis
from .analysis_rows import pair_analysis_page, session_analysis_page


@rendered_once()
def session_analysis_view(request, session_id: int):
    session = viewed_session(request, session_id)
    results = session_results(session)
    analysis = session_analysis(session)
    return render(
        request,
        "sessions_app/analysis_session.html",
        {
            "session": session,
            "results": results,
            "analysis": analysis,
            "fields": session_analysis_page(results, analysis),
            "state": results_state(session),
        },
    )


@rendered_once()
def pair_analysis_view(request, session_id: int, section: str, label: str):
    session = viewed_session(request, session_id)
    results = session_results(session)
    analysis = session_analysis(session)
    page = pair_analysis_page(results, analysis, section, label)
    if page is None:
        raise Http404("No such pair")
    return render(
        request,
        "sessions_app/analysis_pair.html",
        {
            "session": session,
            "results": results,
            "analysis": analysis,
            "page": page,
            "state": results_state(session),
        },
    )


urlpatterns = [
    path("sessions/<int:session_id>/analysis/", session_analysis_view, name="analysis"),
    path(
        "sessions/<int:session_id>/pairs/<str:section>/<str:label>/analysis/",
        pair_analysis_view,
        name="pair_analysis",
    ),
]
