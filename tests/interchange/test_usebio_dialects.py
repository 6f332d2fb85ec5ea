"""What other programs write in USEBIO, read as they mean it (issue 14, problems 1, 2 and 4;
docs/formats.md "Dialects of USEBIO"): Compscore's `AxxYY` artificial scores and passed-out
lines, salliere's `430.0` and dates, `P.O.`, individuals and teams refused as such, a
one-winner event whose pairs are all marked NS, and a difference a whole number must not hide.
"""

from __future__ import annotations

import datetime

import pytest

from sessions_app.interchange.refused import FileRefused
from sessions_app.interchange.usebio.read import read_usebio
from tests.conftest import export, last_line_id, run


def usebio(lines: str, event: str = 'EVENT_TYPE="MP_PAIRS"', head: str = "") -> bytes:
    """A file of one board (1, None vulnerable) with these TRAVELLER_LINEs, each on its own
    line of the file from line 4."""
    return (
        f'<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT {event}>{head}\n'
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{lines}</BOARD></EVENT></USEBIO>\n"
    ).encode()


def line(ns: int, ew: int, body: str) -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>{body}</TRAVELLER_LINE>\n"
    )


# Five played lines and Compscore's artificial line, both ways it may be written: 6 lines,
# a top of 2 x (6 - 1) = 10 on the 2/1 scale.
PLAYED = "".join(
    line(ns, ns + 10, f"<SCORE>{score}</SCORE>")
    for ns, score in ((1, 420), (2, 450), (3, 400), (4, -50), (5, 170))
)


def imported(tmp_path, data: bytes) -> dict:
    path = tmp_path / "compscore.xml"
    path.write_bytes(data)
    board = export(last_line_id(run("import_usebio", str(path))))["sections"][0]["boards"][0]
    return {(r["ns"], r["ew"]): r for r in board["results"]}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [
        "<CONTRACT>A5050</CONTRACT><SCORE>A5050</SCORE>",  # Compscore: the code in both
        "<CONTRACT>A5050</CONTRACT>",
        "<SCORE>A5050</SCORE>",
    ],
)
def test_it_reads_compscores_a5050_as_average_to_each_side(tmp_path, body):
    # Average is 50% of the top of 10 to each side: NS 5, EW 5 (A5050 read as one number,
    # 5050%, would be average-plus, 6 each; written in CONTRACT it was refused).
    results = imported(tmp_path, usebio(PLAYED + line(6, 16, body)))
    assert (results[("6", "16")]["mp_ns"], results[("6", "16")]["mp_ew"]) == (5.0, 5.0)
    # At Butler an average is 0 IMPs to each side, whatever the datum.
    results = imported(tmp_path, usebio(PLAYED + line(6, 16, body), 'EVENT_TYPE="BUTLER_PAIRS"'))
    assert (results[("6", "16")]["imp_ns"], results[("6", "16")]["imp_ew"]) == (0.0, 0.0)


@pytest.mark.parametrize(
    ("code", "kinds"),
    [
        ("A6040", ("A+", "A-")),
        ("A4060", ("A-", "A+")),
        ("A6060", ("A+", "A+")),
        ("a5050", ("A", "A")),
    ],
)
def test_it_maps_60_50_40_to_average_plus_average_and_average_minus(code, kinds):
    read = read_usebio(usebio(line(1, 2, f"<CONTRACT>{code}</CONTRACT><SCORE>{code}</SCORE>")))
    outcome = read.rows[0].ruling.outcome
    assert (outcome.kind, outcome.ns_artificial, outcome.ew_artificial) == ("artificial", *kinds)


@pytest.mark.parametrize(
    ("code", "sides"),
    [
        ("A5545", ("55%", "45%")),
        ("A6535", ("65%", "35%")),
        ("70%/30%", ("70%", "30%")),
        ("A65/A35", ("65%", "35%")),
        ("A6045", ("A+", "45%")),
    ],
)
def test_it_reads_any_other_percentage_as_it_is(code, sides):
    # A6535 was read as A+/A- (65 "or more" than 60) and 70%/30% likewise: a wrong score with
    # no word. A director's own percentages are awarded as they are (docs/rules.md §5.9).
    read = read_usebio(usebio(line(1, 2, f"<SCORE>{code}</SCORE>")))
    outcome = read.rows[0].ruling.outcome
    assert (outcome.kind, outcome.ns_artificial, outcome.ew_artificial) == ("artificial", *sides)


def test_it_refuses_a_percentage_over_100_naming_the_line_and_the_code():
    with pytest.raises(FileRefused) as refused:
        read_usebio(usebio(line(1, 2, "<SCORE>120%/40%</SCORE>")))
    assert refused.value.errors == ["line 4: board 1: 120%/40% gives a side 120%, more than 100%"]


@pytest.mark.parametrize(
    "body",
    [
        "<CONTRACT>PASS</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>0</TRICKS><SCORE>0</SCORE>",
        "<CONTRACT>PASS</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS></TRICKS><SCORE>0</SCORE>",
        "<CONTRACT>P.O.</CONTRACT><SCORE>0</SCORE>",
        "<CONTRACT>PO</CONTRACT>",
    ],
)
def test_it_reads_compscores_and_others_passed_out_lines(body):
    outcome = read_usebio(usebio(line(1, 2, body))).rows[0].ruling.outcome
    assert outcome.contract is not None and outcome.contract.passed_out
    assert (outcome.declarer, outcome.tricks, outcome.score_ns) == ("", None, 0)


def test_it_refuses_a_passed_out_line_that_took_tricks():
    body = "<CONTRACT>PASS</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>"
    with pytest.raises(FileRefused) as refused:
        read_usebio(usebio(line(1, 2, body)))
    assert refused.value.errors == ["line 4: board 1: a passed-out board has no tricks (TRICKS 9)"]


def test_it_reads_salliere_scores_and_refuses_a_fraction_of_a_point():
    assert read_usebio(usebio(line(1, 2, "<SCORE>430.0</SCORE>"))).rows[0].outcome.score_ns == 430
    with pytest.raises(FileRefused) as refused:
        read_usebio(usebio(line(1, 2, "<SCORE>430.5</SCORE>")))
    assert refused.value.errors == ["line 4: board 1: SCORE '430.5' is not a whole number"]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("07-10-2010", datetime.date(2010, 10, 7)),  # salliere, day first as USEBIO's dd/mm/yyyy
        ("2010-04-11", datetime.date(2010, 4, 11)),  # salliere, ISO
        ("17/11/2026", datetime.date(2026, 11, 17)),
        ("7.10.2010", datetime.date(2010, 10, 7)),
    ],
)
def test_it_reads_the_dates_programs_write(text, date):
    assert read_usebio(usebio("", head=f"<DATE>{text}</DATE>")).date == date


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("31/02/2010", "is not a date that exists"),
        ("07/10/10", "is not a date clubscorer can read without guessing"),
        ("2010-13-01", "is not a date that exists"),
    ],
)
def test_it_refuses_an_ambiguous_or_impossible_date(text, why):
    with pytest.raises(FileRefused) as refused:
        read_usebio(usebio("", head=f"<DATE>{text}</DATE>"))
    assert refused.value.errors[0].startswith(f"line 2: DATE {text!r} {why}")


@pytest.mark.parametrize(
    ("event", "participants", "message"),
    [
        ('EVENT_TYPE="INDIVIDUAL"', "", "line 2: an INDIVIDUAL event"),
        ('EVENT_TYPE="SWISS_TEAMS"', "", "line 2: a SWISS_TEAMS event"),
        (
            'EVENT_TYPE="PAIRS"',
            '<PARTICIPANTS EVENT_TYPE="TEAMS"><TEAM/></PARTICIPANTS>',
            "line 2: a TEAMS event",
        ),
        (
            'EVENT_TYPE="MP_PAIRS"',
            "<PARTICIPANTS><PLAYER><PLAYER_NUMBER>1</PLAYER_NUMBER></PLAYER></PARTICIPANTS>",
            "line 2: the MP_PAIRS event's participants are players",
        ),
    ],
)
def test_it_refuses_individuals_and_teams_as_events_it_does_not_score(event, participants, message):
    with pytest.raises(FileRefused) as refused:
        read_usebio(usebio(line(1, 2, "<SCORE>420</SCORE>"), event, head=participants))
    assert len(refused.value.errors) == 1
    assert refused.value.errors[0].startswith(message)
    assert "not supported by clubscorer, which scores pairs events only" in refused.value.errors[0]


def pairs_all_ns(winner_type: str) -> bytes:
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>" for n in range(1, 5)
    )
    return usebio(
        line(1, 2, "<SCORE>420</SCORE>") + line(3, 4, "<SCORE>-50</SCORE>"),
        head=f"<WINNER_TYPE>{winner_type}</WINNER_TYPE><PARTICIPANTS>{pairs}</PARTICIPANTS>",
    )


@pytest.mark.django_db
def test_it_ranks_a_one_winner_event_whose_pairs_are_all_marked_ns_as_one_field(tmp_path):
    # salliere marks every pair NS in a WINNER_TYPE 1 event (pairs 2 and 4 sat EW): one
    # ranking of the four pairs, not an NS ranking of them and an empty EW one.
    assert read_usebio(pairs_all_ns("1")).winners == {"A": 1}
    path = tmp_path / "salliere.xml"
    path.write_bytes(pairs_all_ns("1"))
    fields = export(last_line_id(run("import_usebio", str(path))))["sections"][0]["fields"]
    assert [field["direction"] for field in fields] == [None]
    assert sorted(row["pair"] for row in fields[0]["ranking"]) == ["1", "2", "3", "4"]


def mp_line(ns: int, score: int, mp_ns: str, mp_ew: str) -> str:
    return line(
        ns,
        ns + 10,
        f"<SCORE>{score}</SCORE><NS_MATCH_POINTS>{mp_ns}</NS_MATCH_POINTS>"
        f"<EW_MATCH_POINTS>{mp_ew}</EW_MATCH_POINTS>",
    )


@pytest.mark.django_db
def test_it_never_lets_a_whole_number_hide_a_difference(tmp_path):
    # Board 1 has 4 lines (E = 4, top 6): 420, 420, 400, -50 -> NS 2 + 2 + 1 = 5, 5, 2, 0.
    # Board 2 has 3 (None vulnerable too here): 100, 50, -50 -> 4, 2, 0 of 4, factored
    # (Neuberg) to a top of 6: (4 + 1) x 4/3 - 1 = 17/3 = 5.67, (2 + 1) x 4/3 - 1 = 3 and
    # (0 + 1) x 4/3 - 1 = 1/3. The file writes every matchpoint as a whole number: 6 and 0
    # where clubscorer has 5.67 and 0.33 are reported as rounded in the file (they agreed
    # silently before, within half a unit), never hidden.
    board_1 = "".join(
        mp_line(ns, score, mp, str(6 - int(mp)))
        for ns, score, mp in ((1, 420, "5"), (2, 420, "5"), (3, 400, "2"), (4, -50, "0"))
    )
    board_2 = "".join(
        mp_line(ns, score, mp, str(6 - int(mp)))
        for ns, score, mp in ((1, 100, "6"), (2, 50, "3"), (3, -50, "0"))
    )
    data = (
        usebio(board_1)
        .replace(
            b"</BOARD>",
            f"</BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n{board_2}</BOARD>".encode(),
        )
        .replace(b"<BOARD_NUMBER>2</BOARD_NUMBER>", b"<BOARD_NUMBER>8</BOARD_NUMBER>", 1)
    )
    path = tmp_path / "whole.xml"
    path.write_bytes(data)
    output = run("import_usebio", str(path)).splitlines()
    assert output[1:7] == [
        "4 difference(s) between the file and clubscorer (matchpoints on 2/1):",
        "  4 of them where the file writes a whole number and clubscorer's value rounds to it"
        " (docs/formats.md):",
        "  line 9: board 8, 1 v 11: NS matchpoints 6 in the file, 5.67 here (rounded in the file)",
        "  line 9: board 8, 1 v 11: EW matchpoints 0 in the file, 0.33 here (rounded in the file)",
        "  line 11: board 8, 3 v 13: NS matchpoints 0 in the file, 0.33 here (rounded in the file)",
        "  line 11: board 8, 3 v 13: EW matchpoints 6 in the file, 5.67 here (rounded in the file)",
    ]


@pytest.mark.django_db
def test_it_compares_the_imps_a_cross_imp_file_keeps_in_its_match_points(tmp_path):
    # salliere's CROSS_IMP files keep each line's IMPs in NS_MATCH_POINTS. Board 1 (None):
    # 420 v 400 and v -50: +1 and +10 IMPs, 11/2 = 5.5 a comparison; the file says 5.0.
    lines = (
        mp_line(1, 420, "5.0", "-5.0")
        + mp_line(2, 400, "4.5", "-4.5")
        + mp_line(3, -50, "-10.0", "10.0")
    )
    path = tmp_path / "ximp.xml"
    path.write_bytes(usebio(lines, "EVENT_TYPE='CROSS_IMP'"))
    output = run("import_usebio", str(path)).splitlines()
    # 400: -1 v 420, +10 v -50 -> 4.5; -50: -10, -10 -> -10: those agree.
    assert output[1:4] == [
        "2 difference(s) between the file and clubscorer (Cross-IMPs):",
        "  line 4: board 1, 1 v 11: NS IMPs 5.0 in the file, 5.50 here",
        "  line 4: board 1, 1 v 11: EW IMPs -5.0 in the file, -5.50 here",
    ]
