"""Handicapped pairs (scoring/handicaps.py, docs/rules.md §20), pure: the handicap from the
players' grades by hand, and a real session ranked again with handicaps added."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from sessions_app.interchange.plan import plan_results
from sessions_app.interchange.score import planned_file
from sessions_app.scoring.handicaps import handicapped_fields, pair_handicap

FILE = Path(__file__).parents[1] / "interchange/data/real/scorebridge/00202131+001686.xml"


def test_a_pairs_handicap_is_its_players_distance_below_fifty():
    # Ann 44 and Bob 40: 6 + 10 = 16 points (100%), half of it 8 (50%).
    assert pair_handicap([Fraction(44), Fraction(40)], "sum") == Decimal("16.00")
    assert pair_handicap([Fraction(44), Fraction(40)], "half") == Decimal("8.00")
    # Stronger than average: 55 and 53 -> -5 - 3 = -8, half -4.
    assert pair_handicap([Fraction(55), Fraction(53)], "half") == Decimal("-4.00")
    # No grade yet counts as 50; 52.345 -> -2.345, half -1.1725 -> -1.17 (to 2 decimals).
    assert pair_handicap([Fraction(52345, 1000), None], "half") == Decimal("-1.17")
    assert pair_handicap([None, None], "sum") == Decimal("0.00")


def test_a_real_session_ranked_again_on_its_handicapped_percentages():
    # ScoreBridge's Monday pairs, 17 pairs in one field: the last two, pairs 17 (36.14%) and
    # 16 (34.55%), given +20 and +18 points; pair 14, first on 75.88%, given -25.
    results_file, plan = planned_file(FILE.read_bytes(), FILE.name)
    results = plan_results(plan, results_file)
    [section] = results.sections
    given = {"17": Fraction(20), "16": Fraction(18), "14": Fraction(-25)}
    pairs = {
        label: entry._replace(handicap=given.get(label, Fraction(0)))
        for label, entry in section.pairs.items()
    }
    results = dataclasses.replace(results, sections=(dataclasses.replace(section, pairs=pairs),))
    [(name, field)] = handicapped_fields(results)
    order = [(s.place, s.score.label, round(float(s.score.percentage), 2)) for s in field.standings]
    # Exactly (matchpoints / top, the file's figures): pair 17 779/7 of 308 = 36.1317% + 20 =
    # 56.1317, just above pair 8's 1100/7 of 280 = 56.1224; pair 16 745/7 of 308 = 34.5547%
    # + 18 = 52.5547, below pair 2's 52.6531 and above pair 10's 51.3265; pair 14 1635/7 of
    # 308 = 75.8349% - 25 = 50.8349, below pair 9's 51.2245.
    assert order[:11] == [
        ("1", "4", 59.39),
        ("2", "18", 57.56),
        ("3", "17", 56.13),
        ("4", "8", 56.12),
        ("5", "7", 54.23),
        ("6", "1", 53.94),
        ("7", "2", 52.65),
        ("8", "16", 52.55),
        ("9", "10", 51.33),
        ("10", "9", 51.22),
        ("11", "14", 50.83),
    ]
    assert name == section.name
