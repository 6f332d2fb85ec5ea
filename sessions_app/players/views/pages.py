"""The players' own pages, no login needed: a club's players found by name, a player's history
and a partnership's. Only published sessions that are not test sessions are shown, to
everyone, and never a player's e-mail. Each page makes a fixed number of queries whatever the
length of the history (the club, the player(s), and the pairs with their stored standings:
players/history.py)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _

from ...core import selectors
from ...core.languages import speak_club_language
from ...core.scope import in_club
from ...models import Player
from ..grades import club_grades_refresh, player_grade
from ..history import partnership_history, player_history
from ..register import players_search, public_players
from ..trend import trend_svg


def _shown_player(club, player_id) -> Player:
    """A player of the club who played in a published session; a 404 for anyone else (an
    entry only a director knows of is not made public by its id)."""
    shown = Player.objects.filter(public_players(club=club)).distinct()
    return in_club(shown.only("pk", "name", "club"), club, pk=player_id)


def players_page(request, slug: str):
    club = selectors.club_by_slug(slug=slug)
    speak_club_language(request, club)
    query = request.GET.get("q", "")[:100]
    found = players_search(club=club, query=query)
    context = {"club": club, "query": query, "players": found}
    return render(request, "sessions_app/players/search.html", context)


def player_page(request, slug: str, player_id: str):
    club = selectors.club_by_slug(slug=slug)
    speak_club_language(request, club)
    player = _shown_player(club, player_id)
    history = player_history(player=player)
    grade = None
    if club.show_grades:
        club_grades_refresh(club=club)
        grade = player_grade(player=player)
    context = {
        "club": club,
        "player": player,
        "history": history,
        "trend": trend_svg(history.trend),
        "grade": grade,
        "grade_trend": trend_svg(grade.trend, what="Club grade", ident="grade") if grade else "",
    }
    return render(request, "sessions_app/players/player.html", context)


def partnership_page(request, slug: str, player_id: str, partner_id: str):
    club = selectors.club_by_slug(slug=slug)
    speak_club_language(request, club)
    player = _shown_player(club, player_id)
    partner = _shown_player(club, partner_id)
    if partner.pk == player.pk:
        raise Http404(_("A partnership is of two players"))
    history = partnership_history(player=player, partner=partner)
    context = {
        "club": club,
        "player": player,
        "partner": partner,
        "history": history,
        "trend": trend_svg(history.trend),
    }
    return render(request, "sessions_app/players/partnership.html", context)


urlpatterns = [
    path("clubs/<slug:slug>/players/", players_page, name="players"),
    path("clubs/<slug:slug>/players/<str:player_id>/", player_page, name="player"),
    path(
        "clubs/<slug:slug>/players/<str:player_id>/with/<str:partner_id>/",
        partnership_page,
        name="partnership",
    ),
]
