"""Traveller entry: the grid of a board, or of a round and table (pickup slips), which the
entry script saves line by line (entry/views/line.py) and which saves the whole traveller at
once without JavaScript; the order of its lines and the way to the next board or slip."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _

from ...core.permissions import director_required
from ...core.refusals import either, refusal_sentence
from ...core.scope import NotInSession, in_session
from ...core.section_movement import usable_movement
from ...models import Board, Result, Section
from ...rows import hand_record
from ...scoring.event import BoardInfo
from ..forms import LineForm
from ..notation import club_notation
from ..rows import (
    ENTRY_ORDERS,
    EntryRow,
    board_rows,
    row_values,
    section_boards,
    table_rows,
)
from .saving import save_line


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
            messages.success(request, _("Board %(number)s saved.") % {"number": number})
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
            "notation": club_notation(session.club),
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
        # Translators: %(problem)s says why the line asked for is not there (core/scope.py).
        messages.warning(
            request, refusal_sentence(_("%(problem)s: nothing is marked") % {"problem": error})
        )
        return None


@director_required
def table_entry(request, session, name: str, round_number: int, table: int):
    section = in_session(Section, session, name=name)
    rows = table_rows(section, round_number, table)
    if not rows:
        raise Http404(_("No such round and table in this section's movement"))
    errors: dict[int, str] = {}
    if request.method == "POST":
        errors = _save_rows(request, session, section, rows)
        if not errors:
            messages.success(
                request,
                _("Round %(round)s, table %(table)s saved.")
                % {"round": round_number, "table": table},
            )
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
            "notation": club_notation(session.club),
        },
    )


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
        result, problem = save_line(request, section, form.cleaned_data)
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
        choices = either(list(ENTRY_ORDERS.values()))
        keys = either([f"order={key}" for key in ENTRY_ORDERS])
        messages.error(
            request,
            _("The lines can be in %(choices)s (%(keys)s), not %(asked)s.")
            % {"choices": choices, "keys": keys, "asked": repr(asked[:20])},
        )
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
]
