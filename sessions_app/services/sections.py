"""Sections and their movements."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from ..models import Section
from .movements import section_movement
from .results import session_touch

MOVEMENT_FIELDS = (
    "movement", "tables", "boards_per_round", "rounds", "even_tables", "arrow_switch",
    "pair_count", "winners",
)  # fmt: skip


@transaction.atomic
def section_set_movement(*, section: Section, **settings) -> Section:
    """Give `section` a movement (or none: free-form); refused in words when the settings make
    no sound movement, e.g. an even Mitchell without a skip or a relay."""
    unknown = set(settings) - set(MOVEMENT_FIELDS)
    if unknown:
        raise TypeError(f"unknown movement settings {sorted(unknown)}")
    for name, value in settings.items():
        setattr(section, name, value)
    try:
        section_movement(section)
    except ValueError as error:
        raise ValidationError(str(error)) from None
    section.full_clean()
    section.save()
    session_touch(section.session)
    return section
