"""Results pages for players: the sessions, a session's ranking, a board's traveller."""

from django.http import Http404
from django.shortcuts import render
from django.urls import path

from ..selectors import session_for_viewer, visible_sessions
from ..services.results import session_results


def home(request):
    sessions = visible_sessions(request.user).distinct().order_by("-date", "-id")[:50]
    return render(request, "sessions_app/home.html", {"sessions": sessions})


def session_results_page(request, session_id: int):
    session = session_for_viewer(request.user, session_id)
    results = session_results(session)
    return render(request, "sessions_app/session.html", {"session": session, "results": results})


def board_page(request, session_id: int, number: int):
    session = session_for_viewer(request.user, session_id)
    results = session_results(session)
    if number not in results.boards:
        raise Http404("No such board")
    travellers = [
        (section, section.board(number)) for section in results.sections if section.board(number)
    ]
    numbers = list(results.boards)
    index = numbers.index(number)
    return render(
        request,
        "sessions_app/board.html",
        {
            "session": session,
            "results": results,
            "info": results.boards[number],
            "travellers": travellers,
            "previous": numbers[index - 1] if index else None,
            "next": numbers[index + 1] if index + 1 < len(numbers) else None,
        },
    )


urlpatterns = [
    path("", home, name="home"),
    path("sessions/<int:session_id>/", session_results_page, name="session"),
    path("sessions/<int:session_id>/boards/<int:number>/", board_page, name="board"),
]
