"""Changing a section's movement once lines are entered: what happens to each line, pair and
board is worked out first and shown to the director, and nothing changes until they confirm.

Why: the movement decides which pairs and boards a section has. Changed under results (a
7-table Mitchell entered, then found to be 5 tables), it would leave lines naming pairs or
boards the movement no longer has: still scored, counted against E and ranked, but on no
traveller the director can reach. So `section_save` refuses the change with this list
(`MovementChangeNeedsConfirmation`) and applies it only when the director confirms that very
list: `confirm` must be its `token`, made from the lines and their versions, so a line changed
meanwhile shows the list again. When confirmed:

- a line naming a board or a pair the new movement does not have is deleted through the audit
  trail, like `entry.lines.result_delete`: the changes page can restore it once its pairs
  and board exist again (e.g. after changing the movement back);
- a line the old movement seated but the new one does not (its pairs and board still exist)
  is kept and listed: it stays on its traveller as an extra row;
- pairs the new movement does not have are removed once they have no line left; their names
  are listed before, since they go with them;
- boards beyond every section's movement are removed when they have no line and no hand
  record; a board another section plays (every board, for a free-form section) stays.

Example: a 7-table Mitchell of 3 a round (pairs 1-14, boards 1-21, 147 lines) changed to 5
tables (pairs 1-10, boards 1-15): each board was played by NS 1-7 against seven different EW
pairs 8-14, so a line survives when its board is 1-15 and its EW pair 8, 9 or 10 (3 a board,
45 lines, of which the new movement seats 6 where they were played and 39 elsewhere); the
other 102 are deleted, pairs 11-14 and boards 16-21 removed, and every board shows 3 of 5.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ..core.audit import change_for, snapshot
from ..core.section_movement import usable_movement
from ..models import Board, Pair, Result, ResultChange, Section
from ..movements import Movement
from ..rows.words import described, worded
from ..scoring.ranking import natural_key


@dataclass(frozen=True)
class LineFate:
    """One existing line and what the change does to it, in words."""

    result_id: int
    version: int
    board: int
    ns: str
    ew: str
    round: int | None
    words: str  # the line as `line_words.describe` says it
    why: str


@dataclass(frozen=True)
class MovementChange:
    section: str
    movement: str  # the new movement, described
    deleted: tuple[LineFate, ...]
    unscheduled: tuple[LineFate, ...]
    pairs_removed: tuple[str, ...]
    named_pairs: tuple[str, ...]  # the removed pairs that have players' names: "11 Ann & Bob"
    boards_removed: tuple[int, ...]

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.deleted or self.unscheduled or self.named_pairs)

    @property
    def token(self) -> str:
        """What the director confirms: the change and the exact lines (ids and versions)."""
        seen = (
            self.movement,
            [(f.result_id, f.version) for f in self.deleted],
            [(f.result_id, f.version) for f in self.unscheduled],
            self.named_pairs,
        )
        return hashlib.sha256(repr(seen).encode()).hexdigest()[:20]

    @property
    def summary(self) -> str:
        """The change in one paragraph, e.g. "Changing section A to Mitchell, 5 tables; ...
        deletes 102 lines that name pairs or boards outside it (they can be restored from
        the changes page) ... Confirm to go ahead."""
        parts = []
        if self.deleted:
            parts.append(
                f"deletes {_lines(len(self.deleted))} that name pairs or boards outside it"
                " (they can be restored from the changes page)"
            )
        if self.unscheduled:
            parts.append(
                f"keeps {_lines(len(self.unscheduled))} that it does not seat where they were"
                " played (they stay on their travellers as extra rows)"
            )
        if self.named_pairs:
            parts.append("removes the named pairs " + ", ".join(self.named_pairs))
        return (
            f"Changing section {self.section} to {self.movement} "
            + "; ".join(parts)
            + ". Nothing has changed yet: confirm to go ahead."
        )


class MovementChangeNeedsConfirmation(ValidationError):
    """The movement change affects lines already entered (or named pairs): `change` lists
    what would happen; save again with `confirm=change.token`."""

    def __init__(self, change: MovementChange):
        super().__init__(change.summary)
        self.change = change


def movement_change_plan(*, section: Section, movement: Movement | None) -> MovementChange | None:
    """What saving `section` (an existing section with its new settings, not yet saved) with
    `movement` does to its lines, pairs and boards; None for a new section."""
    if section.pk is None:
        return None
    old = usable_movement(Section.objects.get(pk=section.pk))
    lines = list(
        Result.objects.filter(section_id=section.pk)
        .select_related("board", "ns", "ew")
        .order_by("board__number", "round", "table", "id")
    )
    pairs = list(Pair.objects.filter(section_id=section.pk))
    description = worded(movement.said) if movement else _("a free-form section (no movement)")
    if movement is None:  # a free-form section keeps every pair and line
        return MovementChange(section.name, description, (), (), (), (), ())
    deleted, unscheduled = [], []
    seated_new, seated_old = _seated(movement), _seated(old) if old else None
    for line in lines:
        key = (line.board.number, line.ns.label, line.ew.label)
        why = _outside(movement, *key)
        if why:
            deleted.append(_fate(line, why))
        elif key not in seated_new and (seated_old is None or key in seated_old):
            unscheduled.append(
                _fate(line, f"the new movement does not seat {key[1]} v {key[2]} on board {key[0]}")
            )
    gone = sorted((p for p in pairs if p.label not in set(movement.pairs)), key=_pair_order)
    return MovementChange(
        section=section.name,
        movement=description,
        deleted=tuple(deleted),
        unscheduled=tuple(unscheduled),
        pairs_removed=tuple(p.label for p in gone),
        named_pairs=tuple(f"{p.label} ({p.names})" for p in gone if p.names),
        boards_removed=_boards_unneeded(section, movement),
    )


def movement_change_check(change: MovementChange | None, confirm: str) -> None:
    """Raise MovementChangeNeedsConfirmation unless the change needs none or `confirm` is the
    token of exactly this change."""
    if change is not None and change.needs_confirmation and confirm != change.token:
        raise MovementChangeNeedsConfirmation(change)


def movement_change_delete_lines(*, change: MovementChange, user=None) -> None:
    """Delete the lines the change leaves outside the movement, each recorded in the audit
    trail with a snapshot so the changes page can restore it."""
    if not change.deleted:
        return
    versions = {f.result_id: f.version for f in change.deleted}
    doomed = list(
        Result.objects.filter(pk__in=versions).select_related("board", "section", "ns", "ew")
    )
    if len(doomed) != len(versions) or any(r.version != versions[r.pk] for r in doomed):
        raise ValidationError("lines of this section changed meanwhile: look at the list again")
    why = {f.result_id: f.why for f in change.deleted}
    deletions = [
        change_for(
            result,
            ResultChange.Action.DELETE,
            before=snapshot(result),
            user=user,
            note=f"movement changed: {why[result.pk]}"[:200],
        )
        for result in doomed
    ]
    ResultChange.objects.bulk_create(deletions)
    Result.objects.filter(pk__in=versions).delete()


def movement_change_tidy(*, section: Section, change: MovementChange) -> None:
    """After the change is saved: remove the pairs and boards it left unused (a pair or board
    that still has a line stays)."""
    used = Result.objects.filter(section__session_id=section.session_id)
    Pair.objects.filter(section=section, label__in=change.pairs_removed).exclude(
        pk__in=used.values("ns")
    ).exclude(pk__in=used.values("ew")).delete()
    Board.objects.filter(
        session_id=section.session_id, number__in=change.boards_removed, deal=""
    ).exclude(pk__in=used.values("board")).delete()


def _seated(movement: Movement) -> set[tuple[int, str, str]]:
    return {
        (board, seating.ns, seating.ew)
        for _, seating in movement.seatings()
        if seating.ns is not None and seating.ew is not None  # seating.played, to the checker
        for board in seating.boards
    }


def _outside(movement: Movement, board: int, ns: str, ew: str) -> str:
    if board > movement.boards:
        return f"board {board} is not in the new movement (boards 1-{movement.boards})"
    missing = [label for label in (ns, ew) if label not in set(movement.pairs)]
    if missing:
        return f"pair {missing[0]} is not in the new movement"
    return ""


def _fate(line: Result, why: str) -> LineFate:
    return LineFate(
        line.pk,
        line.version,
        line.board.number,
        line.ns.label,
        line.ew.label,
        line.round,
        described(line),
        why,
    )


def _boards_unneeded(section: Section, movement: Movement) -> tuple[int, ...]:
    """Boards of the session beyond what every section plays, that have no hand record; none
    when another section is free-form (it plays every board of the session)."""
    needed = movement.boards
    for other in Section.objects.filter(session_id=section.session_id).exclude(pk=section.pk):
        theirs = usable_movement(other)
        if theirs is None:
            return ()
        needed = max(needed, theirs.boards)
    beyond = Board.objects.filter(session_id=section.session_id, number__gt=needed, deal="")
    return tuple(beyond.order_by("number").values_list("number", flat=True))


def _pair_order(pair: Pair):
    return natural_key(pair.label)


def _lines(count: int) -> str:
    return "1 line" if count == 1 else f"{count} lines"
