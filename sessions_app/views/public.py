"""Results pages for players, no login needed: clubs and sessions, a session's rankings, a
board's traveller and hand record, a pair's score card, and the ranking as CSV.

Published sessions only (a club's directors also see its drafts). Each page makes a fixed
number of queries whatever the session's size: the session, at most one more row, and the
scored results from `session_results` (cached until a result changes).
"""

import hashlib
from functools import wraps

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import path
from django_tables2 import RequestConfig

from .. import rows, selectors
from ..interchange.results_export import ranking_csv
from ..services.checks import results_state
from ..services.results import session_results
from ..tables import ranking_table, score_card_table, traveller_table

FRESH_SECONDS = 2  # how long a page is served without even asking the database


def rendered_once(view):
    """A session's public pages, as a visitor without a log-in sees them, are rendered once per
    change of the session (its results version and its last save) and then served from the
    cache: a hundred players refreshing the results cost one small query each. For
    FRESH_SECONDS after it is served, a page is served again without that query too, so a
    correction reaches players within a couple of seconds. Directors, who may see more than
    players, always get a fresh page."""

    @wraps(view)
    def wrapped(request, session_id: int, *args, **kwargs):
        if request.user.is_authenticated or request.method != "GET":
            return view(request, session_id, *args, **kwargs)
        path = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]
        fresh_key = f"clubscorer:page-fresh:{path}"
        cached = cache.get(fresh_key)
        if cached is None:
            # 404 unless public
            session = selectors.session_for_viewer(user=request.user, session_id=session_id)
            key = (
                f"clubscorer:page:{session.pk}:{session.results_version}:"
                f"{session.updated_at.timestamp():.6f}:{path}"
            )
            cached = cache.get(key)
            if cached is None:
                response = view(request, session_id, *args, **kwargs)
                if response.status_code != 200:
                    return response
                headers = {name: value for name, value in response.items() if name in _KEPT}
                cached = (response.content, headers)
                cache.set(key, cached, 24 * 3600)
            cache.set(fresh_key, cached, FRESH_SECONDS)
        content, headers = cached
        return HttpResponse(content, headers=headers)

    return wrapped


_KEPT = {"Content-Type", "Content-Disposition"}


def home(request):
    return render(
        request,
        "sessions_app/home.html",
        {
            "clubs": selectors.clubs_with_sessions(user=request.user),
            "sessions": selectors.latest_sessions(user=request.user),
        },
    )


def club_page(request, slug: str):
    club = selectors.club_by_slug(slug=slug)
    page = selectors.club_sessions(user=request.user, club=club, page=request.GET.get("page"))
    return render(request, "sessions_app/club.html", {"club": club, "page": page})


@rendered_once
def session_page(request, session_id: int):
    session = selectors.session_for_viewer(user=request.user, session_id=session_id)
    results = session_results(session)
    config = RequestConfig(request, paginate=False)  # a whole field on one page
    rankings = []
    for ranking in rows.session_rankings(results):
        table = ranking_table(ranking, session_id=session.pk, imps=results.imps)
        config.configure(table)
        rankings.append((ranking, table))
    return render(
        request,
        "sessions_app/session.html",
        {
            "session": session,
            "results": results,
            "rankings": rankings,
            "method": rows.scoring_method_label(results.settings),
            "state": results_state(session),
        },
    )


@rendered_once
def ranking_csv_download(request, session_id: int):
    session = selectors.session_for_viewer(user=request.user, session_id=session_id)
    response = HttpResponse(
        ranking_csv(session_results(session)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="ranking-{session.pk}.csv"'
    return response


@rendered_once
def board_page(request, session_id: int, number: int):
    session = selectors.session_for_viewer(user=request.user, session_id=session_id)
    results = session_results(session)
    info = results.boards.get(number)
    if info is None:
        raise Http404("No such board")
    board = selectors.board_record(session=session, number=number)
    config = RequestConfig(request, paginate=False)
    travellers = []
    shown = rows.board_travellers(results, number, show_reasons=session.club.show_reasons)
    for traveller in shown:
        table = traveller_table(traveller, session_id=session.pk, imps=results.imps)
        config.configure(table)
        travellers.append((traveller, table))
    previous, following = rows.neighbour_boards(results, number)
    record = None
    if board is not None:
        record = rows.hand_record(
            info, board.deal, board.double_dummy, board.par_score, board.par_contracts
        )
    return render(
        request,
        "sessions_app/board.html",
        {
            "session": session,
            "results": results,
            "info": info,
            "record": record,
            "travellers": travellers,
            "previous": previous,
            "next": following,
            "state": results_state(session),
        },
    )


@rendered_once
def pair_page(request, session_id: int, section: str, label: str):
    session = selectors.session_for_viewer(user=request.user, session_id=session_id)
    results = session_results(session)
    card = rows.score_card(results, section, label)
    if card is None:
        raise Http404("No such pair")
    table = score_card_table(card, session_id=session.pk, imps=results.imps)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "sessions_app/pair.html",
        {
            "session": session,
            "results": results,
            "card": card,
            "table": table,
            "state": results_state(session),
        },
    )


urlpatterns = [
    path("", home, name="home"),
    path("clubs/<slug:slug>/", club_page, name="club"),
    path("sessions/<int:session_id>/", session_page, name="session"),
    path("sessions/<int:session_id>/ranking.csv", ranking_csv_download, name="ranking_csv"),
    path("sessions/<int:session_id>/boards/<int:number>/", board_page, name="board"),
    path(
        "sessions/<int:session_id>/pairs/<str:section>/<str:label>/",
        pair_page,
        name="pair",
    ),
]
