"""Create a whole session from checked traveller rows (a travellers CSV, PBN or USEBIO file).

The rows arrive already validated by `interchange`; this stores them in one transaction with
bulk inserts, so a 26,000-line file is a handful of queries and either all of it is stored or
none of it is.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils import timezone

from ..interchange.names_csv import NamesRow
from ..interchange.travellers_csv import TravellerRow, pair_directions
from ..models import Board, Club, Pair, Result, ResultChange, Section, Session
from ..scoring.ranking import natural_key
from ..traveller_line import LINE_COLUMNS, to_columns
from .bulk import db_value, insert_rows


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
    source: str = "",
    method: str = Session.Method.MATCHPOINTS,
    butler_discard: str = "1",
) -> Session:
    """A new session holding `rows` and `names`, in a fixed number of queries.

    The import is recorded once in the audit trail ("imported 26,000 lines from FILE"); later
    changes to single lines are recorded line by line.
    """
    session = Session(
        club=club,
        name=name,
        date=date,
        scale=scale,
        method=method,
        butler_discard=butler_discard,
        status=Session.Status.PUBLISHED if publish else Session.Status.FINAL,
        published_at=timezone.now() if publish else None,
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
    pairs = _create_pairs(session, sections, rows, names)
    boards = {
        board.number: board.pk
        for board in Board.objects.bulk_create(
            Board.for_number(session, number) for number in sorted({row.board for row in rows})
        )
    }
    user = user if user and user.is_authenticated else None
    now = db_value(Result, "created_at", timezone.now())
    insert_rows(
        Result,
        RESULT_COLUMNS,
        [
            (
                boards[row.board],
                sections[row.section].pk,
                pairs[(row.section, row.ns)],
                pairs[(row.section, row.ew)],
                *_line_values(row),
                1,  # version
                now,
                now,
                user.pk if user else None,
            )
            for row in rows
        ],
    )
    ResultChange.objects.create(
        session=session,
        action=ResultChange.Action.IMPORT,
        user=user,
        note=f"imported {len(rows)} lines" + (f" from {source}" if source else ""),
    )
    return session


RESULT_COLUMNS = (
    "board_id", "section_id", "ns_id", "ew_id", *LINE_COLUMNS, "version", "created_at",
    "updated_at", "updated_by_id",
)  # fmt: skip


def _line_values(row: TravellerRow) -> tuple:
    """A row's LINE_COLUMNS values, ready for the database (only JSON needs preparing)."""
    fields = {
        **to_columns(row.ruling),
        "round": row.round,
        "table": row.table,
        "lead": row.lead,
        "foul_group": row.foul_group,
        "reason": row.reason,
    }
    if fields["weights"] is not None:
        fields["weights"] = db_value(Result, "weights", fields["weights"])
    return tuple(fields[name] for name in LINE_COLUMNS)


def _create_pairs(
    session: Session,
    sections: dict[str, Section],
    rows: Sequence[TravellerRow],
    names: list[NamesRow],
) -> dict[tuple[str, str], int]:
    """Every pair of the travellers and the names file; returns their ids by (section, label)."""
    sat = pair_directions(rows)
    named = {(row.section, row.pair): row for row in names}
    keys = sorted(set(sat) | set(named), key=lambda key: (key[0], natural_key(key[1])))
    values = []
    for section, label in keys:
        entry = named.get((section, label))
        players = entry.names if entry else ("", "")
        direction = _direction(entry, sat.get((section, label), set()))
        values.append((sections[section].pk, label, direction, *players))
    insert_rows(Pair, ("section_id", "label", "direction", "player1", "player2"), values)
    return {
        (section_name, label): pk
        for pk, section_name, label in Pair.objects.filter(section__session=session).values_list(
            "pk", "section__name", "label"
        )
    }


def _direction(named: NamesRow | None, sat: set[str]) -> str:
    if named and named.direction:
        return named.direction
    return next(iter(sat)) if len(sat) == 1 else ""
