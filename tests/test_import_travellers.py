"""import_travellers: a CSV in, a stored session out; or every bad line named, nothing stored."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from sessions_app.models import Board, Pair, Result, ResultChange, Section, Session
from tests.conftest import BUTLER_BOARD_1, export


def run_import(tmp_path, text: str, *args, names: str | None = None) -> int:
    path = tmp_path / "travellers.csv"
    path.write_text(text)
    options = []
    if names is not None:
        (tmp_path / "names.csv").write_text(names)
        options += ["--names", str(tmp_path / "names.csv")]
    out = io.StringIO()
    call_command("import_travellers", str(path), *options, *args, stdout=out)
    return int(out.getvalue().strip().splitlines()[-1])


NO_FEAR_BOARD_1 = """\
board,ns,ew,contract,declarer,tricks
1,1,8,3NT,N,10
1,2,9,3NT,S,10
1,3,10,4S,N,10
1,4,11,3NT,N,11
1,5,12,3NT,S,10
1,6,13,4S,S,11
1,7,14,3NT,S,8
"""


@pytest.mark.django_db
def test_it_reproduces_the_no_fear_bridge_traveller(tmp_path):
    # docs/rules.md §9.2: published NS/EW matchpoints 6/6, 6/6, 2/10, 12/0, 6/6, 10/2, 0/12.
    session_id = run_import(tmp_path, NO_FEAR_BOARD_1, "--date", "2026-11-16", "--name", "Monday")
    document = export(session_id)
    assert document["session"] == {
        "id": session_id,
        "name": "Monday",
        "date": "2026-11-16",
        "scale": "2/1",
        "settings": {  # clubscorer's defaults: nothing given with the file
            "butler_discard": "1",
            "ave_plus": 60,
            "ave": 50,
            "ave_minus": 40,
            "law_12c2c": True,
            "small_groups": False,
            "across_the_field": False,
            "imp_totals": "sum",
            "split_scores": "half",
            "expected_from": "movement",
            "factoring": "neuberg",
            "scaled_totals": False,
            "tie_places": "equals",
            "imp_artificial": "3",
            "phantom_percent": None,
            "overall_ranking": "off",
        },
    }
    board = document["sections"][0]["boards"][0]
    assert (board["number"], board["dealer"], board["vulnerability"], board["top"]) == (
        1,
        "N",
        "None",
        12,
    )
    assert [
        (r["ns"], r["ew"], r["score_ns"], r["mp_ns"], r["mp_ew"]) for r in board["results"]
    ] == [
        ("1", "8", 430, 6.0, 6.0),
        ("2", "9", 430, 6.0, 6.0),
        ("3", "10", 420, 2.0, 10.0),
        ("4", "11", 460, 12.0, 0.0),
        ("5", "12", 430, 6.0, 6.0),
        ("6", "13", 450, 10.0, 2.0),
        ("7", "14", -50, 0.0, 12.0),
    ]
    # 2/12 = 16.67% for NS on the 4S= line.
    assert board["results"][2]["pct_ns"] == 16.67 and board["results"][2]["pct_ew"] == 83.33


@pytest.mark.django_db
def test_it_ranks_a_mitchell_in_two_fields_with_tied_places(tmp_path):
    session_id = run_import(tmp_path, NO_FEAR_BOARD_1)
    fields = export(session_id)["sections"][0]["fields"]
    assert [f["direction"] for f in fields] == ["NS", "EW"]
    # NS: 4 (12), 6 (10), then 1, 2, 5 tie on 6, then 3 (2), 7 (0).
    assert [(r["place"], r["pair"]) for r in fields[0]["ranking"]] == [
        ("1", "4"),
        ("2", "6"),
        ("3=", "1"),
        ("3=", "2"),
        ("3=", "5"),
        ("6", "3"),
        ("7", "7"),
    ]
    first = fields[0]["ranking"][0]
    assert first == {
        "place": "1",
        "pair": "4",
        "names": [],
        "matchpoints": 12.0,
        "max": 12.0,
        "percentage": 100.0,
        "boards": 1,
    }


@pytest.mark.django_db
def test_it_halves_matchpoints_on_the_one_half_scale(tmp_path):
    session_id = run_import(tmp_path, NO_FEAR_BOARD_1, "--scale", "1/0.5")
    document = export(session_id)
    board = document["sections"][0]["boards"][0]
    assert document["session"]["scale"] == "1/0.5"
    assert board["top"] == 6
    assert [r["mp_ns"] for r in board["results"]] == [3.0, 3.0, 1.0, 6.0, 3.0, 5.0, 0.0]
    # Percentages do not depend on the scale.
    assert board["results"][2]["pct_ns"] == 16.67


@pytest.mark.django_db
def test_it_reads_names_and_the_winners_override(tmp_path):
    names = "pair,player1,player2\n4,Ann Lee,Bob Ray\n11,Cy Dunn,Di Eve\n"
    session_id = run_import(tmp_path, NO_FEAR_BOARD_1, "--winners", "1", names=names)
    fields = export(session_id)["sections"][0]["fields"]
    assert len(fields) == 1 and fields[0]["direction"] is None
    ranking = fields[0]["ranking"]
    assert ranking[0]["pair"] == "4" and ranking[0]["names"] == ["Ann Lee", "Bob Ray"]
    # One field of 14 pairs: 4 (100%) first; 14 (12/12 as EW) ties it.
    assert [r["place"] for r in ranking[:2]] == ["1=", "1="]
    assert {r["pair"] for r in ranking[:2]} == {"4", "14"}


@pytest.mark.django_db
def test_it_prints_the_session_id_last_and_publishes_on_request(tmp_path):
    session_id = run_import(tmp_path, NO_FEAR_BOARD_1, "--publish")
    session = Session.objects.get(pk=session_id)
    assert session.status == Session.Status.PUBLISHED
    assert Result.objects.filter(section__session=session).count() == 7
    change = ResultChange.objects.get(session=session)
    assert (change.action, change.note) == ("import", "imported 7 lines from travellers.csv")


@pytest.mark.django_db
def test_it_accepts_results_scores_passes_and_adjustments(tmp_path):
    text = (
        "board,ns,ew,contract,declarer,result,score\n"
        "2,1,5,4H,S,=,\n"  # NS vulnerable on board 2: 4H= = +620
        "2,2,6,,,,-100\n"  # score only
        "2,3,7,PASS,,,\n"
        "2,4,8,A+/A-,,,\n"
    )
    session_id = run_import(tmp_path, text)
    lines = export(session_id)["sections"][0]["boards"][0]["results"]
    assert [(r["contract"], r["score_ns"]) for r in lines] == [
        ("4H", 620),
        ("", -100),
        ("PASS", 0),
        ("A+/A-", None),
    ]
    # Three real results, E = 4 (top 6): 620 beats both others -> M = 4 on a top of 4,
    # Neuberg (4 + 1) * 4/3 - 1 = 17/3 = 5.67. Pass (0) beats -100: M = 2 -> 3 * 4/3 - 1 = 3.
    assert lines[0]["mp_ns"] == 5.67 and lines[2]["mp_ns"] == 3.0
    # A+/A- with Law 12C2(c): pair 4 has no other board, so plain 60% and 40% of 6.
    assert (lines[3]["mp_ns"], lines[3]["mp_ew"]) == (3.6, 2.4)


@pytest.mark.django_db
def test_it_reads_a_headerless_salliere_file(tmp_path):
    text = "1,1,8,4S,N,10\n1,2,13,3NT,S,10\n1,3,11,5CX,E,8\n"
    session_id = run_import(tmp_path, text)
    lines = export(session_id)["sections"][0]["boards"][0]["results"]
    assert [r["score_ns"] for r in lines] == [420, 430, 500]


@pytest.mark.django_db
def test_it_refuses_a_bad_file_naming_each_line_and_stores_nothing(tmp_path):
    text = (
        "board,ns,ew,contract,declarer,tricks\n"
        "1,1,8,4S,N,10\n"
        "1,2,9,4Z,N,10\n"  # line 3: not a contract
        "1,3,10,4S,N,14\n"  # line 4: 14 tricks
        "1,1,11,3NT,S,9\n"  # line 5: pair 1 twice on board 1
        "2,4,4,PASS,,\n"  # line 6: a pair against itself
        "2,5,12,4S,Q,10\n"  # line 7: no such declarer
    )
    with pytest.raises(CommandError) as refused:
        run_import(tmp_path, text)
    message = str(refused.value)
    assert "nothing imported" in message
    assert "line 3: '4Z' is not a contract" in message
    assert "line 4: 14 tricks is impossible" in message
    assert "line 5: pair 1 already played board 1 (line 2)" in message
    assert "line 6: pair 4 cannot play against itself" in message
    assert "line 7: 'Q' is not a declarer" in message
    assert "line 2:" not in message
    assert not Session.objects.exists()
    assert not Section.objects.exists() and not Pair.objects.exists()
    assert not Board.objects.exists() and not Result.objects.exists()


@pytest.mark.django_db
def test_it_names_an_unknown_column(tmp_path):
    with pytest.raises(CommandError, match="line 1: unknown column 'vul'"):
        run_import(tmp_path, "board,ns,ew,contract,declarer,tricks,vul\n1,1,2,4S,N,10,None\n")
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        ("1,1,2,,,,425", "425 is not a bridge score"),
        ("1,1,2,,,,-60", "no contract scores -60 for NS"),
        ("1,1,2,4S,N,10,450", "score 450 does not match 4S by N (+420 for NS"),
        ("1,1,2,4S,,10,", "4S needs a declarer"),
        ("1,1,2,4S,N,,", "4S by N needs the tricks taken"),
        ("x,1,2,4S,N,10,", "board 'x' is not a number"),
        ("1,1,,4S,N,10,", "the NS and EW pairs are both needed"),
        ("1,1/2,8,4S,N,10,", "pair '1/2' may only have letters, digits"),  # goes into URLs
        ("1,1,12345678901,4S,N,10,", "pair '12345678901' is longer than 10 characters"),
    ],
)
@pytest.mark.django_db
def test_it_explains_each_kind_of_bad_row(tmp_path, row, reason):
    with pytest.raises(CommandError) as refused:
        run_import(tmp_path, f"board,ns,ew,contract,declarer,tricks,score\n{row}\n")
    assert f"line 2: {reason}" in str(refused.value)


@pytest.mark.django_db
def test_it_reports_a_missing_file_without_a_traceback(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_travellers", str(tmp_path / "missing.csv"))


@pytest.mark.django_db
def test_it_scores_a_butler_session_from_the_command_line(tmp_path):
    # docs/rules.md §9.10: datum -300 (one discarded at each end) -> NS -8, +4, -15, +9, +4, +3.
    session_id = run_import(tmp_path, BUTLER_BOARD_1, "--method", "butler", "--butler-discard", "1")
    document = export(session_id)
    assert document["session"]["method"] == "butler"
    board = document["sections"][0]["boards"][0]
    assert board["datum"] == -300 and "top" not in board
    assert [(r["imp_ns"], r["imp_ew"]) for r in board["results"]] == [
        (-8.0, 8.0),
        (4.0, -4.0),
        (-15.0, 15.0),
        (9.0, -9.0),
        (4.0, -4.0),
        (3.0, -3.0),
    ]
    ns = document["sections"][0]["fields"][0]["ranking"]
    assert ns[0] == {"place": "1", "pair": "4", "names": [], "imps": 9.0, "boards": 1}
    assert [(r["place"], r["pair"]) for r in ns[1:3]] == [("2=", "2"), ("2=", "5")]


@pytest.mark.django_db
def test_it_scores_cross_imps_from_the_command_line(tmp_path):
    # docs/rules.md §9.9: NS 620, 170, 140, 140, -100 -> 10.50, -0.25, -1.25, -1.25, -7.75
    # (board 2: NS vulnerable, so +620 and -100 are possible scores).
    text = "board,ns,ew,score\n2,1,11,620\n2,2,12,170\n2,3,13,140\n2,4,14,140\n2,5,15,-100\n"
    session_id = run_import(tmp_path, text, "--method", "cross-imps")
    results = export(session_id)["sections"][0]["boards"][0]["results"]
    assert [r["imp_ns"] for r in results] == [10.5, -0.25, -1.25, -1.25, -7.75]
    csv_text = export(session_id, "csv")
    assert csv_text.splitlines()[0] == "section,field,place,pair,names,imps,boards"
    assert csv_text.splitlines()[1] == "A,NS,1,1,,10.50,1"  # as the pages write it
