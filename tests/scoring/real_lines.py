"""The tests' view of a board's matchpoints: (NS, EW) of every real line by its position,
from `score_outcomes`, which keys equal scores together for speed."""

from __future__ import annotations

from collections.abc import Sequence

from sessions_app.scoring.matchpoints import score_outcomes


def score_real_lines(lines: Sequence, expected: int, **options) -> dict[int, tuple]:
    """(NS, EW) matchpoints of every real line, keyed by its position in `lines`, factored to
    E; `options` as `score_outcomes` takes them."""
    keys, outcomes = score_outcomes(lines, expected, **options)
    return {index: outcomes[key] for index, key in enumerate(keys) if key is not None}
