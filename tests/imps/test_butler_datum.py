"""The Butler datum settings (issue 14): none, 1, 2 or 3 results left out at each end, 5% or
10% of them, the median, or Ruter's highest and lowest down to one result (issue 26); each
worked by hand on the scores of docs/rules.md §9.10."""

from __future__ import annotations

import pytest

from sessions_app.scoring.imps import butler_datum, discard_count

# docs/rules.md §9.10 (bridge-scorer's test, after the Woburn Sands club's note): sorted,
# -1440, -650, -200, -170, -170, +100.
WOBURN = [-650, -170, -1440, 100, -170, -200]


@pytest.mark.parametrize(
    ("discard", "datum"),
    [
        # all six: -2530 / 6 = -421.67 -> -420
        ("0", -420),
        # without -1440 and +100: -1190 / 4 = -297.5 -> -300 (half-way: away from zero)
        ("1", -300),
        # Ruter's Butler-2, the highest and the lowest: the same as "1" with six results
        ("1to1", -300),
        # without -1440, -650 and +100, -170: -370 / 2 = -185 -> -190
        ("2", -190),
        # three at each end would leave none: nothing is left out, as with "0"
        ("3", -420),
        # 10% of 6 is 0.6 -> 1 at each end (half up), as with "1"
        ("10%", -300),
        # the median of six: the mean of the middle two, -200 and -170 -> -185 -> -190
        ("median", -190),
    ],
)
def test_it_takes_the_butler_datum_each_setting_gives(discard, datum):
    assert butler_datum(WOBURN, discard) == datum


@pytest.mark.parametrize(
    ("results", "discard", "count"),
    [
        (7, "median", 3),
        (6, "median", 2),
        (2, "median", 0),
        (1, "median", 0),
        (8, "3", 3),
        (7, "3", 0),
        (30, "5%", 2),
        (30, "10%", 3),
        (3, "1", 0),
        (3, "1to1", 1),
        (2, "1to1", 0),
    ],
)
def test_it_counts_the_results_left_out_at_each_end(results, discard, count):
    # median: all but the middle one (odd) or two (even); a count leaves at least 2 results
    # (7 - 2 x 3 = 1 < 2: none left out); 5% of 30 = 1.5 -> 2 (half up), 10% of 30 = 3;
    # 1to1 leaves the highest and the lowest out while one result remains (3 - 2 = 1)
    assert discard_count(results, discard) == count


def test_it_takes_the_median_of_an_odd_number_of_results():
    # -650, -170, -170, -200, +100 sorted: -650, -200, -170, -170, +100; the middle one: -170
    assert butler_datum([-650, -170, -170, -200, 100], "median") == -170


def test_ruters_butler_2_takes_the_middle_of_three_results():
    # 420, 450, -50 sorted: -50, 420, 450. Ruter's Butler-2 leaves out -50 and 450: the datum
    # is 420. One at each end keeping two ("1") leaves out none: 820 / 3 = 273.33 -> 270.
    assert butler_datum([420, 450, -50], "1to1") == 420
    assert butler_datum([420, 450, -50], "1") == 270
