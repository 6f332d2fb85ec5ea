"""Writing traveller lines: checked, audited, never lost, never silently overwritten."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from sessions_app.entry.checks import ConfirmationNeeded, StaleLine
from sessions_app.entry.lines import (
    LineInput,
    result_delete,
    result_restore,
    result_save,
)
from sessions_app.models import Result, ResultChange, Session
from sessions_app.scoring.rulings import parse_ruling


def line(board, ns, ew, typed, round=None, table=None):
    # Boards 1-3 are None / NS / EW vulnerable (Law 2).
    vul = {1: "None", 2: "NS", 3: "EW", 4: "All"}.get(board, "None")
    return LineInput(board, ns, ew, parse_ruling(typed, vul), round, table)


def save(section, board, ns, ew, typed, **kwargs):
    return result_save(section=section, line=line(board, ns, ew, typed), **kwargs)


@pytest.mark.django_db
def test_it_creates_the_movement_pairs_and_boards(mitchell):
    assert sorted(int(p.label) for p in mitchell.pairs.all()) == list(range(1, 15))
    assert {p.direction for p in mitchell.pairs.filter(label__in=["1", "7"])} == {"NS"}
    assert {p.direction for p in mitchell.pairs.filter(label__in=["8", "14"])} == {"EW"}
    assert list(mitchell.session.boards.values_list("number", flat=True)) == list(range(1, 22))


@pytest.mark.django_db
def test_it_saves_a_line_and_records_it(mitchell, director):
    result = save(mitchell, 1, "1", "8", "4sn10", user=director)
    assert (result.score_ns, result.version, result.updated_by) == (420, 1, director)
    change = ResultChange.objects.get(result=result)
    assert (change.action, change.user, change.after["score_ns"]) == ("create", director, 420)


@pytest.mark.django_db
def test_it_refuses_a_stale_edit_and_keeps_the_newer_line(mitchell, director, stranger):
    first = save(mitchell, 1, "1", "8", "4sn10")  # version 1, opened by two people
    save(mitchell, 1, "1", "8", "4sn11", result_id=first.pk, version=1, user=director)
    with pytest.raises(StaleLine, match=r"dora changed this line .* now reads 4S by N, 11 tricks"):
        save(mitchell, 1, "1", "8", "4sn9", result_id=first.pk, version=1, user=stranger)
    kept = Result.objects.get(pk=first.pk)
    assert (kept.tricks, kept.score_ns, kept.version) == (11, 450, 2)
    assert ResultChange.objects.filter(result=first, action="update").count() == 1


@pytest.mark.django_db
def test_it_refuses_a_pair_on_a_board_twice(mitchell):
    save(mitchell, 1, "1", "8", "4sn10")
    with pytest.raises(ValidationError, match="pair 8 already has a result on board 1"):
        save(mitchell, 1, "2", "8", "3nts9", confirmed=True)
    with pytest.raises(ValidationError, match="pair 1 already has a result on board 1"):
        save(mitchell, 1, "9", "1", "pass", confirmed=True)  # as EW too


@pytest.mark.django_db
def test_it_refuses_pairs_the_section_does_not_have(mitchell):
    with pytest.raises(ValidationError, match="there is no pair 15 in section A"):
        save(mitchell, 1, "1", "15", "4sn10")
    with pytest.raises(ValidationError, match="board 22 is not one of this session's boards"):
        save(mitchell, 22, "1", "8", "4sn10")


@pytest.mark.django_db
def test_it_warns_when_the_movement_did_not_seat_the_pairs(mitchell):
    # Board 1 travels: round 1 table 1 (1 v 8), round 2 table 7 (7 v 13) ... so 2 v 9 is off.
    with pytest.raises(ConfirmationNeeded, match="does not have 2 v 9 playing board 1"):
        save(mitchell, 1, "2", "9", "4sn10")
    with pytest.raises(ConfirmationNeeded, match="seats 1 NS and 8 EW on board 1"):
        save(mitchell, 1, "8", "1", "4sn10")
    assert save(mitchell, 1, "2", "9", "4sn10", confirmed=True).score_ns == 420


@pytest.mark.django_db
def test_it_takes_the_switched_round_as_the_pairs_sat(mitchell):
    # Round 7 is switched: board 1 is at table 2, where EW pair 10 sits NS against pair 2.
    result = save(mitchell, 1, "10", "2", "4sn10")
    assert (result.ns.label, result.ew.label) == ("10", "2")


@pytest.mark.django_db
def test_a_refused_line_leaves_what_was_entered_untouched(mitchell):
    save(mitchell, 1, "1", "8", "4sn10")
    save(mitchell, 1, "7", "13", "3nts9")
    version = Session.objects.get(pk=mitchell.session_id).results_version
    with pytest.raises(ValidationError):
        save(mitchell, 1, "6", "8", "4sn10", confirmed=True)  # 8 already played board 1
    assert Result.objects.filter(section=mitchell).count() == 2
    assert Session.objects.get(pk=mitchell.session_id).results_version == version


@pytest.mark.django_db
def test_it_deletes_a_line_and_restores_it_from_the_record(mitchell, director):
    result = save(mitchell, 2, "1", "9", "4hs=", confirmed=True)  # NS vul: +620
    result_delete(section=mitchell, result_id=result.pk, version=1, user=director)
    assert not Result.objects.filter(section=mitchell).exists()
    deleted = ResultChange.objects.get(action="delete")
    assert deleted.before["score_ns"] == 620 and deleted.user == director
    restored = result_restore(session=mitchell.session, change_id=deleted.pk, user=director)
    assert (restored.score_ns, restored.ns.label, restored.ew.label) == (620, "1", "9")
    assert ResultChange.objects.filter(action="restore", result=restored).exists()


@pytest.mark.django_db
def test_it_refuses_to_restore_over_a_newer_line(mitchell):
    result = save(mitchell, 1, "1", "8", "4sn10")
    result_delete(section=mitchell, result_id=result.pk, version=1)
    save(mitchell, 1, "1", "8", "3nts9")
    with pytest.raises(ValidationError, match="pair 1 already has a result on board 1"):
        result_restore(
            session=mitchell.session, change_id=ResultChange.objects.get(action="delete").pk
        )


@pytest.mark.django_db
def test_it_refuses_to_delete_a_line_changed_meanwhile(mitchell):
    result = save(mitchell, 1, "1", "8", "4sn10")
    save(mitchell, 1, "1", "8", "4sn11", result_id=result.pk, version=1)
    with pytest.raises(StaleLine):
        result_delete(section=mitchell, result_id=result.pk, version=1)
    assert Result.objects.filter(pk=result.pk).exists()
