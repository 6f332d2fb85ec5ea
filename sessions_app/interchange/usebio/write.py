"""Writing a session as USEBIO 1.2 (docs/formats.md; read back by `read.py`).

The club, the event (`EVENT_TYPE="MP_PAIRS"`, the date as dd/mm/yyyy, `WINNER_TYPE` 1 or 2,
`BOARDS_PLAYED`, and the session's scoring settings, one `CLUBSCORER_SETTING` each:
`factoring=total`, `ave_plus=61.8` ..., `interchange/settings.py`), the pairs (number, direction
in a two-winner section, place (across sections when the session ranks across them, as
EBUScore writes it), percentage, total matchpoints, players), every board's traveller
lines with their matchpoints (`line.py`), and the hands when known. When the session awards
master points: the event's `MASTER_POINT_SCALE` ("Club") and `MPS_AWARDED_FLAG` Y, each
winning pair's `MASTER_POINTS` (`MASTER_POINTS_AWARDED`, `MASTER_POINT_TYPE` "black"), and the
club's `CLUB_ID_NUMBER` and each player's `NATIONAL_ID_NUMBER` where known, as ScoreBridge
writes them for the EBU. Several sections are written
as `SESSION` / `SECTION SECTION_ID="B"` blocks, one section flat (docs/formats.md). Each block
says its own `WINNER_TYPE`: a session may hold a two-winner Mitchell beside a one-field Howell,
which the event's 2 alone would split into NS and EW fields when read back.

`BOARDS_PLAYED` is the number of boards a pair of the section plays (the boards of its
travellers), which is what programs that award masterpoints from USEBIO read it as: a section
of 18 boards says 18 even when another section of the session used boards 4 to 21. Each
`SECTION` block says its own; the `EVENT` says the most of any section.

At IMPs the event is `CROSS_IMPS` or `BUTLER_PAIRS` (`BOARD_SCORING_METHOD` `CROSS_IMPS` /
`BUTLER_IMPS`), a pair's `TOTAL_SCORE` is its IMPs (no `PERCENTAGE`), and a traveller line has
`NS_CROSS_IMP_POINTS` / `EW_CROSS_IMP_POINTS` (cross-IMPs, the average per comparison) or
`NS_BUTLER_POINTS` / `EW_BUTLER_POINTS` with the board's datum in `BOARD_AVERAGE`: the names
Compscore3 writes and other USEBIO readers look for (the DTD leaves a line's IMPs to programs).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Hashable, Mapping

from ...scoring.display import awarded
from ...scoring.display import number as rounded
from ...scoring.matchpoints import Value
from ...scoring.results import SectionResult, SessionResults
from ..compare_places import written_places
from ..fields import DEFAULT_SECTION
from ..records import BoardRecord
from ..settings import settings_text
from .hands import text_element, write_handset
from .line import WRITTEN, write_traveller_line

SETTING = "CLUBSCORER_SETTING"  # one of the session's settings, `factoring=total`


def write_usebio(
    results: SessionResults,
    boards: Mapping[int, BoardRecord],
    *,
    club: str = "",
    club_id: str = "",
    members: Mapping[tuple[str, str], tuple[str, ...]] | None = None,
    program_version: str = "",
    reasons: Mapping[Hashable, str] | None = None,
) -> str:
    """The session as USEBIO 1.2 (docs/formats.md), UTF-8; `club_id` is the club's number
    with its national body and `members` each pair's players' membership numbers, by
    (section, label), which the body credits master points and charges by."""
    reasons = reasons or {}
    event_type, board_method, _, _ = WRITTEN[results.settings.method]
    root = ET.Element("USEBIO", Version="1.2")
    if club or club_id:
        element = ET.SubElement(root, "CLUB")
        text_element(element, "CLUB_NAME", club)
        if club_id:
            text_element(element, "CLUB_ID_NUMBER", club_id)
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=event_type)
    text_element(event, "EVENT_DESCRIPTION", results.name)
    text_element(event, "PROGRAM_NAME", "clubscorer")
    if program_version:
        text_element(event, "PROGRAM_VERSION", program_version)
    if results.date:
        text_element(event, "DATE", f"{results.date:%d/%m/%Y}")
    text_element(event, "BOARD_SCORING_METHOD", board_method)
    two = any(len(section.fields) == 2 for section in results.sections)
    text_element(event, "WINNER_TYPE", "2" if two else "1")
    most = max((len(section.boards) for section in results.sections), default=0)
    text_element(event, "BOARDS_PLAYED", str(most))
    awarded = results.masterpoints
    if awarded and not awarded.problem:
        text_element(event, "MASTER_POINT_SCALE", awarded.scale.partition(" (")[0])
        text_element(event, "MPS_AWARDED_FLAG", "Y")
    for name, value in settings_text(results.settings, results.scale).items():
        text_element(event, SETTING, f"{name}={value}")
    names = [section.name for section in results.sections]
    if names in ([], [DEFAULT_SECTION]):
        containers = [(event, section) for section in results.sections]
    else:
        session = ET.SubElement(event, "SESSION", SESSION_ID="1")
        containers = []
        for section in results.sections:
            block = ET.SubElement(session, "SECTION", SECTION_ID=section.name)
            text_element(block, "WINNER_TYPE", "2" if len(section.fields) == 2 else "1")
            text_element(block, "BOARDS_PLAYED", str(len(section.boards)))
            containers.append((block, section))
    for container, section in containers:
        _participants(ET.SubElement(container, "PARTICIPANTS"), results, section, members or {})
        for board in section.boards:
            element = ET.SubElement(container, "BOARD")
            text_element(element, "BOARD_NUMBER", str(board.number))
            if results.settings.method == "butler" and board.datum is not None:
                text_element(element, "BOARD_AVERAGE", str(board.datum))  # one datum: not fouled
            for scored in board.lines:
                write_traveller_line(
                    ET.SubElement(element, "TRAVELLER_LINE"), results, scored, reasons
                )
    write_handset(event, results, boards)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
        f"{body}\n"
    )


def _participants(
    element: ET.Element,
    results: SessionResults,
    section: SectionResult,
    members: Mapping[tuple[str, str], tuple[str, ...]],
) -> None:
    places = written_places(results)
    awards = results.masterpoints.awards if results.masterpoints else {}
    for field in section.fields:
        for standing in field.standings:
            score = standing.score
            pair = ET.SubElement(element, "PAIR")
            text_element(pair, "PAIR_NUMBER", score.label)
            if field.direction:
                text_element(pair, "DIRECTION", field.direction)
            award = awards.get((section.name, score.label))
            if award is not None:
                points = ET.SubElement(pair, "MASTER_POINTS")
                text_element(points, "MASTER_POINTS_AWARDED", awarded(award.points))
                text_element(points, "MASTER_POINT_TYPE", award.kind)
            if score.percentage is not None:
                text_element(pair, "PERCENTAGE", _value(score.percentage))
            text_element(pair, "PLACE", places[(section.name, score.label)])
            text_element(pair, "TOTAL_SCORE", _value(results.scaled(score.points)))
            entry = section.pairs.get(score.label)
            numbers = members.get((section.name, score.label), ())
            for index, name in enumerate(entry.names if entry else ()):
                player = ET.SubElement(pair, "PLAYER")
                text_element(player, "PLAYER_NAME", name)
                if index < len(numbers) and numbers[index]:
                    text_element(player, "NATIONAL_ID_NUMBER", numbers[index])


def _value(value: Value | None) -> str:
    return "-" if value is None else f"{rounded(value):.2f}"
