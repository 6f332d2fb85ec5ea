"""Create a whole session from checked traveller rows (CSV today; PBN and USEBIO later).

The rows arrive already validated by `interchange`; this stores them in one transaction with
bulk inserts, so a 26,000-line file is a handful of queries and either all of it is stored or
none of it is.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence

from django.db import transaction

from ..interchange.names_csv import NamesRow
from ..interchange.travellers_csv import TravellerRow, pair_directions
from ..models import Board, Club, Pair, Result, ResultChange, Section, Session
from ..scoring.board import dealer, vulnerability
from ..scoring.notation import Outcome
from ..scoring.ranking import natural_key
from .audit import change_for, snapshot

BATCH = 2000


def outcome_fields(outcome: Outcome) -> dict:
    """The Result columns that store an Outcome."""
    contract = outcome.contract
    return {
        "kind": {"played": Result.Kind.PLAYED, "artificial": Result.Kind.ARTIFICIAL}.get(
            outcome.kind, Result.Kind.NOT_PLAYED
        ),
        "level": contract.level if contract else None,
        "strain": contract.strain if contract else "",
        "doubled": contract.doubled if contract else 0,
        "declarer": outcome.declarer,
        "tricks": outcome.tricks,
        "score_ns": outcome.score_ns,
        "ns_artificial": outcome.ns_artificial,
        "ew_artificial": outcome.ew_artificial,
    }


def club_for_import(slug: str | None) -> Club:
    """The club named by `slug`; without one, the only club there is (created if none)."""
    if slug:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise Club.DoesNotExist(f"there is no club {slug!r}")
        return club
    clubs = list(Club.objects.all()[:2])
    if len(clubs) > 1:
        raise Club.MultipleObjectsReturned("there are several clubs: say which with --club")
    return clubs[0] if clubs else Club.objects.create(name="My bridge club", slug="club")


@transaction.atomic
def session_import_travellers(
    *,
    club: Club,
    rows: Sequence[TravellerRow],
    names: Iterable[NamesRow] = (),
    name: str,
    date: datetime.date,
    scale: str = Session.Scale.TWO_ONE,
    winners: int | None = None,
    publish: bool = False,
    user=None,
) -> Session:
    session = Session(
        club=club,
        name=name,
        date=date,
        scale=scale,
        status=Session.Status.PUBLISHED if publish else Session.Status.FINAL,
    )
    session.full_clean()
    session.save()
    names = list(names)
    section_names = sorted({row.section for row in rows} | {row.section for row in names})
    sections = {
        section.name: section
        for section in Section.objects.bulk_create(
            Section(session=session, name=section_name, winners=winners)
            for section_name in section_names
        )
    }
    pairs = _create_pairs(sections, rows, names)
    boards = {
        board.number: board
        for board in Board.objects.bulk_create(
            Board(session=session, number=n, dealer=dealer(n), vulnerability=vulnerability(n))
            for n in sorted({row.board for row in rows})
        )
    }
    results = Result.objects.bulk_create(
        (
            Result(
                board=boards[row.board],
                section=sections[row.section],
                ns=pairs[(row.section, row.ns)],
                ew=pairs[(row.section, row.ew)],
                round=row.round,
                table=row.table,
                lead=row.lead,
                updated_by=user if user and user.is_authenticated else None,
                **outcome_fields(row.outcome),
            )
            for row in rows
        ),
        batch_size=BATCH,
    )
    ResultChange.objects.bulk_create(
        (
            change_for(
                result,
                ResultChange.Action.CREATE,
                after=snapshot(result),
                user=user,
                note="imported",
            )
            for result in results
        ),
        batch_size=BATCH,
    )
    return session


def _create_pairs(
    sections: dict[str, Section], rows: Sequence[TravellerRow], names: list[NamesRow]
) -> dict[tuple[str, str], Pair]:
    sat = pair_directions(rows)
    named = {(row.section, row.pair): row for row in names}
    keys = sorted(set(sat) | set(named), key=lambda key: (key[0], natural_key(key[1])))
    created = Pair.objects.bulk_create(
        Pair(
            section=sections[section],
            label=label,
            direction=_direction(named.get((section, label)), sat.get((section, label), set())),
            player1=named[(section, label)].names[0] if (section, label) in named else "",
            player2=named[(section, label)].names[1] if (section, label) in named else "",
        )
        for section, label in keys
    )
    return {(pair.section.name, pair.label): pair for pair in created}


def _direction(named: NamesRow | None, sat: set[str]) -> str:
    if named and named.direction:
        return named.direction
    return next(iter(sat)) if len(sat) == 1 else ""
