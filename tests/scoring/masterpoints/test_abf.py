"""The ABF's masterpoints (docs/rules.md §18) against the ABF Masterpoint Manual's own text
and examples, and against the awards Compscore3 gave at Australian clubs.

Sources:
- ABF Masterpoint Manual, 3.1.1 "Session awards" (the winner's award formulae),
  abfmasterpoints.com.au/mpmanual/html/book3a.htm;
- the same manual, 4.2.1 (places awarded: "in a field of 9, awards are made to the 4th
  position", "in a field of 13 awards are made to the 5th position"; runners-up 70%, the
  others the winner's award divided by one less than the place), .../book4a.htm;
- grade weights: NSWBA's clubs handbook, "Green points are issued at regular club sessions,
  usually at a rate of 1.5 ... the allocation of each winning pair in a club Mitchell
  movement pairs is three times the number of tables" (nswba.com.au/clubs/masterpoints.asp);
  Parramatta Bridge Club, "The Masterpoint System" (0.75 supervised, 1.5 general sessions,
  2.0 club championships); B4c at 2.5 red (the weight of the manual's Tables 1C and 2C,
  which the red Compscore file bears out);
- real files: data/compscore/README.md.
"""

from __future__ import annotations

import csv
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from sessions_app.scoring.masterpoints import BODIES, AwardRefused, Entrant, Game, abf

COMPSCORE = Path(__file__).parent / "data" / "compscore" / "awards.csv"


def ranked(count: int, ranking: str = "") -> list[Entrant]:
    return [
        Entrant(key=f"{ranking}{place}", place=place, ranking=ranking)
        for place in range(1, count + 1)
    ]


def points(game: Game, entrants: list[Entrant]) -> dict[str, Decimal]:
    return {award.key: award.points for award in abf.award(game, entrants)}


def test_it_is_registered_as_the_abf() -> None:
    assert BODIES["abf"] is abf
    assert (abf.name, abf.unit) == ("ABF", "masterpoints")
    assert set(abf.scales) == {"F", "E", "D", "B4c"}


@pytest.mark.parametrize(
    ("winners", "tables", "expected"),
    [
        # Two winners, T <= 30: 0.02 × W × T with W = 1.5.
        (2, 19, "0.57"),  # 0.02 × 1.5 × 19 = 0.57
        (2, 30, "0.90"),  # 0.02 × 1.5 × 30 = 0.90 (the exponential would give 0.9126)
        # Two winners, T > 30: W × (1 − e^(−T/32)).
        (2, 31, "0.93"),  # e^(−0.96875) = 0.37956; 1.5 × 0.62044 = 0.93066
        (2, 40, "1.07"),  # e^(−1.25) = 0.28650; 1.5 × 0.71350 = 1.07024
        # One winner, T <= 15: 0.04 × W × T.
        (1, 15, "0.90"),  # 0.04 × 1.5 × 15 = 0.90
        # One winner, T > 15: W × (1 − e^(−T/16)).
        (1, 16, "0.95"),  # e^(−1) = 0.36788; 1.5 × 0.63212 = 0.94818 (linear: 0.96)
    ],
)
def test_it_gives_the_winner_the_manuals_formula(winners: int, tables: int, expected: str) -> None:
    game = Game(scale="E", tables=tables, boards=24, winners=winners)
    assert points(game, ranked(2 * tables))["1"] == Decimal(expected)


@pytest.mark.parametrize(
    ("grade", "expected", "colour"),
    [
        ("F", "0.15", "green"),  # 0.02 × 0.75 × 10
        ("E", "0.30", "green"),  # 0.02 × 1.5 × 10
        ("D", "0.40", "green"),  # 0.02 × 2.0 × 10
        ("B4c", "0.50", "red"),  # 0.02 × 2.5 × 10
    ],
)
def test_it_weights_and_colours_the_award_by_grade(grade: str, expected: str, colour: str) -> None:
    game = Game(scale=grade, tables=10, boards=27, winners=2)
    first = abf.award(game, ranked(10, "NS"))[0]
    assert (first.points, first.kind) == (Decimal(expected), colour)


def test_it_awards_the_top_half_of_a_pairs_field_rounded_down() -> None:
    # Manual 4.2.1: "in a field of 9, awards are made to the 4th position". 9 pairs are a
    # 4½-table Howell: winner 0.04 × 1.5 × 5 = 0.30.
    game = Game(scale="E", tables=4, half_tables=1, boards=27)
    assert list(points(game, ranked(9)).values()) == [
        Decimal("0.30"),
        Decimal("0.21"),  # 0.7 × 0.30
        Decimal("0.15"),  # 0.30 / 2
        Decimal("0.10"),  # 0.30 / 3
    ]


def test_it_awards_the_top_third_of_a_teams_field_rounded_up() -> None:
    # Manual 4.2.1: "in a field of 13 awards are made to the 5th position".
    game = Game(scale="E", tables=6, half_tables=1, boards=24, form="teams")
    # T = 7; winner 0.04 × 1.5 × 7 = 0.42; 0.294, 0.21, 0.14, 0.105.
    assert list(points(game, ranked(13)).values()) == [
        Decimal("0.42"),
        Decimal("0.29"),
        Decimal("0.21"),
        Decimal("0.14"),
        Decimal("0.11"),
    ]


def test_it_ranks_each_direction_of_a_two_winner_mitchell_apart() -> None:
    # 8 tables, two winners: 0.02 × 1.5 × 8 = 0.24 to each direction's winner, 4 places each.
    game = Game(scale="E", tables=8, boards=24, winners=2)
    awarded = points(game, ranked(8, "NS") + ranked(8, "EW"))
    assert awarded == {
        f"{direction}{place}": Decimal(value)
        for direction in ("NS", "EW")
        for place, value in ((1, "0.24"), (2, "0.17"), (3, "0.12"), (4, "0.08"))
    }


def test_it_rounds_each_place_to_the_hundredth_halves_up() -> None:
    # Winner 0.57 (19 tables): 2nd 0.399, 3rd 0.285, 7th 0.57 / 6 = 0.095, 9th 0.07125.
    game = Game(scale="E", tables=19, boards=27, winners=2)
    awarded = points(game, ranked(19))
    assert (awarded["2"], awarded["3"], awarded["7"], awarded["9"]) == (
        Decimal("0.40"),
        Decimal("0.29"),
        Decimal("0.10"),
        Decimal("0.07"),
    )
    assert "10" not in awarded  # 19 pairs: 9 places


def test_it_shares_a_tie_for_first() -> None:
    # 8 tables: 1st 0.24 and 2nd 0.168 -> 0.17; two tied 1st: (0.24 + 0.17) / 2 = 0.205 -> 0.21.
    game = Game(scale="E", tables=8, boards=24, winners=2)
    entrants = [Entrant("a", 1, tied=2), Entrant("b", 1, tied=2), *ranked(8)[2:]]
    awarded = points(game, entrants)
    assert (awarded["a"], awarded["b"], awarded["3"]) == (
        Decimal("0.21"),
        Decimal("0.21"),
        Decimal("0.12"),
    )


def test_it_gives_an_ineligible_pair_nothing_and_keeps_its_place() -> None:
    game = Game(scale="E", tables=8, boards=24, winners=2)
    entrants = [Entrant("1", 1, eligible=False), *ranked(8)[1:]]
    assert points(game, entrants) == {
        "2": Decimal("0.17"),
        "3": Decimal("0.12"),
        "4": Decimal("0.08"),
    }


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (Game(scale="club", tables=8, boards=24), "no grade 'club'"),
        (Game(scale="E", tables=8, boards=48, sessions=2), "several sessions"),
        (Game(scale="E", tables=0, boards=24), "no tables"),
    ],
)
def test_it_refuses_what_it_cannot_award(game: Game, words: str) -> None:
    with pytest.raises(AwardRefused, match=words):
        abf.award(game, ranked(4))


def compscore_sessions() -> dict[str, list[dict[str, str]]]:
    sessions: dict[str, list[dict[str, str]]] = {}
    with COMPSCORE.open(newline="") as rows:
        for row in csv.DictReader(rows):
            sessions.setdefault(row["file"], []).append(row)
    return sessions


def compscore_game(rows: list[dict[str, str]]) -> Game:
    """The game as the file describes it: its winner type, its pairs per direction (or in
    all) and its colour (green: grade E; red: grade B4c, see the data's README)."""
    grade = {"GREEN": "E", "RED": "B4c"}[rows[0]["master_point_type"]]
    winners = int(rows[0]["winner_type"])
    if winners == 2:
        per_direction = Counter(row["direction"] for row in rows)
        fewest, most = min(per_direction.values()), max(per_direction.values())
        return Game(grade, fewest, 27, winners=2, half_tables=int(most > fewest))
    return Game(grade, len(rows) // 2, 27, half_tables=len(rows) % 2)


@pytest.mark.parametrize("file", sorted(compscore_sessions()))
def test_it_gives_every_pair_compscores_award(file: str) -> None:
    rows = compscore_sessions()[file]
    tied = Counter((row["direction"], row["place"]) for row in rows)
    entrants = [
        Entrant(
            key=row["pair"],
            place=int(row["place"]),
            tied=tied[row["direction"], row["place"]],
            ranking=row["direction"],
        )
        for row in rows
    ]
    expected = {
        row["pair"]: Decimal(row["master_points_awarded"]) / 100
        for row in rows
        if row["master_points_awarded"] != "0"
    }
    awards = abf.award(compscore_game(rows), entrants)
    assert {award.key: award.points for award in awards} == expected
    assert {award.kind for award in awards} == {rows[0]["master_point_type"].lower()}


def test_the_compscore_files_hold_93_awards_three_of_them_tied_places() -> None:
    rows = [row for file_rows in compscore_sessions().values() for row in file_rows]
    awarded = [row for row in rows if row["master_points_awarded"] != "0"]
    assert len(awarded) == 93
    places = Counter((row["file"], row["direction"], row["place"]) for row in awarded)
    assert {place for place, count in places.items() if count > 1} == {
        ("mp_pairs_mitchell.xml", "NS", "6"),  # (0.11 + 0.10) / 2 = 0.105 -> 0.11
        ("mp_pairs_mitchell_02.xml", "NS", "6"),  # (0.13 + 0.11) / 2 = 0.12
        ("mp_pairs_mitchell_03.xml", "NS", "3"),  # (0.11 + 0) / 2 = 0.055 -> 0.06
    }
