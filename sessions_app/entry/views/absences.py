"""A pair that missed rounds (a no-show, a late pair, a pair that left early): the director
names the pair and the rounds, and every board it would have played gets its line
(entry/absences.py)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import path, reverse

from ...core.permissions import director_required
from ...core.scope import in_session
from ...core.section_movement import usable_movement
from ...models import Section
from ..absences import pair_absence_record
from ..forms import AbsenceForm


@director_required
def pair_absence(request, session, name: str):
    section = in_session(Section, session, name=name)
    movement = usable_movement(section)
    names = {pair.label: pair.names for pair in section.pairs.only("label", "player1", "player2")}
    pairs = [(label, names.get(label, "")) for label in movement.pairs] if movement else []
    form = AbsenceForm(request.POST or None, pairs=pairs)
    if request.method == "POST" and movement is not None and form.is_valid():
        data = form.cleaned_data
        try:
            report = pair_absence_record(
                section=section,
                pair=data["pair"],
                first_round=data["first_round"],
                last_round=data["last_round"],
                award=data["award"],
                user=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, report.summary)
            dashboard = reverse("sessions_app:director_session", args=[session.pk])
            return redirect(f"{dashboard}#section-{section.name}")
    return render(
        request,
        "sessions_app/director/absence.html",
        {"form": form, "session": session, "section": section, "movement": movement},
    )


urlpatterns = [
    path(
        "director/sessions/<int:session_id>/sections/<str:name>/absence/",
        pair_absence,
        name="pair_absence",
    ),
]
