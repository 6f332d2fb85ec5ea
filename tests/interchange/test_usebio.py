"""USEBIO 1.2 out and in; XML that could hurt (entity bombs, external entities) refused."""

from __future__ import annotations

import io
import time
import xml.etree.ElementTree as ET

import pytest
from django.core.management import CommandError, call_command

from sessions_app.interchange.refused import FileRefused
from sessions_app.interchange.usebio.read import read_usebio
from sessions_app.models import Board, Pair, Result, Session
from tests.conftest import PAGAT_BOARD_1, export, last_line_id, run

from .conftest import DATA, results_without_ids, stored_counts, through_usebio

BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&lol9;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&secret;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""


def usebio_of(session_id: int) -> ET.Element:
    return ET.fromstring(export(session_id, "usebio").split("\n", 2)[2])


@pytest.mark.django_db
def test_it_writes_the_event_pairs_and_travellers(make_session):
    session = make_session(PAGAT_BOARD_1, "pair,player1,player2\n3,Jean Moore,Peter Walsh\n")
    root = usebio_of(session.pk)
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    assert root.findtext("CLUB/CLUB_NAME") == "Riverside Bridge Club"
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "MP_PAIRS"
    assert [
        event.findtext(tag) for tag in ("EVENT_DESCRIPTION", "DATE", "WINNER_TYPE", "BOARDS_PLAYED")
    ] == ["Test pairs", "16/11/2026", "2", "1"]
    # A Mitchell without a switch: two fields, so each pair has its direction. Pair 3 beat
    # everyone (12 of 12); pair 11 is last in the EW field.
    pair_3 = next(p for p in event.iter("PAIR") if p.findtext("PAIR_NUMBER") == "3")
    assert [pair_3.findtext(t) for t in ("DIRECTION", "PERCENTAGE", "PLACE", "TOTAL_SCORE")] == [
        "NS",
        "100.00",
        "1",
        "12.00",
    ]
    assert [p.findtext("PLAYER_NAME") for p in pair_3.findall("PLAYER")] == [
        "Jean Moore",
        "Peter Walsh",
    ]
    pair_11 = next(p for p in event.iter("PAIR") if p.findtext("PAIR_NUMBER") == "11")
    assert [pair_11.findtext(t) for t in ("DIRECTION", "PLACE")] == ["EW", "7"]
    lines = event.findall("BOARD/TRAVELLER_LINE")
    assert len(lines) == 7 and event.findtext("BOARD/BOARD_NUMBER") == "1"
    tags = (
        "NS_PAIR_NUMBER",
        "EW_PAIR_NUMBER",
        "CONTRACT",
        "PLAYED_BY",
        "TRICKS",
        "SCORE",
        "NS_MATCH_POINTS",
        "EW_MATCH_POINTS",
    )
    assert [lines[2].findtext(tag) for tag in tags] == [
        "3",
        "11",
        "5CX",
        "E",
        "8",
        "500",
        "12.00",
        "0.00",
    ]
    assert event.find("HANDSET") is None  # no deals


@pytest.mark.django_db
def test_it_writes_the_hands_and_adjusted_scores(demo):
    root = usebio_of(demo.pk)
    board_1 = root.find("EVENT/HANDSET/BOARD")
    north = board_1.find("HAND")
    assert board_1.findtext("BOARD_NUMBER") == "1"
    tags = ("DIRECTION", "SPADES", "HEARTS", "DIAMONDS", "CLUBS")
    assert [north.findtext(tag) for tag in tags] == ["North", "J9743", "J", "98", "KQJT8"]
    # The demo has two sections: SESSION / SECTION blocks, B a Howell in one field.
    sections = root.findall("EVENT/SESSION/SECTION")
    assert [s.get("SECTION_ID") for s in sections] == ["A", "B"]
    assert sections[1].find("PARTICIPANTS/PAIR/DIRECTION") is None
    scores = {line.findtext("SCORE") for line in root.iter("TRAVELLER_LINE")}
    assert "NP" in scores


@pytest.mark.django_db
def test_it_imports_a_file_scored_elsewhere_and_agrees_with_it(club):
    output = run("import_usebio", str(DATA / "tuesday_ebuscore.xml"))
    session_id = last_line_id(output)
    assert "Imported 10 traveller lines and 1 deals" in output
    assert "agree with clubscorer's" in output, output
    session = Session.objects.get(pk=session_id)
    assert (session.name, str(session.date), session.scale) == (
        "Tuesday Pairs",
        "2026-11-17",
        "2/1",
    )
    names = dict(Pair.objects.filter(section__session=session).values_list("label", "player1"))
    assert names["3"] == "Zoë Ward"  # ISO-8859-1 in the file
    document = export(session_id)
    assert [f["direction"] for f in document["sections"][0]["fields"]] == ["NS", "EW"]
    board_2 = document["sections"][0]["boards"][1]
    assert [(r["contract"], r["mp_ns"], r["mp_ew"]) for r in board_2["results"]] == [
        ("2H", 9.5, 2.5),  # Neuberg: (2 + 1) x 7/2 - 1 with 2 results where 7 are expected
        ("3NT", 2.5, 9.5),
        ("A+/A-", 12.0, 2.0),  # Law 12C2(c): pair 3's 100% and pair 14's 16.67% elsewhere
    ]


@pytest.mark.django_db
def test_it_works_out_the_double_dummy_table_of_imported_hands(club):
    session_id = last_line_id(run("import_usebio", str(DATA / "tuesday_ebuscore.xml")))
    board = Board.objects.get(session_id=session_id, number=1)
    assert board.deal.startswith("N:J9743.J.98.KQJT8 ")
    # As fixtures/demo/deals.pbn gives for these hands (its OptimumResultTable, board 1).
    assert board.double_dummy["N"] == {"C": 9, "D": 8, "H": 6, "S": 10, "NT": 10}
    assert board.double_dummy["S"]["NT"] == 11 and board.double_dummy["W"]["H"] == 7
    assert board.par_score == 460


@pytest.mark.django_db
def test_it_lists_the_values_it_does_not_reproduce(club, tmp_path):
    text = (DATA / "tuesday_ebuscore.xml").read_bytes()
    text = text.replace(b"<TOTAL_SCORE>24.00</TOTAL_SCORE>", b"<TOTAL_SCORE>20.00</TOTAL_SCORE>")
    (tmp_path / "changed.xml").write_bytes(text)
    output = run("import_usebio", str(tmp_path / "changed.xml"))
    assert output.splitlines()[1:3] == [
        "1 difference(s) between the file and clubscorer (matchpoints on 2/1):",
        "  line 50: pair 3: total matchpoints 20.00 in the file, 24 here",  # its <PAIR>
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (BOMB, "line 2: the file declares its own document type with entities (not accepted)"),
        (EXTERNAL, "line 2: the file declares its own document type with entities"),
        (b"<USEBIO>\n<EVENT>\n</USEBIO>", "line 3: not well-formed XML (mismatched tag)"),
        (b"<RESULTS/>", "line 1: not a USEBIO file (it starts <RESULTS>)"),
        (
            b'<USEBIO><EVENT EVENT_TYPE="TEAMS_OF_FOUR"/></USEBIO>',
            "line 1: a TEAMS_OF_FOUR event is not supported by clubscorer",
        ),
        (
            b"<USEBIO><EVENT><DATE>2026/11/17</DATE></EVENT></USEBIO>",
            "line 1: DATE '2026/11/17' is not a date clubscorer can read without guessing",
        ),
        (
            b'<USEBIO><EVENT><SESSION>\n<SECTION SECTION_ID="B"><WINNER_TYPE>3</WINNER_TYPE>'
            b"</SECTION></SESSION></EVENT></USEBIO>",
            "line 2: WINNER_TYPE '3' is not 1 or 2",
        ),
    ],
)
def test_it_refuses_xml_it_will_not_read(data, message):
    started = time.perf_counter()
    with pytest.raises(FileRefused) as error:
        read_usebio(data)
    assert error.value.errors[0].startswith(message), error.value.errors
    assert time.perf_counter() - started < 1  # the bomb is never expanded


@pytest.mark.parametrize("number", ["NaN", "Infinity"])
def test_it_refuses_a_published_number_that_is_no_number(number):
    # Decimal reads both; they once reached the comparison with clubscorer's scores and
    # stopped the import with a traceback.
    text = (DATA / "tuesday_ebuscore.xml").read_bytes()
    text = text.replace(
        b"<PERCENTAGE>60.42</PERCENTAGE>", f"<PERCENTAGE>{number}</PERCENTAGE>".encode()
    )
    with pytest.raises(FileRefused) as error:
        read_usebio(text)
    # named by the line of its <PAIR>
    assert error.value.errors == [f"line 20: PERCENTAGE '{number}' is not a number"]


EIGHT_SPADES = (  # board 1, NS 6 v EW 12: 5S by N, 10 tricks, NS -50 (one down, not vulnerable)
    b"<CONTRACT>5S</CONTRACT>\n        <PLAYED_BY>N</PLAYED_BY>\n        <LEAD></LEAD>\n"
    b"        <TRICKS>10</TRICKS>\n        <SCORE>-50</SCORE>"
)


@pytest.mark.django_db
def test_it_refuses_a_bad_traveller_line_and_stores_nothing(club, tmp_path):
    # An unreadable contract and a contract beside another score, each with a score bridge
    # cannot have (-55, -205): nothing says what the table got.
    text = (DATA / "tuesday_ebuscore.xml").read_bytes()
    text = text.replace(b"<SCORE>-100</SCORE>", b"<SCORE>-205</SCORE>")
    text = text.replace(EIGHT_SPADES, EIGHT_SPADES.replace(b"5S", b"8S").replace(b"-50", b"-55"))
    (tmp_path / "bad.xml").write_bytes(text)
    before = stored_counts()
    with pytest.raises(CommandError) as error:  # each named by the line of its <TRAVELLER_LINE>
        run("import_usebio", str(tmp_path / "bad.xml"))
    assert str(error.value).splitlines() == [
        "2 problems, nothing imported:",
        "line 288: board 1: '8S' is not a contract (expected e.g. 4S, 3NT, 4SX, 5DXX or PASS)",
        "line 324: board 2: score -205 does not match 3NT by N (-100 for NS, vulnerability NS)",
    ]
    assert stored_counts() == before


@pytest.mark.django_db
def test_it_keeps_a_line_whose_score_is_known_by_its_score_and_says_so(club, tmp_path):
    # The same two lines with scores bridge has: -50 beside 8S, -200 beside 3NT by N one down
    # (-100 vulnerable). The score is what the table got: each line is kept by it, and named.
    text = (DATA / "tuesday_ebuscore.xml").read_bytes()
    text = text.replace(b"<SCORE>-100</SCORE>", b"<SCORE>-200</SCORE>")
    text = text.replace(EIGHT_SPADES, EIGHT_SPADES.replace(b"5S", b"8S"))
    (tmp_path / "kept.xml").write_bytes(text)
    out, err = io.StringIO(), io.StringIO()
    call_command("import_usebio", str(tmp_path / "kept.xml"), stdout=out, stderr=err)
    assert err.getvalue().splitlines() == [
        "warning: line 288: board 1: kept by its score, NS -50: '8S' is not a contract (expected"
        " e.g. 4S, 3NT, 4SX, 5DXX or PASS)",
        "warning: line 324: board 2: kept by its score, NS -200: score -200 does not match 3NT by"
        " N (-100 for NS, vulnerability NS)",
    ]
    session = Session.objects.get(pk=last_line_id(out.getvalue()))
    kept = Result.objects.filter(section__session=session, level=None, score_ns__isnull=False)
    assert sorted(kept.values_list("board__number", "score_ns")) == [(1, -50), (2, -200)]


@pytest.mark.django_db
def test_it_keeps_each_sections_number_of_winners(make_session, tmp_path):
    # Section A a Mitchell (1 and 2 always NS: two fields), section B a Howell (pair 1 sits NS
    # on board 1 and EW on board 2: one field). The event's WINNER_TYPE is 2 for A's sake; B
    # read back with it was split into an NS field of pairs 1 and 3 and an EW one of 2 and 4.
    session = make_session("""\
        section,board,ns,ew,contract,declarer,tricks
        A,1,1,3,4S,N,10
        A,1,2,4,4S,N,9
        A,2,1,4,3NT,S,9
        A,2,2,3,3NT,S,8
        B,1,1,2,4S,N,10
        B,1,3,4,4S,N,9
        B,2,2,1,3NT,S,9
        B,2,4,3,3NT,S,8
        """)
    sections = usebio_of(session.pk).findall("EVENT/SESSION/SECTION")
    assert [s.findtext("WINNER_TYPE") for s in sections] == ["2", "1"]
    copy = through_usebio(tmp_path, session.pk)
    fields = {s["name"]: [f["direction"] for f in s["fields"]] for s in export(copy)["sections"]}
    assert fields == {"A": ["NS", "EW"], "B": [None]}
    assert results_without_ids(copy) == results_without_ids(session.pk)
