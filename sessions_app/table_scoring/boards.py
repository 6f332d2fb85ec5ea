"""A board's results so far, as a table's phone may show them (GET /api/table/boards/<number>):
the section's traveller of the board, scored exactly as in the session's results, and which of
its lines is the table's own.

Why only a board the table has entered: the players must not see a board's results before they
play it. How much they see is the club's choice (`Session.table_shows`): nothing, the results,
or the results and the pairs' percentages.

Example: table 3 entered board 7 (4S by N, 10 tricks, +620) and another table 3NT by S, 9
tricks (+600) on it: board 7's view has both lines, table 3's marked as its own; before table 3
has entered board 7 -> TableRefused(403, "enter this table's result on board 7 first").
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from ..core.scope import in_session
from ..entry.board_scores import board_results
from ..models import Board, Result, Session, TableDevice
from ..scoring.results import ScoredBoard
from .access import TableRefused
from .state import TableAt, table_at


@dataclass(frozen=True)
class BoardView:
    """Board `number` as a table's phone may see it: its scored traveller in the table's
    section (None before any line is scored), the pk of the table's own line, and whether the
    club shows the percentages (`shows` is the club's `Session.TableShows`)."""

    number: int
    shows: str
    scored: ScoredBoard | None
    yours: int

    @property
    def percent(self) -> bool:
        return self.shows == Session.TableShows.RESULTS_AND_PERCENT


def board_view(*, device: TableDevice, number: int) -> BoardView:
    """Board `number`'s results so far in the section of `device`'s table; TableRefused(403)
    when the club shows nothing at the table, or before the table has entered the board."""
    at = table_at(device.table_code)
    session = at.session
    in_session(Board, session, number=number)
    if session.table_shows == session.TableShows.NOTHING:
        raise TableRefused(403, _("this club does not show the boards' results at the table"))
    yours = _table_line_on(at, number)
    if yours is None:
        raise TableRefused(
            403, _("enter this table's result on board %(board)s first") % {"board": number}
        )
    scored = board_results(session, number).section(at.section.name)
    return BoardView(
        number, session.table_shows, scored.board(number) if scored else None, yours.pk
    )


def _table_line_on(at: TableAt, number: int) -> Result | None:
    """This table's line on board `number`, in a round it has played or is playing."""
    last = min(at.round, at.rounds)
    for rnd in at.movement.rounds:
        seating = rnd.seating(at.code.table)
        if rnd.number > last or seating is None or number not in seating.boards:
            continue
        line = Result.objects.filter(
            section=at.section,
            board__number=number,
            ns__label=seating.ns,
            ew__label=seating.ew,
        ).first()
        if line is not None:
            return line
    return None
