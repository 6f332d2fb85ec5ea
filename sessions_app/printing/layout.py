"""Which rows a traveller and a personal score card get: the movement's seating, filled in with
the results.

Pure functions, plain data in and out (a section's `Movement` and the rows the results pages
show, `rows/`; no database), so that what a printed form holds can be tested without rendering
it. The rows follow the movement, pairs as they sit (in an arrow-switched round the home EW pair
sits NS), each with its result from the pages' rows once there is one; a section without a
movement falls back to one row per result, or per pair before any. The cards that carry no
result, table cards and guide cards, are `movement_cards`.

Example (7-table Mitchell, 3 a round): board 1's traveller -> round 1 at table 1, "1" v "8",
then round 2 at table 7, "7" v "13", ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from ..movements import Movement
from ..movements.model import PairRound
from ..rows import ScoreCardRow, TravellerLineRow
from ..scoring import PairEntry, SectionResult
from ..scoring.ranking import natural_key


def natural_sorted(labels: Iterable[str]) -> list[str]:
    """Pair labels in the order people count them: "2" before "10"."""
    return sorted(labels, key=natural_key)


class PrintedTravellerRow(NamedTuple):
    """One row of a printed traveller: the pairs as they sit (and the line, once played)."""

    round: int | None
    table: int | None
    ns: str
    ew: str
    switched: bool = False  # an arrow-switched round: the EW pair of the movement sits NS
    line: TravellerLineRow | None = None  # the result, as the board's page shows it


def traveller_rows(
    board: int,
    movement: Movement | None,
    lines: Sequence[TravellerLineRow] = (),
    pairs: Sequence[PairEntry] = (),
) -> tuple[PrintedTravellerRow, ...]:
    """The rows of board `board`'s traveller, in the order the board travels.

    With a movement: a row for each table that plays the board (`board_schedule`, sit-outs left
    out), its result filled in from `lines` when the same pairs played it (either way round);
    lines the movement does not expect come last. Without one: a row per line, or, before any
    result, a row per NS pair of `pairs` with the EW pair left blank.

    Example (7-table Mitchell, 3 a round, last round switched): board 1 -> (1, 1, "1", "8"),
    (2, 7, "7", "13"), ..., (7, 2, "10", "2", switched).
    """
    remaining = list(lines)
    rows = []
    if movement is not None and 1 <= board <= movement.boards:
        switched = set(movement.switched_rounds)
        for visit in movement.board_schedule(board):
            if visit.ns is None or visit.ew is None:
                continue  # a sit-out: the board is not played there
            line = _take_line(remaining, visit.ns, visit.ew)
            ns, ew = (line.ns, line.ew) if line else (visit.ns, visit.ew)
            rows.append(
                PrintedTravellerRow(visit.round, visit.table, ns, ew, visit.round in switched, line)
            )
    elif not remaining:
        ns_pairs = [pair.label for pair in pairs if pair.direction == "NS"]
        return tuple(
            PrintedTravellerRow(None, None, label, "") for label in natural_sorted(ns_pairs)
        )
    remaining.sort(key=lambda line: (line.round or 0, line.table or 0, natural_key(line.ns)))
    rows.extend(
        PrintedTravellerRow(line.round, line.table, line.ns, line.ew, line=line)
        for line in remaining
    )
    return tuple(rows)


def _take_line(lines: list[TravellerLineRow], ns: str, ew: str) -> TravellerLineRow | None:
    for index, line in enumerate(lines):
        if {line.ns, line.ew} == {ns, ew}:
            return lines.pop(index)
    return None


def section_boards(
    movement: Movement | None, section: SectionResult | None, session_boards: Iterable[int]
) -> list[int]:
    """The boards a section has travellers for: the movement's boards (and any board that has
    results there), else the boards with results, else every board of the session."""
    scored = {board.number for board in section.boards} if section else set()
    if movement is not None:
        return sorted(set(range(1, movement.boards + 1)) | scored)
    return sorted(scored or set(session_boards))


class CardRow(NamedTuple):
    """One board on a printed personal score card, from the pair's point of view."""

    round: int | None
    table: int | None
    direction: str  # as the pair sits: "NS", "EW" ("" for a sit-out)
    opponent: str | None  # None: the pair sits out
    board: int | None  # None: a sit-out round
    switched: bool = False
    first: bool = True  # the first board of its round: the card shows round, table, opponent
    line: ScoreCardRow | None = None  # the result, as the pair's page shows it


def score_card_rows(
    label: str,
    movement: Movement | None,
    played: Mapping[int, ScoreCardRow] | None = None,
    boards: Sequence[int] = (),
) -> tuple[CardRow, ...]:
    """The rows of pair `label`'s score card: round by round its table, direction, opponent and
    each board, from the movement; the pair's results from `played` (its score card's rows by
    board).

    Without a movement (or when the pair is not in it) a row per board it played, in the order
    played; with no result yet, an empty row for each of `boards`.

    Example (7-table Mitchell, 3 a round, last round switched): pair "1" -> (1, 1, "NS", "8",
    1), (1, 1, "NS", "8", 2, first=False), ..., (7, 1, "EW", "9", 19, switched).
    """
    played = played or {}
    rows: list[CardRow] = []
    schedule = _pair_schedule(movement, label)
    if movement is not None and schedule is not None:
        switched = set(movement.switched_rounds)
        for stop in schedule:
            if stop.opponent is None:
                rows.append(CardRow(stop.round, stop.table, "", None, None))
                continue
            for index, board in enumerate(stop.boards):
                rows.append(
                    CardRow(
                        stop.round,
                        stop.table,
                        stop.direction,
                        stop.opponent,
                        board,
                        stop.round in switched,
                        index == 0,
                        played.get(board),
                    )
                )
        return tuple(rows)
    if not played:
        return tuple(CardRow(None, None, "", "", board) for board in boards)
    ordered = sorted(played.items(), key=lambda item: (item[1].round or 0, item[0]))
    previous = object()
    for board, line in ordered:
        group = (line.round, line.table) if line.round is not None else object()
        rows.append(
            CardRow(
                line.round,
                line.table,
                line.direction,
                line.opponent,
                board,
                False,
                group != previous,
                line,
            )
        )
        previous = group
    return tuple(rows)


def _pair_schedule(movement: Movement | None, label: str) -> list[PairRound] | None:
    if movement is None:
        return None
    try:
        return movement.pair_schedule(label)
    except KeyError:
        return None


def section_labels(movement: Movement | None, section: SectionResult | None) -> list[str]:
    """The pairs of a section in label order: the movement's, and any other with a result."""
    labels = set(movement.pairs) if movement is not None else set()
    if section is not None:
        labels |= set(section.pairs)
        for board in section.boards:
            for scored in board.lines:
                labels |= {scored.line.ns, scored.line.ew}
    return natural_sorted(labels)
