"""Deleting and copying: a session, a section or a pair goes to the club's trash after a page
that says exactly what goes; the trash puts it back; a session is copied for next week.

Every delete is asked first (GET shows what goes, POST does it) and lands on the page above
what went, with where to find it in the trash. Trash items belong to a club: they are looked
up only among the clubs the director directs (scope.in_club), so another club's id is a 404.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.shortcuts import render as _render
from django.urls import path
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..core.permissions import club_director_required, director_required
from ..core.refusals import refusal_sentence, refusal_words
from ..core.scope import in_club, in_session
from ..models import Pair, Section, Trash
from ..setup.copies import session_copy
from ..setup.forms import SessionCopyForm
from .deleting import (
    pair_clear_names,
    pair_contents,
    pair_delete,
    section_contents,
    section_delete,
    session_contents,
    session_delete,
    trash_expiry,
    trash_forget,
    trash_purge,
)
from .restoring import trash_restore

CONFIRM = "sessions_app/director/confirm_delete.html"


@director_required
def session_delete_page(request, session):
    if request.method == "POST":
        item = session_delete(session=session, user=request.user)
        _moved(request, item)
        return redirect("sessions_app:director_home")
    return render(
        request,
        CONFIRM,
        {
            "session": session,
            "contents": session_contents(session),
            "button": _("Delete session"),
            "kept": _("its stored PDFs are removed now"),
        },
    )


@director_required
def section_delete_page(request, session, name: str):
    section = in_session(Section.objects.select_related("session__club"), session, name=name)
    if request.method == "POST":
        _moved(request, section_delete(section=section, user=request.user))
        return redirect("sessions_app:director_session", session_id=session.pk)
    return render(
        request,
        CONFIRM,
        {
            "session": session,
            "contents": section_contents(section),
            "button": _("Delete section"),
            "kept": _("the session keeps its boards and deals"),
        },
    )


@director_required
def pair_delete_page(request, session, name: str, label: str):
    """A free-form section's pair goes with its lines; a movement pair's names are cleared
    (the movement seats it every round), its lines staying."""
    pair = in_session(
        Pair.objects.select_related("section__session__club"),
        session,
        section__name=name,
        label=label,
    )
    clears = bool(pair.section.movement)
    error = None
    if request.method == "POST":
        try:
            service = pair_clear_names if clears else pair_delete
            item = service(pair=pair, user=request.user)
        except ValidationError as problem:
            error = refusal_words(problem)
        else:
            _moved(request, item)
            return redirect("sessions_app:section_pairs", session_id=session.pk, name=name)
    return render(
        request,
        CONFIRM,
        {
            "session": session,
            "contents": pair_contents(pair),
            "clears": clears,
            "error": error,
            "button": _("Clear the names") if clears else _("Delete pair"),
            "pair": pair,
            "back": ("sessions_app:section_pairs", name),
        },
    )


@director_required
def session_copy_page(request, session):
    initial = {
        "name": session.name,
        "date": session.date + datetime.timedelta(days=7),
        "is_test": session.is_test,
    }
    form = SessionCopyForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            copy = session_copy(session=session, **data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                (
                    _("%(name)s of %(date)s is set up like %(like)s; no results came along.")
                    if data["keep_names"]
                    else _(
                        "%(name)s of %(date)s is set up like %(like)s, without names; no results"
                        " came along."
                    )
                )
                % {
                    "name": copy.name,
                    "date": date_format(copy.date, "j M Y"),
                    "like": date_format(session.date, "j M Y"),
                },
            )
            return redirect("sessions_app:director_session", session_id=copy.pk)
    return render(
        request, "sessions_app/director/session_copy.html", {"session": session, "form": form}
    )


@club_director_required
def trash_page(request, club):
    """The club's trash, newest first; what has expired is purged first."""
    trash_purge(club=club)
    items = Trash.objects.filter(club=club).defer("document").select_related("deleted_by")
    return render(
        request,
        "sessions_app/director/trash.html",
        {
            "club": club,
            "rows": [(item, trash_expiry(item)) for item in items],
            "now": timezone.now(),
        },
    )


@require_POST
@club_director_required
def trash_restore_page(request, club, item_id: int):
    item = in_club(Trash.objects.defer("document"), club, pk=item_id)
    try:
        restored = trash_restore(item=item, user=request.user)
    except ValidationError as error:
        # Translators: the start of a sentence; the reason follows the colon and space.
        start = _("%(title)s was not restored: ") % {"title": item.title}
        messages.error(request, refusal_sentence(error, start=start))
        return redirect("sessions_app:trash", club=club.slug)
    messages.success(request, restored.message)
    return redirect("sessions_app:director_session", session_id=restored.session.pk)


@require_POST
@club_director_required
def trash_forget_page(request, club, item_id: int):
    item = in_club(Trash.objects.defer("document"), club, pk=item_id)
    trash_forget(item=item)
    messages.success(request, _("%(title)s is deleted for good.") % {"title": item.title})
    return redirect("sessions_app:trash", club=club.slug)


def render(request, template: str, context: dict):
    return _render(request, template, {**context, "trash_days": settings.TRASH_DAYS})


def _moved(request, item: Trash) -> None:
    until = date_format(timezone.localtime(trash_expiry(item)), "j M Y")
    messages.success(
        request,
        _("%(title)s is in the trash (%(summary)s); it can be restored until %(until)s.")
        % {"title": item.title, "summary": item.summary, "until": until},
    )


SESSION = "director/sessions/<int:session_id>"
TRASH = "director/clubs/<slug:club>/trash"
urlpatterns = [
    path(f"{SESSION}/delete/", session_delete_page, name="session_delete"),
    path(f"{SESSION}/copy/", session_copy_page, name="session_copy"),
    path(f"{SESSION}/sections/<str:name>/delete/", section_delete_page, name="section_delete"),
    path(
        f"{SESSION}/sections/<str:name>/pairs/<str:label>/delete/",
        pair_delete_page,
        name="pair_delete",
    ),
    path(f"{TRASH}/", trash_page, name="trash"),
    path(f"{TRASH}/<int:item_id>/restore/", trash_restore_page, name="trash_restore"),
    path(f"{TRASH}/<int:item_id>/forget/", trash_forget_page, name="trash_forget"),
]
