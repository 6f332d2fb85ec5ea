"""Club grades in the database (players/grades.py, docs/rules.md §19): publishing grades a
session, a corrected line grades it again, and the player's page shows the grade unless the
club hides it. The nights are tests/players/conftest.py's; every pair has played 2 boards."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import GradedSession, GradeStep, Player, Result
from sessions_app.players.grades import club_grades_refresh, player_grade
from sessions_app.players.register import player_create
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import club_update
from sessions_app.setup.status import session_set_status

from .conftest import TRAVELLERS, names_csv

pytestmark = pytest.mark.django_db

PAIRS = [
    ["Ann Lee", "Bob Ray"],
    ["Cy Dunn", "Di Fox"],
    ["Ed Gray", "Flo Hart"],
    ["Gus Ives", "Hal Jo"],
]


@pytest.fixture
def nights(club, make_session):
    for name in {name for pair in PAIRS for name in pair}:
        player_create(club=club, name=name)
    first = make_session(
        TRAVELLERS.format(420, 450, 140, 140),
        names_csv(PAIRS),
        name="June 1",
        date=datetime.date(2026, 6, 1),
        publish=True,
    )
    second = make_session(
        TRAVELLERS.format(-100, -50, 600, 620),
        names_csv(PAIRS),
        name="June 8",
        date=datetime.date(2026, 6, 8),
    )
    return first, second


def grades() -> dict[str, Decimal]:
    latest = {}
    for name, grade in GradeStep.objects.order_by("session__date").values_list(
        "player__name", "grade"
    ):
        latest[name] = grade
    return latest


def test_publishing_grades_the_sessions_and_a_correction_grades_them_again(nights):
    first, second = nights
    session_set_status(session=second, status="published")
    assert GradedSession.objects.count() == 2
    # 1 June (everyone new at 50, expected 50; f = 2/2 = 1): NS 1 Ann-Bob 25%, NS 3 Ed-Flo
    # 75%, EW 2 Cy-Di 75%, EW 4 Gus-Hal 25% -> those grades.
    # 8 June (f = 2/4 = 1/2): NS 1 (25) against NS 3 (75): expected 50 + 25 - 75 = 0, scored
    # 0% -> no change; NS 3 expected 100, scored 100%; EW 2 (75 v 25) expected 100, scored
    # 50% -> 75 - 50/2 = 50; EW 4 expected 50 + 25 - 75 = 0, scored 50% -> 25 + 50/2 = 50.
    assert grades() == dict.fromkeys(["Ann Lee", "Bob Ray"], 25) | dict.fromkeys(
        ["Ed Gray", "Flo Hart"], 75
    ) | dict.fromkeys(["Cy Dunn", "Di Fox", "Gus Ives", "Hal Jo"], 50)
    # 1 June corrected: board 1, 1 v 2, 420 -> 460 (beats 450): NS 1 2 + 1 = 75%, NS 3 25%,
    # EW 2 0 + 1 = 25%, EW 4 75%. Again: 1 June Ann-Bob 75, Ed-Flo 25, Cy-Di 25, Gus-Hal 75.
    # 8 June: NS 1 expected 50 + 75 - 25 = 100, scored 0 -> 75 - 100/2 = 25; NS 3 expected
    # 0, scored 100 -> 25 + 50 = 75; EW 2 expected 0, scored 50 -> 50; EW 4 -> 75 - 25 = 50.
    line = Result.objects.get(board__session=first, board__number=1, ns__label="1")
    result_save(
        section=first.sections.get(),
        line=LineInput(1, "1", "2", parse_ruling("460", "None")),
        result_id=line.pk,
        version=line.version,
        confirmed=True,
    )
    assert club_grades_refresh(club=first.club) == 2  # from 1 June onwards
    ann = GradeStep.objects.get(player__name="Ann Lee", session=first)
    assert (ann.grade, ann.expected, ann.percentage) == (75, 50, 75)
    assert grades()["Ann Lee"] == 25 and grades()["Gus Ives"] == 50
    assert GradeStep.objects.get(player__name="Gus Ives", session=first).grade == 75
    assert club_grades_refresh(club=first.club) == 0  # current: nothing computed


def test_taking_a_session_back_removes_its_grades(nights):
    first, second = nights
    session_set_status(session=second, status="published")
    session_set_status(session=first, status="final")
    assert list(GradedSession.objects.values_list("session", flat=True)) == [second.pk]
    # 8 June alone, everyone new: NS 1 0% -> 0; NS 3 100%; EW 50% each.
    assert grades()["Ann Lee"] == 0 and grades()["Cy Dunn"] == 50


def test_the_players_page_shows_the_grade_its_boards_and_the_provisional_mark(nights, club):
    _, second = nights
    session_set_status(session=second, status="published")
    ann = Player.objects.get(name="Ann Lee")
    url = reverse("sessions_app:player", args=[club.slug, ann.pk])
    html = Client().get(url).content.decode()
    assert "<dt>Club grade</dt><dd>25.00" in html
    assert "(provisional)" in html and "on 4 boards" in html
    assert html.count('class="point"') == 4  # two sessions' percentages, two grades
    assert 'id="grade-title">Club grade in 2 sessions' in html
    shown = player_grade(player=ann)
    assert shown is not None and (shown.grade, shown.boards, shown.provisional) == (25, 4, True)

    club_update(club=club, name=club.name, show_grades=False, show_reasons=club.show_reasons)
    html = Client().get(url).content.decode()
    assert "Club grade" not in html and "provisional" not in html
