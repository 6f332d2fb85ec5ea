"""A section's movement, built from its stored settings, and what the scorer needs from it:
E for each board and the number of winners."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..models import Section
from ..movements import Movement, howell, mitchell, parse_arrow_switch


@dataclass(frozen=True)
class SectionPlan:
    winners: int | None = None  # None: from the travellers
    plays: dict[int, int] = field(default_factory=dict)  # E by board number

    def expected(self, board: int) -> int | None:
        return self.plays.get(board)


def section_movement(section: Section) -> Movement | None:
    """The section's movement, or None for a free-form section. Raises ValueError (in words)
    when the stored settings make no sound movement."""
    if not section.movement:
        return None
    return _build(
        section.movement,
        section.tables,
        section.boards_per_round,
        section.even_tables or None,
        section.pair_count,
        section.rounds,
        section.arrow_switch.strip() or "none",
    )


def usable_movement(section: Section) -> Movement | None:
    """The section's movement for scoring, entry and printing: None for a free-form section,
    and also when its stored settings make no sound movement (they are refused when saved, so
    only a hand edit in the admin gets there): it is then treated as free-form."""
    try:
        return section_movement(section)
    except ValueError:
        return None


@lru_cache(maxsize=256)
def _build(kind, tables, boards_per_round, method, pairs, rounds, arrow_switch) -> Movement:
    if not tables or not boards_per_round:
        raise ValueError("a movement needs its number of tables and boards a round")
    switch = parse_arrow_switch(arrow_switch)
    if kind == Section.Movement.HOWELL:
        return howell(tables, boards_per_round, pairs=pairs, rounds=rounds, arrow_switch=switch)
    return mitchell(
        tables, boards_per_round, method=method, pairs=pairs, rounds=rounds, arrow_switch=switch
    )


def section_plan(section: Section) -> SectionPlan:
    """The section's E per board and winners: from its movement, overridden by the director."""
    movement = usable_movement(section)
    if movement is None:
        return SectionPlan(winners=section.winners)
    plays = {board: movement.expected_plays(board) for board in range(1, movement.boards + 1)}
    return SectionPlan(winners=section.winners or movement.winners, plays=plays)
