"""The ACBL's regular club game awards (sessions_app/scoring/masterpoints/acbl.py).

Sources:
- HANDBOOK: ACBL Handbook, Chapter 4, "Masterpoint awards: I. Calculating the awards",
  https://www.acbl.org/about-acbl/administration/acbl-handbook/i-calculating-the-awards/
  (first place per contestant by kind of game and its maximum; 70% / 50% / 35% / 1/5 / 1/6
  ...; depth 40% rounded .5 up; "an eight-table Mitchell movement is two groups of 8
  pairs", "a five-table Howell movement is one group of 10 pairs", "7 1/2 tables would be
  8 pairs in each group while a 5 1/2 table Howell is 11 pairs"; the lowest strat at least
  five pairs).
- STONERIDGE: ACBL Live for Clubs, Stoneridge Creek Pleasanton, 15 April 2026, event
  1427915 (https://my.acbl.org/club-results/details/1427915), "Club Rating Point" game
  (rating 1), stratified A (no limit) / B (0-200) / C (0-50), one section of 5½ Howell
  tables (11 pairs), as saved in github.com/Rick-Wilson/acbl-live-fetch,
  fixtures/my-acbl/sample-club-game-2.html at commit
  73348134db8746c556d93d59ca8aea95762685e5 (the Unlicense: public domain).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from sessions_app.scoring.masterpoints import BODIES, AwardRefused, Entrant, Game, acbl

STRATA = (("A", 0), ("B", 200), ("C", 50))


def points(game: Game, entrants: list[Entrant]) -> dict[str, str]:
    return {award.key: str(award.points) for award in acbl.award(game, entrants)}


def field(ranking: str, size: int) -> list[Entrant]:
    return [Entrant(f"{n}{ranking}", n, ranking=ranking) for n in range(1, size + 1)]


def test_it_reproduces_the_published_stoneridge_creek_awards() -> None:
    # STONERIDGE, each pair's percentage, place, stratum and published award (per player):
    # 5 60.15% 1/2 A 0.94; 6 60.15% 1/2 A 0.94; 1 55.47% 3 A 0.55; 2 50.78% 4 B 0.42;
    # 10 50.00% 5 A -; 7 49.31% 6 C 0.29; 11 and 4 49.22% 7/8 B -; 12 45.32% 9 C -;
    # 3 41.40% 10 A -; 9 40.28% 11 B -.
    ranked = [
        ("5", 1, 2, "A"),
        ("6", 1, 2, "A"),
        ("1", 3, 1, "A"),
        ("2", 4, 1, "B"),
        ("10", 5, 1, "A"),
        ("7", 6, 1, "C"),
        ("11", 7, 2, "B"),
        ("4", 7, 2, "B"),
        ("12", 9, 1, "C"),
        ("3", 10, 1, "A"),
        ("9", 11, 1, "B"),
    ]
    entrants = [Entrant(key, place, tied, stratum=s) for key, place, tied, s in ranked]
    game = Game("open", tables=5, half_tables=1, boards=16, strata=STRATA)
    # A: 11 pairs x 0.10 = 1.10, 4 places (4.4); 1/2 tie (1.10 + 0.77) / 2 = 0.935 -> 0.94;
    # 3rd 0.55; 4th 0.385, but pair 2 is 1st of the 6 pairs of B or lower: 6 x 0.07 = 0.42,
    # the larger. B: 2 places (2.4); pair 7 2nd: 0.42 x 0.70 = 0.294 -> 0.29. C holds 2
    # pairs, fewer than five: no C ranking.
    assert points(game, entrants) == {
        "5": "0.94",
        "6": "0.94",
        "1": "0.55",
        "2": "0.42",
        "7": "0.29",
    }


def test_it_awards_each_direction_of_an_eight_table_mitchell_as_a_group_of_eight() -> None:
    # HANDBOOK: two groups of 8 pairs; 8 x 0.10 = 0.80, 0.56, 0.40; 3 places (3.2).
    game = Game("open", tables=8, boards=24, winners=2)
    assert points(game, field("NS", 8) + field("EW", 8)) == {
        "1NS": "0.80",
        "2NS": "0.56",
        "3NS": "0.40",
        "1EW": "0.80",
        "2EW": "0.56",
        "3EW": "0.40",
    }


def test_it_awards_a_five_table_howell_as_one_group_of_ten() -> None:
    # HANDBOOK: one group of 10 pairs; 1.00, 0.70, 0.50, 0.35; 4 places.
    game = Game("open", tables=5, boards=27)
    assert points(game, field("", 10)) == {"1": "1.00", "2": "0.70", "3": "0.50", "4": "0.35"}


def test_it_counts_a_half_table_as_a_pair_in_each_direction() -> None:
    # HANDBOOK: 7½ Mitchell tables are 8 pairs a group, though 7 EW pairs are ranked.
    game = Game("open", tables=7, half_tables=1, boards=24, winners=2)
    assert points(game, field("EW", 7))["1EW"] == "0.80"


def test_it_caps_an_open_first_at_one_and_a_half_and_goes_on_by_one_over_the_place() -> None:
    # 20 pairs a direction: 2.00 capped at 1.50; 8 places; 1.50 x 70% = 1.05, 50% = 0.75,
    # 35% = 0.525 -> 0.53, 1/5 = 0.30, 1/6 = 0.25, 1/7 = 0.214 -> 0.21, 1/8 = 0.1875 -> 0.19.
    game = Game("open", tables=20, boards=26, winners=2)
    assert list(points(game, field("NS", 20)).values()) == [
        "1.50",
        "1.05",
        "0.75",
        "0.53",
        "0.30",
        "0.25",
        "0.21",
        "0.19",
    ]


@pytest.mark.parametrize(
    ("scale", "tables", "first"),
    [
        ("invitational", 10, "0.80"),  # 10 x 0.08
        ("invitational", 16, "1.20"),  # 16 x 0.08 = 1.28, capped at 1.20
        ("limited-20", 10, "0.50"),  # 10 x 0.05
        ("limited-100", 10, "0.60"),
        ("limited-200", 10, "0.70"),
        ("limited-over-200", 10, "0.80"),
        ("newcomer-5", 10, "0.30"),  # 10 x 0.03
        ("newcomer-20", 30, "1.00"),  # 30 x 0.05 = 1.50, capped at 1.00
    ],
)
def test_it_pays_first_place_by_the_kind_of_game(scale: str, tables: int, first: str) -> None:
    game = Game(scale, tables=tables, boards=24, winners=2)
    assert points(game, field("NS", tables))["1NS"] == first


def test_it_places_a_newcomer_howell_to_forty_percent() -> None:
    # 6 Howell tables, 12 pairs at 0.04: 0.48, 0.336 -> 0.34, 0.24, 0.168 -> 0.17,
    # 0.096 -> 0.10; 5 places (4.8).
    game = Game("newcomer-10", tables=6, boards=24)
    assert list(points(game, field("", 12)).values()) == ["0.48", "0.34", "0.24", "0.17", "0.10"]


def test_tied_pairs_share_the_places_they_fill_past_the_last_paid() -> None:
    # 8 pairs NS, 3 places: 3rd and 4th tied share (0.40 + nothing) / 2 = 0.20.
    entrants = [Entrant("1", 1), Entrant("2", 2), Entrant("3", 3, 2), Entrant("4", 3, 2)]
    game = Game("open", tables=8, boards=24, winners=2)
    assert points(game, entrants) == {"1": "0.80", "2": "0.56", "3": "0.20", "4": "0.20"}


def test_an_ineligible_pair_keeps_its_place_and_wins_nothing() -> None:
    entrants = field("", 10)
    entrants[0] = Entrant("1", 1, eligible=False)
    game = Game("open", tables=5, boards=27)
    assert points(game, entrants) == {"2": "0.70", "3": "0.50", "4": "0.35"}


def test_a_pair_placed_in_two_strata_earns_the_larger_award_only() -> None:
    # 5 Howell tables, B (0-200) pairs 1 and 6..10: pair 1 is 1st of A (1.00) and of B
    # (6 x 0.07 = 0.42) -> 1.00, not 1.42; pair 6 becomes B's 2nd (0.294 -> 0.29), pair 7
    # B's 3rd: B places 2 (2.4), nothing.
    strata = (("A", 0), ("B", 200))
    entrants = [
        Entrant(str(n), n, stratum="B" if n in (1, 6, 7, 8, 9, 10) else "A") for n in range(1, 11)
    ]
    game = Game("open", tables=5, boards=27, strata=strata)
    assert points(game, entrants) == {
        "1": "1.00",
        "2": "0.70",
        "3": "0.50",
        "4": "0.35",
        "6": "0.29",
    }


@pytest.mark.parametrize(("c_pairs", "awarded"), [(4, {}), (5, {"6": "0.30", "7": "0.21"})])
def test_the_lowest_stratum_ranks_only_with_five_pairs(
    c_pairs: int, awarded: dict[str, str]
) -> None:
    # 5 Howell tables; pairs 6.. are C (0-100) and the best of them, pair 6, is 6th overall,
    # past A's 4 places; with five C pairs, C 1st 5 x 0.06 = 0.30 and 2nd 0.21 (2 places);
    # with four, nothing.
    strata = (("A", 0), ("C", 100))
    entrants = [
        Entrant(str(n), n, stratum="C" if 6 <= n < 6 + c_pairs else "A") for n in range(1, 11)
    ]
    game = Game("open", tables=5, boards=27, strata=strata)
    lower = {key: value for key, value in points(game, entrants).items() if int(key) > 4}
    assert lower == awarded


def test_it_refuses_a_scale_it_does_not_have() -> None:
    with pytest.raises(AwardRefused, match="club-championship"):
        acbl.award(Game("club-championship", tables=10, boards=24), field("", 20))


def test_it_refuses_an_entrant_outside_the_games_strata() -> None:
    game = Game("open", tables=5, boards=27, strata=STRATA)
    with pytest.raises(AwardRefused, match="7"):
        acbl.award(game, [Entrant("7", 1, stratum="D")])


def test_it_is_registered_as_the_acbl_body_with_black_points() -> None:
    assert BODIES["acbl"] is acbl
    assert (acbl.name, acbl.unit) == ("ACBL", "masterpoints")
    awards = acbl.award(Game("open", tables=5, boards=27), field("", 10))
    assert {award.kind for award in awards} == {"black"}
    assert awards[0].points == Decimal("1.00")
