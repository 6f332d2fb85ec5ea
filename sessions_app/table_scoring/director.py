"""The director's side of scoring at the table: the club's settings for it, closing a round
for a section, answering a table's call, and the state a table's phone sees, for the console
(revoking and re-issuing codes are in table_scoring/access.py).

Example: round_close(section=a, round_=3) -> tables still on rounds 1-3 may no longer change
their lines there, and may move on with boards missing; the director changes them.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..core.section_movement import usable_movement
from ..models import Section, Session, TableCall


def table_settings_save(*, session: Session, verification: bool, shows: str) -> Session:
    """Whether an opponent accepts each line at the table, and what the table sees after a
    board (Session.TableShows). Example: shows="everything" -> ValidationError naming the
    three choices."""
    if shows not in Session.TableShows.values:
        raise ValidationError(
            _("%(shows)s is not one of %(choices)s")
            % {"shows": repr(shows[:30]), "choices": ", ".join(Session.TableShows.values)}
        )
    session.table_verification, session.table_shows = bool(verification), shows
    session.save(update_fields=["table_verification", "table_shows", "updated_at"])
    return session


def round_close(*, section: Section, round_: int) -> Section:
    """Close rounds 1 to `round_` of `section` to the tables (the console's "close round"):
    their lines are the director's only from now on; 0 opens them all again."""
    if isinstance(round_, bool) or not isinstance(round_, int) or round_ < 0:
        raise ValidationError(
            _("round %(round)s is not a number from 0 up") % {"round": repr(round_)}
        )
    movement = usable_movement(section)
    last = len(movement.rounds) if movement else 0
    if round_ > last:  # e.g. "section A has 7 rounds: close a round from 1 to 7, or 0 ..."
        raise ValidationError(
            ngettext(
                "section %(section)s has %(last)s round: close a round from 1 to %(last)s, or 0"
                " to open them all",
                "section %(section)s has %(last)s rounds: close a round from 1 to %(last)s, or 0"
                " to open them all",
                last,
            )
            % {"section": section.name, "last": last}
        )
    Section.objects.filter(pk=section.pk).update(closed_round=round_)
    section.closed_round = round_
    return section


def call_answer(*, call: TableCall, user=None) -> TableCall:
    """The director has answered a table's call (the console's "answered" button); answering
    it again changes nothing."""
    if call.answered_at is None:
        call.answered_at = timezone.now()
        call.answered_by = user if user is not None and user.is_authenticated else None
        call.save(update_fields=["answered_at", "answered_by"])
    return call
