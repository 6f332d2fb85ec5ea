"""One traveller line from the entry screens: saved from the keyboard (JSON for
static/js/entry.js, with the board's new matchpoints), the director's ruling on its own form,
deleted, and the preview of what is being typed."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from ...core.permissions import director_required
from ...core.refusals import refusal_sentence
from ...core.scope import NotInSession, in_session, parse_id
from ...models import Board, Result, Section
from ...rows.words import worded
from ...scoring.contract import ContractError
from ...scoring.line_words import describe_message, ruling_message
from ...scoring.notation_words import Notation
from ...scoring.rulings import outcome_text, parse_ruling
from ...scoring.traveller_line import ruling_of
from ..checks import StaleLine
from ..forms import AdjustForm, LineForm
from ..lines import result_delete
from ..notation import club_notation
from ..rows import board_values, score_text
from .saving import save_line


@require_POST
@director_required
def line_save(request, session, name: str):
    """Save one line (from the entry script); answers JSON for the row, with the new
    matchpoints of every line of the board (they all change)."""
    try:
        section = in_session(Section, session, name=name)
    except NotInSession as missing:
        return JsonResponse({"ok": False, "error": refusal_sentence(missing)})
    form = LineForm(request.POST, session=session)
    if not form.is_valid():
        return JsonResponse({"ok": False, "error": refusal_sentence(form.first_error())})
    result, problem = save_line(request, section, form.cleaned_data)
    if result is None:
        return JsonResponse({"ok": False, **problem})
    ruling = form.cleaned_data["line"].ruling  # what was stored, as the form read it
    lines = board_values(session, section, result.board.number)
    return JsonResponse(
        {
            "ok": True,
            "result_id": result.pk,
            "version": result.version,
            "text": ruling.text_in(form.notation),
            "kind": ruling.kind,
            "describe": worded(ruling_message(ruling, result.foul_group))
            if ruling.is_ruling
            else "",
            "score": score_text(ruling),
            **lines.get(str(result.pk), {"mp_ns": "", "mp_ew": ""}),
            "lines": lines,
        }
    )


@director_required
def line_adjust(request, session, name: str, number: int):
    """The director's ruling on one line (assigned, split, weighted, artificial, not played,
    fouled-board group, reason), on a form of its own."""
    section = in_session(Section, session, name=name)
    board = in_session(Board, session, number=number)
    result_id = request.POST.get("result_id") or request.GET.get("result")
    lines = Result.objects.select_related("ns", "ew", "board", "updated_by")
    result = in_session(lines, session, pk=result_id, board=board) if result_id else None
    notation = club_notation(session.club)
    initial = _adjust_initial(request, result, notation)
    form = AdjustForm(request.POST or None, board=board, notation=notation, initial=initial)
    if request.method == "POST" and form.is_valid():
        again = _("%(problem)s Tick the box to save it anyway.")
        saved, problem = save_line(request, section, form.cleaned_data, result, again)
        if saved is not None:
            messages.success(
                request,
                _("Board %(number)s: %(ns)s v %(ew)s saved (%(line)s).")
                % {
                    "number": number,
                    "ns": saved.ns.label,
                    "ew": saved.ew.label,
                    "line": worded(describe_message(saved)),
                },
            )
            return redirect("sessions_app:board_entry", session.pk, name, number)
        form.add_error("confirmed" if problem.get("warning") else None, problem["error"])
    return render(
        request,
        "sessions_app/director/adjust.html",
        {
            "session": session,
            "section": section,
            "board": board,
            "form": form,
            "result": result,
            "now": worded(describe_message(result)) if result else "",
        },
    )


@require_POST
@director_required
def line_delete(request, session, name: str):
    wants_json = request.headers.get("Accept") == "application/json"
    try:
        section = in_session(Section, session, name=name)
        deleted = result_delete(
            section=section,
            result_id=parse_id(request.POST.get("result_id"), "line"),
            version=parse_id(request.POST.get("version"), "line's version"),
            user=request.user,
        )
    except (StaleLine, NotInSession) as error:
        if wants_json:
            return JsonResponse({"ok": False, "error": refusal_sentence(error)})
        messages.error(request, refusal_sentence(error))
    else:
        if wants_json:
            lines = board_values(session, section, deleted.board.number)
            return JsonResponse({"ok": True, "lines": lines})
        messages.success(request, _("Line deleted; it can be restored from the changes page."))
    return redirect("sessions_app:changes", session.pk)


@require_GET
@director_required
def entry_preview(request, session):
    """The score of what is typed so far, for the row being entered."""
    try:
        board = in_session(Board, session, number=request.GET.get("board"))
    except NotInSession as missing:
        return JsonResponse({"ok": False, "error": refusal_sentence(missing)})
    typed = request.GET.get("text", "")[:120]
    if not typed.strip():
        return JsonResponse({"ok": True, "score": "", "summary": ""})
    try:
        ruling = parse_ruling(typed, board.vulnerability, club_notation(session.club))
    except ContractError as error:
        return JsonResponse({"ok": False, "error": worded(error.message)})
    return JsonResponse(
        {"ok": True, "score": score_text(ruling), "summary": worded(ruling.message)}
    )


def _adjust_initial(request, result: Result | None, notation: Notation) -> dict:
    """The adjust form's fields for `result` (a new line's pairs and seat from the address
    when there is none), its results written in the club's `notation`."""
    if result is None:
        keys = ("ns", "ew", "round", "table")
        return {"kind": "assigned", **{k: request.GET[k][:10] for k in keys if request.GET.get(k)}}
    ruling = ruling_of(result)
    initial = {
        "ns": result.ns.label,
        "ew": result.ew.label,
        "round": result.round,
        "table": result.table,
        "kind": ruling.kind,
        "foul_group": result.foul_group,
        "reason": result.reason,
        "result_id": result.pk,
        "version": result.version,
        "ns_artificial": result.ns_artificial or "A",
        "ew_artificial": result.ew_artificial or "A",
    }
    if ruling.kind == Result.Kind.WEIGHTED:
        initial["weights"] = ruling.text_in(notation).replace("; ", "\n")
    elif ruling.kind == Result.Kind.SPLIT:
        assert ruling.outcome is not None and ruling.ew_outcome is not None
        initial["result"] = outcome_text(ruling.outcome, notation)
        initial["ew_result"] = outcome_text(ruling.ew_outcome, notation)
    elif ruling.kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED):
        assert ruling.outcome is not None
        initial["result"] = outcome_text(ruling.outcome, notation)
    return initial


SECTION = "director/sessions/<int:session_id>/sections/<str:name>"
urlpatterns = [
    path(f"{SECTION}/line/", line_save, name="line_save"),
    path(f"{SECTION}/boards/<int:number>/adjust/", line_adjust, name="line_adjust"),
    path(f"{SECTION}/line/delete/", line_delete, name="line_delete"),
    path("director/sessions/<int:session_id>/preview/", entry_preview, name="entry_preview"),
]
