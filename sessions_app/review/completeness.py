"""What is still to enter in a section: per board the lines entered against the lines its
movement expects, and per round and table the boards with no line yet — for the director's
dashboard, the review page and the lines missing before publishing (review/checks.py).

Example: a 3-table Howell with the line of pairs 1 v 2 on board 1 missing -> `missing` holds
(round, table, "1", "2", [1]) and `boards` holds (1, entered - 1, expected) for board 1.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..core.section_movement import usable_movement
from ..models import Board, Result, Section
from ..scoring.event import expected_without_movement


@dataclass(frozen=True)
class Completeness:
    boards: list[tuple[int, int, int]]  # (board, entered, expected)
    missing: list[tuple[int, int, str, str, list[int]]]  # (round, table, ns, ew, boards)

    @property
    def done(self) -> bool:
        return not self.missing and all(entered >= expected for _, entered, expected in self.boards)


def completeness(section: Section) -> Completeness:
    """What is still to enter: per board lines entered against lines expected, and per round
    and table the boards that have no line yet."""
    entered = _entered(Result.objects.filter(section=section))
    return completeness_of(
        usable_movement(section),
        entered[section.pk],
        lambda: _board_numbers(section.session_id),
    )


def completeness_of(
    movement, entered: dict[int, set[tuple[str, str]]], board_numbers
) -> Completeness:
    """The rule of `completeness`, on loaded data: `entered` holds the (NS, EW) pairs of the
    lines of each board; `board_numbers()` gives the session's boards (asked for only without
    a movement, when every board is expected as often as the most-played one).

    Example: a 3-table Howell with line 1 v 2 of board 1 missing lists (round, table, "1",
    "2", [1]) and board 1 as (1, entered - 1, expected)."""
    if movement is None:
        # At least once: a free-form section with no lines is not complete.
        most = max(expected_without_movement(len(pairs) for pairs in entered.values()), 1)
        return Completeness([(n, len(entered[n]), most) for n in board_numbers()], [])
    boards = [
        (n, len(entered[n]), movement.expected_plays(n)) for n in range(1, movement.boards + 1)
    ]
    missing = []
    for round_ in movement.rounds:
        for seating in round_.tables:
            if not seating.played:
                continue
            absent = [b for b in seating.boards if (seating.ns, seating.ew) not in entered[b]]
            if absent:
                missing.append((round_.number, seating.table, seating.ns, seating.ew, absent))
    return Completeness(boards, missing)


def _entered(results) -> dict[int, dict[int, set[tuple[str, str]]]]:
    """The (NS, EW) labels of the lines of `results`, by section id and board number."""
    entered: dict[int, dict[int, set[tuple[str, str]]]] = defaultdict(lambda: defaultdict(set))
    for section_id, number, ns, ew in results.values_list(
        "section_id", "board__number", "ns__label", "ew__label"
    ):
        entered[section_id][number].add((ns, ew))
    return entered


def _board_numbers(session_id: int) -> list[int]:
    return list(
        Board.objects.filter(session_id=session_id)
        .order_by("number")
        .values_list("number", flat=True)
    )
