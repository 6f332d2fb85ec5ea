"""The director's help page (`/help/`): the result notation the grid accepts (in each club
language that has its own letters), rulings, a pair
that missed rounds, scoring at the table, publishing and printing. Plain text for anyone;
every director page links to it from its footer (templates/sessions_app/director/_base.html).
"""

from __future__ import annotations

from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ...scoring.notation_words import NOTATIONS, Notation


@require_GET
def director_help(request):
    notations = list(NOTATIONS.values())
    return render(
        request,
        "sessions_app/director/help.html",
        {"notations": notations, "letters": _letters(notations)},
    )


def _letters(notations: list[Notation]) -> list[tuple[str, list[str]]]:
    """The help's table of letters, a row for each thing typed and a column a language (narrow
    enough for a phone): ("♥", ["H", "C", "H", "C"]) for English, French, Dutch, German."""
    strains = [(symbol, strain) for symbol, strain in zip("♠♥♦♣", "SHDC", strict=True)]
    rows = [(symbol, [n.strain_letters[strain] for n in notations]) for symbol, strain in strains]
    return [
        *rows,
        (_("No trumps"), [n.strain_letters["NT"] for n in notations]),
        (_("Seats N E S W"), [n.seat_letters for n in notations]),
        (_("Passed out"), [n.pass_word.lower() for n in notations]),
        (_("4♠ by N, 10 tricks"), [n.examples["game"] for n in notations]),
    ]


urlpatterns = [path("help/", director_help, name="help")]
