"""Each pair's stored standing (players/standings.py): the figures of the session's own
ranking, stored at the session's results version."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from sessions_app.models import PairStanding
from sessions_app.players.standings import session_store_standings

from .conftest import TRAVELLERS, names_csv

pytestmark = pytest.mark.django_db


def test_it_stores_the_rankings_figures_at_the_sessions_results_version(make_session):
    pairs = [["Ann Lee", "Bob Ray"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["G", "H"]]
    session = make_session(
        TRAVELLERS.format(420, 450, 140, 140),
        names_csv(pairs),
        date=datetime.date(2026, 6, 1),
        scale="1/0.5",
    )
    standings = session_store_standings(session=session)
    by_label = {s.pair.label: s for s in standings.values()}
    # tests/players/conftest.py, 1 June: NS 1 has 0 + 1 of 4 matchpoints on the 2/1 scale,
    # shown on the session's 1/½ scale as 0.5 of 2; EW 2 has 2 + 1 = 3 of 4, 1.5 of 2.
    one, two = by_label["1"], by_label["2"]
    assert (one.points, one.top, one.percentage) == (Decimal("0.5"), 2, Decimal(25))
    assert (one.place, one.position, one.field, one.field_size, one.boards) == ("2", 2, "NS", 2, 2)
    assert (two.points, two.percentage, two.place, two.field) == (Decimal("1.5"), 75, "1", "EW")
    stored = PairStanding.objects.filter(session=session)
    assert {s.pair_id: s.percentage for s in stored} == {
        pk: s.percentage for pk, s in standings.items()
    }
    assert {s.results_version for s in stored} == {session.results_version}


def test_a_session_ranked_across_its_sections_stores_that_place(make_session):
    # docs/rules.md §6.6's worked example: board 1, sections A and B of two tables, across
    # the field (E 4, top 6): NS 6, 4, 2, 0 for A2 +450, B2 +430, A1 +420, B1 +400. A's NS
    # pair 1 is 2nd of A's two NS pairs, 3rd of the four across the sections: stored 3 of 4
    travellers = """\
        section,board,ns,ew,contract,declarer,tricks
        A,1,1,11,4S,N,10
        A,1,2,12,4S,N,11
        B,1,1,11,3NT,N,9
        B,1,2,12,3NT,N,10
    """
    session = make_session(
        travellers, settings={"across_the_field": True, "overall_ranking": "direction"}
    )
    standings = session_store_standings(session=session)
    by_pair = {(s.pair.section.name, s.pair.label): s for s in standings.values()}
    one = by_pair[("A", "1")]
    assert (one.place, one.position, one.field, one.field_size) == ("3", 3, "NS", 4)
    assert by_pair[("B", "11")].place == "1" and by_pair[("A", "12")].place == "4"
