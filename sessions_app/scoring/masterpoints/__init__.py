"""Master points by each national body's published rules. Pure: no Django. Each body is a
module behind one interface (`base.Body`); `BODIES` names them by the code a club chooses.

- `base`: Entrant, Game, Award, AwardRefused and the Body protocol.
- `abf`: the Australian Bridge Federation's masterpoints (green, red), BODIES["abf"].
"""

from __future__ import annotations

from . import abf
from .base import Award, AwardRefused, Body, Entrant, Game

BODIES: dict[str, Body] = {"abf": abf}

__all__ = ["BODIES", "Award", "AwardRefused", "Body", "Entrant", "Game"]
