"""A pair's players as every page and printed sheet names them."""

from __future__ import annotations

from typing import NamedTuple

from ..scoring.results import SectionResult


class PlayerName(NamedTuple):
    """One player of a pair as typed, with the club register's id when the name is linked to
    it (players/linking.py): the pages make such a name a link to the player's page."""

    name: str
    player: int | None = None


def pair_names(section: SectionResult | None, label: str) -> str:
    """The players of pair `label` in a scored section: "Ann Lee & Bob Ray"; "" when the
    section has no such pair or no names for it."""
    pair = section.pairs.get(label) if section is not None else None
    return " & ".join(pair.names) if pair else ""


def pair_players(section: SectionResult | None, label: str) -> tuple[PlayerName, ...]:
    """The players of pair `label`, each with its register id when linked; () when the
    section has no such pair or no names for it.

    Example: pair 3 "Ann Lee & A. Ray", Ann Lee linked to player 12 ->
    (PlayerName("Ann Lee", 12), PlayerName("A. Ray", None)).
    """
    pair = section.pairs.get(label) if section is not None else None
    if pair is None:
        return ()
    links = pair.players or (None,) * len(pair.names)
    return tuple(PlayerName(name, ref) for name, ref in zip(pair.names, links, strict=True))
