"""The conventions of docs/rules.md §4.4, §4.5, §5.8, §6.4 and §6.5 set on the settings page of
a session with every kind of line (split, weighted, artificial, passed out, not played, a
phantom, a fouled board): the redirect is followed, and every page that shows those lines —
results, each board, each pair's score card, the entry grid — renders them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.models import Session
from tests.director.test_conventions_page import SETTINGS
from tests.director.test_publishing import text_of
from tests.interchange.conftest import every_ruling  # noqa: F401 (a fixture)

CONVENTIONS = {
    "split_scores": "twice",
    "expected_from": "board",
    "factoring": "total",
    "scaled_totals": "on",
    "tie_places": "range",
}


@pytest.mark.django_db
def test_every_kind_of_line_under_the_other_conventions(director_client, every_ruling):  # noqa: F811
    session = every_ruling
    edit = reverse("sessions_app:session_edit", args=[session.pk])
    page = director_client.post(edit, {**SETTINGS, **CONVENTIONS}, follow=True)
    assert page.redirect_chain[-1][0] == reverse("sessions_app:director_session", args=[session.pk])
    assert "Settings saved" in text_of(page)
    stored = Session.objects.get(pk=session.pk)
    assert (stored.split_scores, stored.expected_from, stored.factoring, stored.tie_places) == (
        "twice",
        "board",
        "total",
        "range",
    )

    results = session_results(stored)
    # Section A board 2 (NS vulnerable), split matchpointed twice (rules §5.8), top 4:
    # NS sides +620 (assigned 4H=), +620 (split: 4S=), +620 -> all tied, 2 each;
    # EW sides +620, -100 (split: 4S-1), -200 -> EW of -200 beats two: 4, of -100 one: 2, else 0.
    board = results.section("A").board(2)
    assert [(s.points_ns, s.points_ew) for s in board.lines] == [(2, 0), (2, 2), (2, 4)]
    # Section A board 5, E per board (rules §4.4): NP and two real results -> top 2(2 - 1) = 2.
    assert results.section("A").board(5).lines[1].top == 2

    ranking = text_of(director_client.get(reverse("sessions_app:session", args=[session.pk])))
    assert "Score" in ranking  # totals scaled to the full number of boards, beside the %
    words = {
        1: ["PASS", "split: NS +420, EW -50"],
        2: ["split: NS 4S by N, 10 tricks", "weighted: 1/3 of 3NT"],
        3: ["weighted: 30% of 4S by N, 10 tricks", "phantom"],
        4: ["artificial: 55% to NS, 45% to EW"],
        5: ["not played"],
    }
    for number, expected in words.items():
        page = director_client.get(reverse("sessions_app:board", args=[session.pk, number]))
        assert page.status_code == 200
        shown = text_of(page)
        assert all(word in shown for word in expected), (number, expected)
    for section in results.sections:
        for label in section.pairs:
            card = director_client.get(
                reverse("sessions_app:pair", args=[session.pk, section.name, label])
            )
            assert card.status_code == 200
    grid = director_client.get(reverse("sessions_app:board_entry", args=[session.pk, "A", 2]))
    assert 'value="4S N 10 / 4S N 9"' in grid.content.decode()
