"""Traveller entry: by board or by round and table (pickup slips), line by line from the
keyboard (JSON for static/js/entry.js) or the whole traveller at once without JavaScript;
the director's rulings on one line; deleting a line; the preview of what is typed."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_GET, require_POST

from ...core.permissions import director_required
from ...core.refusals import refusal_sentence
from ...core.scope import NotInSession, in_session, parse_id
from ...core.section_movement import usable_movement
from ...models import Board, Result, Section
from ...rows import hand_record
from ...scoring.contract import ContractError
from ...scoring.event import BoardInfo
from ...scoring.rulings import parse_ruling
from ...scoring.traveller_line import describe, ruling_of
from ..forms import AdjustForm, LineForm
from ..lines import ConfirmationNeeded, StaleLine, result_delete, result_save
from ..rows import (
    ENTRY_ORDERS,
    EntryRow,
    board_rows,
    board_values,
    row_values,
    score_text,
    section_boards,
    table_rows,
)


@director_required
def board_entry(request, session, name: str, number: int):
    section = in_session(Section, session, name=name)
    board = in_session(Board, session, number=number)
    order = _entry_order(request)
    rows = board_rows(section, number, order=order)
    errors: dict[int, str] = {}
    numbers = section_boards(section)
    following = _neighbour(numbers, number, +1)
    marked = _marked_line(request, session)
    if request.method == "POST":
        errors = _save_rows(request, session, section, rows)
        if not errors:
            messages.success(request, f"Board {number} saved.")
            if following and "next" in request.POST:
                return redirect("sessions_app:board_entry", session.pk, name, following)
            return redirect("sessions_app:board_entry", session.pk, name, number)
    info = BoardInfo(board.number, board.dealer, board.vulnerability)
    return render(
        request,
        "sessions_app/director/board_entry.html",
        {
            "session": session,
            "section": section,
            "board": board,
            "rows": row_values(session, section, rows, errors),
            "previous": _neighbour(numbers, number, -1),
            "next": following,
            "numbers": numbers,
            "outside": number not in numbers,
            "marked": marked,
            "info": info,
            "record": hand_record(
                info, board.deal, board.double_dummy, board.par_score, board.par_contracts
            ),
            "order": order,
            "orders": ENTRY_ORDERS,
        },
    )


def _marked_line(request, session) -> int | None:
    """The line `?line=17` asks to mark and focus (the results to check link to it): its id
    when it is one of the session's, else None with a word why (it may have been deleted
    since the list was shown)."""
    if "line" not in request.GET:
        return None
    try:
        return in_session(Result, session, pk=request.GET["line"]).pk
    except NotInSession as error:
        messages.warning(request, refusal_sentence(f"{error}: nothing is marked"))
        return None


@director_required
def table_entry(request, session, name: str, round_number: int, table: int):
    section = in_session(Section, session, name=name)
    rows = table_rows(section, round_number, table)
    if not rows:
        raise Http404("No such round and table in this section's movement")
    errors: dict[int, str] = {}
    if request.method == "POST":
        errors = _save_rows(request, session, section, rows)
        if not errors:
            messages.success(request, f"Round {round_number}, table {table} saved.")
            return redirect("sessions_app:table_entry", session.pk, name, round_number, table)
    return render(
        request,
        "sessions_app/director/table_entry.html",
        {
            "session": session,
            "section": section,
            "round": round_number,
            "table": table,
            "rows": row_values(session, section, rows, errors),
            "next": _next_slip(usable_movement(section), round_number, table),
        },
    )


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
    result, problem = _save(request, section, form.cleaned_data)
    if result is None:
        return JsonResponse({"ok": False, **problem})
    session.refresh_from_db(fields=["results_version"])
    ruling = ruling_of(result)
    lines = board_values(session, section, result.board.number)
    return JsonResponse(
        {
            "ok": True,
            "result_id": result.pk,
            "version": result.version,
            "text": ruling.text,
            "kind": ruling.kind,
            "describe": describe(result) if ruling.is_ruling else "",
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
    form = AdjustForm(request.POST or None, board=board, initial=_adjust_initial(request, result))
    if request.method == "POST" and form.is_valid():
        saved, problem = _save(request, section, form.cleaned_data, result, "Tick the box")
        if saved is not None:
            what = f"{saved.ns.label} v {saved.ew.label}"
            messages.success(request, f"Board {number}: {what} saved ({describe(saved)}).")
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
            "now": describe(result) if result else "",
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
        messages.success(request, "Line deleted; it can be restored from the changes page.")
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
        ruling = parse_ruling(typed, board.vulnerability)
    except ContractError as error:
        return JsonResponse({"ok": False, "error": str(error)})
    return JsonResponse({"ok": True, "score": score_text(ruling), "summary": ruling.words})


def _save(
    request, section, data, result: Result | None = None, again: str = "Enter again"
) -> tuple[Result | None, dict]:
    """Save a checked line; the problem, for the page or the script, when it was not saved
    (`again` says how the director confirms a line that only looks wrong)."""
    try:
        return result_save(
            section=section,
            line=data["line"],
            result_id=result.pk if result else data.get("result_id"),
            version=data.get("version"),
            user=request.user,
            confirmed=data.get("confirmed", False),
        ), {}
    except ConfirmationNeeded as warning:
        return None, {
            "warning": True,
            "error": f"{refusal_sentence(warning)} {again} to save it anyway.",
        }
    except StaleLine as stale:
        current = section.results.filter(pk=data.get("result_id") or 0).first()
        return None, {
            "stale": True,
            "error": str(stale),
            "version": current.version if current else None,
        }
    except ValidationError as error:
        return None, {"error": refusal_sentence(error)}


def _adjust_initial(request, result: Result | None) -> dict:
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
    if ruling.kind == "weighted":
        initial["weights"] = ruling.text.replace("; ", "\n")
    elif ruling.kind == "split":
        initial["result"], initial["ew_result"] = ruling.text.split(" / ")
    elif ruling.kind in ("played", "assigned"):
        initial["result"] = ruling.text.removeprefix("assigned ")
    return initial


def _save_rows(request, session, section, rows: list[EntryRow]) -> dict[int, str]:
    """Without JavaScript: save every row that was filled in or changed; keep what was typed
    in the rows that could not be saved, with the reason."""
    errors: dict[int, str] = {}
    for index, row in enumerate(rows):
        form = LineForm(request.POST, prefix=f"r{index}", session=session)
        typed = {name: request.POST.get(f"r{index}-{name}", "") for name in form.fields}
        entry, saved = typed["entry"].strip(), request.POST.get(f"r{index}-saved", "").strip()
        if not entry or entry == saved:
            continue  # empty or unchanged
        row.typed = typed
        if not form.is_valid():
            errors[index] = refusal_sentence(form.first_error())
            continue
        result, problem = _save(request, section, form.cleaned_data)
        if result is None:
            errors[index] = problem["error"]
    return errors


ORDER_KEY = "entry_order"  # the director's choice of order, kept in their session


def _entry_order(request) -> str:
    """The order of the board grid: `?order=round|ns` when given (and kept for the director's
    next boards), else the one kept, else round order; an unknown one is said and ignored."""
    kept = request.session.get(ORDER_KEY)
    asked = request.GET.get("order")
    if asked is None:
        return kept if kept in ENTRY_ORDERS else "round"
    if asked not in ENTRY_ORDERS:
        choices = " or ".join(ENTRY_ORDERS.values())
        keys = " or ".join(f"order={key}" for key in ENTRY_ORDERS)
        messages.error(request, f"The lines can be in {choices} ({keys}), not {asked[:20]!r}.")
        return kept if kept in ENTRY_ORDERS else "round"
    request.session[ORDER_KEY] = asked
    return asked


def _neighbour(numbers: list[int], number: int, step: int) -> int | None:
    """The board before or after `number` among `numbers` (the nearest one when `number` is
    not itself one of them)."""
    if number in numbers:
        index = numbers.index(number) + step
        return numbers[index] if 0 <= index < len(numbers) else None
    nearer = [n for n in numbers if (n - number) * step > 0]
    return (min(nearer) if step > 0 else max(nearer)) if nearer else None


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
    path("director/sessions/<int:session_id>/preview/", entry_preview, name="entry_preview"),
]
