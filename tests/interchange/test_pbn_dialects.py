"""PBN as Ruter, Magic Contest and the one-game-a-table programs write it (issue 14, problems 2
and 3): each dialect read, or refused with its line; nothing dropped silently."""

from __future__ import annotations

import datetime
import io
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from sessions_app.core.results import session_results
from sessions_app.interchange.pbn.dialects import scoring
from sessions_app.interchange.pbn.read import read_pbn
from sessions_app.interchange.refused import FileRefused
from sessions_app.interchange.text import file_notes
from sessions_app.models import Result, Session
from tests.conftest import last_line_id, run

from .conftest import DATA


def write(tmp_path, text: str):
    path = tmp_path / "file.pbn"
    path.write_text(text)
    return path


def refusal(text: str) -> list[str]:
    with pytest.raises(FileRefused) as refused:
        read_pbn(text)
    return refused.value.errors


# A one-field barometer as Ruter writes it: two boards, four pairs, every pair sitting both
# ways; the TotalScoreTable ranks the four pairs once and says where each pair started.
SCORE_TABLE = (
    "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;"
    "Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"
)
RUTER_BAROMETER = f"""\
[Event "Klubbkveld"]
[Date "2024.05.14"]
[Board "1"]
[Scoring "MatchPoints"]
[ScoreTable "{SCORE_TABLE}"]
 1  2 4S   N 10  420    -  2.0  0.0
 3  4 P.O. - -     -    -  0.0  2.0
[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\3L;TotalMP\\5R"]
 1  4 E-W  4.0
2=  1 N-S  2.0
2=  3 N-S  2.0
 4  2 E-W  0.0

[Board "2"]
[ScoreTable "{SCORE_TABLE}"]
 4  1 3NT  S  9  600    -  2.0  0.0
 2  3 PO   -  -    -    -  0.0  2.0
"""


def test_it_reads_ruters_starting_seats_as_one_field():
    results_file = read_pbn(RUTER_BAROMETER)
    assert results_file.winners == {"A": 1}
    assert {(row.ns, row.ew, row.outcome.token) for row in results_file.rows} == {
        ("1", "2", "4S"),
        ("3", "4", "PASS"),
        ("4", "1", "3NT"),
        ("2", "3", "PASS"),
    }


@pytest.mark.django_db
def test_it_ranks_ruters_barometer_in_its_one_published_ranking(tmp_path):
    output = run("import_pbn", str(write(tmp_path, RUTER_BAROMETER)))
    assert "The file's matchpoints and percentages agree with clubscorer's." in output
    results = session_results(Session.objects.get(pk=last_line_id(output)))
    (field,) = results.sections[0].fields
    # 2/1 with one comparison: board 1, 420 (1 v 2) beats the pass (3 v 4): 2 - 0, 0 - 2;
    # board 2 (NS vulnerable), 3NT= by S +600 (4 v 1) beats the pass (2 v 3): 2 - 0, 0 - 2.
    # Pair 4: 2 + 2 = 4; pair 1: 2 + 0; pair 3: 0 + 2; pair 2: 0 + 0.
    assert {(s.place, s.score.label, s.score.points) for s in field.standings} == {
        ("1", "4", 4),
        ("2=", "1", 2),
        ("2=", "3", 2),
        ("4", "2", 0),
    }


def test_it_reads_two_rankings_when_each_seat_has_its_own_first():
    # as if N-S and E-W were ranked apart: pair 4 first E-W, pair 1 first N-S
    text = RUTER_BAROMETER.replace("2=  1 N-S", " 1  1 N-S").replace(" 4  2 E-W", " 2  2 E-W")
    assert read_pbn(text).winners == {"A": 2}


@pytest.mark.parametrize(
    ("north_south", "east_west"),
    [("N-S", "Ö-V"), ("N-S", "Ø-V"), ("N-S", "E-O"), ("N-S", "O-W"), ("N/S", "W-E")],
)
def test_it_reads_every_languages_starting_seats(north_south, east_west):
    # The barometer as a Swedish, Norwegian, French or German club's program labels it: the
    # same one field (docs/formats.md, PBN, "Dialects"), and two when each seat has a first.
    text = RUTER_BAROMETER.replace("N-S", f"{north_south:<3}").replace("E-W", f"{east_west:<3}")
    assert read_pbn(text).winners == {"A": 1}
    apart = text.replace(f"2=  1 {north_south:<3}", f" 1  1 {north_south:<3}")
    apart = apart.replace(f" 4  2 {east_west:<3}", f" 2  2 {east_west:<3}")
    assert read_pbn(apart).winners == {"A": 2}


def test_a_direction_that_is_none_is_named():
    (error,) = refusal(RUTER_BAROMETER.replace(" 1  4 E-W", " 1  4 N-E"))
    assert error == "line 9: direction 'N-E' is neither North-South nor East-West"


def test_it_reads_an_artificial_score_written_without_a_caret():
    text = RUTER_BAROMETER.replace(
        " 3  4 P.O. - -     -    -  0.0  2.0", ' 3  4 -    - -  "A+" "A-"  1.2  0.8'
    )
    row = next(row for row in read_pbn(text).rows if row.ns == "3")
    assert (row.outcome.kind, row.outcome.ns_artificial, row.outcome.ew_artificial) == (
        "artificial",
        "A+",
        "A-",
    )


@pytest.mark.parametrize(
    ("edit", "kind", "line"),
    [
        (
            lambda t: t.replace('[Scoring "MatchPoints"]', '[Competition "Individuals"]'),
            "a file of individuals (Competition 'Individuals')",
            4,
        ),
        (
            lambda t: t.replace('[Scoring "MatchPoints"]', '[Competition "Teams"]'),
            "a file of teams (Competition 'Teams')",
            4,
        ),
        (
            lambda t: t.replace("PairId\\2R;Direction", "PlayerId\\2R;Direction"),
            "a file of individuals (its TotalScoreTable ranks individuals)",
            8,
        ),
    ],
)
def test_it_refuses_a_file_of_individuals_or_teams_saying_so(edit, kind, line):
    text = edit(RUTER_BAROMETER)
    assert refusal(text) == [f"line {line}: {kind} is not supported: clubscorer scores pairs only"]


# One game a table, as PbnTools writes JFR Pary's results: the pair in the players' names.
def table_game(board: int, ns: str, ew: str, contract: str, declarer: str, result: str) -> str:
    return (
        f'[Event "Turniej"]\n[Date "2013.08.08"]\n[Board "{board}"]\n[West "{ew}"]\n'
        f'[North "{ns}"]\n[East "{ew}"]\n[South "{ns}"]\n[Scoring "MP"]\n'
        f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{result}"]\n'
    )


TABLE_GAMES = "\n".join(
    [
        table_game(1, "Para-1", "Para-2", "4S", "N", "9"),
        table_game(1, "Para-3", "Para-4", "4S", "N", "10"),
        table_game(2, "Para-1", "Para-4", "3NT", "W", "11"),
        table_game(2, "Para-3", "Para-2", "Pass", "", ""),
    ]
)


def test_it_reads_the_results_of_a_file_of_one_game_a_table():
    results_file = read_pbn(TABLE_GAMES)
    assert results_file.date == datetime.date(2013, 8, 8)
    # Para-1 is pair 1, Para-2 pair 2, Para-3 pair 3, Para-4 pair 4, in the order first named
    # board 1 (None): 4S-1 by N -50, 4S= +420; board 2 (NS vul.): 3NT+2 by W -460, passed out
    rows = [(r.board, r.ns, r.ew, r.outcome.token, r.outcome.score_ns) for r in results_file.rows]
    assert rows == [
        (1, "1", "2", "4S", -50),
        (1, "3", "4", "4S", 420),
        (2, "1", "4", "3NT", -460),
        (2, "3", "2", "PASS", 0),
    ]
    assert {(n.pair, n.names) for n in results_file.names} == {
        (str(pair), (f"Para-{pair}", "")) for pair in range(1, 5)
    }


def test_it_takes_the_pairs_of_a_table_game_from_its_pair_tags():
    text = TABLE_GAMES.replace('[Board "1"]', '[Board "1"]\n[PairId_NS "7"]\n[PairId_EW "9"]', 1)
    assert next((r.ns, r.ew) for r in read_pbn(text).rows) == ("7", "9")


def test_it_refuses_a_table_game_of_a_pair_against_itself():
    # PairId_NS and PairId_EW both 7: refused by its line, never read as a line (the engine's
    # input is built from the read rows without checking this again).
    text = TABLE_GAMES.replace('[Board "1"]', '[Board "1"]\n[PairId_NS "7"]\n[PairId_EW "7"]', 1)
    assert refusal(text) == ["line 3: board 1: pair 7 cannot play against itself"]


def test_it_refuses_a_table_game_that_does_not_say_who_played():
    text = TABLE_GAMES.replace('"Para-1"', '"N1"', 2).replace('"Para-2"', '"E1"', 2)
    assert refusal(text) == [
        "line 3: board 1: the game has a result but does not say who played it: clubscorer"
        " needs PairId_NS and PairId_EW tags, or the players' names (North, South, East, West)"
    ]


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        ("2024.05.14", datetime.date(2024, 5, 14)),
        ("2024.05.??", None),
        ("????.??.??", None),
        ("2021-04-03 05:06", datetime.date(2021, 4, 3)),
    ],
)
def test_it_takes_the_date_from_the_date_tag(date, expected):
    assert read_pbn(TABLE_GAMES.replace("2013.08.08", date)).date == expected


# Ruter's Butler-2: two results left out in all, the highest and the lowest, down to one
# result. Board 3, the scores of docs/rules.md §9.10 (EW vulnerable): NS -650, -170, -1440,
# +100, -170, -200. Without -1440 and +100 the mean is -1190 / 4 = -297.5 -> datum -300
# (half-way: away from zero): -650 + 300 = -350 -> -8; -170 -> 130 -> +4; -1440 -> -1140
# -> -15; +100 -> 400 -> +9; -200 -> 100 -> +3. (Two at each end would give -190: -10, +1,
# -15, +7, +1, 0.) Board 1, three results (none vulnerable): 420, 450, -50; without -50 and
# 450 the datum is the middle one, 420: 420 -> 0; 450 -> 30 -> +1; -50 -> -470 -> -10. (One
# at each end keeping two results would leave out none: 820 / 3 -> 270: +4, +5, -8.)
RUTER_BUTLER = """\
[Event "Butler"]
[Date "2024.05.14"]
[Board "3"]
[Scoring "IMP;Butler-2;Mean"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW"]
1  7    -  650  -8   8
2  8    -  170   4  -4
3  9    - 1440 -15  15
4 10  100    -   9  -9
5 11    -  170   4  -4
6 12    -  200   3  -3

[Event "Butler"]
[Date "2024.05.14"]
[Board "1"]
[Scoring "IMP;Butler-2;Mean"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW"]
1  7  420    -   0   0
2  8  450    -   1  -1
3  9    -   50 -10  10
"""


@pytest.mark.django_db
def test_it_scores_ruters_butler_2_mean_as_butler_with_its_datum(tmp_path):
    output = run("import_pbn", str(write(tmp_path, RUTER_BUTLER)))
    assert "The file's IMPs agree with clubscorer's." in output
    session = Session.objects.get(pk=last_line_id(output))
    assert (session.method, session.butler_discard) == ("butler", "1to1")
    section = session_results(session).sections[0]
    assert (section.board(3).datum, section.board(1).datum) == (-300, 420)


@pytest.mark.parametrize(
    ("tag", "discard"),
    [
        ("IMP;Butler-0;Mean", "0"),
        ("IMP;Butler-2;Mean", "1to1"),
        ("IMP;Butler;Median", "median"),
        # Butler-4 (four in all): how few results it still applies to is not known, so the
        # file's own IMPs choose the datum, as for a plain Butler
        ("IMP;Butler-4;Mean", None),
        ("IMP;Butler", None),
    ],
)
def test_it_reads_ruters_butler_datum_from_the_scoring_tag(tag, discard):
    assert scoring(tag) == ("butler", discard)


# Pagat's board (docs/rules.md §9.1) as Ruter publishes matchpoints: +1 a comparison won, -1
# lost. 7 results, 6 comparisons a line: 420 beats 170 and -50, ties 420, loses to 430, 500,
# 450 -> 2 - 3 = -1, on the 1/2 scale (-1 + 6) / 2 = 2.5. The others: 430 +2 -> 4; 500 +6 -> 6;
# 450 +4 -> 5; -50 -6 -> 0; 170 -4 -> 1.
PLUS_MINUS = {  # the 2/1 line of pagat_magic.pbn -> the same line as Ruter publishes it
    " 5.0  7.0  42  58": "-1.0  1.0  42  58",
    " 8.0  4.0  67  33": " 2.0 -2.0  67  33",
    "12.0  0.0 100   0": " 6.0 -6.0 100   0",
    "10.0  2.0  83  17": " 4.0 -4.0  83  17",
    " 0.0 12.0   0 100": "-6.0  6.0   0 100",
    " 2.0 10.0  17  83": "-4.0  4.0  17  83",
}
RUTER_MP1 = (DATA / "pagat_magic.pbn").read_text()
for two_one, plus_minus in PLUS_MINUS.items():
    RUTER_MP1 = RUTER_MP1.replace(two_one, plus_minus)


def test_it_puts_ruters_plus_minus_matchpoints_on_the_half_scale():
    values = [
        (line.ns, line.values["mp_ns"], line.values["mp_ew"]) for line in read_pbn(RUTER_MP1).lines
    ]
    assert values == [
        ("1", Decimal("2.5"), Decimal("3.5")),
        ("2", Decimal("4"), Decimal("2")),
        ("3", Decimal("6"), Decimal("0")),
        ("4", Decimal("2.5"), Decimal("3.5")),
        ("5", Decimal("5"), Decimal("1")),
        ("6", Decimal("0"), Decimal("6")),
        ("7", Decimal("1"), Decimal("5")),
    ]


@pytest.mark.django_db
def test_it_reproduces_ruters_plus_minus_matchpoints(tmp_path):
    output = run("import_pbn", str(write(tmp_path, RUTER_MP1)))
    # Every matchpoint agrees; what is left is pagat's whole percentages (42 for 41.67: 10 of
    # the 14, the 100s and 0s being exact), which the report lists as rounded in the file.
    differences = [line for line in output.splitlines() if line.startswith("  line ")]
    assert len(differences) == 10
    assert all(d.endswith("(rounded in the file)") and "percentage" in d for d in differences)
    assert Session.objects.get(pk=last_line_id(output)).scale == "1/0.5"


@pytest.mark.django_db
def test_it_refuses_a_table_game_file_with_nothing_stored(tmp_path):
    text = TABLE_GAMES.replace('"Para-1"', '"N1"', 2).replace('"Para-2"', '"E1"', 2)
    with pytest.raises(CommandError) as error:
        run("import_pbn", str(write(tmp_path, text)))
    assert "nothing imported" in str(error.value)
    assert not Session.objects.exists()


# Two lines a file gets wrong although their results are known (issue 26, point 2), on board 1
# (no one vulnerable): `42` is no contract, but NS +480 says what the table got (4S by N with 12
# tricks is 4 x 30 + 2 x 30 + 300 = +480); 6NT by W with 7 tricks is five down, +250 to NS
# (5 x 50), beside Score_EW 250 (NS -250). Each is kept by its score, NS +480 and NS -250, and
# named; the file's other line is read as it is.
KEPT_BY_SCORE = """\
[Event "Klubbkveld"]
[Date "2024.05.14"]
[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 2 42  N 12 480   -
3 4 6NT W  7   - 250
5 6 4S  N 10 420   -
"""
KEPT_WARNINGS = [
    "line 5: board 1: kept by its score, NS +480: '42' is not a contract (expected e.g. 4S,"
    " 3NT, 4SX, 5DXX or PASS)",
    "line 6: board 1: kept by its score, NS -250: score -250 does not match 6NT by W (+250 for"
    " NS, vulnerability None)",
]


def test_a_line_whose_contract_cannot_be_read_or_contradicts_its_score_is_kept_by_its_score():
    results_file = read_pbn(KEPT_BY_SCORE)
    kept, wrong_score, read = results_file.rows
    assert (kept.line, kept.outcome.contract, kept.outcome.score_ns) == (5, None, 480)
    assert (wrong_score.line, wrong_score.outcome.contract, wrong_score.outcome.score_ns) == (
        6,
        None,
        -250,
    )
    assert (read.outcome.token, read.outcome.score_ns) == ("4S", 420)
    assert results_file.warnings == KEPT_WARNINGS
    assert file_notes(results_file) == KEPT_WARNINGS


@pytest.mark.django_db
def test_the_import_stores_the_lines_kept_by_their_score_and_says_which(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    call_command("import_pbn", str(write(tmp_path, KEPT_BY_SCORE)), stdout=out, stderr=err)
    session = Session.objects.get(pk=last_line_id(out.getvalue()))
    lines = Result.objects.filter(section__session=session)
    stored = dict(lines.values_list("ns__label", "score_ns"))
    assert stored == {"1": 480, "3": -250, "5": 420}
    assert err.getvalue().splitlines() == [f"warning: {w}" for w in KEPT_WARNINGS]


# Leads as files write them: a card in any case is the card (`hk` -> HK, as the grid stores
# it); a lead that is no card is left out, never cut to three characters, and named.
LEADS = """\
[Event "Klubbkveld"]
[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;Score_EW"]
1 2 4S N 10 hk   420 -
3 4 4S N 10 KING 420 -
5 6 4S N 10 -    420 -
"""


def test_a_lead_is_the_card_or_left_out_and_named():
    results_file = read_pbn(LEADS)
    assert [row.lead for row in results_file.rows] == ["HK", "", ""]
    assert results_file.warnings == ["line 5: board 1: the lead 'KING' is not a card: left out"]


# Magic Contest writes a phantom table's row with "Bye" and no opponents: pair 3 sat out.
MAGIC_BYE = """\
[Event "Bye"]
[Board "1"]
[Vulnerable "None"]
[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 1 1 4 4S  N 10 "420" -
2 1 2 5 3NT S  9 "400" -
3 1 3 - "Bye" - - - -
3 2 - 6 Bye - - - -
"""


def test_it_reads_a_bye_row_as_a_pair_sitting_out():
    pbn = read_pbn(MAGIC_BYE)
    assert [(row.ns, row.ew, row.ruling.outcome.score_ns) for row in pbn.rows] == [
        ("1", "4", 420),  # 4S by N making 10, not vulnerable
        ("2", "5", 400),  # 3NT by S making 9
    ]


def test_it_still_refuses_a_result_with_one_pair():
    with pytest.raises(FileRefused) as refused:
        read_pbn(MAGIC_BYE.replace('3 1 3 - "Bye" - - - -', '3 1 3 - 4S N 10 "420" -'))
    assert refused.value.errors == ["line 7: board 1: the NS and EW pairs are both needed"]
