"""The rows of a competition's standings, as its page and its PDF show them.

One row an entrant: its place (empty when not ranked: fewer sessions than the minimum), its
name, the figure it is ranked by, the sessions it played, and its score in each session of
the competition, marked when it counts (the best N of "best N of M"; every score under the
other rules). Values stay exact; the templates round them (`pct`, `matchpoints` filters).

Example: best 2 of 3, Ann 60% / 50% / 70% -> CompetitionRow("1", "Ann", 130, 3,
(Cell(60, True), Cell(50, False), Cell(70, True))).
"""

from __future__ import annotations

from typing import NamedTuple

from ..scoring.competitions import CompetitionStandings, Value
from ..scoring.display import awarded


class Cell(NamedTuple):
    value: Value | None  # the % (or MP, for a total) in that session; None: did not play
    counted: bool
    played: bool


class CompetitionRow(NamedTuple):
    place: str
    name: str
    value: Value | None
    played: int
    cells: tuple[Cell, ...]
    members: tuple[int, ...] = ()  # the players' ids (their pages)
    masterpoints: str = ""  # won in the competition's sessions: "54 black", "" for none

    @property
    def ranked(self) -> bool:
        return bool(self.place)


def competition_rows(result: CompetitionStandings) -> list[CompetitionRow]:
    """A row per entrant in the standings' order, a cell per session in date order."""
    rows = []
    for standing in result.standings:
        scores = {score.session: score for score in standing.entrant.scores}
        cells = []
        for session in result.sessions:
            score = scores.get(session.id)
            if score is None:
                cells.append(Cell(None, False, False))
            else:
                value = score.percentage if result.percentages else score.points
                cells.append(Cell(value, session.id in standing.counted, True))
        rows.append(
            CompetitionRow(
                standing.place,
                standing.entrant.name,
                standing.value,
                standing.played,
                tuple(cells),
                standing.entrant.members,
                ", ".join(
                    f"{awarded(points)} {kind}".strip()
                    for kind, points in standing.entrant.masterpoints
                ),
            )
        )
    return rows
