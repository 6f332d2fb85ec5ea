"""Setting up a session: the session itself, its sections and movements, pairs and boards."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from ..core.results import club_touch, session_touch
from ..core.section_movement import section_movement
from ..models import Board, Club, Pair, Section, Session
from ..players.handicaps import session_handicaps_refresh
from ..rows.words import worded
from ..scoring.message import message_of
from ..session_rules import averages_problems
from ..table_scoring.access import codes_issue
from .movement_change import (
    movement_change_check,
    movement_change_delete_lines,
    movement_change_plan,
    movement_change_tidy,
)

SESSION_SETTINGS = (
    "name",
    "date",
    "method",
    "scale",
    "butler_discard",
    "imp_totals",
    "ave_plus",
    "ave",
    "ave_minus",
    "imp_artificial",
    "phantom_percent",
    "law_12c2c",
    "small_groups",
    "across_the_field",
    "split_scores",
    "expected_from",
    "factoring",
    "scaled_totals",
    "tie_places",
    "overall_ranking",
    "handicaps",
    "masterpoint_scale",
    "is_test",
)
# Scoring at the table (docs/table-scoring.md): set by table_director.table_settings_save, kept
# by copies and backups.
TABLE_SETTINGS = ("table_verification", "table_shows")
# Choices a posted form may leave out (a page or script of before them): kept as they are.
CONVENTION_SETTINGS = (
    "imp_artificial",
    "split_scores",
    "expected_from",
    "factoring",
    "tie_places",
    "overall_ranking",
)
SECTION_SETTINGS = (
    "name",
    "movement",
    "tables",
    "boards_per_round",
    "rounds",
    "even_tables",
    "arrow_switch",
    "pair_count",
    "winners",
    "missing_pair",
)


def check_averages(session: Session) -> None:
    """ValidationError naming each field when the averages are out of order: the database's
    constraint, said in words before it refuses the row."""
    problems = averages_problems(
        ave_plus=session.ave_plus, ave=session.ave, ave_minus=session.ave_minus
    )
    if problems:
        raise ValidationError(
            {
                field: [worded(message) for message in messages]
                for field, messages in problems.items()
            }
        )


@transaction.atomic
def club_update(
    *,
    club: Club,
    name: str,
    show_reasons: bool,
    national_body: str | None = None,
    national_club_id: str | None = None,
    show_grades: bool | None = None,
    language: str | None = None,
) -> Club:
    """Rename the club, change what its players see, its language or its national body; its
    sessions' pages and downloads are rendered again (they show the reasons or not, and the
    body's master points). A body, number, grades or language setting not given stays as it
    is."""
    club.name, club.show_reasons = name.strip(), show_reasons
    if national_body is not None:
        club.national_body = national_body
    if national_club_id is not None:
        club.national_club_id = national_club_id.strip()
    if show_grades is not None:
        club.show_grades = show_grades
    if language:
        club.language = language
    club.full_clean()
    club.save()
    club_touch(club)
    return club


@transaction.atomic
def session_create(*, club: Club, **settings) -> Session:
    session = Session(club=club, **_only(settings, SESSION_SETTINGS))
    check_averages(session)
    session.full_clean()
    session.save()
    return session


@transaction.atomic
def session_update(*, session: Session, **settings) -> Session:
    """Change the session's settings; saving them unchanged changes nothing (a published
    session is marked amended only by a real change). Compared with what is stored: a bound
    ModelForm has already set the new values on `session`."""
    settings = _only(settings, SESSION_SETTINGS)
    stored = Session.objects.filter(pk=session.pk).values(*settings).get()
    if all(stored[name] == value for name, value in settings.items()):
        return session
    for name, value in settings.items():
        setattr(session, name, value)
    check_averages(session)
    session.full_clean()
    session.save()
    session_touch(session)
    if "handicaps" in settings and settings["handicaps"] != stored["handicaps"]:
        session_handicaps_refresh(session=session)
    return session


@transaction.atomic
def section_save(
    *,
    session: Session,
    section: Section | None = None,
    boards: int | None = None,
    confirm: str = "",
    user=None,
    **settings,
) -> Section:
    """Create or change a section and its movement; the movement's pairs and boards are
    created (pairs that already exist keep their names and results).

    `boards` is the number of boards of a free-form section (no movement). A change of
    movement that affects lines already entered (or named pairs) raises
    MovementChangeNeedsConfirmation listing what it would do, and is applied only with
    `confirm` set to that list's token (setup/movement_change.py)."""
    section = section or Section(session=session)
    settings = _only(settings, SECTION_SETTINGS)
    # Compared with what is stored (a bound ModelForm has already set the values on `section`).
    stored = Section.objects.filter(pk=section.pk).values(*settings).first() if section.pk else None
    changed = stored is None or any(stored[name] != value for name, value in settings.items())
    for name, value in settings.items():
        setattr(section, name, value)
    try:
        movement = section_movement(section)
    except ValueError as error:
        raise ValidationError(worded(message_of(error))) from None
    section.full_clean()
    change = movement_change_plan(section=section, movement=movement)
    movement_change_check(change, confirm)
    section.save()
    if change is not None:
        movement_change_delete_lines(change=change, user=user)
    if movement is not None:
        _ensure_pairs(
            section, [(label, movement.home_direction(label)) for label in movement.pairs]
        )
        boards = movement.boards
    if boards:
        _ensure_boards(session, boards)
    if change is not None:
        movement_change_tidy(section=section, change=change)
    if session.status == Session.Status.IN_PLAY:
        codes_issue(session=session)  # a section added or grown during play: its new tables' codes
    session_touch(session, amends=changed)  # saved unchanged: nothing to tell players
    return section


def _ensure_pairs(section: Section, labels: list[tuple[str, str | None]]) -> None:
    existing = dict(section.pairs.values_list("label", "direction"))
    Pair.objects.bulk_create(
        Pair(section=section, label=label, direction=direction or "")
        for label, direction in labels
        if label not in existing
    )
    for label, direction in labels:  # a changed movement may change a pair's home direction
        if label in existing and existing[label] != (direction or ""):
            Pair.objects.filter(section=section, label=label).update(direction=direction or "")


def _ensure_boards(session: Session, count: int) -> None:
    existing = set(session.boards.values_list("number", flat=True))
    Board.objects.bulk_create(
        Board.for_number(session, number)
        for number in range(1, count + 1)
        if number not in existing
    )


def _only(settings: dict, allowed: tuple[str, ...]) -> dict:
    unknown = set(settings) - set(allowed)
    if unknown:
        raise TypeError(f"unknown settings {sorted(unknown)}")
    return settings
