"""A section's movement, built from its stored settings, and what the scorer needs from it:
E for each board and the number of winners."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..models import Section
from ..movements import Movement, howell, mitchell, parse_arrow_switch
from ..movements.howell_movement import not_in_howell
from ..scoring.message import Message, MessageError, gettext_noop


@dataclass(frozen=True)
class SectionPlan:
    winners: int | None = None  # None: from the travellers
    plays: dict[int, int] = field(default_factory=dict)  # E by board number

    def expected(self, board: int) -> int | None:
        return self.plays.get(board)


def section_movement(section: Section) -> Movement | None:
    """The section's movement, or None for a free-form section. Raises ValueError (a
    MessageError, its reason to be worded) when the stored settings make no sound movement.
    `missing_pair` names the pair that is absent in a half table (2T-1 pairs, which naming it
    implies); empty, the usual one."""
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
        (section.missing_pair or "").strip(),
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
def _build(kind, tables, boards_per_round, method, pairs, rounds, arrow_switch, missing):
    if not tables or not boards_per_round:
        raise MessageError(
            Message(gettext_noop("a movement needs its number of tables and boards a round"))
        )
    switch = parse_arrow_switch(arrow_switch)
    missing_pair = _missing_number(missing, kind, tables)
    if kind == Section.Movement.HOWELL:
        return howell(
            tables,
            boards_per_round,
            pairs=pairs,
            rounds=rounds,
            arrow_switch=switch,
            missing_pair=missing_pair,
        )
    if missing_pair is not None and pairs is None:
        pairs = 2 * tables - 1  # naming the missing pair makes the half table
    return mitchell(
        tables,
        boards_per_round,
        method=method,
        pairs=pairs,
        rounds=rounds,
        arrow_switch=switch,
        missing_pair=missing_pair,
    )


def _missing_number(label: str, kind: str, tables: int) -> int | None:
    """The missing pair the director named, as a number: "9" -> 9; "" -> None (the usual
    one). Example: "A3" in a 5-table Howell -> MessageError("pair A3 is not in a 5-table
    Howell (its pairs are 1 to 10)")."""
    if not label:
        return None
    if not label.isascii() or not label.isdigit():
        if kind == Section.Movement.HOWELL:
            raise MessageError(not_in_howell(label, tables))
        raise MessageError(
            Message(
                gettext_noop(
                    "pair %(pair)s is not in a %(tables)s-table Mitchell (its pairs are 1 to"
                    " %(pairs)s)"
                ),
                {"pair": label, "tables": tables, "pairs": 2 * tables},
            )
        )
    return int(label)


def section_plan(section: Section) -> SectionPlan:
    """The section's E per board and winners: from its movement, overridden by the director."""
    movement = usable_movement(section)
    if movement is None:
        return SectionPlan(winners=section.winners)
    plays = {board: movement.expected_plays(board) for board in range(1, movement.boards + 1)}
    return SectionPlan(winners=section.winners or movement.winners, plays=plays)
