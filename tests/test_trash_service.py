"""The trash through its services: what goes, what comes back (identically), what is refused,
what is purged and when, and the stored PDFs that go with a session."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import call_command

from sessions_app.core.results import session_results
from sessions_app.entry.lines import LineInput, result_save
from sessions_app.models import Board, Pair, Result, Section, Session, Trash
from sessions_app.players.session_names import pairs_set_names
from sessions_app.scoring.rulings import parse_ruling
from sessions_app.setup.sessions import section_save
from sessions_app.trash.deleting import (
    pair_clear_names,
    pair_delete,
    section_delete,
    session_delete,
    trash_purge,
)
from sessions_app.trash.restoring import trash_restore
from tests.conftest import PAGAT_BOARD_1, run

MOMENT = datetime.datetime(2026, 11, 18, 21, 30, tzinfo=datetime.UTC)


def line_points(session: Session) -> list[tuple]:
    """Every scored line of the session: (section, board, NS, EW, NS points, EW points)."""
    session.refresh_from_db()  # its results version, bumped by writes through other objects
    return sorted(
        (
            section.name,
            board.number,
            scored.line.ns,
            scored.line.ew,
            scored.points_ns,
            scored.points_ew,
        )
        for section in session_results(session).sections
        for board in section.boards
        for scored in board.lines
    )


def standings(session: Session) -> dict:
    session.refresh_from_db()
    return dict(session_results(session).scores)


@pytest.fixture
def demo(db):
    """The demo evening (A: 7-table Mitchell, B: 4-table Howell, 21 boards with deals) with a
    weighted and a split ruling added, so that restoring must keep rulings too."""
    call_command("load_demo", stdout=io.StringIO())
    session = Session.objects.get()
    a = session.sections.get(name="A")
    first, second = a.results.select_related("board", "ns", "ew").order_by("pk")[:2]
    for line, ruling in ((first, "30% 4S N 10; 70% 3NT S 8"), (second, "4S N 10 / 4S N 9")):
        result_save(
            section=a,
            result_id=line.pk,
            version=line.version,
            confirmed=True,
            line=LineInput(
                line.board.number,
                line.ns.label,
                line.ew.label,
                parse_ruling(ruling, line.board.vulnerability),
                line.round,
                line.table,
            ),
        )
    assert set(a.results.values_list("kind", flat=True)) >= {"weighted", "split"}
    return session


@pytest.mark.django_db
def test_it_gives_back_a_deleted_session_with_identical_results(demo):
    points, scores = line_points(demo), standings(demo)
    boards = list(demo.boards.values_list("number", "deal", "double_dummy", "par_score"))
    kept = ("action", "section_name", "board_number", "before", "after", "at")
    trail = list(demo.changes.order_by("pk").values(*kept))
    session_id = demo.pk

    item = session_delete(session=demo, now=MOMENT)

    assert item.title == "Session Monday Evening Pairs (16 Nov 2026)"
    # A: 7 tables x 7 rounds x 3 boards = 147 lines; B: 4 tables x 7 rounds x 3 boards = 84.
    assert item.summary.startswith("2 sections, 22 pairs, 21 boards (21 with deals), 231 traveller")
    assert not Session.objects.filter(pk=session_id).exists()
    assert not Result.objects.exists() and not Board.objects.exists()

    restored = trash_restore(item=item).session

    assert restored.pk == session_id  # the players' links work again
    assert line_points(restored) == points and len(points) == 231
    assert standings(restored) == scores
    assert list(restored.boards.values_list("number", "deal", "double_dummy", "par_score")) == (
        boards
    )
    after = list(restored.changes.order_by("pk").values(*kept, "note"))
    assert [{k: c[k] for k in kept} for c in after[: len(trail)]] == trail
    assert [(c["action"], c["note"].split(":")[0]) for c in after[len(trail) :]] == [
        ("trash", "moved to the trash"),
        ("restore", "restored from the trash"),
    ]
    assert not Trash.objects.exists()


@pytest.mark.django_db
def test_it_gives_back_a_deleted_section_and_refuses_while_its_name_is_taken(demo):
    points, scores = line_points(demo), standings(demo)
    version = demo.results_version
    item = section_delete(section=demo.sections.get(name="B"), now=MOMENT)
    demo.refresh_from_db()
    assert demo.results_version > version  # cached pages and PDFs are of an older version
    assert item.summary == "4 tables, 8 pairs, 84 traveller lines"
    assert [s.name for s in session_results(demo).sections] == ["A"]
    assert demo.changes.filter(action="trash", section_name="B").exists()

    newcomer = section_save(session=demo, name="B", movement="", boards=3)
    with pytest.raises(ValidationError) as refused:
        trash_restore(item=item)
    assert refused.value.messages == [
        "Monday Evening Pairs (16 Nov 2026) has a section B again: rename or delete that one first"
    ]
    assert Trash.objects.filter(pk=item.pk).exists() and Section.objects.get(name="B") == newcomer

    section_delete(section=newcomer)
    restored = trash_restore(item=item)
    assert restored.message == (
        "Section B of Monday Evening Pairs (16 Nov 2026) is back: 8 pairs, 84 traveller lines."
    )
    assert line_points(demo) == points and standings(demo) == scores


@pytest.mark.django_db
def test_it_restores_a_section_only_once_its_deleted_session_is_back(demo):
    points = line_points(demo)
    section_item = section_delete(section=demo.sections.get(name="A"))
    session_item = session_delete(session=demo)
    with pytest.raises(ValidationError) as refused:
        trash_restore(item=section_item)
    assert "it is in the trash too, restore it first" in refused.value.messages[0]
    trash_restore(item=session_item)
    session = trash_restore(item=section_item).session
    assert line_points(session) == points


@pytest.mark.django_db
def test_it_refuses_to_restore_a_session_beside_one_of_the_same_name_and_date(demo):
    item = session_delete(session=demo)
    Session.objects.create(club=demo.club, name="Monday Evening Pairs", date=demo.date)
    with pytest.raises(ValidationError) as refused:
        trash_restore(item=item)
    assert refused.value.messages == [
        "Riverside Bridge Club has another session Monday Evening Pairs (16 Nov 2026), restored"
        " from a backup or imported again: rename one of the two (its settings) or move that"
        " one to the trash first; nothing was restored"
    ]
    assert Session.objects.count() == 1 and Trash.objects.count() == 1


@pytest.mark.django_db
def test_it_deletes_a_free_form_pair_with_its_line_and_rescores(make_session):
    # Pagat board 1, NS scores 420 430 500 420 450 -50 170 -> 2/1 matchpoints 5 8 12 5 10 0 2
    # on a top of 12. Without pair 3's +500 (3 v 11) six lines remain, the top is 10, and
    # 2's +430 still beats 420, 420, -50 and 170: 8 of 10.
    session = make_session(PAGAT_BOARD_1)
    section = session.sections.get()
    before = line_points(session)
    assert ("A", 1, "2", "13", 8, 4) in before and ("A", 1, "3", "11", 12, 0) in before

    item = pair_delete(pair=section.pairs.get(label="3"))

    assert item.title.startswith("Pair 3 of section A of Test pairs")
    assert item.summary == "pair 3 and its 1 traveller line"
    assert ("A", 1, "2", "13", 8, 2) in line_points(session)
    gone = session.changes.get(action="trash", board_number=1)
    assert (gone.before["ns"], gone.before["ew"], gone.before["score_ns"]) == ("3", "11", 500)

    trash_restore(item=item)
    assert line_points(session) == before


@pytest.mark.django_db
def test_it_refuses_to_restore_a_pair_whose_opponent_has_played_the_board_since(make_session):
    session = make_session(PAGAT_BOARD_1)
    section = session.sections.get()
    item = pair_delete(pair=section.pairs.get(label="3"))
    pairs_set_names(section=section, names=[("3", "Late", "Comer"), ("15", "Cy", "Dunn")])
    result_save(section=section, line=LineInput(1, "15", "11", parse_ruling("4sn10", "None")))
    lines = Result.objects.count()

    with pytest.raises(ValidationError) as refused:
        trash_restore(item=item)

    assert refused.value.messages == [
        "section A has a pair 3 again; nothing was restored",
        "pair 11 already has a line on board 1, so the line 3 v 11 cannot come back beside it;"
        " nothing was restored",
    ]
    assert Result.objects.count() == lines and Trash.objects.filter(pk=item.pk).exists()


@pytest.mark.django_db
def test_it_clears_a_movement_pairs_names_instead_of_deleting_it(mitchell):
    pairs_set_names(section=mitchell, names=[("7", "Ann Lee", "Bob Ray")])
    result_save(section=mitchell, line=LineInput(1, "1", "8", parse_ruling("4sn10", "None")))
    pair = mitchell.pairs.get(label="7")
    with pytest.raises(ValidationError, match="clear its names instead"):
        pair_delete(pair=pair)

    item = pair_clear_names(pair=pair)
    assert Pair.objects.get(pk=pair.pk).names == "" and mitchell.results.count() == 1
    assert item.kind == "names" and "the pair and its 0 traveller lines stay" in item.summary

    pairs_set_names(section=mitchell, names=[("7", "Someone", "Else")])
    with pytest.raises(ValidationError, match=r"pair 7 has names again \(Someone & Else\)"):
        trash_restore(item=item)
    pairs_set_names(section=mitchell, names=[("7", "", "")])
    assert trash_restore(item=item).message == "Pair 7 of section A is Ann Lee & Bob Ray again."


@pytest.mark.django_db
def test_it_purges_what_is_older_than_trash_days(settings, mitchell):
    settings.TRASH_DAYS = 30
    item = section_delete(section=mitchell, now=MOMENT)
    assert trash_purge(now=MOMENT + datetime.timedelta(days=30)) == 0  # the 30th day still
    assert trash_purge(now=MOMENT + datetime.timedelta(days=30, seconds=1)) == 1
    assert not Trash.objects.filter(pk=item.pk).exists()

    section_delete(
        section=section_save(session=mitchell.session, name="B", movement="", boards=1),
        now=MOMENT,
    )
    assert run("purge_trash", "--now", "2026-12-18T21:00:00+00:00") == (
        "Purged 0 items from the trash.\n"
    )
    assert run("purge_trash", "--now", "2026-12-19T08:00:00+00:00") == (
        "Purged 1 item from the trash.\n"
    )


@pytest.mark.django_db
def test_it_removes_the_stored_pdfs_when_the_session_goes(
    settings, tmp_path, mitchell, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    session = mitchell.session
    default_storage.save(f"printing/{session.pk}/abc-results-a4.pdf", ContentFile(b"%PDF %%EOF"))
    section_save(session=session, name="B", movement="", boards=1)
    with django_capture_on_commit_callbacks(execute=True):
        section_delete(section=session.sections.get(name="B"))
    assert default_storage.listdir(f"printing/{session.pk}")[1] == []

    default_storage.save(f"printing/{session.pk}/def-results-a4.pdf", ContentFile(b"%PDF %%EOF"))
    with django_capture_on_commit_callbacks(execute=True):
        session_delete(session=session)
    assert default_storage.listdir(f"printing/{mitchell.session_id}")[1] == []
