"""Travellers CSV dialects (issue 14): signed tricks, the spellings of a passed-out board, and
salliere's boards and names files with the figures salliere published for them
(tests/interchange/data/real/salliere/README.md says how each file was produced)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from sessions_app.core.results import session_results
from sessions_app.interchange.compare import compare
from sessions_app.interchange.files import read_file
from sessions_app.interchange.refused import FileRefused
from sessions_app.interchange.travellers.names import read_names_file
from sessions_app.interchange.travellers.read import read_travellers, read_travellers_file
from sessions_app.models import Result, Session
from sessions_app.scoring.contract import ContractError
from sessions_app.scoring.notation import outcome_from_fields, parse_entry
from tests.conftest import run

SALLIERE = Path(__file__).parent / "data" / "real" / "salliere"


def refusal(text: str) -> list[str]:
    with pytest.raises(FileRefused) as refused:
        read_travellers(text)
    return list(refused.value.errors)


# Problem 5: a signed value in a `tricks` column --------------------------------------------


def test_it_refuses_a_signed_tricks_value_and_says_to_use_a_result_column():
    # Read as a number, `+1` was 1 trick: 4S by N nine down, -450 on board 1 (None vulnerable).
    problems = refusal("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,+1\n1,3,4,4S,N,-1\n")
    assert problems == [
        "line 2: tricks '+1' is signed: tricks are the number declarer took (0-13); for a"
        " result against the contract (+1) use a 'result' column",
        "line 3: tricks '-1' is signed: tricks are the number declarer took (0-13); for a"
        " result against the contract (-1) use a 'result' column",
    ]


def test_it_reads_a_signed_result_against_the_contract():
    # 4S +1 = 11 tricks: 120 + 300 + 30 = 450 (board 1, None vulnerable); 4S -1 = 9: -50.
    rows = read_travellers("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,+1\n1,3,4,4S,N,-1\n")
    assert [(r.outcome.tricks, r.outcome.score_ns) for r in rows] == [(11, 450), (9, -50)]


def test_it_refuses_a_number_of_tricks_in_a_result_column():
    assert refusal("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n") == [
        "line 2: '10' is not a result (expected =, +1, -2 ...)"
    ]


# Passed out, however it is written ----------------------------------------------------------

PASS_SPELLINGS = ["P.O.", "PO", "p.o.", "Pass", "P", "AP", "All pass", "passed out", "Pass out"]


@pytest.mark.parametrize("spelling", PASS_SPELLINGS)
def test_it_reads_every_spelling_of_passed_out_in_the_parser_every_reader_shares(spelling):
    # CSV, PBN and USEBIO lines all go through outcome_from_fields; the entry grid parse_entry.
    for outcome in (outcome_from_fields(contract=spelling, vul="NS"), parse_entry(spelling, "NS")):
        assert (outcome.token, outcome.declarer, outcome.score_ns) == ("PASS", "", 0)


def test_it_reads_salliere_passed_out_line_with_its_zero_tricks():
    rows = read_travellers("2,1,4,P.O.,,0,0,0,2,2\n")
    assert rows[0].outcome.token == "PASS"
    with pytest.raises(ContractError, match="no declarer or tricks"):
        outcome_from_fields(contract="P.O.", tricks="7", vul="None")


# salliere's files -----------------------------------------------------------------------------


def salliere_file(stem: str, names: str | None = None):
    names_path = SALLIERE / (names or f"{stem}-names.csv")
    return read_file(
        (SALLIERE / f"{stem}-boards.csv").read_bytes(), kind="csv", names=names_path.read_bytes()
    )


def import_salliere(stem: str) -> tuple[Session, str]:
    output = run(
        "import_travellers",
        str(SALLIERE / f"{stem}-boards.csv"),
        "--names",
        str(SALLIERE / f"{stem}-names.csv"),
        "--name",
        stem,
        "--date",
        "2026-01-01",
    )
    return Session.objects.get(pk=int(output.split()[-1])), output


def test_it_reads_salliere_scored_boards_file_with_its_published_matchpoints():
    results_file = salliere_file("plain")
    assert results_file.method == "mp" and len(results_file.rows) == 18
    first = results_file.lines[0]  # 1,2,6,4S+1,N,11,450,0,4,0: 450 beats 420 and 400 -> 4
    assert (first.board, first.ns, first.ew, first.values) == (
        1,
        "2",
        "6",
        {"mp_ns": Decimal(4), "mp_ew": Decimal(0)},
    )
    assert results_file.rows[0].outcome.score_ns == 450
    # 2H= by E on board 2 (EW not vulnerable): salliere writes 0 for NS, 110 for EW -> NS -110
    assert {r.outcome.score_ns for r in results_file.rows if r.board == 2} == {0, -110, 50}
    assert results_file.totals[0].values == {"mp": Decimal(18), "pct": Decimal(75)}


@pytest.mark.django_db
def test_it_reproduces_every_figure_salliere_published_at_matchpoints():
    session, output = import_salliere("plain")
    assert "The file's matchpoints and percentages agree with clubscorer's." in output
    assert session.scale == "2/1"  # a top of 4 on a board played 3 times
    results_file = salliere_file("plain")
    assert len(results_file.lines) == 18 and len(results_file.totals) == 6


@pytest.mark.django_db
def test_it_reproduces_salliere_figures_for_its_authors_club_session():
    # salliere's own test session (github.com/mjj29/salliere testdata/scored.csv, 84 lines),
    # matchpointed by salliere 0.10: every line's MPs, every total and percentage agree, e.g.
    # pair 4 first with 63 MP, 65.6%; pair 3 54 MP, 58.7% (on fewer boards: 54/92).
    results_file = salliere_file("club")
    assert (len(results_file.rows), len(results_file.lines), len(results_file.totals)) == (
        84,
        84,
        7,
    )
    assert results_file.totals[1].values == {"mp": Decimal(54), "pct": Decimal("58.7")}
    session, output = import_salliere("club")
    assert "The file's matchpoints and percentages agree with clubscorer's." in output
    results = session_results(session)
    assert results.scores[("A", "3")].points == 54


def test_it_reads_salliere_input_session_with_its_two_score_columns():
    # `18,1,6,4H,W,11,,450`: EW's 450 in the 8th column -> NS -450 (4H by W, 11 tricks,
    # board 18 NS vulnerable so EW not: 120 + 300 + 30 = 450).
    rows = read_travellers((SALLIERE / "club-input-boards.csv").read_text())
    assert len(rows) == 84
    assert [(r.board, r.ns, r.outcome.score_ns) for r in rows][6] == (18, "1", -450)


@pytest.mark.django_db
def test_it_reads_salliere_cross_imps_file_as_cross_imps_and_reproduces_them():
    # Board 1: 420, 450, 400 -> 450 gets IMP(30) + IMP(50) = 1 + 2 over 2 comparisons = 1.5,
    # as salliere's `1,2,6,4S+1,N,11,450,0,1.5,-1.5`.
    results_file = salliere_file("ximp")
    assert results_file.method == "cross_imps"
    assert results_file.lines[1].values == {"imp_ns": Decimal("1.5"), "imp_ew": Decimal("-1.5")}
    assert results_file.totals[0].values == {"imps": Decimal(28)}  # pair 4
    session, output = import_salliere("ximp")
    assert session.method == Session.Method.CROSS_IMPS
    assert "The file's IMPs agree with clubscorer's." in output


@pytest.mark.django_db
def test_it_reads_salliere_averages_and_forced_scores_as_rulings():
    session, output = import_salliere("rulings")
    lines = {
        (r.board.number, r.ns.label): r
        for r in Result.objects.filter(board__session=session).select_related("board", "ns")
    }
    assert (lines[(6, "3")].ns_artificial, lines[(6, "3")].ew_artificial) == ("A+", "A-")
    forced = lines[(3, "1")]  # 4SX-2 by E, +500, forced to !300,!0: NS +300
    assert (forced.kind, forced.score_ns) == ("assigned", 300)
    assert forced.reason == "salliere: score forced over 4SX-2 E"
    assert (lines[(2, "3")].kind, lines[(2, "3")].score_ns) == ("assigned", -110)  # !0,!110
    # salliere gives A+/A- 60%/40% of the top of 4 (2.4, 1.6) whatever the pair's own
    # percentage; clubscorer applies Law 12C2(c) by default (docs/rules.md §5.2): pair 6 has
    # 5 MP on its 5 other boards, 5/20 = 25%, so its A- is 25% of 4 = 1, not 1.6; its total
    # 6 (salliere 6.6), 6/24 = 25% (salliere 6.6/24 = 27.5%). Pair 3's A+ stays 60% (2.4):
    # its other boards make 7/20 = 35%, below 60%.
    assert output.splitlines()[1:5] == [
        "3 difference(s) between the file and clubscorer (matchpoints on 2/1):",
        "  line 17: board 6, 3 v 6: EW matchpoints 1.6 in the file, 1 here",
        "  line 6: pair 6: total matchpoints 6.6 in the file, 6 here",
        "  line 6: pair 6: percentage 27.5 in the file, 25.00 here",
    ]


@pytest.mark.django_db
def test_it_reproduces_salliere_rulings_file_without_law_12c2c():
    session, _ = import_salliere("rulings")
    session.law_12c2c = False  # salliere's convention: A+ 60%, A- 40%, always
    session.save()
    results_file = salliere_file("rulings")
    results = session_results(session)
    assert compare(results, results_file.lines, results_file.totals) == []
    assert len(results_file.lines) == 18 and len(results_file.totals) == 6


def test_it_reads_salliere_printed_results_as_names_with_totals():
    names, totals = read_names_file((SALLIERE / "plain-results-report.csv").read_text())
    assert [(n.pair, n.names) for n in names][:2] == [
        ("1", ("Ann Adams", "Bob Brown")),
        ("4", ("Gail Green", "Hal Hill")),
    ]
    assert [(t.pair, t.values) for t in totals][-1] == ("6", {"mp": Decimal(6), "pct": Decimal(25)})


def test_it_refuses_salliere_printed_boards_report_saying_why():
    with pytest.raises(FileRefused) as refused:
        read_travellers_file((SALLIERE / "plain-boards-report.csv").read_text())
    assert list(refused.value.errors) == [
        "line 1: this is salliere's printed boards report, which has no board numbers: import"
        " salliere's boards file instead"
    ]


def test_it_refuses_what_salliere_writes_that_clubscorer_cannot_keep():
    problems = refusal(
        "1,1,4,4S,N,10,420,0,!3,!1\n"  # matchpoints forced by the director
        "2;vul=all,1,4,4S,N,10,420,0\n"  # board 2 is NS vulnerable (Law 2)
        "3,1,4,4S,N,10,420,50\n"  # both sides scored: a split
        "4,1,4,,,0,av+,\n"  # an average for one side only
    )
    assert problems == [
        "line 1: mp_ns '!3' is forced: clubscorer computes matchpoints from the result; give the"
        " ruling (an assigned or artificial score) instead",
        "line 2: board '2;vul=all': clubscorer takes each board's vulnerability from its number"
        " (Law 2: NS on board 2), not all",
        "line 3: NS score 420 and EW score 50: a split score, which clubscorer reads only as a"
        " ruling in `contract` (420 / -50)",
        "line 4: an average needs both sides: 'av+' and ''",
    ]


def test_it_reads_salliere_section_and_matching_vulnerability_in_a_board_number():
    rows = read_travellers("B:2;vul=ns,1,4,4S,N,10\nB:2,2,5,4S,N,9\n")
    # Board 2: NS vulnerable, 4S making 620 and one down -100.
    assert [(r.section, r.board, r.outcome.score_ns) for r in rows] == [
        ("B", 2, 620),
        ("B", 2, -100),
    ]
