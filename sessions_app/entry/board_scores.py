"""One board scored alone: what the entry grid answers after a line is saved.

A save changes the session, so its cached results are gone; scoring the whole session again
to answer with one board's matchpoints costs a second at 1,000 tables. A board's real results
need only that board's lines (of every section when scoring across the field), its E and the
session's settings — so that is all that is read and scored here, in a few queries.

An artificial score needs more: Law 12C2(c) and a pair facing a phantom use the pair's own
percentage over the whole session. A board with one is scored with the whole session
(`session_results`), as every page does. Example: board 5 of a 1,000-table event with no
adjusted score is answered from its own 26 lines in milliseconds; with an `A+/A-` line it is
answered from the whole session's results.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count

from ..core.results import LINE_ORDER, session_results, session_settings
from ..core.section_movement import section_plan
from ..models import Board, Pair, Result, Section, Session
from ..scoring import (
    BoardInfo,
    EventInput,
    Line,
    SectionEntry,
    SessionResults,
    Traveller,
    score_session,
)
from ..scoring.awards import Artificial
from ..scoring.event import SCALES, choice, expected_without_movement
from ..scoring.traveller_line import STORED_LINE, stored_lines


def board_results(session: Session, number: int) -> SessionResults:
    """Results in which board `number` of every section is scored exactly as in the whole
    session's results (the other boards are left out, so its ranking means nothing)."""
    sections = list(Section.objects.filter(session=session).order_by("name"))
    rows = list(
        Result.objects.filter(section__in=sections, board__number=number)
        .order_by(*LINE_ORDER)
        .values_list(*STORED_LINE, "section_id")
    )
    pair_ids = {row[1] for row in rows} | {row[2] for row in rows}
    labels = dict(Pair.objects.filter(pk__in=pair_ids).values_list("id", "label"))
    lines: dict[int, list[Line]] = defaultdict(list)
    for row, line in zip(rows, stored_lines(rows, labels), strict=True):
        if isinstance(line.ns_award, Artificial) or isinstance(line.ew_award, Artificial):
            return session_results(session)  # it needs the pairs' session percentages
        lines[row[-1]].append(line)
    given = {section.pk: section_plan(section).expected(number) for section in sections}
    most = _most_lines([section for section in sections if not given[section.pk]])
    entries = []
    for section in sections:
        expected = given[section.pk] or most.get(section.pk)
        board_lines = tuple(lines[section.pk])
        travellers = (Traveller(number, board_lines, expected),) if board_lines else ()
        entries.append(SectionEntry(section.name, travellers))
    board = Board.objects.filter(session=session, number=number).first()
    return score_session(
        EventInput(
            sections=tuple(entries),
            settings=session_settings(session),
            boards=(BoardInfo(number, board.dealer, board.vulnerability),) if board else (),
            scale=choice(session.scale, SCALES),
        )
    )


def _most_lines(sections: list[Section]) -> dict[int, int]:
    """The most lines on any board of each section: its E where no movement gives one (a
    count of every line of those sections, so only asked for the sections that need it)."""
    if not sections:
        return {}
    counts = (
        Result.objects.filter(section__in=sections)
        .values_list("section_id", "board_id")
        .annotate(lines=Count("id"))
        .order_by()
    )
    per_section: dict[int, list[int]] = defaultdict(list)
    for section_id, _, lines in counts:
        per_section[section_id].append(lines)
    return {pk: expected_without_movement(lines) for pk, lines in per_section.items()}
