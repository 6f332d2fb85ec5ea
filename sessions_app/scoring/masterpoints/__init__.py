"""Master points by each national body's published rules. Pure: no Django. Each body is a
module behind one interface (`base.Body`); `BODIES` names them by the code a club chooses.

- `base`: Entrant, Game, Award, AwardRefused and the Body protocol.
- `ebu` (with its figures in `ebu_scales`): the English Bridge Union's master points,
  `BODIES["ebu"]` (docs/rules.md §16).
"""

from __future__ import annotations

from . import ebu
from .base import Award, AwardRefused, Body, Entrant, Game

BODIES: dict[str, Body] = {"ebu": ebu}

__all__ = ["BODIES", "Award", "AwardRefused", "Body", "Entrant", "Game"]
