"""The director's set-up pages: sessions, sections and movements, pair names, status."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from ...core.permissions import director_required
from ...core.refusals import refusal_sentence
from ...core.results import session_results
from ...core.scope import in_session
from ...core.section_movement import usable_movement
from ...mail.selectors import session_mail
from ...models import Club, Section, Session
from ...players.linking import session_unmatched
from ...players.memberships import session_member_problems
from ...players.session_names import names_text, pair_directions, pairs_set_names
from ...review.checks import results_state, session_flags, session_missing
from ...review.completeness import completeness
from ...review.line_checks import ToCheck, flags_to_check
from ...scoring.presets import PRESETS
from ...scoring.ranking import natural_key
from ..forms import PairNamesForm, SectionForm, SessionForm
from ..movement_change import MovementChangeNeedsConfirmation
from ..sessions import (
    SECTION_SETTINGS,
    SESSION_SETTINGS,
    section_save,
    session_create,
    session_update,
)
from ..status import (
    PUBLISHED_FROM,
    STATUS_STEPS,
    ResultsMissing,
    publish_step,
    session_set_status,
)


@login_required
def director_home(request):
    sessions = Session.objects.directed_by(request.user).select_related("club")
    sessions = sessions.order_by("-date", "-id")
    clubs = Club.objects.directed_by(request.user)
    return render(
        request,
        "sessions_app/director/home.html",
        {
            "sessions": sessions[:100],
            "can_create": clubs.exists(),
            "clubs": clubs,
        },
    )


@login_required
def session_new(request):
    clubs = Club.objects.directed_by(request.user)
    if not clubs.exists():
        raise PermissionDenied(_("You are not a director of any club."))
    form = SessionForm(request.POST or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        session = session_create(club=data["club"], **{k: data[k] for k in SESSION_SETTINGS})
        messages.success(request, _("Session created. Now add a section with its movement."))
        return redirect("sessions_app:section_new", session_id=session.pk)
    return render(
        request,
        "sessions_app/director/session_form.html",
        {"form": form, "presets": PRESETS.values()},
    )


@director_required
def session_dashboard(request, session):
    sections = list(session.sections.order_by("name").prefetch_related("pairs"))
    overview = []
    for section in sections:
        overview.append(
            {
                "section": section,
                "movement": usable_movement(section),
                "completeness": completeness(section),
                "pairs": sorted(section.pairs.all(), key=lambda p: natural_key(p.label)),
            }
        )
    return render(
        request,
        "sessions_app/director/dashboard.html",
        {
            "session": session,
            "overview": overview,
            "results": session_results(session) if sections else None,
            "steps": STATUS_STEPS[session.status],
            "state": results_state(session),
            "mail": session_mail(session),
            "to_check": flags_to_check(session=session, flags=session_flags(session))
            if sections
            else ToCheck((), 0),
        },
    )


@director_required
def session_edit(request, session):
    form = SessionForm(request.POST or None, instance=copy.copy(session))
    if request.method == "POST" and form.is_valid():
        session_update(session=session, **{k: form.cleaned_data[k] for k in SESSION_SETTINGS})
        preset = PRESETS.get(request.POST.get("preset", ""))
        if preset:
            said = _(
                "%(preset)s conventions applied: Settings saved; the results are rescored."
            ) % {"preset": preset.name}
        else:
            said = _("Settings saved; the results are rescored.")
        messages.success(request, said)
        return redirect("sessions_app:director_session", session_id=session.pk)
    return render(
        request,
        "sessions_app/director/session_form.html",
        {"form": form, "session": session, "presets": PRESETS.values()},
    )


@require_POST
@director_required
def session_status(request, session):
    """One step of the status workflow (setup.sessions.STATUS_STEPS). Publishing with
    lines missing lands on the publishing check, which lists them; `publish_incomplete`
    (a checkbox there) publishes anyway."""
    try:
        session_set_status(
            session=session,
            status=request.POST.get("status", ""),
            publish_incomplete=request.POST.get("publish_incomplete") == "yes",
        )
    except ResultsMissing as refused:
        count = refused.missing.count
        messages.error(
            request,
            ngettext(
                "Not published: %(count)d result is missing. Enter them, or tick the box below"
                " to publish anyway.",
                "Not published: %(count)d results are missing. Enter them, or tick the box below"
                " to publish anyway.",
                count,
            )
            % {"count": count},
        )
        return redirect("sessions_app:session_publish", session_id=session.pk)
    except ValidationError as refused:
        # Translators: the start of a sentence; the reason follows the colon and space.
        messages.error(request, refusal_sentence(refused, start=_("Not changed: ")))
    else:
        messages.success(
            request,
            _("The session is now %(status)s.") % {"status": session.status_word},
        )
        if session.is_published and session_unmatched(session=session).count:
            # the publish page counts the names players will not find, and adds them
            return redirect("sessions_app:session_publish", session_id=session.pk)
    return redirect("sessions_app:director_session", session_id=session.pk)


@director_required
def session_publish(request, session):
    """Before publishing: every line still missing, each with a link to where it is entered,
    and the confirmation that publishes anyway; before and after, the names no player's
    search will find (not matched to the register), with the button adding them all, and
    the players whose number the club's national body would not know, each with a link to
    the register entry that fixes it."""
    return render(
        request,
        "sessions_app/director/publish.html",
        {
            "session": session,
            "missing": session_missing(session),
            "unmatched": session_unmatched(session=session),
            "member_problems": session_member_problems(session=session),
            "publish": publish_step(session.status),
            "published_from": PUBLISHED_FROM,
        },
    )


@director_required
def section_edit(request, session, name: str | None = None):
    section = in_session(Section, session, name=name) if name else None
    initial = {} if section else {"name": _next_section_name(session)}
    # The form checks a copy: the page keeps showing the section as stored (its name in links).
    form = SectionForm(request.POST or None, instance=copy.copy(section), initial=initial)
    change = None  # a movement change under existing lines, waiting for the confirmation
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            section = section_save(
                session=session,
                section=section,
                boards=data.get("boards"),
                confirm=request.POST.get("confirm", "")[:40],
                user=request.user,
                **{k: data[k] if data[k] is not None else _blank(k) for k in SECTION_SETTINGS},
            )
        except MovementChangeNeedsConfirmation as refused:
            change = refused.change
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                _("Section %(name)s saved.") % {"name": section.name},
            )
            return redirect("sessions_app:section_pairs", session_id=session.pk, name=section.name)
    return render(
        request,
        "sessions_app/director/section_form.html",
        {"form": form, "session": session, "section": section, "change": change},
    )


@director_required
def section_pairs(request, session, name: str):
    section = in_session(Section, session, name=name)
    pairs = sorted(section.pairs.all(), key=lambda p: natural_key(p.label))
    initial = {"names": names_text(pairs)}
    form = PairNamesForm(request.POST or None, initial=initial, section=section)
    directions = pair_directions(pairs)
    if request.method == "POST" and form.is_valid():
        try:
            pairs_set_names(section=section, names=form.cleaned_data["names"])
        except ValidationError as error:
            form.add_error("names", error.messages)
        else:
            values = {"section": section.name, "directions": directions}
            if directions:
                # Translators: %(directions)s says which pairs sit NS and EW
                # (players/session_names.py).
                said = _("Names of section %(section)s saved (%(directions)s).") % values
            else:
                said = _("Names of section %(section)s saved.") % values
            messages.success(request, said)
            return redirect("sessions_app:director_session", session_id=session.pk)
    return render(
        request,
        "sessions_app/director/pairs_form.html",
        {
            "form": form,
            "session": session,
            "section": section,
            "pairs": pairs,
            "directions": directions,
        },
    )


def _next_section_name(session: Session) -> str:
    used = set(session.sections.values_list("name", flat=True))
    return next(letter for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if letter not in used)


def _blank(field: str):
    """Empty form values for fields the model stores as '' rather than NULL."""
    return "" if field in ("movement", "even_tables", "arrow_switch", "missing_pair") else None


urlpatterns = [
    path("director/", director_home, name="director_home"),
    path("director/sessions/new/", session_new, name="session_new"),
    path("director/sessions/<int:session_id>/", session_dashboard, name="director_session"),
    path("director/sessions/<int:session_id>/edit/", session_edit, name="session_edit"),
    path("director/sessions/<int:session_id>/status/", session_status, name="session_status"),
    path("director/sessions/<int:session_id>/publish/", session_publish, name="session_publish"),
    path("director/sessions/<int:session_id>/sections/new/", section_edit, name="section_new"),
    path(
        "director/sessions/<int:session_id>/sections/<str:name>/edit/",
        section_edit,
        name="section_edit",
    ),
    path(
        "director/sessions/<int:session_id>/sections/<str:name>/pairs/",
        section_pairs,
        name="section_pairs",
    ),
]
