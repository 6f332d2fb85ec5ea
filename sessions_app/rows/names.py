"""A pair's players as every page and printed sheet names them."""

from __future__ import annotations

from ..scoring.results import SectionResult


def pair_names(section: SectionResult | None, label: str) -> str:
    """The players of pair `label` in a scored section: "Ann Lee & Bob Ray"; "" when the
    section has no such pair or no names for it."""
    pair = section.pairs.get(label) if section is not None else None
    return " & ".join(pair.names) if pair else ""
