"""Each pair's total, percentage and place in its session, stored, so that a player's history
of three hundred sessions is read in one query instead of scoring three hundred sessions.

A stored row (`PairStanding`) carries the `results_version` of the session it was computed at;
every write to a session bumps that version (core/results.py `session_touch`), so a row
is current exactly when the versions agree. A player's history reads its rows with its pairs
and stores anew only the sessions whose rows are stale or missing (`sessions_store_standings`;
the session's scored results come from `session_results`, cached, as every page's do).

Example: pair 3 of session 7 was stored at version 12 with 54.17%, place "2=" of 7 NS. A line
of session 7 is corrected (version 13): the next history that shows pair 3 scores session 7
again (once), stores every pair of it at version 13, and shows pair 3's new 52.08%, place 3.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.db import transaction

from ..core.results import session_results
from ..models import Pair, PairStanding, Session
from ..scoring.results import SessionResults

STORED = (
    "session",
    "results_version",
    "points",
    "top",
    "percentage",
    "boards",
    "place",
    "position",
    "field",
    "field_size",
    "masterpoints",
    "masterpoint_kind",
)
_PLACES = Decimal("0.0001")


def sessions_store_standings(ids: set[int]) -> dict[int, PairStanding]:
    """Store anew the standings of the sessions `ids` (stale ones), by pair id: one query for
    the sessions, then `session_store_standings` for each."""
    stored: dict[int, PairStanding] = {}
    for session in Session.objects.filter(pk__in=ids):
        stored.update(session_store_standings(session=session))
    return stored


def session_store_standings(*, session: Session) -> dict[int, PairStanding]:
    """Score `session` (cached) and store every pair's standing at the session's version;
    three queries: the pairs, the insert-or-update, and the session's version read back."""
    results = session_results(session)
    rows = standing_rows(session, results)
    with transaction.atomic():
        PairStanding.objects.bulk_create(
            rows.values(), update_conflicts=True, unique_fields=["pair"], update_fields=STORED
        )
    return rows


def standing_rows(session: Session, results: SessionResults) -> dict[int, PairStanding]:
    """Every pair of the session as a `PairStanding` (unsaved), by pair id. A pair the results
    do not rank (no board played) gets an empty place and no percentage. Its place is the one
    the session publishes first: across the sections when the session ranks across them
    (docs/rules.md §6.6), else in its section. Example: sections A and B ranked per
    direction, A's NS pair 1 3rd of the 4 NS pairs and 2nd of A's 2 -> place "3" of 4 NS."""
    places: dict[tuple[str, str], tuple[str, str, int]] = {}
    for section in results.sections:
        for field in section.fields:
            for standing in field.standings:
                key = (section.name, standing.score.label)
                places[key] = (standing.place, field.direction or "", len(field.standings))
    for field in results.overall:
        for standing in field.standings:
            key = (standing.score.section, standing.score.label)
            places[key] = (standing.place, field.direction or "", len(field.standings))
    awards = results.masterpoints.awards if results.masterpoints else {}
    rows = {}
    for pk, section_name, label in Pair.objects.filter(section__session=session).values_list(
        "pk", "section__name", "label"
    ):
        score = results.scores.get((section_name, label))
        place, direction, size = places.get((section_name, label), ("", "", 0))
        award = awards.get((section_name, label))
        rows[pk] = PairStanding(
            pair_id=pk,
            session=session,
            results_version=session.results_version,
            points=_decimal(results.scaled(score.points) if score else 0),
            top=_decimal(results.scaled(score.top) if score else 0),
            percentage=_decimal(score.percentage)
            if score and score.percentage is not None
            else None,
            boards=score.boards if score else 0,
            place=place,
            position=_position(place),
            field=direction,
            field_size=size,
            masterpoints=award.points if award else None,
            masterpoint_kind=award.kind if award else "",
        )
    return rows


def _decimal(value: int | Fraction) -> Decimal:
    """Exact to four decimals, rounded half to even only here (1/3 -> 0.3333)."""
    fraction = Fraction(value)
    return (Decimal(fraction.numerator) / Decimal(fraction.denominator)).quantize(_PLACES)


def _position(place: str) -> int | None:
    """The first number of a place: "2=" -> 2, "2/3" -> 2, "" -> None."""
    digits = ""
    for character in place:
        if not character.isdigit():
            break
        digits += character
    return int(digits) if digits else None
