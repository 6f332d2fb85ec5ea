"""The club's copy of its national body's membership list, imported from the register's
page (players/memberships.py does the work; the club comes through
`club_director_required`)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from ...core.permissions import club_director_required
from ...interchange.refused import FileRefused
from ...rows.words import worded
from ...scoring.message import message_of
from ..memberships import membership_list_import

# The list of a big body runs to a few megabytes; more is no membership list.
MOST_BYTES = 20 * 1024 * 1024


@require_POST
@club_director_required
def membership_list(request, club):
    upload = request.FILES.get("membership_list")
    if upload is None:
        messages.error(request, _("Not imported: choose the membership list's CSV file."))
    elif upload.size > MOST_BYTES:
        messages.error(
            request,
            _("Not imported: %(file)s is over 20 MB, no membership list.") % {"file": upload.name},
        )
    else:
        try:
            done = membership_list_import(club=club, data=upload.read())
        except (FileRefused, ValueError) as refused:
            lines = (
                refused.said(worded)
                if isinstance(refused, FileRefused)
                else [worded(message_of(refused))]
            )
            messages.error(request, _("Not imported: %(problems)s") % {"problems": " ".join(lines)})
        else:
            values = {"count": done.members, "numbered": ", ".join(done.numbered)}
            if done.numbered:
                said = ngettext(
                    "%(count)d member on the list; given their number: %(numbered)s.",
                    "%(count)d members on the list; given their number: %(numbered)s.",
                    done.members,
                )
            else:
                said = ngettext(
                    "%(count)d member on the list.", "%(count)d members on the list.", done.members
                )
            messages.success(request, said % values)
            for problem in done.problems:
                messages.warning(
                    request, _("Not read: %(problem)s.") % {"problem": worded(problem)}
                )
    return redirect("sessions_app:register", club.slug)


urlpatterns = [
    path("director/clubs/<slug:club>/membership-list/", membership_list, name="membership_list"),
]
