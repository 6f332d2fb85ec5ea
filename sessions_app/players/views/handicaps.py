"""The session's *Handicaps* page: each pair's handicap, from its players' grades or the
director's own (players/handicaps.py; the session comes through `director_required`, the
pairs are the session's own)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ...core.permissions import director_required
from ...models import Pair
from ..handicaps import session_handicaps_set

LIMIT = Decimal(50)  # a handicap beyond ±50 points is no handicap but a typing slip


def typed_handicap(text: str) -> Decimal | None:
    """A handicap as the director types it: "" -> None (from the grades), "8", "+8", "-2.5",
    "2,5" -> Decimal to 2 decimals; ValueError in words otherwise."""
    text = text.strip().replace(",", ".")
    if not text:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValueError(
            _("%(text)s is no number of percentage points") % {"text": repr(text)}
        ) from None
    if not value.is_finite() or abs(value) > LIMIT or value != value.quantize(Decimal("0.01")):
        raise ValueError(
            _("%(text)s: a handicap is between -50 and 50, to 2 decimals") % {"text": repr(text)}
        )
    return value.quantize(Decimal("0.01"))


@director_required
def session_handicaps(request, session):
    pairs = list(
        Pair.objects.filter(section__session=session)
        .select_related("section")
        .order_by("section__name", "id")
    )
    problems = []
    if request.method == "POST":
        wanted = {}
        for pair in pairs:
            try:
                wanted[pair.pk] = typed_handicap(request.POST.get(f"handicap-{pair.pk}", ""))
            except ValueError as error:
                problems.append(
                    _("pair %(pair)s: %(problem)s")
                    % {"pair": f"{pair.section.name}{pair.label}", "problem": error}
                )
        if not problems:
            changed = session_handicaps_set(session=session, handicaps=wanted)
            messages.success(
                request,
                ngettext(
                    "Handicaps saved: %(count)d of your own changed.",
                    "Handicaps saved: %(count)d of your own changed.",
                    changed,
                )
                % {"count": changed},
            )
            return redirect("sessions_app:session_handicaps", session.pk)
    typed = {key[9:]: value for key, value in request.POST.items() if key.startswith("handicap-")}
    rows = [
        (pair, typed.get(str(pair.pk), pair.handicap if pair.handicap_by_director else ""))
        for pair in pairs
    ]
    context = {"session": session, "rows": rows, "problems": problems}
    return render(request, "sessions_app/director/handicaps.html", context)


urlpatterns = [
    path(
        "director/sessions/<int:session_id>/handicaps/",
        session_handicaps,
        name="session_handicaps",
    ),
]
