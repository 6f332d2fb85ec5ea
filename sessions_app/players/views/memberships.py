"""The club's copy of its national body's membership list, imported from the register's
page (players/memberships.py does the work; the club comes through
`club_director_required`)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import path
from django.views.decorators.http import require_POST

from ...core.permissions import club_director_required
from ...interchange.refused import FileRefused
from ..memberships import membership_list_import

# The list of a big body runs to a few megabytes; more is no membership list.
MOST_BYTES = 20 * 1024 * 1024


@require_POST
@club_director_required
def membership_list(request, club):
    upload = request.FILES.get("membership_list")
    if upload is None:
        messages.error(request, "Not imported: choose the membership list's CSV file.")
    elif upload.size > MOST_BYTES:
        messages.error(request, f"Not imported: {upload.name} is over 20 MB, no membership list.")
    else:
        try:
            done = membership_list_import(club=club, data=upload.read())
        except (FileRefused, ValueError) as refused:
            lines = refused.lines if isinstance(refused, FileRefused) else [str(refused)]
            messages.error(request, f"Not imported: {' '.join(lines)}")
        else:
            given = f"; given their number: {', '.join(done.numbered)}" if done.numbered else ""
            messages.success(request, f"{done.members} members on the list{given}.")
            for problem in done.problems:
                messages.warning(request, f"Not read: {problem}.")
    return redirect("sessions_app:register", club.slug)


urlpatterns = [
    path("director/clubs/<slug:club>/membership-list/", membership_list, name="membership_list"),
]
