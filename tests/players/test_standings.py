"""Each pair's stored standing (players/standings.py): the figures of the session's own
ranking, stored once per results version."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sessions_app.models import Session
from sessions_app.players.standings import current_standings

from .conftest import TRAVELLERS, names_csv

pytestmark = pytest.mark.django_db


def test_it_stores_the_rankings_figures_once_per_results_version(make_session):
    pairs = [["Ann Lee", "Bob Ray"], ["Cy Dunn", "Di Fox"], ["Ed Gray", "Flo Hart"], ["G", "H"]]
    session = make_session(
        TRAVELLERS.format(420, 450, 140, 140),
        names_csv(pairs),
        date=datetime.date(2026, 6, 1),
        scale="1/0.5",
    )
    standings = current_standings([session])
    by_label = {s.pair.label: s for s in standings.values()}
    # tests/players/conftest.py, 1 June: NS 1 has 0 + 1 of 4 matchpoints on the 2/1 scale,
    # shown on the session's 1/½ scale as 0.5 of 2; EW 2 has 2 + 1 = 3 of 4, 1.5 of 2.
    one, two = by_label["1"], by_label["2"]
    assert (one.points, one.top, one.percentage) == (Decimal("0.5"), 2, Decimal(25))
    assert (one.place, one.position, one.field, one.field_size, one.boards) == ("2", 2, "NS", 2, 2)
    assert (two.points, two.percentage, two.place, two.field) == (Decimal("1.5"), 75, "1", "EW")
    session = Session.objects.get(pk=session.pk)
    with CaptureQueriesContext(connection) as captured:
        again = current_standings([session])
    assert len(captured) == 1  # all current: read, not stored
    assert {pk: s.percentage for pk, s in again.items()} == {
        pk: s.percentage for pk, s in standings.items()
    }
