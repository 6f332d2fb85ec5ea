"""A player's history, and a partnership's, read from the stored standings.

Only published sessions that are not test sessions are shown (the pages are public), and only
where the pair played a board. The figures are each session's own, as its ranking shows them
(players/standings.py keeps them current), so a history of 300 sessions is one query: the
player's pairs with their sessions, partners and standings, read as plain rows.

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
from decimal import Decimal
from fractions import Fraction

from django.db.models import Q

from ..models import Pair, Player, Session
from .name_matching import name_key
from .standings import sessions_store_standings

BEST = 5


@dataclass(frozen=True)
class Played:
    """One session of a player's (or a partnership's) history."""

    session_id: int
    session_name: str
    date: datetime.date
    section: str
    label: str
    partner_id: int | None  # the partner's entry, when matched
    partner_name: str
    percentage: Fraction | None  # None at IMPs
    points: Fraction  # matchpoints on the session's scale, or IMPs
    imps: bool
    place: str
    field: str  # "NS", "EW" or "" (one field)
    field_size: int
    masterpoints: Decimal | None = None  # won in the session, in the club's body's unit
    masterpoint_kind: str = ""  # its colour: "black", "green" ...


@dataclass(frozen=True)
class Partnership:
    partner_id: int | None
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
    def masterpoints(self) -> list[tuple[str, Decimal]]:
        """The master points won in these sessions, by colour: [("black", Decimal("42"))]."""
        won: dict[str, Decimal] = {}
        for p in self.played:
            if p.masterpoints:
                won[p.masterpoint_kind] = won.get(p.masterpoint_kind, Decimal(0)) + p.masterpoints
        return sorted(won.items())

    @property
    def trend(self) -> list[tuple[datetime.date, Fraction, str]]:
        """The percentages oldest first, for the plot: (date, %, session name)."""
        return [
            (p.date, p.percentage, p.session_name)
            for p in reversed(self.played)
            if p.percentage is not None
        ]


STANDING = (
    "results_version",
    "percentage",
    "points",
    "place",
    "field",
    "field_size",
    "boards",
    "masterpoints",
    "masterpoint_kind",
)
FIELDS = (
    "pk",
    "label",
    "player1",
    "player2",
    "player1_ref_id",
    "player2_ref_id",
    "player1_ref__name",
    "player2_ref__name",
    "section__name",
    "section__session_id",
    "section__session__name",
    "section__session__date",
    "section__session__method",
    "section__session__results_version",
    *(f"standing__{name}" for name in STANDING),
)


def _rows(where: Q) -> list[dict]:
    """The pairs as plain rows (no model instances: a history of 300 sessions is read
    often), with their sessions, partners' names and stored standings; one query."""
    shown = Session.objects.public()
    return list(
        Pair.objects.filter(where, section__session__in=shown)
        .order_by("-section__session__date", "-section__session_id", "pk")
        .values(*FIELDS)
    )


def player_history(*, player: Player) -> History:
    """`player`'s sessions, partnerships and best results (one query when the stored
    standings are current)."""
    played = _played(_rows(Q(player1_ref=player) | Q(player2_ref=player)), player)
    return History(played, _partnerships(played), _best(played))


def partnership_history(*, player: Player, partner: Player) -> History:
    """The sessions `player` and `partner` played together (one query, as above)."""
    together = Q(player1_ref=player, player2_ref=partner) | Q(
        player1_ref=partner, player2_ref=player
    )
    played = _played(_rows(together), player)
    return History(played, _partnerships(played), _best(played))


def _played(rows: list[dict], player: Player) -> tuple[Played, ...]:
    stale = {
        row["section__session_id"]
        for row in rows
        if row["standing__results_version"] != row["section__session__results_version"]
    }
    fresh = sessions_store_standings(stale) if stale else {}
    played = []
    for row in rows:
        if row["pk"] in fresh:
            stored = fresh[row["pk"]]
            standing = {name: getattr(stored, name) for name in STANDING}
        else:
            standing = {name: row[f"standing__{name}"] for name in STANDING}
        if not standing["boards"]:
            continue  # no board played (or no standing: a pair of no section's results)
        other = 2 if row["player1_ref_id"] == player.pk else 1
        partner_id = row[f"player{other}_ref_id"]
        percentage = standing["percentage"]
        played.append(
            Played(
                session_id=row["section__session_id"],
                session_name=row["section__session__name"],
                date=row["section__session__date"],
                section=row["section__name"],
                label=row["label"],
                partner_id=partner_id,
                partner_name=row[f"player{other}_ref__name"] or row[f"player{other}"],
                percentage=None if percentage is None else Fraction(percentage),
                points=Fraction(standing["points"]),
                imps=row["section__session__method"] != Session.Method.MATCHPOINTS,
                place=standing["place"],
                field=standing["field"],
                field_size=standing["field_size"],
                masterpoints=standing["masterpoints"],
                masterpoint_kind=standing["masterpoint_kind"],
            )
        )
    return tuple(played)


def _partnerships(played: tuple[Played, ...]) -> tuple[Partnership, ...]:
    groups: dict[object, list[Played]] = {}
    for one in played:
        key = one.partner_id if one.partner_id is not None else name_key(one.partner_name)
        groups.setdefault(key, []).append(one)
    found = [
        Partnership(
            partner_id=group[0].partner_id,
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
