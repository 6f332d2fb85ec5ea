"""The director's answers to the tables from the live console: a call answered, a round closed
(or opened again).

Closing round R of a section (`Section.closed_round = R`) stops every table's phone writing
lines of rounds 1..R (the director still may, from the entry pages), and lets a table still on
a closed round move on without its missing results (docs/table-scoring.md, "Rounds").

Example: section A of a 7-round Mitchell with closed_round 2: `round_close(section=a, round=3)`
closes round 3 as well; `round_close(section=a, round=2)` opens round 3 again; round 8 is
refused ("section A has 7 rounds: close a round from 1 to 7, or 0 to open them all").
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from ..models import Section, Session, TableCall
from ..scope import in_session
from .movements import usable_movement


def call_answer(*, session: Session, call_id: int | str, user) -> TableCall:
    """Mark the call `call_id` (of `session`; NotInSession otherwise) answered by `user`.
    Answering it again changes nothing: the first answer stands."""
    with transaction.atomic():
        call = in_session(
            TableCall.objects.select_for_update().select_related("section"), session, pk=call_id
        )
        if call.answered_at is None:
            call.answered_at = timezone.now()
            call.answered_by = user
            call.save(update_fields=["answered_at", "answered_by"])
    return call


def round_close(*, section: Section, round: int) -> Section:
    """Close the rounds of `section` up to `round` (0: every round open again). Raises
    ValidationError, in words, for a round the section's movement does not have."""
    movement = usable_movement(section)
    if movement is None:
        raise ValidationError(
            f"section {section.name} has no movement: its tables have no rounds to close"
        )
    last = len(movement.rounds)
    if not 0 <= round <= last:
        raise ValidationError(
            f"section {section.name} has {last} rounds: close a round from 1 to {last}, or 0"
            " to open them all"
        )
    with transaction.atomic():
        Section.objects.filter(pk=section.pk).update(closed_round=round)
    section.closed_round = round
    return section
