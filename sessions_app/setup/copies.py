"""A new session like an old one: "the same again next week".

The copy carries over everything that is set up before play: the session's settings, its
sections with their movements, the pairs (with their names, or without), and the boards with
the dealer and vulnerability they had. Nothing of the play comes along: no deals, no traveller
lines, no audit trail; the copy starts as a draft.

Example: Tuesday pairs of 17 Nov 2026 (section A, a 7-table Mitchell with 3 boards a round,
14 named pairs, 21 boards) copied to 24 Nov 2026 gives a draft with section A, the same
movement, the 14 pairs with their names and boards 1-21 without deals or results.
"""

from __future__ import annotations

import datetime

from django.db import transaction

from ..models import Board, Pair, Section, Session
from .sessions import SECTION_SETTINGS, SESSION_SETTINGS, TABLE_SETTINGS


@transaction.atomic
def session_copy(
    *,
    session: Session,
    name: str,
    date: datetime.date,
    keep_names: bool = True,
    is_test: bool | None = None,
) -> Session:
    """A new draft session of the same club set up like `session`, named `name`, on `date`;
    `is_test` None keeps the original's."""
    settings = {field: getattr(session, field) for field in (*SESSION_SETTINGS, *TABLE_SETTINGS)}
    settings.update(name=name, date=date)
    if is_test is not None:
        settings["is_test"] = is_test
    copy = Session(club=session.club, **settings)
    copy.full_clean()
    copy.save()
    sections = list(session.sections.order_by("name").prefetch_related("pairs"))
    for section in sections:
        new = Section(session=copy, **{name: getattr(section, name) for name in SECTION_SETTINGS})
        new.full_clean(exclude=["session"])
        new.save()
        Pair.objects.bulk_create(
            Pair(
                section=new,
                label=pair.label,
                direction=pair.direction,
                player1=pair.player1 if keep_names else "",
                player2=pair.player2 if keep_names else "",
                player1_ref_id=pair.player1_ref_id if keep_names else None,
                player2_ref_id=pair.player2_ref_id if keep_names else None,
            )
            for pair in sorted(section.pairs.all(), key=lambda p: p.pk)
        )
    Board.objects.bulk_create(
        Board(session=copy, number=b.number, dealer=b.dealer, vulnerability=b.vulnerability)
        for b in session.boards.order_by("number")
    )
    return copy
