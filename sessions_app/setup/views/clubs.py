"""A club's own settings, for its directors: its name, whether players see the reasons for
the director's rulings, its language (the notation its directors type) and its national body
(whose master points it awards)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _

from ...core.permissions import club_director_required
from ..forms import ClubSettingsForm
from ..sessions import club_update


@club_director_required
def club_settings(request, club):
    initial = {
        "name": club.name,
        "show_reasons": club.show_reasons,
        "show_grades": club.show_grades,
        "language": club.language,
        "national_body": club.national_body,
        "national_club_id": club.national_club_id,
    }
    form = ClubSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        club_update(club=club, **form.cleaned_data)
        messages.success(request, _("Settings of %(club)s saved.") % {"club": club.name})
        return redirect("sessions_app:director_home")
    return render(request, "sessions_app/director/club_form.html", {"club": club, "form": form})


urlpatterns = [
    path("director/clubs/<slug:club>/settings/", club_settings, name="club_settings"),
]
