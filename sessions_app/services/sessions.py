"""Setting up a session: the session itself, its sections and movements, pairs and boards."""

from __future__ import annotations

import re
from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from ..models import Board, Club, Pair, Section, Session
from ..scoring.ranking import natural_key
from .checks import session_missing
from .movement_change import (
    movement_change_check,
    movement_change_delete_lines,
    movement_change_plan,
    movement_change_tidy,
)
from .movements import section_movement
from .results import club_touch, session_touch

SESSION_SETTINGS = (
    "name", "date", "method", "scale", "butler_discard", "imp_totals", "ave_plus", "ave",
    "ave_minus", "law_12c2c", "small_groups", "across_the_field", "is_test",
)  # fmt: skip
SECTION_SETTINGS = (
    "name", "movement", "tables", "boards_per_round", "rounds", "even_tables", "arrow_switch",
    "pair_count", "winners", "missing_pair",
)  # fmt: skip


def averages_problems(*, ave_plus: int, ave: int, ave_minus: int) -> dict[str, list[str]]:
    """What is wrong with the percentages of the artificial scores (Law 12C2), by field.

    They must be ordered Ave- <= Ave <= Ave+ <= 100 (the database refuses anything else).
    Example: 60/50/40 -> {}; 60/50/55 ->
    {"ave_minus": ["Average minus (55%) is more than Average (50%)."]}.
    """
    problems: dict[str, list[str]] = {}
    if ave_plus > 100:
        problems.setdefault("ave_plus", []).append(
            f"Average plus ({ave_plus}%) can be at most 100%."
        )
    if ave > ave_plus:
        problems.setdefault("ave_plus", []).append(
            f"Average plus ({ave_plus}%) is less than Average ({ave}%)."
        )
    if ave_minus > ave:
        problems.setdefault("ave_minus", []).append(
            f"Average minus ({ave_minus}%) is more than Average ({ave}%)."
        )
    return problems


def _check_averages(session: Session) -> None:
    problems = averages_problems(
        ave_plus=session.ave_plus, ave=session.ave, ave_minus=session.ave_minus
    )
    if problems:
        raise ValidationError(problems)


@transaction.atomic
def club_update(*, club: Club, name: str, show_reasons: bool) -> Club:
    """Rename the club or change what its players see; its sessions' pages and downloads are
    rendered again (they show the reasons or not)."""
    club.name, club.show_reasons = name.strip(), show_reasons
    club.full_clean()
    club.save()
    club_touch(club)
    return club


@transaction.atomic
def session_create(*, club: Club, **settings) -> Session:
    session = Session(club=club, **_only(settings, SESSION_SETTINGS))
    _check_averages(session)
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
    _check_averages(session)
    session.full_clean()
    session.save()
    session_touch(session)
    return session


_S = Session.Status
# The status workflow: the steps a director may take from each status, with their buttons.
STATUS_STEPS: dict[str, tuple[tuple[str, str], ...]] = {
    _S.DRAFT: ((_S.IN_PLAY, "Start play"),),
    _S.IN_PLAY: ((_S.FINAL, "Mark final"), (_S.DRAFT, "Back to draft")),
    _S.FINAL: ((_S.PUBLISHED, "Publish results"), (_S.IN_PLAY, "Back to in play")),
    _S.PUBLISHED: ((_S.FINAL, "Unpublish"),),
}


class ResultsMissing(Exception):
    """Publishing a session with lines still missing: done only when the director confirms
    (`publish_incomplete`); `missing` lists them (services.checks.Missing)."""

    def __init__(self, missing):
        super().__init__(f"{missing.count} result{'s' if missing.count != 1 else ''} missing")
        self.missing = missing


def session_set_status(*, session: Session, status: str,
                       publish_incomplete: bool = False) -> Session:  # fmt: skip
    """Move the session one step along draft -> in play -> final -> published, or back
    (STATUS_STEPS): results can be corrected after publication, and unpublishing hides them
    again. Publishing needs every line entered, or `publish_incomplete` (players then see the
    results marked provisional); it records `published_at` the first time.

    Raises ValidationError in words for a step that is not allowed (e.g. "a published session
    can go to final, not straight to draft"), ResultsMissing when lines are missing.
    Example: final -> published with board 3's line 2 v 9 missing raises ResultsMissing
    listing it; with publish_incomplete=True the session is published."""
    with transaction.atomic():
        current = Session.objects.select_for_update().get(pk=session.pk)
        _check_step(current.status, status)
        if status == _S.PUBLISHED and not publish_incomplete:
            missing = session_missing(current)
            if missing.count:
                raise ResultsMissing(missing)
        current.status = status
        if status == _S.PUBLISHED and current.published_at is None:
            current.published_at = timezone.now()
        current.save(update_fields=["status", "published_at", "updated_at"])
    session.status, session.published_at = current.status, current.published_at
    session.updated_at = current.updated_at
    return session


def _check_step(now: str, wanted: str) -> None:
    names = dict(_S.choices)
    if wanted not in names:
        raise ValidationError(
            f"{wanted[:20]!r} is not a status (draft, in play, final or published)"
        )
    if wanted == now:
        raise ValidationError(f"the session is {names[now].lower()} already")
    allowed = [names[step].lower() for step, _ in STATUS_STEPS[now]]
    if wanted not in dict(STATUS_STEPS[now]):
        raise ValidationError(
            f"a {names[now].lower()} session can go {' or '.join(f'to {a}' for a in allowed)},"
            f" not straight to {names[wanted].lower()}"
        )


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
    settings = _only(settings, SECTION_SETTINGS)
    # Compared with what is stored (a bound ModelForm has already set the values on `section`).
    stored = Section.objects.filter(pk=section.pk).values(*settings).first() if section.pk else None
    changed = stored is None or any(stored[name] != value for name, value in settings.items())
    for name, value in settings.items():
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
    session_touch(session, amends=changed)  # saved unchanged: nothing to tell players
    return section


_NAME_LINE = re.compile(r"^\s*([A-Za-z]?\d+[A-Za-z]?)\s*[,;:\t.]?\s*(.*)$")
_LABEL_LENGTH = Pair._meta.get_field("label").max_length
_NAME_LENGTH = Pair._meta.get_field("player1").max_length


def parse_names(
    text: str, *, pairs: Collection[str] | None = None, section_name: str = ""
) -> list[tuple[str, str, str]]:
    """Pair names pasted by the director, one pair a line, in any of the usual shapes:
    `3, Ann Lee, Bob Ray` / `3<TAB>Ann Lee<TAB>Bob Ray` (a spreadsheet) / `3 Ann Lee & Bob Ray`
    / `3 Ann Lee and Bob Ray`. `pairs`, when given, are the only pair numbers allowed (those of
    the section's movement).

    Raises ValidationError listing every line it cannot take, each named, all at once.
    Example: "1, Ann, Bob\n15, Cy, Di\n1, Eve" with pairs 1-14 ->
    ["line 2: section A has no pair 15 (its pairs are 1 to 14)",
     "line 3: pair 1 is on line 1 already"].
    """
    pairs_set, errors, seen = set(pairs or ()), [], {}
    result = []
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
        problems = []
        if len(label) > _LABEL_LENGTH:
            problems.append(
                f"the pair number {label} is {len(label)} characters long; {_LABEL_LENGTH} at most"
            )
        elif pairs is not None and label not in pairs_set:
            problems.append(
                f"section {section_name} has no pair {label} (its pairs are {_labels(pairs)})"
            )
        elif label in seen:
            problems.append(f"pair {label} is on line {seen[label]} already")
        if len(names) > 2:
            problems.append(f"more than two players for pair {label}")
        problems += [
            f"the name {_shortened(name)} is {len(name)} characters long; {_NAME_LENGTH} at most"
            for name in names[:2]
            if len(name) > _NAME_LENGTH
        ]
        seen.setdefault(label, number)
        errors += [f"line {number}: {problem}" for problem in problems]
        if not problems:
            result.append((label, *[*names, "", ""][:2]))
    if errors:
        raise ValidationError(errors)
    return result


def _shortened(name: str) -> str:
    return f"{name[:20]}…" if len(name) > 20 else name


def _labels(labels: Collection[str]) -> str:
    """Pair numbers for a message: `1 to 14` when they run 1, 2, ... n, else listed."""
    ordered = sorted(labels, key=natural_key)
    if ordered and ordered == [str(n) for n in range(1, len(ordered) + 1)]:
        return f"1 to {len(ordered)}"
    return ", ".join(ordered)


def section_fixed_labels(section: Section) -> list[str] | None:
    """The pair numbers names may be given for: the movement's pairs, or None for a free-form
    section, where a new number adds a pair."""
    if not section.movement:
        return None
    return sorted(section.pairs.values_list("label", flat=True), key=natural_key)


@transaction.atomic
def pairs_set_names(*, section: Section, names: list[tuple[str, str, str]],
                    add_missing: bool = True) -> list[Pair]:  # fmt: skip
    """Give the section's pairs their players; pairs not in the section are added for a
    free-form section and refused when the movement does not have them. Every problem is
    reported at once, in words, naming its pair; nothing is stored unless all are right."""
    existing = {pair.label: pair for pair in section.pairs.all()}
    unknown = [label for label, *_ in names if label not in existing]
    if unknown and (section.movement or not add_missing):
        raise ValidationError(
            f"section {section.name} has no pair {', '.join(unknown)}"
            f" (its pairs are {_labels(existing)})"
        )
    changed, errors, seen, renamed = [], [], set(), False
    for label, player1, player2 in names:
        if label in seen:
            errors.append(f"pair {label}: given twice")
            continue
        seen.add(label)
        pair = existing.get(label) or Pair(section=section, label=label)
        renamed = renamed or pair.pk is None or (pair.player1, pair.player2) != (player1, player2)
        pair.player1, pair.player2 = player1, player2
        try:
            pair.full_clean()
        except ValidationError as error:
            errors += [f"pair {label}: {message}" for message in error.messages]
            continue
        changed.append(pair)
    if errors:
        raise ValidationError(errors)
    for pair in changed:
        pair.save()
    session_touch(section.session, amends=renamed)  # the same names again amend nothing
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
