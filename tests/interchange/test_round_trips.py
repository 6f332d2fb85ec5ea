"""clubscorer -> file -> clubscorer gives the same results, for every format that carries them.

"The same" is the whole JSON export (rankings, every traveller line with its matchpoints and
percentages, names, tops, dealer and vulnerability) less the session's id; for PBN and USEBIO
also the deals and their double-dummy analysis.
"""

from __future__ import annotations

import pytest

from sessions_app.files.exports import board_records
from sessions_app.models import Board, Result, Session

from .conftest import (
    make_random_session,
    results_without_ids,
    through_csv,
    through_pbn,
    through_usebio,
)

RANDOM_SESSIONS = [
    pytest.param(11, {}, id="mitchell-two-fields"),
    pytest.param(12, {"arrow_switch": True}, id="arrow-switch-one-field"),
    pytest.param(13, {"sections": ("A", "B"), "tables": 3}, id="two-sections"),
    pytest.param(14, {"scale": "1/0.5", "tables": 7, "boards_per_round": 1}, id="half-scale"),
]


def deals_of(session_id: int) -> dict:
    return {
        number: (record.dealer, record.vulnerability, record.deal, record.analysis)
        for number, record in board_records(Session.objects.get(pk=session_id)).items()
    }


@pytest.mark.django_db
def test_it_round_trips_the_demo_session_through_pbn(tmp_path, demo):
    copy = through_pbn(tmp_path, demo.pk)
    assert results_without_ids(copy) == results_without_ids(demo.pk)
    assert deals_of(copy) == deals_of(demo.pk)
    assert len([d for d in deals_of(copy).values() if d[3] is not None]) == 21


@pytest.mark.django_db
def test_it_round_trips_the_demo_session_through_usebio(tmp_path, demo):
    # USEBIO carries the hands but no double-dummy tables: the import finds them on the demo's
    # own boards (same deal, dealer and vulnerability) instead of computing them again.
    copy = through_usebio(tmp_path, demo.pk)
    assert results_without_ids(copy) == results_without_ids(demo.pk)
    assert deals_of(copy) == deals_of(demo.pk)


@pytest.mark.django_db
def test_it_round_trips_the_demo_session_through_the_travellers_csv(tmp_path, demo):
    copy = through_csv(tmp_path, demo.pk)
    assert results_without_ids(copy) == results_without_ids(demo.pk)
    leads = list(Board.objects.filter(session_id=copy, number=1).values_list("results__lead"))
    assert ("D5",) in leads  # pair 4 v 14 led the D5 (fixtures/demo/travellers.csv)


@pytest.mark.django_db
@pytest.mark.parametrize(("seed", "options"), RANDOM_SESSIONS)
@pytest.mark.parametrize("through", [through_pbn, through_usebio, through_csv])
def test_it_round_trips_random_sessions(tmp_path, seed, options, through):
    original = make_random_session(tmp_path, seed, **options)
    document = results_without_ids(original)
    kinds = {r["contract"] for s in document["sections"] for b in s["boards"] for r in b["results"]}
    assert {"NP", "PASS", ""} <= kinds and kinds & {"A+/A-", "A", "A-", "A+", "A-/A+", "A/A-"}
    assert results_without_ids(through(tmp_path, original)) == document


@pytest.mark.django_db
def test_it_keeps_table_round_and_lead_through_pbn(tmp_path):
    original = make_random_session(tmp_path, 21)
    copy = through_pbn(tmp_path, original)

    def lines(session_id):
        return sorted(
            Result.objects.filter(board__session_id=session_id).values_list(
                "board__number",
                "ns__label",
                "ew__label",
                "round",
                "table",
                "lead",
                "kind",
                "level",
                "strain",
                "doubled",
                "declarer",
                "tricks",
                "score_ns",
            )
        )

    assert len(lines(original)) == 50 and lines(copy) == lines(original)
