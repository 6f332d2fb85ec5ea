"""What a section's movement tells the scorer: E for each board and the number of winners."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import Section


@dataclass(frozen=True)
class SectionPlan:
    winners: int | None = None  # None: from the travellers
    plays: dict[int, int] = field(default_factory=dict)  # E by board number

    def expected(self, board: int) -> int | None:
        return self.plays.get(board)


def section_plan(section: Section) -> SectionPlan:
    """The section's E per board and winners: from its movement, overridden by the director."""
    return SectionPlan(winners=section.winners)
