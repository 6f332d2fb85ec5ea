"""Results pages for players, no login needed: clubs and sessions, a session's rankings, a
board's traveller and hand record, a pair's score card, and the ranking as CSV.

Published sessions only (a club's directors also see its drafts). Each page makes a fixed
number of queries whatever the session's size: the session, at most one more row, and the
scored results from `session_results` (cached until a result changes); the pages themselves
are kept too, for visitors without a log-in (`page_cache.rendered_once`).
"""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import path
from django_tables2 import RequestConfig

from .. import rows
from ..core import selectors
from ..core.languages import speak_club_language
from ..core.results import session_results
from ..interchange.results_export import ranking_csv
from ..interchange.text import for_excel
from ..review.checks import pair_gaps, results_state
from .page_cache import (
    FIND_LENGTH,
    RANKING_PAGE_ROWS,
    found_text,
    own_line,
    ranking_marks,
    ranking_sorts,
    rendered_once,
    score_card_sorts,
    traveller_marks,
    traveller_sorts,
    viewed_session,
)
from .page_tables import (
    BoardUrls,
    PlayerUrls,
    player_names_html,
    ranking_table,
    score_card_table,
    traveller_table,
)
from .winners import sessions_winners


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
    speak_club_language(request, club)
    page = selectors.club_sessions(user=request.user, club=club, page=request.GET.get("page"))
    sessions = list(page.object_list)
    winners = sessions_winners(sessions)  # each session's first places, kept per session
    listed = [(session, winners.get(session.pk, ())) for session in sessions]
    competitions = selectors.published_competitions(club=club)
    return render(
        request,
        "sessions_app/club.html",
        {"club": club, "page": page, "listed": listed, "competitions": competitions},
    )


@rendered_once(ranking_sorts, ranking_marks)
def session_page(request, session_id: int):
    session = viewed_session(request, session_id)
    results = session_results(session)
    config = RequestConfig(request, paginate={"per_page": RANKING_PAGE_ROWS})
    boards = BoardUrls(session.pk)
    players = PlayerUrls.of(session)
    found = found_text(request.GET)
    whole = rows.session_rankings(results)
    rankings = []
    for ranking in rows.rankings_found(whole, found) if found else whole:
        table = ranking_table(
            ranking,
            session_id=session.pk,
            imps=results.imps,
            decimals=results.decimals,
            players=players,
        )
        config.configure(table)
        rankings.append((ranking, table))
    return render(
        request,
        "sessions_app/session.html",
        {
            "session": session,
            "results": results,
            "rankings": rankings,
            "found": found,
            "find_length": FIND_LENGTH,
            "finds": found or any(len(r.rows) > RANKING_PAGE_ROWS for r in whole),
            "board_links": [(number, boards(number)) for number in results.boards],
            "handicapped": rows.handicapped_rankings(results),
            "method": rows.scoring_method_label(results.settings),
            "conventions": rows.conventions_label(results.settings),
            "state": results_state(session),
        },
    )


@rendered_once()
def ranking_csv_download(request, session_id: int):
    session = viewed_session(request, session_id)
    response = HttpResponse(
        for_excel(ranking_csv(session_results(session))), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="ranking-{session.pk}.csv"'
    return response


@rendered_once(traveller_sorts, traveller_marks)
def board_page(request, session_id: int, number: int):
    session = viewed_session(request, session_id)
    results = session_results(session)
    info = results.boards.get(number)
    if info is None:
        raise Http404("No such board")
    board = selectors.board_record(session=session, number=number)
    config = RequestConfig(request, paginate=False)
    travellers = []
    players = PlayerUrls.of(session)
    own = own_line(results, request.GET, number)  # reached from this pair's score card
    shown = rows.board_travellers(results, number, show_reasons=session.club.show_reasons)
    for traveller in shown:
        mine = own[1] if own and own[0] == traveller.section else None
        table = traveller_table(
            traveller,
            session_id=session.pk,
            imps=results.imps,
            decimals=results.decimals,
            own=mine,
            players=players,
        )
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
            "own": own,
            "state": results_state(session),
        },
    )


@rendered_once(score_card_sorts)
def pair_page(request, session_id: int, section: str, label: str):
    session = viewed_session(request, session_id)
    results = session_results(session)
    card = rows.score_card(results, section, label, pair_gaps(session, section, label))
    if card is None:
        raise Http404("No such pair")
    players = PlayerUrls.of(session)
    table = score_card_table(
        card,
        session_id=session.pk,
        imps=results.imps,
        decimals=results.decimals,
        players=players,
    )
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "sessions_app/pair.html",
        {
            "session": session,
            "results": results,
            "card": card,
            "names": player_names_html(card.players, players),
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
