"""A scored session's rankings as a body's rules read them (scoring/masterpoints/session.py),
from real files of other programs read and scored as an import would, without the database:
the game's size counted from the pairs ranked, each pair's place and ties as published."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from sessions_app.interchange.plan import plan_results
from sessions_app.interchange.score import planned_file
from sessions_app.scoring.masterpoints.base import Game
from sessions_app.scoring.masterpoints.session import rankings

REAL = Path(__file__).resolve().parents[2] / "interchange" / "data" / "real"


def scored(path: Path):
    results_file, plan = planned_file(path.read_bytes(), path.name)
    return plan_results(plan, results_file)


def published_places(path: Path) -> dict[str, str]:
    """PAIR_NUMBER -> PLACE as the file publishes them."""
    root = ET.fromstring(path.read_bytes())
    return {
        pair.findtext("PAIR_NUMBER", ""): pair.findtext("PLACE", "")
        for pair in root.iter("PAIR")
        if pair.findtext("PLACE")
    }


def test_a_one_field_session_of_17_pairs_is_8_tables_and_a_half():
    # ScoreBridge, an English club's Monday pairs: 17 pairs in one field, 24 boards each.
    path = REAL / "scorebridge" / "00202131+001686.xml"
    [(game, entrants)] = rankings(scored(path), "club")
    assert game == Game(scale="club", tables=8, half_tables=1, boards=24, winners=1)
    places = published_places(path)
    # ScoreBridge ties pairs 9 and 10 on their rounded 51.29%; exactly they have 51.22% and
    # 51.33%, so clubscorer places 10 eighth and 9 ninth (docs/formats.md, "Dialects of
    # USEBIO"). Every other place is the file's, each alone.
    places.update({"10": "8", "9": "9"})
    assert len(entrants) == 17
    for entrant in entrants:
        label = entrant.key.rpartition(" ")[2]
        assert (entrant.place, entrant.tied) == (int(places[label]), 1)
    assert Counter(places.values()).most_common(1)[0][1] == 1


def test_three_sections_ranked_across_the_field_are_one_ranking_of_33_tables():
    # scorer-to-usebio: sections A and B (13-table Mitchells) and C (a 7-table Howell of 14
    # pairs), 66 pairs placed among all (WINNER_TYPE 1): one ranking, 66 // 2 = 33 tables.
    path = REAL / "scorer_to_usebio" / "multi-section-multi-movement-pairs.xml"
    [(game, entrants)] = rankings(scored(path), "club")
    assert (game.tables, game.half_tables, game.winners, game.boards) == (33, 0, 1, 26)
    assert len(entrants) == 66
    assert sorted(entrant.place for entrant in entrants)[:3] == [1, 2, 3]
