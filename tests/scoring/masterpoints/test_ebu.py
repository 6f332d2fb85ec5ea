"""The EBU's master points against the handbook's figures as published (docs/rules.md §16).

Sources:
- H1365: EBU forum, "Master Points and Individual Events", quoting the EBU Licensing and
  Master Points Handbook 2021, Scale F (single winner individual), p. 59:
  https://forums.ebu.co.uk/discussion/1365/master-points-and-individual-events
- H1229: EBU forum, "Eligibility for Masterpoints - rounding up or down", reading the
  handbook's appendix tables: https://forums.ebu.co.uk/discussion/1229
- H1421: EBU forum, "Minimum Tables for Masterpoints Requirement", quoting handbook 3.1.1:
  https://forums.ebu.co.uk/discussion/1421/minimum-tables-for-masterpoints-requirement
- H1369: EBU forum, "Questions about Master Points & Non-EBU Members", on handbook 2.9.3:
  https://forums.ebu.co.uk/discussion/1369/questions-about-master-points-non-ebu-members
- ECATS: "How do you calculate the Master Point Awards?",
  http://bridge.ecats.co.uk/sims/FAQ/mpcalculations.asp
- salliere 0.10, cx/ath/matthew/salliere/MasterPointScale.java (github.com/mjj29/salliere)
Real files with awards: test_ebu_files.py."""

from __future__ import annotations

from decimal import Decimal

import pytest

from sessions_app.scoring.masterpoints import BODIES, AwardRefused, Entrant, Game, ebu

EBU = BODIES["ebu"]


def field(count: int) -> list[Entrant]:
    """`count` entrants placed 1, 2, 3 ... with no tie."""
    return [Entrant(str(place), place) for place in range(1, count + 1)]


def points(game: Game, entrants: list[Entrant]) -> list[int]:
    return [int(award.points) for award in EBU.award(game, entrants)]


def test_it_is_registered_as_the_ebu() -> None:
    assert BODIES["ebu"] is ebu
    assert (EBU.name, EBU.unit) == ("EBU", "master points")
    assert EBU.scales["club"] == "Club (black points)"


def test_it_gives_the_handbooks_six_table_individual() -> None:
    # H1365: a full 6-table single-winner individual of 18-35 boards: top award 24, 8 awards,
    # decrements of 3, the 7th and 8th both 6 (without the minimum 6 and 3).
    game = Game("club", tables=6, boards=24, form="individual")

    assert points(game, field(24)) == [24, 21, 18, 15, 12, 9, 6, 6]


@pytest.mark.parametrize(
    ("scale", "minimum"),
    [("club", 6), ("district", 9), ("county", 12), ("regional", 18), ("national", 24)],
)
def test_no_award_is_below_the_scales_minimum(scale: str, minimum: int) -> None:
    # H1365: "an over-riding minimum of 6 points for any club award (and corresponding
    # minima for the other scales of 9, 12, 18, 24)". The 8th of the 6-table individual
    # would have one step (3 on the club scale) and has the minimum instead.
    awards = points(Game(scale, tables=6, boards=24, form="individual"), field(24))

    assert (len(awards), awards[-1], min(awards)) == (8, minimum, minimum)


@pytest.mark.parametrize(
    ("tables", "boards", "form", "count"),
    [
        (25, 16, "pairs", 13),  # H1229: 25-26 tables, 13 awards if 1/4 (50 / 4 = 12.5)
        (26, 16, "pairs", 13),  # 52 / 4 = 13
        (19, 24, "pairs", 13),  # H1229: 19 tables, 13 awards if 1/3 (38 / 3 = 12.67)
        (13, 40, "pairs", 13),  # H1229: 13 tables, 13 awards if 1/2 (26 / 2)
        (27, 40, "teams", 14),  # H1229: 27 teams, the top 14 if 1/2 (13.5)
        (4, 40, "pairs", 4),  # H1229: 9 pairs, 50%: 4 full tables, 4 awards (EBUScore)
    ],
)
def test_it_awards_the_handbooks_share_of_full_tables_rounded_up(
    tables: int, boards: int, form: str, count: int
) -> None:
    game = Game("club", tables=tables, boards=boards, form=form)

    assert len(points(game, field(4 * tables))) == count


def test_half_tables_are_ignored() -> None:
    # 9 full tables and a half (19 pairs), 20 boards: 18 pairs / 3 = 6 awards, not
    # 19 / 3 -> 7 (as RealBridge's file 00202217+001532.xml, 36 ... 6).
    with_half = Game("club", tables=9, boards=20, half_tables=1)

    assert points(with_half, field(19)) == [36, 30, 24, 18, 12, 6]


def test_two_winners_award_each_direction_from_its_own_places() -> None:
    # 11 tables, two winners, 22 boards: 11 pairs a direction / 3 -> 4 awards, steps of 10
    # (the EBU's example "Matchpointed Pairs Example Session": 40, 30, 20, 10 each way).
    game = Game("club", tables=11, boards=22, winners=2)
    entrants = [Entrant(f"{d}{p}", p, ranking=d) for d in ("NS", "EW") for p in (1, 4, 5)]

    awards = {a.key: int(a.points) for a in EBU.award(game, entrants)}

    assert awards == {"NS1": 40, "NS4": 10, "EW1": 40, "EW4": 10}


@pytest.mark.parametrize(
    ("entrants", "expected"),
    [
        # 17 pairs, 18 boards: 36, 30, 24, 18, 12, 6. Tied 3rd: (24 + 18) / 2 = 21 (the BBO
        # file 00201789+001571.xml has 21, 21).
        ([Entrant("a", 3, tied=2), Entrant("b", 3, tied=2)], [21, 21]),
        # tied 2nd by three: (30 + 24 + 18) / 3 = 24
        ([Entrant(k, 2, tied=3) for k in "abc"], [24, 24, 24]),
        # tied 5th by two: (12 + 6) / 2 = 9
        ([Entrant("a", 5, tied=2), Entrant("b", 5, tied=2)], [9, 9]),
        # tied 6th, the last award, by two: (6 + 0) / 2 = 3, raised to the minimum 6
        ([Entrant("a", 6, tied=2), Entrant("b", 6, tied=2)], [6, 6]),
        # tied 7th: no award shared
        ([Entrant("a", 7, tied=2), Entrant("b", 7, tied=2)], []),
    ],
)
def test_tied_entrants_share_the_awards_of_their_places(
    entrants: list[Entrant], expected: list[int]
) -> None:
    assert points(Game("club", tables=8, boards=18), entrants) == expected


def test_a_shared_award_is_rounded_up() -> None:
    # District individual, 6 tables, 24 boards: steps of 4.5 from 8 x 4.5 = 36: 36,
    # 31.5 -> 32, 27, 22.5 -> 23 ... Tied 1st by two: (36 + 32) / 2 = 34; tied 2nd by
    # three: (32 + 27 + 23) / 3 = 27.33 -> 28.
    game = Game("district", tables=6, boards=24, form="individual")
    entrants = [Entrant("a", 1, tied=2), Entrant("b", 1, tied=2)]
    entrants += [Entrant(k, 2, tied=3) for k in "cde"]

    assert points(game, entrants) == [34, 34, 28, 28, 28]


def test_a_pair_of_non_members_wins_nothing_and_passes_nothing_down() -> None:
    # H1369 (handbook 2.9.3): the awards are as if all were members; the non-members'
    # 2nd place award is not handed to the 3rd, who keeps the 3rd place award.
    entrants = [*field(3)]
    entrants[1] = Entrant("2", 2, eligible=False)

    awards = {a.key: int(a.points) for a in EBU.award(Game("club", 8, 24), entrants)}

    assert awards == {"1": 36, "3": 24}


def test_a_non_member_tied_with_members_leaves_them_their_share() -> None:
    entrants = [Entrant("a", 3, tied=2), Entrant("b", 3, tied=2, eligible=False)]

    assert points(Game("club", tables=8, boards=24), entrants) == [21]


def test_the_top_award_is_held_to_the_scales_maximum() -> None:
    # salliere's club maximum for 18-35 boards is 100: 25 tables, 24 boards, 50 / 3 -> 17
    # awards, top 17 x 6 = 102 held to 100; then 96, 90 ...
    awards = points(Game("club", tables=25, boards=24), field(50))

    assert (len(awards), awards[:3], awards[-1]) == (17, [100, 96, 90], 6)


def test_blue_pointed_events_use_the_local_scale_in_blue() -> None:
    black = EBU.award(Game("county", 8, 24), field(3))
    blue = EBU.award(Game("county-blue", 8, 24), field(3))

    assert [a.points for a in blue] == [a.points for a in black] == [72, 60, 48]
    assert {a.kind for a in blue} == {"blue"} and {a.kind for a in black} == {"black"}


def test_simultaneous_pairs_top_award_is_150_root_tables_over_25_rounded_up() -> None:
    # ECATS's example: 1486 pairs, 743 tables; 743 / 25 = 29.72, sqrt = 5.4516...,
    # x 150 = 817.74, rounded up 818. 25 tables: 150 x 1 = 150; 100 tables: 150 x 2 = 300.
    assert [ebu.simultaneous_top(t) for t in (743, 25, 100)] == [818, 150, 300]


def test_simultaneous_pairs_awards_fall_equally_to_the_national_minimum() -> None:
    # 743 tables: a third of 1486 pairs is 495.33 -> 496 awards; steps of 818 / 496 =
    # 1.649: 2nd 818 - 1.649 = 816.35 -> 817, 3rd 818 - 3.298 = 814.70 -> 815; the last
    # 818 - 495 x 1.649 = 1.65, raised to the national minimum 24.
    awards = EBU.award(Game("sim", tables=743, boards=24), field(1486))

    assert len(awards) == 496
    assert [a.points for a in awards[:3]] == [Decimal(818), Decimal(817), Decimal(815)]
    assert awards[-1].points == 24


@pytest.mark.parametrize(
    ("form", "winners", "fewest"),
    [("individual", 1, 2), ("pairs", 1, 3), ("teams", 1, 3), ("pairs", 2, 5)],
)
def test_it_refuses_fewer_complete_tables_than_the_handbook(
    form: str, winners: int, fewest: int
) -> None:
    # H1421, handbook 3.1.1: at least 2 complete tables (single-winner individual), 3
    # (single-winner pairs), 3 complete teams, 5 (two-winner pairs).
    game = Game("club", tables=fewest, boards=24, winners=winners, form=form)
    assert points(game, field(1)) != []

    with pytest.raises(AwardRefused, match="at least"):
        EBU.award(Game("club", fewest - 1, 24, winners=winners, form=form), field(1))


@pytest.mark.parametrize(
    "game",
    [
        Game("green", tables=8, boards=24),
        Game("club", tables=8, boards=11),
        Game("club", tables=8, boards=24, winners=4, form="individual"),
        Game("sim", tables=100, boards=24, winners=2),
    ],
    ids=["no such scale", "fewer than 12 boards", "four winners", "two-winner sim"],
)
def test_it_refuses_what_its_scales_do_not_cover(game: Game) -> None:
    with pytest.raises(AwardRefused):
        EBU.award(game, field(3))
