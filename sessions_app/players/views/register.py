"""The director's pages of the club's register of players: the list, adding and correcting an
entry, merging two entries of one person, and matching a session's names to the register."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from ...core.permissions import club_director_required, director_required
from ...core.scope import in_club
from ...models import Player
from ..forms import MergeForm, PlayerForm
from ..linking import (
    NEW,
    NONE,
    names_added,
    session_add_unmatched,
    session_confirm_players,
    session_link_players,
    session_name_rows,
)
from ..merging import players_merge
from ..register import player_create, player_update, register


@club_director_required
def register_list(request, club):
    return render(
        request,
        "sessions_app/director/register.html",
        {
            "club": club,
            "players": register(club=club),
            "members": club.body_members.filter(body=club.national_body).count(),
        },
    )


@club_director_required
def player_new(request, club):
    return _player_form(request, club, None)


@club_director_required
def player_edit(request, club, player_id: int):
    return _player_form(request, club, in_club(Player, club, pk=player_id))


def _player_form(request, club, player: Player | None):
    initial = {}
    if player is not None:
        fields = ("name", "member_number", "email", "results_by_mail", "results_mail_pdf")
        initial = {f: getattr(player, f) for f in fields}
    form = PlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            if player is None:
                player = player_create(club=club, **form.cleaned_data)
                messages.success(
                    request, _("%(name)s added to the register.") % {"name": player.name}
                )
            else:
                player = player_update(player=player, **form.cleaned_data)
                messages.success(request, _("%(name)s saved.") % {"name": player.name})
        except ValidationError as error:
            for message in error.messages:
                form.add_error(None, message)
        else:
            return redirect("sessions_app:register", club.slug)
    context = {"club": club, "player": player, "form": form}
    return render(request, "sessions_app/director/player_form.html", context)


@club_director_required
def player_merge(request, club, player_id: int):
    keep = in_club(Player, club, pk=player_id)
    others = list(Player.objects.filter(club=club).order_by("name", "id"))
    form = MergeForm(request.POST or None, keep=keep, others=others)
    if request.method == "POST" and form.is_valid():
        merged = in_club(Player, club, pk=form.cleaned_data["merged"])
        if not form.cleaned_data["confirm"]:
            form.add_error(
                "confirm",
                _("Tick the box to merge %(merged)s into %(kept)s.")
                % {"merged": merged.name, "kept": keep.name},
            )
        else:
            try:
                moved = players_merge(keep=keep, merged=merged)
            except ValidationError as error:
                for message in error.messages:
                    form.add_error(None, message)
            else:
                messages.success(
                    request,
                    ngettext(
                        "%(merged)s merged into %(kept)s: %(count)d pair moved.",
                        "%(merged)s merged into %(kept)s: %(count)d pairs moved.",
                        moved,
                    )
                    % {"merged": merged.name, "kept": keep.name, "count": moved},
                )
                return redirect("sessions_app:register", club.slug)
    context = {"club": club, "player": keep, "form": form}
    return render(request, "sessions_app/director/player_merge.html", context)


@director_required
def session_players(request, session):
    """Every name of the session with its match; the director confirms, chooses or adds."""
    if request.method == "POST":
        choices = {k: v for k, v in request.POST.items() if k.startswith("name-")}
        others = {k[6:]: v for k, v in request.POST.items() if k.startswith("other-name-")}
        try:
            done = session_confirm_players(
                session=session, choices=choices, others=others, user=request.user
            )
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            # The sentences of `done` come from players/linking.py (marked there, if at all).
            messages.success(request, "; ".join(done) + "." if done else _("Nothing changed."))
            return redirect("sessions_app:session_players", session.pk)
    rows = session_name_rows(session=session)
    context = {
        "session": session,
        "rows": rows,
        "several_sections": len({row.pair.section_id for row in rows}) > 1,
        "open": sum(1 for row in rows if row.player is None),
        "NEW": NEW,
        "NONE": NONE,
    }
    return render(request, "sessions_app/director/session_players.html", context)


@require_POST
@director_required
def session_players_link(request, session):
    """Link every sure match at once (a name added to the register since the names were
    typed, say)."""
    linked = session_link_players(session=session)
    messages.success(
        request,
        ngettext("%(count)d name linked.", "%(count)d names linked.", linked) % {"count": linked},
    )
    return redirect("sessions_app:session_players", session.pk)


@require_POST
@director_required
def session_players_add(request, session):
    """Every name not matched to the register added as a new player, in one click (from the
    publish page, where they are counted); back to that page."""
    try:
        done = session_add_unmatched(session=session, user=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        # Translators: a full stop after a sentence of its own ("6 names added to ...").
        messages.success(request, _("%(added)s.") % {"added": names_added(len(done))})
    return redirect("sessions_app:session_publish", session.pk)


urlpatterns = [
    path("director/clubs/<slug:club>/players/", register_list, name="register"),
    path("director/clubs/<slug:club>/players/new/", player_new, name="player_new"),
    path("director/clubs/<slug:club>/players/<str:player_id>/", player_edit, name="player_edit"),
    path(
        "director/clubs/<slug:club>/players/<str:player_id>/merge/",
        player_merge,
        name="player_merge",
    ),
    path("director/sessions/<int:session_id>/players/", session_players, name="session_players"),
    path(
        "director/sessions/<int:session_id>/players/link/",
        session_players_link,
        name="session_players_link",
    ),
    path(
        "director/sessions/<int:session_id>/players/add-unmatched/",
        session_players_add,
        name="session_add_unmatched",
    ),
]
