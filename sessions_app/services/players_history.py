"""A player's history, and a partnership's, read from the stored standings.

Only published sessions that are not test sessions are shown (the pages are public), and only
where the pair played a board. The figures are each session's own, as its ranking shows them
(services/standings.py keeps them current), so a history of 300 sessions is one query: the
player's pairs with their sessions, partners and standings.

- **Sessions**: each with the partner, the percentage (or the IMPs of a session scored at
  IMPs), the place and the size of the field, latest first.
- **Partnerships**: each partner with the number of sessions played together and the average
  percentage of those scored at matchpoints (a plain mean of the sessions' percentages), most
  sessions first. A partner not matched to the register is told apart by the name as typed.
- **Best results**: the `BEST` highest percentages, the latest first among equals.

Example: Ann Lee played 55.00% with Bob Ray on 1 June, 48.00% with Cy Dunn on 8 June and
61.50% with Bob Ray on 15 June: partnerships Bob Ray 2 sessions, (55.00 + 61.50) / 2 =
58.25%; Cy Dunn 1, 48.00%. Best: 61.50, 55.00, 48.00.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q

from ..models import Pair, Player, Session
from ..player_names import name_key
from .standings import current_standings

BEST = 5


@dataclass(frozen=True)
class Played:
    """One session of a player's (or a partnership's) history."""

    session_id: int
    session_name: str
    date: datetime.date
    section: str
    label: str
    partner: Player | None  # the partner's entry, when matched
    partner_name: str
    percentage: Fraction | None  # None at IMPs
    points: Fraction  # matchpoints on the session's scale, or IMPs
    imps: bool
    place: str
    field: str  # "NS", "EW" or "" (one field)
    field_size: int


@dataclass(frozen=True)
class Partnership:
    partner: Player | None
    partner_name: str
    sessions: int
    average: Fraction | None  # of the sessions with a percentage


@dataclass(frozen=True)
class History:
    played: tuple[Played, ...]  # latest first
    partnerships: tuple[Partnership, ...]
    best: tuple[Played, ...]

    @property
    def average(self) -> Fraction | None:
        return _mean([p.percentage for p in self.played])

    @property
    def trend(self) -> list[tuple[datetime.date, Fraction, str]]:
        """The percentages oldest first, for the plot: (date, %, session name)."""
        return [(p.date, p.percentage, p.session_name) for p in reversed(self.played)
                if p.percentage is not None]  # fmt: skip


def _pairs(where: Q) -> list[Pair]:
    shown = Session.objects.published().filter(is_test=False)
    return list(
        Pair.objects.filter(where, section__session__in=shown)
        .select_related("section__session", "player1_ref", "player2_ref", "standing")
        .order_by("-section__session__date", "-section__session_id", "pk")
    )


def player_history(*, player: Player) -> History:
    """`player`'s sessions, partnerships and best results (one query when the stored
    standings are current)."""
    pairs = _pairs(Q(player1_ref=player) | Q(player2_ref=player))
    played = _played(pairs, player)
    return History(played, _partnerships(played), _best(played))


def partnership_history(*, player: Player, partner: Player) -> History:
    """The sessions `player` and `partner` played together (one query, as above)."""
    pairs = _pairs(
        Q(player1_ref=player, player2_ref=partner) | Q(player1_ref=partner, player2_ref=player)
    )
    played = _played(pairs, player)
    return History(played, _partnerships(played), _best(played))


def _played(pairs: list[Pair], player: Player) -> tuple[Played, ...]:
    standings = current_standings(pairs)
    played = []
    for pair in pairs:
        standing = standings.get(pair.pk)
        if standing is None or not standing.boards:
            continue
        session = pair.section.session
        first = pair.player1_ref_id == player.pk
        partner = pair.player2_ref if first else pair.player1_ref
        typed = pair.player2 if first else pair.player1
        percentage = standing.percentage
        played.append(
            Played(
                session_id=session.pk,
                session_name=session.name,
                date=session.date,
                section=pair.section.name,
                label=pair.label,
                partner=partner,
                partner_name=partner.name if partner is not None else typed,
                percentage=None if percentage is None else Fraction(percentage),
                points=Fraction(standing.points),
                imps=session.method != Session.Method.MATCHPOINTS,
                place=standing.place,
                field=standing.field,
                field_size=standing.field_size,
            )
        )
    return tuple(played)


def _partnerships(played: tuple[Played, ...]) -> tuple[Partnership, ...]:
    groups: dict[object, list[Played]] = {}
    for one in played:
        key = one.partner.pk if one.partner is not None else name_key(one.partner_name)
        groups.setdefault(key, []).append(one)
    found = [
        Partnership(
            partner=group[0].partner,
            partner_name=group[0].partner_name,
            sessions=len(group),
            average=_mean([p.percentage for p in group]),
        )
        for group in groups.values()
    ]
    found.sort(key=lambda p: (-p.sessions, -(p.average or 0), p.partner_name))
    return tuple(found)


def _best(played: tuple[Played, ...]) -> tuple[Played, ...]:
    scored = [p for p in played if p.percentage is not None]
    scored.sort(key=lambda p: (p.percentage, p.date, p.session_id), reverse=True)
    return tuple(scored[:BEST])


def _mean(values: list[Fraction | None]) -> Fraction | None:
    known = [v for v in values if v is not None]
    return sum(known, Fraction(0)) / len(known) if known else None
