"""A weighted and a split ruling are said in the same words on the entry grid, the changes page,
the players' traveller, the exports and the printed travellers: one function says them
(line_words.describe, the words of scoring/rulings.py), every place shows its text."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.scoring.line_words import describe
from sessions_app.scoring.rulings import parse_ruling
from tests.conftest import export, publish

from .conftest import pdf_pages

LINES = [("1", "8", "30% 4S N 10; 70% 3NT S 8"), ("7", "13", "4S N 10 / 4S N 9")]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.django_db
def test_a_ruling_is_said_in_the_same_words_everywhere(director_client, mitchell):
    saved = [
        result_save(
            section=mitchell, line=LineInput(1, ns, ew, parse_ruling(text, "None")), confirmed=True
        )
        for ns, ew, text in LINES
    ]
    words = [describe(line) for line in saved]
    assert words == [
        "weighted: 30% of 4S by N, 10 tricks (+420) + 70% of 3NT by S, 8 tricks (-50)",
        "split: NS 4S by N, 10 tricks (+420), EW 4S by N, 9 tricks (-50)",
    ]
    session = mitchell.session
    publish(session)
    pages = {
        "grid": reverse("sessions_app:board_entry", args=[session.pk, "A", 1]),
        "changes": reverse("sessions_app:changes", args=[session.pk]),
        "traveller": reverse("sessions_app:board", args=[session.pk, 1]),
    }
    shown = {name: flat(director_client.get(url).content.decode()) for name, url in pages.items()}
    shown["text export"] = flat(export(session.pk, "text"))
    document = export(session.pk, "json")
    shown["json export"] = json.dumps(
        [line.get("ruling") for line in document["sections"][0]["boards"][0]["results"]]
    )
    printed = reverse("sessions_app:director_print", args=[session.pk, "travellers"])
    pdf = director_client.get(printed)
    shown["printed travellers"] = flat(" ".join(pdf_pages(pdf.content)))
    for place, text in shown.items():
        for said in words:
            assert said in text, f"{place} does not say {said!r}"
