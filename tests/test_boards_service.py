"""Deals and their analysis: computed once, reused for the same deal."""

from __future__ import annotations

import pytest

from sessions_app.hands.boards import session_set_deals
from sessions_app.models import Board
from tests.conftest import PAGAT_BOARD_1

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


@pytest.mark.django_db
def test_it_computes_the_double_dummy_table_and_par(make_session):
    session = make_session(PAGAT_BOARD_1)
    (board,) = session_set_deals(session=session, deals={1: DEAL})
    # North holds AKQ987 of diamonds and A9732 of clubs: 8 tricks in either; East and West make
    # 9 in spades, and par on board 1 (None vul, dealer N) is 3S by EW, -140 for NS.
    assert board.double_dummy["N"]["D"] == 8 and board.double_dummy["E"]["S"] == 9
    assert board.par_score == -140


@pytest.mark.django_db
def test_it_reuses_the_analysis_of_a_deal_already_stored(make_session):
    first = make_session(PAGAT_BOARD_1)
    session_set_deals(session=first, deals={1: DEAL})
    # Mark the stored analysis so that a copy is told apart from a new computation.
    Board.objects.filter(session=first).update(par_contracts="marked")
    second = make_session(PAGAT_BOARD_1)
    (board,) = session_set_deals(session=second, deals={1: DEAL})
    assert board.par_contracts == "marked" and board.par_score == -140
