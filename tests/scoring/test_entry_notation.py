"""parse_entry: what a director types on a traveller line, in as few keys as possible."""

from __future__ import annotations

import re

import pytest

from sessions_app.scoring.contract import ContractError
from sessions_app.scoring.notation import parse_entry
from sessions_app.scoring.rulings import outcome_words


@pytest.mark.parametrize(
    ("typed", "vul", "token", "declarer", "tricks", "score"),
    [
        ("4S N 10", "None", "4S", "N", 10, 420),
        ("4sn10", "None", "4S", "N", 10, 420),  # five keys and Enter
        ("4s= n", "None", "4S", "N", 10, 420),
        ("4S=N", "NS", "4S", "N", 10, 620),  # vulnerable game: 120 + 500
        ("3nt-1 s", "None", "3NT", "S", 8, -50),
        ("3nt-1 s", "All", "3NT", "S", 8, -100),
        ("4sx+1 e", "None", "4SX", "E", 11, -690),  # 240 + 300 + 50 + 100 to EW
        ("3nn9", "None", "3NT", "N", 9, 400),  # 3N = 3NT, then the declarer N
        ("4NS10", "None", "4NT", "S", 10, 430),
        ("1nts7", "EW", "1NT", "S", 7, 90),
        ("7nt=n", "None", "7NT", "N", 13, 1520),  # 220 + 300 + 1000
        ("6ntxx+1w", "None", "6NTXX", "W", 13, -1860),  # 760 + 300 + 500 + 100 + 200
        ("4♠n10", "None", "4S", "N", 10, 420),
        ("5cx e 8", "None", "5CX", "E", 8, 500),  # three down doubled, NV
        ("2h 10 s", "None", "2H", "S", 10, 170),  # tricks before the declarer
    ],
)
def test_it_reads_contract_declarer_and_tricks(typed, vul, token, declarer, tricks, score):
    outcome = parse_entry(typed, vul)
    assert (outcome.token, outcome.declarer, outcome.tricks, outcome.score_ns) == (
        token,
        declarer,
        tricks,
        score,
    )


@pytest.mark.parametrize(
    ("typed", "token", "score"),
    [("pass", "PASS", 0), ("P", "PASS", 0), ("420", "", 420), ("-50", "", -50), ("+170", "", 170)],
)
def test_it_reads_passes_and_bare_scores(typed, token, score):
    outcome = parse_entry(typed, "None")
    assert (outcome.token, outcome.score_ns) == (token, score)


@pytest.mark.parametrize(
    ("typed", "kind", "ns", "ew"),
    [
        ("A+", "artificial", "A+", "A+"),
        ("a", "artificial", "A", "A"),
        ("A-", "artificial", "A-", "A-"),
        ("A+/A-", "artificial", "A+", "A-"),
        ("a-/a+", "artificial", "A-", "A+"),
        ("NP", "not_played", "", ""),
    ],
)
def test_it_reads_adjustments(typed, kind, ns, ew):
    outcome = parse_entry(typed, "None")
    assert (outcome.kind, outcome.ns_artificial, outcome.ew_artificial) == (kind, ns, ew)


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "nothing entered"),
        ("4s", "4S needs a declarer and the tricks"),
        ("4sn", "4S by N needs the tricks"),
        ("4sn14", "14 tricks is impossible"),
        ("4s-11n", "4S-11 is impossible: that is -1 tricks"),
        ("4sq10", "after 4S type the declarer (N, E, S, W) and the tricks"),
        ("8sn10", "is not a result"),
        ("425", "425 is not a bridge score"),
        ("-60", "no contract scores -60 for NS when vulnerability is None"),
    ],
)
def test_it_says_what_is_wrong(typed, reason):
    # On a None board NS cannot score -60: no contract, made or set, comes to 60.
    with pytest.raises(ContractError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        parse_entry(typed, "None")


def test_it_refuses_a_score_the_vulnerability_cannot_give():
    # NS vulnerable: +420 needs a non-vulnerable NS game, and EW sets go 50/100/300/500...
    with pytest.raises(
        ContractError, match="no contract scores 420 for NS when vulnerability is NS"
    ):
        parse_entry("420", "NS")


@pytest.mark.parametrize(
    ("typed", "vul", "token", "declarer", "tricks", "score"),
    [
        ("4H by W 10", "None", "4H", "W", 10, -420),  # as the app writes a line
        ("4S by N, 10 tricks", "None", "4S", "N", 10, 420),
        ("4S by N, 10 tricks (+420)", "None", "4S", "N", 10, 420),  # the score agrees
        ("3NT by S, 8 tricks (-100)", "All", "3NT", "S", 8, -100),  # one down vulnerable
        ("4sx by e+1", "None", "4SX", "E", 11, -690),  # 240 + 300 + 50 + 100 to EW
        ("3nt= by n", "NS", "3NT", "N", 9, 600),  # 100 + 500 vulnerable game
        ("3n by n 9", "None", "3NT", "N", 9, 400),  # 3N = 3NT, then "by" and the declarer
        ("2h 10 by s", "None", "2H", "S", 10, 170),  # tricks before the declarer
    ],
)
def test_it_reads_by_between_contract_and_declarer(typed, vul, token, declarer, tricks, score):
    outcome = parse_entry(typed, vul)
    assert (outcome.token, outcome.declarer, outcome.tricks, outcome.score_ns) == (
        token,
        declarer,
        tricks,
        score,
    )


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("4S by N", "4S by N needs the tricks"),
        ("4S by N, 10 tricks (+400)", "says +400 but 4S by N, 10 tricks scores +420 for NS"),
        ("4S by Q 10", "after 4S type the declarer"),
        ("420 (+400)", "says +400 but the result scores +420 for NS"),
        ("A+ (+420)", "A+ has no score: leave out (+420)"),
    ],
)
def test_it_says_what_is_wrong_with_by(typed, reason):
    with pytest.raises(ContractError, match=re.escape(reason)):
        parse_entry(typed, "None")


@pytest.mark.parametrize(
    ("typed", "vul"),
    [("4sn10", "None"), ("3ntx-2 w", "EW"), ("6ntxx+1w", "All"), ("pass", "NS"), ("-50", "None")],
)
def test_it_reads_back_the_words_it_shows(typed, vul):
    # Whatever the app writes for a line (outcome_words), typed back, is the same result.
    outcome = parse_entry(typed, vul)
    assert parse_entry(outcome_words(outcome), vul) == outcome
