"""One board scored alone: what the entry grid answers after a line is saved.

A save changes the session, so its cached results are gone; scoring the whole session again
to answer with one board's matchpoints costs a second at 1,000 tables. A board's real results
need only that board's lines (of every section when scoring across the field), its E and the
session's settings — so that is all that is read and scored here, in a few queries.

An artificial score needs more: Law 12C2(c) and a pair facing a phantom use the pair's own
percentage over the whole session. A board with one is scored with the whole session
(`session_results`), as every page does. Example: board 5 of a 1,000-table event with no
adjusted score is answered from its own 1,000 lines in milliseconds; with an `A+/A-` line it is
answered from the whole session's results.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count

from ..core.event_inputs import LINE_ORDER, session_settings
from ..core.results import session_results
from ..core.section_movement import section_plan
from ..models import Board, Result, Section, Session
from ..scoring import (
    BoardInfo,
    EventInput,
    Line,
    SectionEntry,
    SessionResults,
    Traveller,
)
from ..scoring.awards import Artificial
from ..scoring.event import SCALES, choice, expected_without_movement
from ..scoring.session import score_travellers
from ..scoring.traveller_line import STORED_LINE, stored_lines


def board_results(session: Session, number: int) -> SessionResults:
    """Results in which board `number` of every section is scored exactly as in the whole
    session's results: only its travellers, with no totals or places (`score_travellers`),
    or the whole session's results when the board has an artificial score."""
    sections = list(Section.objects.filter(session=session).order_by("name"))
    board = Board.objects.filter(session=session, number=number).first()
    rows = list(
        Result.objects.filter(board=board)
        .order_by(*LINE_ORDER)
        .values_list(*STORED_LINE, "section_id", "ns__label", "ew__label")
    )
    labels = {pk: label for row in rows for pk, label in ((row[1], row[-2]), (row[2], row[-1]))}
    lines: dict[int, list[Line]] = defaultdict(list)
    for row, line in zip(rows, stored_lines(rows, labels), strict=True):
        if isinstance(line.ns_award, Artificial) or isinstance(line.ew_award, Artificial):
            return session_results(session)  # it needs the pairs' session percentages
        lines[row[-3]].append(line)
    given = {section.pk: section_plan(section).expected(number) for section in sections}
    most = _most_lines([section for section in sections if not given[section.pk]])
    entries = []
    for section in sections:
        expected = given[section.pk] or most.get(section.pk)
        board_lines = tuple(lines[section.pk])
        travellers = (Traveller(number, board_lines, expected),) if board_lines else ()
        entries.append(SectionEntry(section.name, travellers))
    return score_travellers(
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
        .annotate(lines=Count("*"))
        .order_by()
    )
    per_section: dict[int, list[int]] = defaultdict(list)
    for section_id, _, lines in counts:
        per_section[section_id].append(lines)
    return {pk: expected_without_movement(lines) for pk, lines in per_section.items()}
