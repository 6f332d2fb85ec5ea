"""Two entries of the register that are one person, made one: no result is lost.

Every pair the merged entry plays in is given to the entry kept, and the merged entry is
deleted. Nothing else changes: the pairs' names stay as typed, no session's results or
standings change and nothing is amended. The sessions of the entry kept are shown anew
(`club_touch`, which bumps their version): their pages link every name to the entry kept.
The entry kept keeps its own name, number and e-mail, taking the merged entry's number or
e-mail only where it has none.

Refused, in words, when the two entries play in one pair (the same person cannot partner
themselves: "Ann Lee and A. Lee are the two players of pair 3 of Tuesday pairs (02 Jun 2026)").

Example: "A. Lee" (2 sessions) merged into "Ann Lee" (5 sessions, no member number, while
A. Lee has 12345): Ann Lee has 7 sessions and member number 12345; A. Lee is gone.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from ..core.results import club_touch
from ..models import Pair, Player


@transaction.atomic
def players_merge(*, keep: Player, merged: Player) -> int:
    """Merge `merged` into `keep` (both of one club); how many pairs were moved."""
    if keep.club_id != merged.club_id:
        raise ValidationError("only two players of one club can be merged")
    if keep.pk == merged.pk:
        raise ValidationError("choose two different players to merge")
    together = (
        Pair.objects.filter(
            Q(player1_ref=keep, player2_ref=merged) | Q(player1_ref=merged, player2_ref=keep)
        )
        .select_related("section__session")
        .order_by("section__session__date", "pk")
    )
    clashes = [
        f"{keep.name} and {merged.name} are the two players of pair {pair.label} of "
        f"{pair.section.session.name} ({pair.section.session.date:%d %b %Y})"
        for pair in together
    ]
    if clashes:
        raise ValidationError(clashes)
    moved = Pair.objects.filter(player1_ref=merged).update(player1_ref=keep)
    moved += Pair.objects.filter(player2_ref=merged).update(player2_ref=keep)
    number, email = merged.member_number, merged.email
    merged.delete()  # first: the number it held is free for the entry kept
    fields: list[str] = []
    if number and not keep.member_number:
        keep.member_number, fields = number, [*fields, "member_number"]
    if email and not keep.email:
        keep.email, fields = email, [*fields, "email"]
    if fields:
        keep.save(update_fields=fields)
    if moved:
        club_touch(keep.club_id, player=keep)
    return moved
