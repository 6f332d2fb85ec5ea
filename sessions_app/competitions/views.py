"""Club competitions: the standings for players (a page and a PDF, once published) and the
director's pages to set one up, change it or delete it.

- `clubs/<slug>/competitions/<id>/` (name `competition`) and `.../standings.pdf`: for
  everyone when the competition is published, for the club's directors before;
- `director/clubs/<slug>/competitions/` (name `competitions`): the club's competitions, with
  `new/`, `<id>/` (edit, and the standings as they stand) and `<id>/delete/`.

A competition is found only in its own club (`scope.in_club`): the id of another club's is
"competition 7 is not in this club's competitions", a 404. The standings come from one
service call (competitions/standings.py), in a fixed number of queries.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.text import slugify
from django.utils.translation import gettext as _

from ..core import selectors
from ..core.languages import speak_club_language
from ..core.permissions import club_director_required, is_director
from ..core.scope import in_club
from ..models import Competition
from ..printing import PAPERS
from .forms import FIELDS, CompetitionForm
from .printing import competition_pdf
from .rows import competition_rows
from .standings import (
    competition_delete,
    competition_save,
    competition_standings,
    pending_sessions,
)


def _viewed(request, slug: str, competition_id: int) -> Competition:
    """The competition if this visitor may see it: published, or the visitor directs its
    club; a 404 otherwise."""
    club = selectors.club_by_slug(slug=slug)
    speak_club_language(request, club)
    competition = in_club(Competition, club, pk=competition_id)
    competition.club = club
    if not competition.published and not is_director(request.user, club):
        raise Http404(_("No such competition"))
    return competition


def competition_page(request, slug: str, competition_id: int):
    competition = _viewed(request, slug, competition_id)
    result = competition_standings(competition)
    return render(
        request,
        "sessions_app/competition.html",
        {"competition": competition, "result": result, "rows": competition_rows(result)},
    )


def competition_print(request, slug: str, competition_id: int):
    competition = _viewed(request, slug, competition_id)
    paper = PAPERS.get(request.GET.get("paper", "a4"))
    if paper is None:
        return HttpResponseBadRequest(
            _("paper must be one of %(papers)s") % {"papers": ", ".join(PAPERS)},
            content_type="text/plain; charset=utf-8",
        )
    pdf = competition_pdf(competition, competition_standings(competition), paper)
    response = HttpResponse(pdf, content_type="application/pdf")
    filename = f"{slugify(competition.name) or 'competition'}-{paper.key}.pdf"
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, no-cache"
    return response


@club_director_required
def competitions_list(request, club):
    competitions = Competition.objects.filter(club=club).order_by("-created_at", "-id")
    return render(
        request,
        "sessions_app/director/competitions.html",
        {"club": club, "competitions": competitions},
    )


@club_director_required
def competition_new(request, club):
    return _edit(request, club, Competition(club=club))


@club_director_required
def competition_edit(request, club, competition_id: int):
    return _edit(request, club, in_club(Competition, club, pk=competition_id))


def _edit(request, club, competition: Competition):
    competition.club = club
    form = CompetitionForm(request.POST or None, instance=competition, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        for name in FIELDS:
            if name != "sessions":
                setattr(competition, name, data[name])
        try:
            competition_save(competition=competition, sessions=data["sessions"])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("%(name)s saved.") % {"name": competition.name})
            return redirect("sessions_app:competition_edit", club.slug, competition.pk)
    result = rows = pending = None
    if competition.pk:
        result = competition_standings(competition)
        rows = competition_rows(result)
        pending = pending_sessions(competition)
    return render(
        request,
        "sessions_app/director/competition_form.html",
        {
            "club": club,
            "competition": competition,
            "form": form,
            "result": result,
            "rows": rows,
            "pending": pending,
        },
    )


@club_director_required
def competition_delete_page(request, club, competition_id: int):
    """Asks first (GET); deletes on the confirmation (POST). Its sessions stay."""
    competition = in_club(Competition, club, pk=competition_id)
    if request.method == "POST":
        competition_delete(competition=competition)
        messages.success(
            request,
            _("%(name)s deleted; its sessions are unchanged.") % {"name": competition.name},
        )
        return redirect("sessions_app:competitions", club.slug)
    return render(
        request,
        "sessions_app/director/competition_delete.html",
        {"club": club, "competition": competition},
    )


urlpatterns = [
    path(
        "clubs/<slug:slug>/competitions/<int:competition_id>/",
        competition_page,
        name="competition",
    ),
    path(
        "clubs/<slug:slug>/competitions/<int:competition_id>/standings.pdf",
        competition_print,
        name="competition_print",
    ),
    path("director/clubs/<slug:club>/competitions/", competitions_list, name="competitions"),
    path("director/clubs/<slug:club>/competitions/new/", competition_new, name="competition_new"),
    path(
        "director/clubs/<slug:club>/competitions/<int:competition_id>/",
        competition_edit,
        name="competition_edit",
    ),
    path(
        "director/clubs/<slug:club>/competitions/<int:competition_id>/delete/",
        competition_delete_page,
        name="competition_delete",
    ),
]
