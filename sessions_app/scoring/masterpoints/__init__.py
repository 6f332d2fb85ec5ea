"""Master points by each national body's published rules. Pure: no Django. Each body is a
module behind one interface (`base.Body`); `BODIES` names them by the code a club chooses.

- `base`: Entrant, Game, Award, AwardRefused and the Body protocol.
- `session`: a scored session's rankings as the bodies read them, and its awards.
- `ebu` (with its figures in `ebu_scales`): the English Bridge Union's master points,
  `BODIES["ebu"]` (docs/rules.md §16).
- `acbl` (`BODIES["acbl"]`): the ACBL's regular club games, black points, section awards by
  stratum (`acbl_charts` holds its figures).
- `abf` (`BODIES["abf"]`): the Australian Bridge Federation's masterpoints (green, red).
"""

from __future__ import annotations

from . import abf, acbl, ebu
from .base import Award, AwardRefused, Body, Entrant, Game

BODIES: dict[str, Body] = {"ebu": ebu, "acbl": acbl, "abf": abf}

__all__ = ["BODIES", "Award", "AwardRefused", "Body", "Entrant", "Game"]
