"""Sorting by the points columns: their sort parameters are the ones people bookmark
(`?a-sort=-mp_ns`, `?a-ns-sort=matchpoints`, `?card-sort=-mp`, `?a-sort=imp_ns`), and each
sorts by the matchpoints or IMPs its cells show."""

from __future__ import annotations

import pytest

from tests.imps.conftest import CROSS_IMPS_BOARD_2, NAMES
from tests.pages.conftest import column, parse


@pytest.mark.django_db
def test_it_sorts_a_traveller_by_its_ns_and_ew_matchpoints(client, pagat):
    # docs/rules.md §9.1, board 1: NS 1-7 score +420, +430, +500, +420, +450, -50, +170
    # -> NS matchpoints 5, 8, 12, 5, 10, 0, 2 (EW: 12 minus those). Ties keep the entry order.
    url = f"/sessions/{pagat.pk}/boards/1/"
    tree = parse(client.get(url + "?a-sort=-mp_ns"))
    assert column(tree, "traveller-a", "NS") == ["3", "5", "2", "1", "4", "7", "6"]
    assert column(tree, "traveller-a", "NS MP") == ["12", "10", "8", "5", "5", "2", "0"]
    tree = parse(client.get(url + "?a-sort=-mp_ew"))
    assert column(tree, "traveller-a", "EW MP") == ["12", "10", "7", "7", "4", "2", "0"]
    assert column(tree, "traveller-a", "NS") == ["6", "7", "1", "4", "2", "5", "3"]


@pytest.mark.django_db
def test_it_sorts_a_ranking_by_its_matchpoints(client, pagat):
    # The NS field of the same board: 6 has 0, 7 has 2, 1 and 4 have 5, 2 has 8, 5 has 10, 3 12.
    tree = parse(client.get(f"/sessions/{pagat.pk}/?a-ns-sort=matchpoints"))
    assert column(tree, "ranking-a-ns", "Pair") == ["6", "7", "1", "4", "2", "5", "3"]
    assert column(tree, "ranking-a-ns", "MP") == ["0", "2", "5", "5", "8", "10", "12"]


@pytest.mark.django_db
def test_it_sorts_a_score_card_by_its_matchpoints(client, demo):
    url = f"/sessions/{demo.pk}/pairs/A/1/"
    played = column(parse(client.get(url)), "scorecard-card", "MP")
    by_points = column(parse(client.get(url + "?card-sort=-mp")), "scorecard-card", "MP")
    assert len(played) > 2 and sorted(by_points) == sorted(played)  # the same boards
    values = [float(value) for value in by_points]
    assert values == sorted(values, reverse=True) and values != [float(v) for v in played]


@pytest.mark.django_db
def test_it_sorts_an_imp_traveller_by_its_imps(client, make_session):
    # docs/rules.md §9.9, board 2: NS 1-5 take 10.50, -0.25, -1.25, -1.25, -7.75 cross-IMPs.
    session = make_session(CROSS_IMPS_BOARD_2, NAMES, method="cross_imps", publish=True)
    tree = parse(client.get(f"/sessions/{session.pk}/boards/2/?a-sort=imp_ns"))
    assert column(tree, "traveller-a", "NS") == ["5", "3", "4", "2", "1"]
    assert column(tree, "traveller-a", "IMP NS") == ["-7.75", "-1.25", "-1.25", "-0.25", "10.50"]
