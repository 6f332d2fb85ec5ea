"""What the director checks during and after the evening: what is still missing, the running
ranking, every change to the travellers (filtered by board, pair and kind) with restores, and
the director's word that a line on the results to check is right."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ..core.permissions import director_required
from ..core.refusals import refusal_sentence
from ..core.results import session_results
from ..core.scope import NotInSession, in_session
from ..entry.lines import result_restore
from ..models import ResultChange, Section
from ..rows.words import described
from .completeness import completeness
from .line_checks import line_check

CHANGES_SHOWN = 500


@director_required
def section_missing(request, session, name: str):
    section = in_session(Section, session, name=name)
    return render(
        request,
        "sessions_app/director/missing.html",
        {"session": session, "section": section, "completeness": completeness(section)},
    )


@director_required
def running_ranking(request, session):
    return render(
        request,
        "sessions_app/director/_ranking.html",
        {"session": session, "results": session_results(session)},
    )


@director_required
def changes(request, session):
    """The audit trail, newest first; `?board=`, `?pair=` and `?kind=` narrow it down."""
    entries = ResultChange.objects.filter(session=session).select_related(
        "user", "device__table_code__section"
    )  # a line entered at the table names the phone (docs/table-scoring.md)
    board, pair = request.GET.get("board", "").strip(), request.GET.get("pair", "").strip()
    kind = request.GET.get("kind", "")
    problems = []
    if board:
        if board.isascii() and board.isdigit() and len(board) < 6:
            entries = entries.filter(board_number=int(board))
        else:
            problems.append(
                _("board %(board)s is not a board number") % {"board": repr(board[:20])}
            )
    rows = [
        {
            "change": change,
            "before": described(change.before) if change.before else "",
            "after": described(change.after) if change.after else "",
            "reason": (change.after or change.before or {}).get("reason", ""),
            "pairs": _pairs(change),
        }
        for change in entries[: CHANGES_SHOWN * 4 if pair or kind else CHANGES_SHOWN]
    ]
    if pair:
        rows = [row for row in rows if pair in row["pairs"]]
    if kind:
        rows = [row for row in rows if _kind_matches(row["change"], kind)]
    return render(
        request,
        "sessions_app/director/changes.html",
        {
            "session": session,
            "rows": rows[:CHANGES_SHOWN],
            "filters": {"board": board, "pair": pair, "kind": kind},
            "kinds": KIND_FILTERS,
            "problems": problems,
        },
    )


KIND_FILTERS = [
    ("", gettext_lazy("Everything")),
    ("ruling", gettext_lazy("Rulings")),
    ("delete", gettext_lazy("Deleted lines")),
    ("restore", gettext_lazy("Restored lines")),
    ("import", gettext_lazy("Imports and removals")),
    ("players", gettext_lazy("Names matched to the register")),
]


def _pairs(change: ResultChange) -> set[str]:
    line = change.after or change.before or {}
    return {line[side] for side in ("ns", "ew") if line.get(side)}


def _kind_matches(change: ResultChange, kind: str) -> bool:
    if kind == "ruling":
        return any(
            line and (line.get("kind", "played") != "played" or line.get("foul_group"))
            for line in (change.before, change.after)
        )
    return change.action == kind


@require_POST
@director_required
def change_restore(request, session, change_id: int):
    try:
        result = result_restore(session=session, change_id=change_id, user=request.user)
    except (ValidationError, NotInSession) as error:
        messages.error(request, refusal_sentence(error))
    else:
        messages.success(
            request,
            _("Board %(board)s, %(ns)s v %(ew)s restored.")
            % {"board": result.board.number, "ns": result.ns.label, "ew": result.ew.label},
        )
    back = request.POST.get("back", "")  # the filters the list was showing
    query = f"?{urlencode(QueryDict(back[1:]).dict())}" if back.startswith("?") else ""
    return redirect(reverse("sessions_app:changes", args=[session.pk]) + query)


@require_POST
@director_required
def line_checked(request, session, result_id: int):
    """The director's word that a line on the results to check is right (it leaves the list
    until it changes); back to the list."""
    try:
        result = line_check(session=session, result_id=result_id, user=request.user)
    except ValidationError as error:
        messages.error(request, refusal_sentence(error))
    else:
        messages.success(
            request,
            _("Board %(board)s, %(ns)s v %(ew)s checked: it is listed again only if it changes.")
            % {"board": result.board.number, "ns": result.ns.label, "ew": result.ew.label},
        )
    return redirect(reverse("sessions_app:director_session", args=[session.pk]) + "#review")


SESSION = "director/sessions/<int:session_id>"
urlpatterns = [
    path(f"{SESSION}/sections/<str:name>/missing/", section_missing, name="section_missing"),
    path(f"{SESSION}/ranking/", running_ranking, name="running_ranking"),
    path(f"{SESSION}/changes/", changes, name="changes"),
    path(f"{SESSION}/changes/<int:change_id>/restore/", change_restore, name="change_restore"),
    path(f"{SESSION}/lines/<int:result_id>/checked/", line_checked, name="line_checked"),
]
