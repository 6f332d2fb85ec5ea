"""The session settings page with the conventions of issue 14 (docs/rules.md §5.9, §5.10, §8.5,
§12): a preset in one click, Ave percentages with decimals, then the results, travellers,
score cards, entry grid, changes page and printed travellers of a session with every kind of
line — explicit percentages (55%/45%, 61.8%/38.2%) and a phantom (PH/NP) among them.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.models import Session
from tests.director.test_publishing import text_of
from tests.interchange.conftest import every_ruling  # noqa: F401 (a fixture)

SETTINGS = {
    "name": "Every ruling",
    "date": "2026-11-18",
    "scale": "2/1",
    "method": "mp",
    "butler_discard": "1",
    "imp_totals": "sum",
    "ave_plus": "61.8",
    "ave": "50",
    "ave_minus": "38.2",
    "imp_artificial": "3",
    "phantom_percent": "60",
}


def _line(session_id, section, board, text):
    """The scored line of `section` and `board` whose ruling is written `text`."""
    results = session_results(Session.objects.get(pk=session_id))
    lines = results.section(section).board(board).lines
    return next(s for s in lines if s.line.ruling.text == text)


@pytest.mark.django_db
def test_the_settings_page_applies_a_preset_and_every_kind_of_line_is_shown(
    director_client,
    every_ruling,  # noqa: F811
):
    session = every_ruling
    edit = reverse("sessions_app:session_edit", args=[session.pk])
    page = director_client.get(edit)
    assert all(name in text_of(page) for name in ("EBU White Book", "ACBL", "WBF / European"))

    # Decimals and a fixed phantom percentage, saved as typed.
    page = director_client.post(edit, SETTINGS, follow=True)
    assert page.redirect_chain[-1][0] == reverse("sessions_app:director_session", args=[session.pk])
    stored = Session.objects.get(pk=session.pk)
    assert (stored.ave_plus, stored.ave_minus, stored.phantom_percent) == (
        Decimal("61.8"),
        Decimal("38.2"),
        Decimal(60),
    )
    # Section A board 4 (E = 3, top 4): 55%/45% -> 2.2 and 1.8 (no setting changes it);
    # section B board 3 (E = 3, top 4): the pair facing the phantom -> 60% of 4 = 2.4.
    explicit = _line(session.pk, "A", 4, "55%/45%")
    assert (explicit.points_ns, explicit.points_ew) == (Fraction(11, 5), Fraction(9, 5))
    phantom = _line(session.pk, "B", 3, "PH/NP")
    assert (phantom.points_ns, phantom.points_ew) == (Fraction(12, 5), None)

    # One click: the ACBL's conventions (1/2 scale, 60/50/40, 5% Butler discards); what the
    # preset does not name (the phantom percentage) stays.
    page = director_client.post(edit, {**SETTINGS, "preset": "acbl"}, follow=True)
    assert "ACBL conventions applied" in text_of(page)
    stored = Session.objects.get(pk=session.pk)
    assert (stored.scale, stored.ave_plus, stored.ave_minus, stored.butler_discard) == (
        "1/0.5",
        60,
        40,
        "5%",
    )
    assert stored.phantom_percent == 60 and stored.law_12c2c

    # Every page that shows a line says the new ones in the same words.
    results = director_client.get(reverse("sessions_app:session", args=[session.pk]))
    assert results.status_code == 200
    board = text_of(director_client.get(reverse("sessions_app:board", args=[session.pk, 4])))
    assert "55%/45%" in board or "55% to NS, 45% to EW" in board
    board_b = text_of(director_client.get(reverse("sessions_app:board", args=[session.pk, 2])))
    assert "61.8%" in board_b
    present = phantom.line.ns
    card = text_of(
        director_client.get(reverse("sessions_app:pair", args=[session.pk, "B", present]))
    )
    assert "phantom: EW absent, NS gets the phantom score" in card
    grid = director_client.get(reverse("sessions_app:board_entry", args=[session.pk, "A", 4]))
    assert 'value="55%/45%"' in grid.content.decode()  # as the director would type it
    changes = text_of(director_client.get(reverse("sessions_app:changes", args=[session.pk])))
    assert "artificial: 55% to NS, 45% to EW" in changes
    assert "phantom: EW absent, NS gets the phantom score" in changes
    pdf = director_client.get(
        reverse("sessions_app:director_print", args=[session.pk, "travellers"])
    )
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


@pytest.mark.django_db
def test_the_adjust_form_takes_a_percentage_for_each_side(director_client, every_ruling):  # noqa: F811
    session = every_ruling
    url = reverse("sessions_app:line_adjust", args=[session.pk, "A", 4])
    line = _line(session.pk, "A", 4, "A-")
    page = director_client.post(
        url,
        {
            "ns": line.line.ns,
            "ew": line.line.ew,
            "kind": "artificial",
            "ns_artificial": "57.5",
            "ew_artificial": "A-",
            "foul_group": "0",
            "result_id": line.line.ref,
            "version": "1",
            "round": line.line.round or "",
            "table": line.line.table or "",
        },
        follow=True,
    )
    assert page.status_code == 200
    changed = _line(session.pk, "A", 4, "57.5%/A-")
    assert (changed.line.ns, changed.line.ew) == (line.line.ns, line.line.ew)
    # E = 3, top 4: 57.5% of 4 = 2.3.
    assert changed.points_ns == Fraction(23, 10)


@pytest.mark.django_db
def test_a_pair_that_never_came_is_a_phantom_and_not_ranked(director_client, mitchell):
    # 7-table Mitchell, 3 boards a round (tests/director/test_absences.py): EW pair 10 never
    # came. With the session's phantom percentage at 60%, each opponent of pair 10 gets 60% of
    # the top 2 x (7 - 1) = 12 -> 7.2 on each of the 3 boards it would have played against it;
    # pair 10 gets nothing and, having no score, is in no ranking.
    Session.objects.filter(pk=mitchell.session_id).update(phantom_percent=60)
    url = reverse("sessions_app:pair_absence", args=[mitchell.session_id, "A"])
    page = director_client.post(
        url, {"pair": "10", "first_round": 1, "last_round": 7, "award": "phantom"}, follow=True
    )
    assert "Pair 10 missed rounds 1-7: 21 lines saved" in text_of(page)
    results = session_results(Session.objects.get(pk=mitchell.session_id))
    section = results.section("A")
    lines = [s for board in section.boards for s in board.lines]
    assert len(lines) == 21
    assert {s.line.ruling.text for s in lines} <= {"PH/NP", "NP/PH"}
    for scored in lines:
        present, absent = (
            (scored.points_ns, scored.points_ew)
            if scored.line.ew == "10"
            else (scored.points_ew, scored.points_ns)
        )
        assert (present, absent) == (Fraction(36, 5), None)
    ranked = {s.score.label for f in section.fields for s in f.standings}
    assert "10" not in ranked and len(ranked) == 7
