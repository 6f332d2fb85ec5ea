"""A whole 7-table Mitchell (arrow switch on the last round) scored at the tables through the
API, round by round, every line accepted by the opponents: the same results typed by the
director in the entry page give exactly the same ranking (one path in), and nothing is lost or
stored twice."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from sessions_app.core.results import session_results
from sessions_app.models import Result, ResultChange, TableCode
from sessions_app.setup.copies import session_copy

# slow (not in `dev.py test --fast`): a whole evening played through the table API.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def tricks(ns: str) -> int:
    """The result at every table: 1NT by North, taking 7 + (NS pair mod 7) tricks."""
    return 7 + int(ns) % 7


def test_a_whole_session_at_the_tables_ranks_as_typed_by_the_director(table, in_play, director):
    phones = [table(number) for number in range(1, 8)]
    played = []
    for round_ in range(1, 8):
        for phone in phones:
            state = phone.state()
            assert (state["round"], state["switched"]) == (round_, round_ == 7)
            for board in state["boards"]:
                ns, ew = state["ns"]["label"], state["ew"]["label"]
                line = phone.enter(board["number"], "1NT", "N", tricks(ns)).json()
                answer = phone.post(
                    f"/api/table/lines/{line['id']}/verify", {"accept": True, "version": 1}
                )
                assert answer.json()["verification"] == "accepted"
                played.append((board["number"], ns, ew, round_, phone.code.table))
            assert phone.post("/api/table/round-done", {"round": round_}).status_code == 200
    assert all(phone.state()["finished"] for phone in phones)
    assert set(TableCode.objects.values_list("round", flat=True)) == {8}
    # 21 boards, each played once at each of the 7 tables: 147 lines, each stored once.
    assert len(played) == len(set(played)) == Result.objects.count() == 147
    assert ResultChange.objects.count() == 147

    typed = session_copy(
        session=in_play.session, name="Typed", date=datetime.date(2026, 11, 18), keep_names=True
    )
    desk = Client()
    desk.force_login(director)
    for board, ns, ew, round_, number in played:
        answer = desk.post(
            f"/director/sessions/{typed.pk}/sections/A/line/",
            {
                "board": board,
                "ns": ns,
                "ew": ew,
                "round": round_,
                "table": number,
                "entry": f"1NT N {tricks(ns)}",
            },
        ).json()
        assert answer["ok"], answer
    at_tables, by_hand = session_results(in_play.session), session_results(typed)
    assert at_tables.scores == by_hand.scores
    assert [s.fields for s in at_tables.sections] == [s.fields for s in by_hand.sections]
    # Every line shares a top of 12 between NS and EW: 147 x 12 matchpoints in all.
    assert sum(score.points for score in at_tables.scores.values()) == 147 * 12
