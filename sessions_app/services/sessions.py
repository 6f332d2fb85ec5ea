"""Setting up a session: the session itself, its sections and movements, pairs and boards."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import transaction

from ..models import Board, Club, Pair, Section, Session
from ..scoring.ranking import natural_key
from .movement_change import (
    movement_change_check,
    movement_change_delete_lines,
    movement_change_plan,
    movement_change_tidy,
)
from .movements import section_movement
from .results import session_touch

SESSION_SETTINGS = (
    "name", "date", "method", "scale", "butler_discard", "imp_totals", "ave_plus", "ave",
    "ave_minus", "law_12c2c", "small_groups", "across_the_field",
)  # fmt: skip
SECTION_SETTINGS = (
    "name", "movement", "tables", "boards_per_round", "rounds", "even_tables", "arrow_switch",
    "pair_count", "winners", "missing_pair",
)  # fmt: skip


@transaction.atomic
def session_create(*, club: Club, **settings) -> Session:
    session = Session(club=club, **_only(settings, SESSION_SETTINGS))
    session.full_clean()
    session.save()
    return session


@transaction.atomic
def session_update(*, session: Session, **settings) -> Session:
    for name, value in _only(settings, SESSION_SETTINGS).items():
        setattr(session, name, value)
    session.full_clean()
    session.save()
    session_touch(session)
    return session


def session_set_status(*, session: Session, status: str) -> Session:
    """Move the session along draft -> in play -> final -> published (or back: results can be
    corrected after publication, and unpublishing hides them again)."""
    if status not in Session.Status.values:
        raise ValidationError(f"unknown status {status!r}")
    session.status = status
    session.save(update_fields=["status", "updated_at"])
    return session


@transaction.atomic
def section_save(*, session: Session, section: Section | None = None, boards: int | None = None,
                 confirm: str = "", user=None, **settings) -> Section:  # fmt: skip
    """Create or change a section and its movement; the movement's pairs and boards are
    created (pairs that already exist keep their names and results).

    `boards` is the number of boards of a free-form section (no movement). A change of
    movement that affects lines already entered (or named pairs) raises
    MovementChangeNeedsConfirmation listing what it would do, and is applied only with
    `confirm` set to that list's token (services/movement_change.py)."""
    section = section or Section(session=session)
    for name, value in _only(settings, SECTION_SETTINGS).items():
        setattr(section, name, value)
    try:
        movement = section_movement(section)
    except ValueError as error:
        raise ValidationError(str(error)) from None
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
    session_touch(session)
    return section


_NAME_LINE = re.compile(r"^\s*([A-Za-z]?\d+[A-Za-z]?)\s*[,;:\t.]?\s*(.*)$")


def parse_names(text: str) -> list[tuple[str, str, str]]:
    """Pair names pasted by the director, one pair a line, in any of the usual shapes:
    `3, Ann Lee, Bob Ray` / `3<TAB>Ann Lee<TAB>Bob Ray` (a spreadsheet) / `3 Ann Lee & Bob Ray`
    / `3 Ann Lee and Bob Ray`. Raises ValidationError naming each line it cannot read."""
    pairs, errors = [], []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        match = _NAME_LINE.match(raw)
        if not match:
            errors.append(f"line {number}: start with the pair number, e.g. 3, Ann Lee, Bob Ray")
            continue
        label, rest = match.groups()
        names = [
            n.strip() for n in re.split(r"\t|,|;|\s+&\s+|\s+and\s+|\s*/\s*", rest) if n.strip()
        ]
        if len(names) > 2:
            errors.append(f"line {number}: more than two players for pair {label}")
            continue
        pairs.append((label, *[*names, "", ""][:2]))
    if errors:
        raise ValidationError(errors)
    return pairs


@transaction.atomic
def pairs_set_names(*, section: Section, names: list[tuple[str, str, str]],
                    add_missing: bool = True) -> list[Pair]:  # fmt: skip
    """Give the section's pairs their players; pairs not in the section are added for a
    free-form section and refused when the movement does not have them."""
    existing = {pair.label: pair for pair in section.pairs.all()}
    unknown = [label for label, *_ in names if label not in existing]
    if unknown and (section.movement or not add_missing):
        raise ValidationError(
            f"section {section.name} has no pair {', '.join(unknown)}"
            f" (its pairs are {', '.join(sorted(existing, key=natural_key))})"
        )
    changed = []
    for label, player1, player2 in names:
        pair = existing.get(label) or Pair(section=section, label=label)
        pair.player1, pair.player2 = player1, player2
        pair.full_clean()
        pair.save()
        changed.append(pair)
    session_touch(section.session)
    return changed


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
