"""Score a session from the database, in a fixed number of queries, and cache the result.

`session_results(session)` is what every page, PDF and export reads. The cache key carries the
session's `results_version`, which every write bumps in its own transaction, so a cached result
is never stale and is computed once per change, not once per request.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from django.core.cache import cache
from django.db.models import F

from ..models import Board, Pair, Result, Section, Session
from ..scoring import (
    BoardInfo,
    EventInput,
    Line,
    PairEntry,
    SectionEntry,
    SessionResults,
    Settings,
    Traveller,
    artificial,
    not_played,
    played,
    score_session,
    split,
    weighted,
)
from ..scoring.contract import Contract
from .movements import section_plan

RESULT_FIELDS = (
    "id", "section_id", "board__number", "ns__label", "ew__label", "round", "table", "kind",
    "level", "strain", "doubled", "declarer", "tricks", "lead", "score_ns", "split_score_ns",
    "weights", "ns_artificial", "ew_artificial", "foul_group",
)  # fmt: skip


def results_cache_key(session: Session) -> str:
    return f"clubscorer:results:{session.pk}:{session.results_version}"


def session_results(session: Session) -> SessionResults:
    """The scored session, from the cache when nothing changed since it was computed."""
    key = results_cache_key(session)
    results = cache.get(key)
    if results is None:
        results = score_session(event_input(session))
        cache.set(key, results)
    return results


def session_touch(session: Session) -> None:
    """Mark the session's results as changed: call inside the transaction of every write."""
    Session.objects.filter(pk=session.pk).update(results_version=F("results_version") + 1)
    session.refresh_from_db(fields=["results_version"])


def event_input(session: Session) -> EventInput:
    """The session as plain data for the scoring engine: four queries whatever its size."""
    sections = list(Section.objects.filter(session=session).order_by("name"))
    pairs: dict[int, list[PairEntry]] = defaultdict(list)
    for pair in Pair.objects.filter(section__session=session).order_by("id"):
        names = tuple(name for name in (pair.player1, pair.player2) if name)
        pairs[pair.section_id].append(PairEntry(pair.label, names, pair.direction or None))
    boards = tuple(
        BoardInfo(board.number, board.dealer, board.vulnerability)
        for board in Board.objects.filter(session=session).order_by("number")
    )
    lines: dict[int, dict[int, list[Line]]] = defaultdict(lambda: defaultdict(list))
    rows = (
        Result.objects.filter(board__session=session)
        .order_by("board__number", "round", "table", "id")
        .values(*RESULT_FIELDS)
    )
    for row in rows:
        lines[row["section_id"]][row["board__number"]].append(result_line(row))
    entries = []
    for section in sections:
        plan = section_plan(section)
        travellers = tuple(
            Traveller(number, tuple(board_lines), plan.expected(number))
            for number, board_lines in sorted(lines[section.pk].items())
        )
        entries.append(
            SectionEntry(section.name, travellers, tuple(pairs[section.pk]), plan.winners)
        )
    return EventInput(
        sections=tuple(entries),
        settings=Settings(
            ave_plus=Fraction(session.ave_plus),
            ave=Fraction(session.ave),
            ave_minus=Fraction(session.ave_minus),
            law_12c2c=session.law_12c2c,
            small_groups=session.small_groups,
            across_the_field=session.across_the_field,
        ),
        boards=boards,
        name=session.name,
        date=session.date,
        scale=session.scale,
    )


def contract_text(level: int | None, strain: str, doubled: int) -> str:
    if level is None:
        return ""
    if level == 0:
        return "PASS"
    return str(Contract(level, strain, doubled))


def result_line(row: dict) -> Line:
    """A stored traveller line (a `.values()` row of RESULT_FIELDS) as the engine's Line."""
    ns, ew, kind = row["ns__label"], row["ew__label"], row["kind"]
    details = {
        "group": row["foul_group"],
        "contract": contract_text(row["level"], row["strain"], row["doubled"]),
        "declarer": row["declarer"],
        "tricks": row["tricks"],
        "lead": row["lead"],
        "round": row["round"],
        "table": row["table"],
        "ref": row["id"],
    }
    if kind in (Result.Kind.PLAYED, Result.Kind.ASSIGNED):
        return played(ns, ew, row["score_ns"], assigned=kind == Result.Kind.ASSIGNED, **details)
    if kind == Result.Kind.SPLIT:
        return split(ns, ew, row["score_ns"], row["split_score_ns"], assigned=True, **details)
    if kind == Result.Kind.WEIGHTED:
        components = [(Fraction(part["weight"]), int(part["score"])) for part in row["weights"]]
        details["contract"] = " + ".join(f"{w} of {s:+d}" for w, s in components)
        return weighted(ns, ew, components, assigned=True, **details)
    token = "NP"
    if kind == Result.Kind.ARTIFICIAL:
        a, b = row["ns_artificial"], row["ew_artificial"]
        token = a if a == b else f"{a}/{b}"
        return artificial(ns, ew, a, b, **{**details, "contract": token})
    return not_played(ns, ew, **{**details, "contract": token})
