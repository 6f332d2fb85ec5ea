"""Traveller entry: by board or by round and table (pickup slips), line by line from the
keyboard (JSON for static/js/entry.js) or the whole traveller at once without JavaScript;
what is missing; the running ranking; the audit trail with restores."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_GET, require_POST

from ..entry_rows import EntryRow, board_rows, completeness, entry_text, table_rows
from ..forms import AdjustForm, LineForm
from ..models import Board, Result, ResultChange, Section
from ..permissions import director_required
from ..scoring.contract import ContractError
from ..scoring.display import text
from ..scoring.notation import parse_entry
from ..services.entry import (
    ScheduleWarning,
    StaleLine,
    describe,
    result_delete,
    result_restore,
    weighted_parts,
)
from ..services.entry import result_save as save_line
from ..services.movements import usable_movement
from ..services.results import session_results


@director_required
def board_entry(request, session, name: str, number: int):
    section = get_object_or_404(Section, session=session, name=name)
    board = get_object_or_404(Board, session=session, number=number)
    rows = board_rows(section, number)
    errors: dict[int, str] = {}
    if request.method == "POST":
        rows, errors = _save_rows(request, session, section, rows)
        if not errors:
            messages.success(request, f"Board {number} saved.")
            following = _next_board(session, number)
            if following and "next" in request.POST:
                return redirect("sessions_app:board_entry", session.pk, name, following)
            return redirect("sessions_app:board_entry", session.pk, name, number)
    numbers = list(session.boards.values_list("number", flat=True))
    return render(
        request,
        "sessions_app/director/board_entry.html",
        {
            "session": session,
            "section": section,
            "board": board,
            "rows": _with_values(session, section, rows, errors),
            "previous": _neighbour(numbers, number, -1),
            "next": _neighbour(numbers, number, +1),
            "numbers": numbers,
        },
    )


@director_required
def table_entry(request, session, name: str, round_number: int, table: int):
    section = get_object_or_404(Section, session=session, name=name)
    rows = table_rows(section, round_number, table)
    if not rows:
        raise Http404("No such round and table in this section's movement")
    errors: dict[int, str] = {}
    if request.method == "POST":
        rows, errors = _save_rows(request, session, section, rows)
        if not errors:
            messages.success(request, f"Round {round_number}, table {table} saved.")
            return redirect("sessions_app:table_entry", session.pk, name, round_number, table)
    movement = usable_movement(section)
    return render(
        request,
        "sessions_app/director/table_entry.html",
        {
            "session": session,
            "section": section,
            "round": round_number,
            "table": table,
            "rows": _with_values(session, section, rows, errors),
            "next": _next_slip(movement, round_number, table),
        },
    )


@require_POST
@director_required
def line_save(request, session, name: str):
    """Save one line (from the entry script); answers JSON for the row."""
    section = get_object_or_404(Section, session=session, name=name)
    form = LineForm(request.POST, session=session)
    if not form.is_valid():
        return JsonResponse({"ok": False, "error": form.first_error()})
    data = form.cleaned_data
    try:
        result = save_line(
            section=section,
            line=data["line"],
            result_id=data.get("result_id"),
            version=data.get("version"),
            user=request.user,
            confirmed=data.get("confirmed", False),
        )
    except ScheduleWarning as warning:
        return JsonResponse(
            {
                "ok": False,
                "warning": True,
                "error": f"{_sentence(warning)} Enter again saves it anyway.",
            }
        )
    except StaleLine as stale:
        current = Result.objects.filter(pk=data.get("result_id")).first()
        return JsonResponse(
            {"ok": False, "stale": True, "error": str(stale),
             "version": current.version if current else None,
             "result_id": current.pk if current else None}
        )  # fmt: skip
    except ValidationError as error:
        return JsonResponse({"ok": False, "error": " ".join(error.messages)})
    session.refresh_from_db(fields=["results_version"])
    values = _line_values(session, section, result.pk)
    return JsonResponse(
        {
            "ok": True,
            "result_id": result.pk,
            "version": result.version,
            "text": entry_text(result),
            "score": _score_text(result.score_ns),
            **values,
        }
    )


@director_required
def line_adjust(request, session, name: str, number: int):
    """The director's ruling on one line (assigned, split, weighted, artificial, not played,
    fouled-board group), on a form of its own."""
    section = get_object_or_404(Section, session=session, name=name)
    board = get_object_or_404(Board, session=session, number=number)
    result_id = request.POST.get("result_id") or request.GET.get("result")
    result = (
        get_object_or_404(Result.objects.select_related("ns", "ew"), pk=result_id, board=board,
                          section=section)
        if result_id else None
    )  # fmt: skip
    form = AdjustForm(request.POST or None, board=board, initial=_adjust_initial(request, result))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            save_line(
                section=section, line=data["line"], result_id=result.pk if result else None,
                version=data.get("version"), user=request.user,
                confirmed=data.get("confirmed", False),
            )  # fmt: skip
        except ScheduleWarning as warning:
            form.add_error("confirmed", f"{_sentence(warning)} Tick the box to save it anyway.")
        except (StaleLine, ValidationError) as problem:
            form.add_error(None, str(problem) if isinstance(problem, StaleLine) else problem)
        else:
            messages.success(request, f"Board {number}: {data['ns']} v {data['ew']} saved.")
            return redirect("sessions_app:board_entry", session.pk, name, number)
    return render(
        request,
        "sessions_app/director/adjust.html",
        {"session": session, "section": section, "board": board, "form": form, "result": result},
    )


def _adjust_initial(request, result: Result | None) -> dict:
    if result is None:
        keys = ("ns", "ew", "round", "table")
        return {"kind": "assigned", **{k: request.GET[k] for k in keys if request.GET.get(k)}}
    initial = {
        "ns": result.ns.label, "ew": result.ew.label, "round": result.round,
        "table": result.table, "kind": result.kind, "result": entry_text(result),
        "foul_group": result.foul_group, "result_id": result.pk, "version": result.version,
        "ns_artificial": result.ns_artificial or "A", "ew_artificial": result.ew_artificial or "A",
    }  # fmt: skip
    if result.kind == Result.Kind.SPLIT:
        initial["result"] = entry_text(result) or str(result.score_ns)
        initial["ew_result"] = str(result.split_score_ns)
    if result.kind == Result.Kind.WEIGHTED:
        initial["weights"] = "\n".join(weighted_parts(result))
    return initial


@require_POST
@director_required
def line_delete(request, session, name: str):
    get_object_or_404(Section, session=session, name=name)
    try:
        result_delete(
            result_id=int(request.POST.get("result_id", "0")),
            version=int(request.POST.get("version", "0")),
            user=request.user,
        )
    except (StaleLine, ValueError) as error:
        message = str(error) if isinstance(error, StaleLine) else "which line?"
        if request.headers.get("Accept") == "application/json":
            return JsonResponse({"ok": False, "error": message})
        messages.error(request, message)
    else:
        if request.headers.get("Accept") == "application/json":
            return JsonResponse({"ok": True})
        messages.success(request, "Line deleted; it can be restored from the changes page.")
    return redirect(request.POST.get("back") or reverse("sessions_app:changes", args=[session.pk]))


@require_GET
@director_required
def entry_preview(request, session):
    """The score of what is typed so far, for the row being entered."""
    board = Board.objects.filter(session=session, number=request.GET.get("board") or 0).first()
    if board is None:
        return JsonResponse({"ok": False, "error": "no such board"})
    typed = request.GET.get("text", "")
    if not typed.strip():
        return JsonResponse({"ok": True, "score": "", "summary": ""})
    try:
        outcome = parse_entry(typed, board.vulnerability)
    except ContractError as error:
        return JsonResponse({"ok": False, "error": str(error)})
    summary = outcome.token + (
        f" by {outcome.declarer}, {outcome.tricks}" if outcome.declarer else ""
    )
    return JsonResponse({"ok": True, "score": _score_text(outcome.score_ns), "summary": summary})


@director_required
def section_missing(request, session, name: str):
    section = get_object_or_404(Section, session=session, name=name)
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
    entries = ResultChange.objects.filter(session=session).select_related("user")[:500]
    return render(
        request, "sessions_app/director/changes.html", {"session": session, "changes": entries}
    )


@require_POST
@director_required
def change_restore(request, session, change_id: int):
    change = get_object_or_404(ResultChange, session=session, pk=change_id)
    try:
        result = result_restore(change=change, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request, f"Board {result.board.number}, {result.ns.label} v {result.ew.label} restored."
        )
    return redirect("sessions_app:changes", session.pk)


def _save_rows(request, session, section, rows: list[EntryRow]):
    """Without JavaScript: save every row that was filled in or changed; keep what was typed
    in the rows that could not be saved, with the reason."""
    errors: dict[int, str] = {}
    typed: dict[int, dict] = {}
    for index, _row in enumerate(rows):
        prefix = f"r{index}"
        posted = {
            k[len(prefix) + 1 :]: v for k, v in request.POST.items() if k.startswith(prefix + "-")
        }
        typed[index] = posted
        if not posted.get("entry", "").strip():
            continue
        if posted.get("entry", "").strip() == posted.get("saved", "").strip():
            continue  # unchanged
        form = LineForm(posted, session=session)
        if not form.is_valid():
            errors[index] = form.first_error()
            continue
        data = form.cleaned_data
        try:
            save_line(
                section=section, line=data["line"], result_id=data.get("result_id"),
                version=data.get("version"), user=request.user,
                confirmed=data.get("confirmed", False),
            )  # fmt: skip
        except (ScheduleWarning, StaleLine) as problem:
            errors[index] = str(problem)
        except ValidationError as error:
            errors[index] = " ".join(error.messages)
    if errors:
        for index, row in enumerate(rows):
            row.typed = typed[index]
    return rows, errors


def _with_values(session, section, rows: list[EntryRow], errors: dict[int, str]) -> list[dict]:
    """The rows with what to show in them: scores and matchpoints of saved lines, and for rows
    that could not be saved, what was typed and why it was refused."""
    results = session_results(session)
    scored = _scored_lines(results, section.name)
    shown = []
    for index, row in enumerate(rows):
        line = scored.get(row.result.pk) if row.result else None
        typed = row.typed or {}
        shown.append(
            {
                "index": index,
                "row": row,
                "entry": typed.get("entry", row.text),
                "lead": typed.get("lead", row.result.lead if row.result else ""),
                "ns": typed.get("ns", row.ns),
                "ew": typed.get("ew", row.ew),
                "score": _score_text(row.result.score_ns) if row.result else "",
                "mp_ns": text(results.scaled(line.mp_ns)) if line else "",
                "mp_ew": text(results.scaled(line.mp_ew)) if line else "",
                "error": errors.get(index, ""),
                "describe": describe(row.result) if row.result else "",
            }
        )
    return shown


def _scored_lines(results, section_name: str) -> dict:
    """The section's scored lines by result id."""
    section = results.section(section_name)
    if section is None:
        return {}
    return {line.line.ref: line for board in section.boards for line in board.lines}


def _line_values(session, section, result_id: int) -> dict:
    results = session_results(session)
    line = _scored_lines(results, section.name).get(result_id)
    if line is None:
        return {"mp_ns": "", "mp_ew": ""}
    return {"mp_ns": text(results.scaled(line.mp_ns)), "mp_ew": text(results.scaled(line.mp_ew))}


def _sentence(text) -> str:
    text = str(text)
    return text if text.endswith((".", "?", "!")) else text + "."


def _score_text(score: int | None) -> str:
    return "" if score is None else f"{score:+d}" if score else "0"


def _neighbour(numbers: list[int], number: int, step: int) -> int | None:
    if number not in numbers:
        return None
    index = numbers.index(number) + step
    return numbers[index] if 0 <= index < len(numbers) else None


def _next_board(session, number: int) -> int | None:
    return _neighbour(list(session.boards.values_list("number", flat=True)), number, +1)


def _next_slip(movement, round_number: int, table: int) -> tuple[int, int] | None:
    """The next pickup slip: the next table of the round, then table 1 of the next round."""
    if movement is None:
        return None
    slips = [(r.number, s.table) for r in movement.rounds for s in r.tables if s.played]
    try:
        index = slips.index((round_number, table))
    except ValueError:
        return None
    return slips[index + 1] if index + 1 < len(slips) else None


SECTION = "director/sessions/<int:session_id>/sections/<str:name>"
urlpatterns = [
    path(f"{SECTION}/boards/<int:number>/", board_entry, name="board_entry"),
    path(
        f"{SECTION}/rounds/<int:round_number>/tables/<int:table>/", table_entry, name="table_entry"
    ),
    path(f"{SECTION}/line/", line_save, name="line_save"),
    path(f"{SECTION}/boards/<int:number>/adjust/", line_adjust, name="line_adjust"),
    path(f"{SECTION}/line/delete/", line_delete, name="line_delete"),
    path(f"{SECTION}/missing/", section_missing, name="section_missing"),
    path("director/sessions/<int:session_id>/preview/", entry_preview, name="entry_preview"),
    path("director/sessions/<int:session_id>/ranking/", running_ranking, name="running_ranking"),
    path("director/sessions/<int:session_id>/changes/", changes, name="changes"),
    path(
        "director/sessions/<int:session_id>/changes/<int:change_id>/restore/",
        change_restore,
        name="change_restore",
    ),
]
