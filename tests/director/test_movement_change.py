"""Issue 12 item 3: changing the movement of a section that has results.

A 7-table Mitchell of 3 boards a round (the `mitchell` fixture: pairs 1-14, boards 1-21, the
last round switched) with all 147 lines entered, changed to 5 tables (pairs 1-10, boards 1-15).
Each board was played by the 7 NS pairs 1-7 against 7 different EW pairs 8-14; a line is kept
when its board is 1-15 and both its pairs are 1-10, i.e. its EW pair is 8, 9 or 10: 3 lines on
each of boards 1-15 = 45 kept, 147 - 45 = 102 lines outside the new movement.
"""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from sessions_app.core.results import session_results
from sessions_app.core.section_movement import usable_movement
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Board, Pair, Result, ResultChange
from sessions_app.players.session_names import pairs_set_names
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.movement_change import MovementChangeNeedsConfirmation
from sessions_app.setup.sessions import section_save

FIVE_TABLES = {
    "name": "A",
    "movement": "mitchell",
    "tables": 5,
    "boards_per_round": 3,
    "arrow_switch": "last",
}


def fill(section) -> None:
    """Every line of the section's movement, each a passed-out board."""
    movement = usable_movement(section)
    for rnd, seating in movement.seatings():
        for board in seating.boards:
            result_save(
                section=section,
                line=LineInput(
                    board,
                    seating.ns,
                    seating.ew,
                    parse_ruling("pass", "None"),
                    rnd.number,
                    seating.table,
                ),
            )


def section_url(section):
    return reverse("sessions_app:section_edit", args=[section.session_id, section.name])


@pytest.mark.django_db
def test_it_refuses_a_movement_change_that_orphans_lines_and_lists_them(director_client, mitchell):
    fill(mitchell)
    assert Result.objects.filter(section=mitchell).count() == 147
    response = director_client.post(section_url(mitchell), FIVE_TABLES, follow=True)
    html = response.content.decode()
    assert "Section A saved." not in html
    assert "102 lines" in html
    # Board 1 travels table 1 (round 1, 1 v 8), table 7 (round 2, 7 v 13), ...: 7 v 13 names
    # pair 13, which a 5-table Mitchell does not have.
    assert re.search(r"board 1\b.*7 v 13.*passed out", html, re.S)
    # Board 16 (set 6, which a 5-table Mitchell does not have) starts at table 6: 6 v 13.
    assert re.search(r"board 16\b", html)
    # nothing changed
    mitchell.refresh_from_db()
    assert mitchell.tables == 7
    assert Result.objects.filter(section=mitchell).count() == 147
    assert Pair.objects.filter(section=mitchell).count() == 14


def confirm_token(html: str) -> str:
    return re.search(r'name="confirm" value="([0-9a-f]+)"', html).group(1)


@pytest.mark.django_db
def test_it_applies_a_confirmed_change_and_the_ranking_and_boards_follow(director_client, mitchell):
    fill(mitchell)
    refused = director_client.post(section_url(mitchell), FIVE_TABLES, follow=True)
    response = director_client.post(
        section_url(mitchell),
        {**FIVE_TABLES, "confirm": confirm_token(refused.text)},
        follow=True,
    )
    assert "Section A saved." in response.text
    assert Result.objects.filter(section=mitchell).count() == 45  # 3 on each of boards 1-15
    labels = sorted(Pair.objects.filter(section=mitchell).values_list("label", flat=True), key=int)
    assert labels == [str(n) for n in range(1, 11)]
    assert list(mitchell.session.boards.values_list("number", flat=True)) == list(range(1, 16))
    # 102 deletions in the audit trail, each saying why
    deleted = ResultChange.objects.filter(action="delete")
    assert deleted.count() == 102
    assert deleted.filter(note="movement changed: pair 13 is not in the new movement").exists()
    # the section page: every board shows 3 of 5 lines, and pairs 11-14 are not ranked
    page = director_client.get(
        reverse("sessions_app:director_session", args=[mitchell.session_id])
    ).text
    tiles = re.findall(r"<small>(\d+)/(\d+)</small>", page)
    assert tiles == [("3", "5")] * 15
    ranked = re.findall(r"<tr><td>\d+=?</td><td>(\w+)</td>", page)
    assert ranked and not {"11", "12", "13", "14"} & set(ranked)
    ranked_labels = {
        score.label
        for section in session_results(mitchell.session).sections
        for field in section.fields
        for score in (s.score for s in field.standings)
    }
    assert ranked_labels <= {str(n) for n in range(1, 11)}


@pytest.mark.django_db
def test_a_line_deleted_by_the_change_is_restored_after_changing_back(director_client, mitchell):
    fill(mitchell)
    refused = director_client.post(section_url(mitchell), FIVE_TABLES, follow=True)
    director_client.post(
        section_url(mitchell), {**FIVE_TABLES, "confirm": confirm_token(refused.text)}
    )
    # board 1, round 2: 7 v 13 was deleted. While pair 13 does not exist it cannot come back.
    change = ResultChange.objects.get(action="delete", board_number=1, before__ew="13")
    restore = reverse("sessions_app:change_restore", args=[mitchell.session_id, change.pk])
    page = director_client.post(restore, follow=True).text
    assert "There is no pair 13 in section A." in page
    # back to 7 tables (no line is affected: pairs 11-14 and boards 16-21 come back)
    seven = {**FIVE_TABLES, "tables": 7}
    assert (
        "Section A saved." in director_client.post(section_url(mitchell), seven, follow=True).text
    )
    director_client.post(restore, follow=True)
    line = Result.objects.get(section=mitchell, board__number=1, ew__label="13")
    assert (line.ns.label, line.round, line.kind, line.level) == ("7", 2, "played", 0)


@pytest.mark.django_db
def test_a_change_touching_no_line_needs_no_confirmation(director_client, mitchell):
    # lines only on boards 1-3 between pairs both in a 5-table Mitchell, where it seats them
    # (round 1, table 1: 1 v 6 on boards 1-3): going to 5 tables keeps them as they are.
    for board in (1, 2, 3):
        result_save(
            section=mitchell,
            line=LineInput(board, "1", "6", parse_ruling("pass", "None")),
            confirmed=True,
        )
    response = director_client.post(section_url(mitchell), FIVE_TABLES, follow=True)
    assert "Section A saved." in response.text
    assert Result.objects.filter(section=mitchell).count() == 3
    assert Pair.objects.filter(section=mitchell).count() == 10
    assert not ResultChange.objects.filter(action="delete").exists()


@pytest.mark.django_db
def test_it_asks_before_removing_pairs_that_have_names(mitchell):
    pairs_set_names(section=mitchell, names=[("12", "Ann Lee", "Bob Ray")])
    settings = {**FIVE_TABLES}
    with pytest.raises(MovementChangeNeedsConfirmation) as refused:
        section_save(session=mitchell.session, section=mitchell, **settings)
    change = refused.value.change
    assert change.named_pairs == ("12 (Ann Lee & Bob Ray)",)
    assert change.pairs_removed == ("11", "12", "13", "14")
    assert change.boards_removed == (16, 17, 18, 19, 20, 21)
    assert "removes the named pairs 12 (Ann Lee & Bob Ray)" in str(refused.value.messages[0])
    # a wrong token is refused just the same; the right one applies the change
    with pytest.raises(MovementChangeNeedsConfirmation):
        section_save(session=mitchell.session, section=mitchell, confirm="0" * 20, **settings)
    section_save(session=mitchell.session, section=mitchell, confirm=change.token, **settings)
    assert Pair.objects.filter(section=mitchell).count() == 10


@pytest.mark.django_db
def test_a_line_changed_after_the_list_was_shown_shows_the_list_again(mitchell):
    fill(mitchell)
    with pytest.raises(MovementChangeNeedsConfirmation) as refused:
        section_save(session=mitchell.session, section=mitchell, **FIVE_TABLES)
    token = refused.value.change.token
    mitchell.refresh_from_db()  # still 7 tables: the refused change was not saved
    stale = Result.objects.get(section=mitchell, board__number=1, ew__label="13")
    result_save(
        section=mitchell,
        line=LineInput(1, "7", "13", parse_ruling("4sn10", "None")),
        result_id=stale.pk,
        version=stale.version,
    )
    with pytest.raises(MovementChangeNeedsConfirmation) as again:
        section_save(session=mitchell.session, section=mitchell, confirm=token, **FIVE_TABLES)
    assert again.value.change.token != token
    assert Result.objects.filter(section=mitchell).count() == 147


@pytest.mark.django_db
def test_boards_another_section_plays_stay(mitchell):
    # section B, a 4-table Howell of 3 a round: 7 rounds, boards 1-21 too
    section_save(
        session=mitchell.session, name="B", movement="howell", tables=4, boards_per_round=3
    )
    section_save(session=mitchell.session, section=mitchell, **FIVE_TABLES)
    assert mitchell.session.boards.count() == 21
    assert Pair.objects.filter(section=mitchell).count() == 10


@pytest.mark.django_db
def test_a_board_with_a_hand_record_stays(mitchell):
    Board.objects.filter(session=mitchell.session, number=20).update(
        deal="N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    )
    section_save(session=mitchell.session, section=mitchell, **FIVE_TABLES)
    numbers = list(mitchell.session.boards.values_list("number", flat=True))
    assert numbers == [*range(1, 16), 20]


@pytest.mark.django_db
def test_an_unsound_movement_is_refused_before_anything_is_looked_at(mitchell):
    with pytest.raises(ValidationError, match="skip"):
        section_save(session=mitchell.session, section=mitchell, **{**FIVE_TABLES, "tables": 6})
