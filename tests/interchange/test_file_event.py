"""A file's lines for the engine made two ways: from the columns each row will be stored in
(`line_columns`, as the import stores them) and from each distinct ruling stored and read back
once (`manage.py score`, which stores nothing). They must be the same lines, field for field,
on every kind of file: rulings (weighted, split, artificial), rounds and tables, reasons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sessions_app.interchange.event import file_event, file_pairs, line_columns
from sessions_app.interchange.files import file_kind, read_file
from sessions_app.interchange.results_export import results_document, results_json
from sessions_app.scoring import Settings, score_session

DATA = Path(__file__).parent / "data"
DEMO = Path(__file__).parents[2] / "fixtures" / "demo"
SALLIERE = DATA / "real" / "salliere"
FILES = [
    DEMO / "travellers.csv",
    *(SALLIERE / f"{name}-boards.csv" for name in ("plain", "ximp", "rulings", "club")),
    DATA / "pagat_magic.pbn",
    DATA / "edge_cases.pbn",
    DATA / "tuesday_ebuscore.xml",
]
RULINGS = b"""board,ns,ew,contract,declarer,tricks,round,table,lead,foul,reason
1,1,2,4S,N,10,1,1,SK,,
1,3,4,30% 4S N 10; 70% 3NT S 8,,,2,1,,,Law 12C1(c)
2,1,4,4S N 10 / 4S N 9,,,1,2,,,hesitation
2,3,2,A+/A-,,,,,,1,
3,2,3,PASS,,,2,2,,,
3,4,1,4S,N,10,,,,,
"""


def _events(content: bytes, name: str) -> tuple[object, object]:
    results_file = read_file(content, kind=file_kind(name, content))
    pairs = file_pairs(results_file)
    options = {"settings": Settings(), "winners": {}, "scale": "2/1"}
    columns = [line_columns(row) for row in results_file.rows]
    return (
        file_event(results_file, pairs, columns, **options),
        file_event(results_file, pairs, **options),
    )


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_it_makes_the_lines_of_a_file_as_their_stored_columns_give_them(path):
    stored, read_back = _events(path.read_bytes(), path.name)
    assert read_back == stored


def test_it_makes_weighted_split_and_artificial_lines_as_stored():
    stored, read_back = _events(RULINGS, "rulings.csv")
    assert read_back == stored
    lines = [line for traveller in read_back.sections[0].travellers for line in traveller.lines]
    assert {line.ruling.kind for line in lines} == {"played", "weighted", "split", "artificial"}
    # each board's lines in the order a stored session reads them: no round first, then by round
    assert [line.ref for line in lines] == [1, 2, 4, 3, 6, 5]


@pytest.mark.parametrize("path", [*FILES, None], ids=lambda path: path.name if path else "rulings")
def test_the_json_written_a_part_at_a_time_is_the_document_s(path):
    """`results_json` writes the text of `results_document` itself, a part at a time: every
    kind of line (with a reason, a fouled board's group), ranking and setting gives the same
    characters as the document encoded whole."""
    content, name = (path.read_bytes(), path.name) if path else (RULINGS, "rulings.csv")
    _, event = _events(content, name)
    results = score_session(event)
    reasons = {
        line.ref: line.reason
        for section in event.sections
        for traveller in section.travellers
        for line in traveller.lines
        if line.reason
    }
    if path is None:
        assert reasons and any(
            line.line.group for board in results.sections[0].boards for line in board.lines
        )
    for session_id in (None, 7):
        assert results_json(results, session_id, reasons) == json.dumps(
            results_document(results, session_id, reasons), ensure_ascii=False
        )
