"""The session's *Bridgemates* page: the club's Data Connector (address, club id, licence
key), what the club's terminals do, *Send to the Bridgemates* and *Fetch the results now*,
and what became of the last fetch. The work is bridgemates/sending.py's and worker.py's; the
session comes through `director_required`, the club is the session's own."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from ..core.permissions import director_required
from ..models import BridgemateEvent, BridgemateLink
from .connector import BridgemateProblem
from .forms import BridgemateLinkForm, TerminalSettingsForm
from .sending import (
    bridgemates_continue,
    bridgemates_send,
    bridgemates_settings_save,
    bridgemates_update_movement,
)
from .worker import fetch_claimed


@director_required
def bridgemates_page(request, session):
    return _page(request, session)


def _page(
    request,
    session,
    form: BridgemateLinkForm | None = None,
    settings_form: TerminalSettingsForm | None = None,
):
    link = BridgemateLink.objects.filter(club_id=session.club_id).first()
    return render(
        request,
        "sessions_app/bridgemates/session.html",
        {
            "session": session,
            "link": link,
            "form": form or BridgemateLinkForm(instance=link),
            "settings_form": settings_form or TerminalSettingsForm.for_link(link),
            "event": BridgemateEvent.objects.filter(session=session).first(),
        },
    )


@require_POST
@director_required
def bridgemates_link(request, session):
    link = BridgemateLink.objects.filter(club_id=session.club_id).first()
    form = BridgemateLinkForm(request.POST, instance=link or BridgemateLink(club=session.club))
    if not form.is_valid():
        return _page(request, session, form)
    form.save()
    messages.success(
        request,
        _("The club's Bridgemates are reached at %(address)s.")
        % {"address": form.instance.address},
    )
    return redirect("sessions_app:bridgemates", session.pk)


@require_POST
@director_required
def bridgemates_settings(request, session):
    link = BridgemateLink.objects.filter(club_id=session.club_id).first()
    if link is None:
        messages.error(request, _("Not kept: set up the club's Data Connector first."))
        return redirect("sessions_app:bridgemates", session.pk)
    form = TerminalSettingsForm.for_link(link, request.POST)
    if not form.is_valid():
        return _page(request, session, settings_form=form)
    try:
        sent = bridgemates_settings_save(session=session, settings=form.chosen())
    except BridgemateProblem as problem:
        messages.error(
            request,
            _("The settings are kept but not on the terminals: %(problem)s.")
            % {"problem": problem},
        )
    else:
        said = (
            _("The terminals' settings are kept, on the terminals now.")
            if sent
            else _("The terminals' settings are kept, sent with the session.")
        )
        messages.success(request, said)
    return redirect("sessions_app:bridgemates", session.pk)


@require_POST
@director_required
def bridgemates_send_view(request, session):
    try:
        event = bridgemates_send(
            session=session, user=request.user, again=request.POST.get("again") == "on"
        )
    except BridgemateProblem as problem:
        messages.error(request, _("Not sent: %(problem)s.") % {"problem": problem})
    else:
        messages.success(
            request,
            _(
                "Sent to the Bridgemates at %(time)s: the terminals show the first"
                " round; their results come in as the tables enter them."
            )
            % {"time": f"{event.sent_at:%H:%M}"},
        )
    return redirect("sessions_app:bridgemates", session.pk)


def _sent(request, session, nothing: str) -> BridgemateEvent | None:
    """The session's event on the Bridgemates, or None with the director told (`nothing`, a
    whole sentence) that there is nothing to do since it was never sent."""
    event = BridgemateEvent.objects.filter(session=session).first()
    if event is None:
        messages.error(request, nothing)
    return event


@require_POST
@director_required
def bridgemates_fetch_view(request, session):
    event = _sent(
        request, session, _("Nothing to fetch: the session was not sent to the Bridgemates.")
    )
    if event is None:
        return redirect("sessions_app:bridgemates", session.pk)
    try:
        fetched = fetch_claimed(event)
    except BridgemateProblem as problem:
        messages.error(request, _("Not fetched: %(problem)s.") % {"problem": problem})
        return redirect("sessions_app:bridgemates", session.pk)
    if fetched is None:
        messages.info(request, _("The results are being fetched already: look again in a moment."))
    elif fetched.calls:
        # Translators: the summary of the fetch (bridgemates/worker.py), then the calls to the
        # director it brought.
        said = ngettext(
            "%(summary)s; %(count)d on the console.",
            "%(summary)s; %(count)d on the console.",
            len(fetched.calls),
        )
        messages.success(
            request, said % {"summary": fetched.summary(), "count": len(fetched.calls)}
        )
    else:
        # Translators: the summary of the fetch (bridgemates/worker.py) ending its sentence.
        messages.success(request, _("%(summary)s.") % {"summary": fetched.summary()})
    return redirect("sessions_app:bridgemates", session.pk)


@require_POST
@director_required
def bridgemates_continue_view(request, session):
    event = _sent(
        request, session, _("Nothing to continue: the session was not sent to the Bridgemates.")
    )
    if event is None:
        return redirect("sessions_app:bridgemates", session.pk)
    try:
        bridgemates_continue(event=event)
    except BridgemateProblem as problem:
        messages.error(request, _("Not continued: %(problem)s.") % {"problem": problem})
    else:
        messages.success(request, _("The Bridgemates go on with the session where they were."))
    return redirect("sessions_app:bridgemates", session.pk)


@require_POST
@director_required
def bridgemates_movement_view(request, session):
    event = _sent(
        request, session, _("Nothing to update: the session was not sent to the Bridgemates.")
    )
    if event is None:
        return redirect("sessions_app:bridgemates", session.pk)
    try:
        sent = bridgemates_update_movement(event=event)
    except BridgemateProblem as problem:
        messages.error(request, _("Not sent: %(problem)s.") % {"problem": problem})
    else:
        messages.success(
            request,
            ngettext(
                "The movement of %(count)d section is on the Bridgemates again.",
                "The movement of %(count)d sections is on the Bridgemates again.",
                sent,
            )
            % {"count": sent},
        )
    return redirect("sessions_app:bridgemates", session.pk)


BRIDGEMATES = "director/sessions/<int:session_id>/bridgemates"
urlpatterns = [
    path(f"{BRIDGEMATES}/", bridgemates_page, name="bridgemates"),
    path(f"{BRIDGEMATES}/link/", bridgemates_link, name="bridgemates_link"),
    path(f"{BRIDGEMATES}/settings/", bridgemates_settings, name="bridgemates_settings"),
    path(f"{BRIDGEMATES}/send/", bridgemates_send_view, name="bridgemates_send"),
    path(f"{BRIDGEMATES}/fetch/", bridgemates_fetch_view, name="bridgemates_fetch"),
    path(f"{BRIDGEMATES}/continue/", bridgemates_continue_view, name="bridgemates_continue"),
    path(f"{BRIDGEMATES}/movement/", bridgemates_movement_view, name="bridgemates_movement"),
]
