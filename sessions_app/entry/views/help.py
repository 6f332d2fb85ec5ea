"""The director's help page (`/help/`): the result notation the grid accepts (in each club
language that has its own letters), rulings, a pair
that missed rounds, scoring at the table, publishing and printing. Plain text for anyone;
every director page links to it from its footer (templates/sessions_app/director/_base.html).
"""

from __future__ import annotations

from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_GET

from ...scoring.notation_words import NOTATIONS


@require_GET
def director_help(request):
    return render(request, "sessions_app/director/help.html", {"notations": NOTATIONS.values()})


urlpatterns = [path("help/", director_help, name="help")]
