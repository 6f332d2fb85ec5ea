"""Pair names: read as the director pastes them, checked all at once, and stored."""

from __future__ import annotations

import re
from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import CharField

from ..models import Pair, Section
from ..scoring.ranking import natural_key
from .players_link import session_link_players
from .results import session_touch

_NAME_LINE = re.compile(r"^\s*([A-Za-z]?\d+[A-Za-z]?)\s*[,;:\t.]?\s*(.*)$")


def _max_length(name: str) -> int:
    field = Pair._meta.get_field(name)
    assert isinstance(field, CharField) and field.max_length is not None
    return field.max_length


_LABEL_LENGTH = _max_length("label")
_NAME_LENGTH = _max_length("player1")


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
    pairs_set, errors = set(pairs or ()), []
    seen: dict[str, int] = {}  # pair -> the line naming it
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
            player1, player2 = [*names, "", ""][:2]
            result.append((label, player1, player2))
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
        if pair.player1 != player1:  # another name: its match to the register is asked again
            pair.player1_ref = None
        if pair.player2 != player2:
            pair.player2_ref = None
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
    if renamed:
        session_link_players(session=section.session)
    return changed
