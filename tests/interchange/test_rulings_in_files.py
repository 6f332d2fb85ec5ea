"""How each file writes a ruling, a fouled board and a reason (docs/formats.md): standard
values other programs can read, clubscorer's own columns and elements only where a session
needs them, and reasons only where the club shows them to players."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.core.management import CommandError
from django.urls import reverse

from sessions_app.interchange.pbn.syntax import read_games, read_table
from tests.conftest import PAGAT_BOARD_1, export, last_line_id, publish, run

from .conftest import DATA, stored_counts

OLD_HEADER = "section,board,round,table,ns,ew,contract,declarer,tricks,lead,score"


# Travellers CSV ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_it_writes_rulings_foul_groups_and_reasons_in_the_travellers_csv(every_ruling):
    lines = export(every_ruling.pk, "travellers").splitlines()
    assert lines[0] == OLD_HEADER + ",foul,reason"
    for row in [
        'A,2,1,1,1,4,assigned 4H S 10,,,,,,"Law 16B: a ""slow"" pass, then 4H; see the notes"',
        "A,2,2,3,3,5,4S N 10 / 4S N 9,,,,,,Law 12C1(b): each side its own",
        "A,3,1,2,2,5,30% 4S N 10; 70% 3NT S 8,,,,,,Law 12C1(c)",
        "A,5,2,2,2,4,12.5% 4S N 11; 37.5% 4S N 10; 50% 4S N 9,,,,,,",
        "A,6,1,3,3,6,1/3 4H E 10; 2/3 4H E 9,,,,,1,Law 87: two groups",
        "A,6,2,2,2,4,4H,E,10,,-620,1,",
        'B,1,1,1,1,4,420 / -50,,,,,,"split, scores only"',
    ]:
        assert row in lines


@pytest.mark.django_db
def test_it_writes_a_plain_sessions_travellers_csv_as_before(make_session):
    session = make_session(PAGAT_BOARD_1)
    lines = export(session.pk, "travellers").splitlines()
    assert lines[:2] == [OLD_HEADER, "A,1,,,1,8,4S,N,10,,420"]


@pytest.mark.django_db
def test_it_refuses_a_travellers_csv_with_bad_rulings_naming_each_line(club, tmp_path):
    (tmp_path / "bad.csv").write_text(
        "board,ns,ew,contract,declarer,tricks,score,foul,reason\n"
        "1,1,2,30% 4S N 10; 60% 3NT S 8,,,,,\n"
        "1,3,4,4S N 10 / 4S N 9,N,,,,\n"
        "1,5,6,4S,N,10,,x,\n"
        "1,7,8,assigned A+,,,,,\n"
        "2,1,2,4S,N,10,,,\n"
    )
    before = stored_counts()
    with pytest.raises(CommandError) as error:
        run("import_travellers", str(tmp_path / "bad.csv"))
    assert str(error.value).splitlines() == [
        "4 problems, nothing imported:",
        "line 2: the weights must add up to 100%, not 90%",
        "line 3: '4S N 10 / 4S N 9' is a ruling: leave declarer, tricks and score empty",
        "line 4: foul group 'x' is not a number from 0 to 9",
        "line 5: an assigned score is a real result, e.g. 4S N 10",
    ]
    assert stored_counts() == before


# PBN ------------------------------------------------------------------------------------------


def score_table(pbn: str, board: int) -> list[dict[str, str]]:
    """The ScoreTable rows of game `board`, each a dict column -> value as written."""
    games, errors = read_games(pbn)
    assert not errors
    game = next(g for g in games if g.value("Board") == str(board))
    columns, rows, errors = read_table(game.get("ScoreTable"))
    assert not errors
    return [{c.name: v.text for c, v in zip(columns, row.values, strict=True)} for row in rows]


@pytest.mark.django_db
def test_it_writes_clubscorers_own_columns_in_the_pbn_score_table(every_ruling):
    pbn = export(every_ruling.pk, "pbn")
    board_2 = {(row["Section"], row["PairId_NS"]): row for row in score_table(pbn, 2)}
    assigned, split = board_2[("A", "1")], board_2[("A", "3")]
    assert [assigned[c] for c in ("Contract", "Declarer", "Result", "Score_NS", "Ruling")] == [
        "4H",
        "S",
        "10",
        "620",
        "assigned 4H S 10",
    ]
    assert assigned["Reason"] == 'Law 16B: a "slow" pass, then 4H; see the notes'
    # A split score: NS's own result in the standard columns, the EW pair's in Ruling only.
    standard = ("Contract", "Declarer", "Result", "Score_NS", "Score_EW", "MP_NS", "MP_EW")
    assert [split[c] for c in standard] == ["4S", "N", "10", "620", "-", "3.00", "3.50"]
    assert (split["Ruling"], split["Foul"]) == ("4S N 10 / 4S N 9", "-")
    weighted = next(row for row in score_table(pbn, 3) if row["PairId_NS"] == "2")
    assert [weighted[c] for c in (*standard, "Percentage_NS", "Percentage_EW")] == [
        "-",
        "-",
        "-",
        "-",
        "-",
        "0.90",
        "3.10",
        "22.50",
        "77.50",
    ]
    assert weighted["Ruling"] == "30% 4S N 10; 70% 3NT S 8"
    assert [row["Foul"] for row in score_table(pbn, 6) if row["Section"] == "A"] == ["1", "1", "2"]
    plain = next(row for row in score_table(pbn, 1) if row["PairId_NS"] == "1")
    assert [plain[c] for c in ("Contract", "Ruling", "Foul", "Reason")] == ["4S", "-", "-", "-"]


@pytest.mark.django_db
def test_it_writes_a_plain_sessions_pbn_without_clubscorers_columns(make_session):
    session = make_session(PAGAT_BOARD_1)
    assert list(score_table(export(session.pk, "pbn"), 1)[0]) == [
        "Table",
        "Round",
        "PairId_NS",
        "PairId_EW",
        "Contract",
        "Declarer",
        "Result",
        "Lead",
        "Score_NS",
        "Score_EW",
        "MP_NS",
        "MP_EW",
        "Percentage_NS",
        "Percentage_EW",
    ]


# USEBIO ---------------------------------------------------------------------------------------


def traveller_lines(xml: str, section: str, board: int) -> list[ET.Element]:
    root = ET.fromstring(xml.split("\n", 2)[2])
    block = next(s for s in root.iter("SECTION") if s.get("SECTION_ID") == section)
    element = next(b for b in block.findall("BOARD") if b.findtext("BOARD_NUMBER") == str(board))
    return element.findall("TRAVELLER_LINE")


def values(line: ET.Element) -> dict[str, str]:
    return {child.tag: child.text for child in line}


@pytest.mark.django_db
def test_it_writes_rulings_in_usebio_as_other_readers_expect_and_its_own_elements(every_ruling):
    xml = export(every_ruling.pk, "usebio")
    split = values(traveller_lines(xml, "A", 2)[1])
    assert split == {
        "NS_PAIR_NUMBER": "3",
        "EW_PAIR_NUMBER": "5",
        "CONTRACT": "4S",
        "PLAYED_BY": "N",
        "TRICKS": "10",
        "SCORE": "620",
        "NS_MATCH_POINTS": "3.00",
        "EW_MATCH_POINTS": "3.50",
        "CLUBSCORER_RULING": "4S N 10 / 4S N 9",
        "CLUBSCORER_REASON": "Law 12C1(b): each side its own",
    }
    # A weighted score is an adjusted score: `A` and the line's percentages, 22.5% and 77.5%
    # rounded half away from zero (the hand-worked line of test_rulings_round_trip.py).
    weighted = values(traveller_lines(xml, "A", 3)[0])
    assert (weighted["SCORE"], weighted["NS_MATCH_POINTS"], weighted["EW_MATCH_POINTS"]) == (
        "A2378",
        "0.90",
        "3.10",
    )
    assert weighted["CLUBSCORER_RULING"] == "30% 4S N 10; 70% 3NT S 8"
    assert "CONTRACT" not in weighted
    artificial = [values(line)["SCORE"] for line in traveller_lines(xml, "A", 4)]
    assert artificial == ["A6040", "A5545", "A4040"]  # A+/A-, 55%/45%, A-
    explicit = values(traveller_lines(xml, "A", 4)[1])  # other readers take A5545 as A+/A-:
    assert explicit["CLUBSCORER_RULING"] == "55%/45%"  # clubscorer reads its own element
    assert values(traveller_lines(xml, "A", 4)[0]).get("CLUBSCORER_RULING") is None
    decimals = [values(line) for line in traveller_lines(xml, "B", 2)][2]
    assert (decimals["SCORE"], decimals["CLUBSCORER_RULING"]) == ("ADJ", "61.8%/38.2%")
    fouled = traveller_lines(xml, "A", 6)
    assert [line.findtext("CLUBSCORER_FOUL_GROUP") for line in fouled] == ["1", "1", "2"]
    plain = values(traveller_lines(xml, "A", 1)[0])
    assert not [tag for tag in plain if tag.startswith("CLUBSCORER_")]


@pytest.mark.django_db
def test_it_says_how_many_boards_each_section_played_in_usebio(make_session):
    # Section A played boards 1-2 and B boards 2-3: 2 boards a pair in each, not 3.
    session = make_session("""\
        section,board,ns,ew,contract,declarer,tricks
        A,1,1,2,4S,N,10
        A,2,1,2,4S,N,9
        B,2,1,2,3NT,S,9
        B,3,1,2,3NT,S,8
    """)
    root = ET.fromstring(export(session.pk, "usebio").split("\n", 2)[2])
    assert root.findtext("EVENT/BOARDS_PLAYED") == "2"
    assert [s.findtext("BOARDS_PLAYED") for s in root.iter("SECTION")] == ["2", "2"]


@pytest.mark.django_db
def test_it_reads_another_programs_adjusted_score_a6040(club, tmp_path):
    # `A6040`, as USEBIO programs write average-plus / average-minus, was read as one 6040%
    # (average-plus to both pairs).
    text = (DATA / "tuesday_ebuscore.xml").read_bytes()
    assert b"<SCORE>60%/40%</SCORE>" in text
    (tmp_path / "a6040.xml").write_bytes(text.replace(b"60%/40%", b"A6040"))
    board_2 = export(last_line_id(run("import_usebio", str(tmp_path / "a6040.xml"))))
    results = board_2["sections"][0]["boards"][1]["results"]
    assert (results[2]["contract"], results[2]["mp_ns"], results[2]["mp_ew"]) == (
        "A+/A-",
        12.0,
        2.0,
    )


# Reasons go where the club shows them ----------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["travellers", "json", "pbn", "usebio", "text"])
def test_it_gives_players_the_reasons_only_where_the_club_shows_them(client, every_ruling, fmt):
    publish(every_ruling)
    url = reverse("sessions_app:export", args=[every_ruling.pk, fmt])
    assert "Law 12C1(c)" not in client.get(url).content.decode()
    club = every_ruling.club
    club.show_reasons = True
    club.save()
    assert "Law 12C1(c)" in client.get(url).content.decode()
