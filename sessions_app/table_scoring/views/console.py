"""The director's live console while the tables score on their phones: the page, the JSON feed
it polls every 1.5 s, and its actions (answer a call, close or open a round).

The feed is computed from the database and the shared cache on every poll
(table_scoring/console.py), never from a process's memory, so any of several app servers answers it.
Given the stamp of what the page shows (`?since=`), it answers only `{"same": true}` when
nothing changed, and the page keeps its focus and scroll.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from ...core.permissions import director_required
from ...core.refusals import as_sentence, refusal_words
from ...core.scope import NotInSession, in_session, parse_id
from ...models import Section, TableCall
from ..console import console_state, table_round
from ..director import call_answer, round_close

POLL_MS = 1500


@director_required
def console(request, session):
    state = console_state(session)
    return render(
        request,
        "sessions_app/director/console.html",
        {"session": session, "state": state, "stamp": state.stamp, "poll_ms": POLL_MS},
    )


@require_GET
@director_required
def console_feed(request, session):
    """`{"stamp", "same": true}` when the page is up to date, else `{"stamp", "state", "html"}`:
    the state as data (for scripts and tests) and the console's body to draw."""
    state = console_state(session)
    stamp = state.stamp
    if request.GET.get("since") == stamp:
        return JsonResponse({"stamp": stamp, "same": True})
    html = render_to_string(
        "sessions_app/director/_console_body.html",
        {"session": session, "state": state},
        request=request,
    )
    return JsonResponse({"stamp": stamp, "same": False, "state": state.as_dict(), "html": html})


@require_GET
@director_required
def console_take_over(request, session):
    """Take a table over from the keyboard: `?table=3` (and `section=B` when there are
    several) opens the pickup slip of the round that table is on."""
    try:
        name = request.GET.get("section") or _only_section(session)
        section = in_session(Section, session, name=name)
        table = parse_id(request.GET.get("table", "").strip(), "table")
        number = table_round(section, table)
    except NotInSession as refused:
        return _answer(request, session, str(refused), ok=False, status=404)
    except ValidationError as refused:
        return _answer(request, session, refusal_words(refused), ok=False)
    return redirect("sessions_app:table_entry", session.pk, section.name, number, table)


def _only_section(session) -> str:
    names = list(session.sections.values_list("name", flat=True)[:2])
    return names[0] if len(names) == 1 else ""


@require_POST
@director_required
def console_call_answer(request, session, call_id: int):
    try:
        call = in_session(TableCall.objects.select_related("section"), session, pk=call_id)
    except NotInSession as missing:
        return _answer(request, session, str(missing), ok=False, status=404)
    call_answer(call=call, user=request.user)
    table = f"{call.section.name}{call.table}"
    return _answer(request, session, _("Call from table %(table)s answered.") % {"table": table})


@require_POST
@director_required
def console_round_close(request, session, name: str):
    try:
        section = in_session(Section, session, name=name)
    except NotInSession as missing:
        return _answer(request, session, str(missing), ok=False, status=404)
    try:
        wanted = request.POST.get("round", "").strip()
        number = 0 if wanted == "0" else parse_id(wanted, "round")
        round_close(section=section, round_=number)
    except NotInSession as refused:  # not a number
        return _answer(request, session, str(refused), ok=False)
    except ValidationError as refused:
        return _answer(request, session, refusal_words(refused), ok=False)
    values = {"section": section.name, "count": number}
    if number > 1:
        said = ngettext(
            "Section %(section)s: rounds 1 to %(count)d are closed to the tables.",
            "Section %(section)s: rounds 1 to %(count)d are closed to the tables.",
            number,
        )
    elif number:
        said = _("Section %(section)s: round 1 is closed to the tables.")
    else:
        said = _("Section %(section)s: every round is open to the tables again.")
    said = said % values
    return _answer(request, session, said)


def _answer(request, session, message: str, *, ok: bool = True, status: int = 400):
    """JSON for the console's script (`Accept: application/json`): `{"ok": true, "message"}`,
    or `{"ok": false, "error"}` with `status`; else back to the page with the message."""
    message = as_sentence(message)
    if request.headers.get("Accept") == "application/json":
        if ok:
            return JsonResponse({"ok": True, "message": message})
        return JsonResponse({"ok": False, "error": message}, status=status)
    (messages.success if ok else messages.error)(request, message)
    return redirect("sessions_app:console", session.pk)


CONSOLE = "director/sessions/<int:session_id>/console"
urlpatterns = [
    path(f"{CONSOLE}/", console, name="console"),
    path(f"{CONSOLE}/feed/", console_feed, name="console_feed"),
    path(f"{CONSOLE}/take-over/", console_take_over, name="console_take_over"),
    path(f"{CONSOLE}/calls/<int:call_id>/answer/", console_call_answer, name="console_answer"),
    path(f"{CONSOLE}/sections/<str:name>/close-round/", console_round_close, name="console_close"),
]
