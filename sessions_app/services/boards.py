"""Deals of a session's boards, with their double-dummy analysis computed once and stored."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from ..deals import Analysis, analyse, normalise_deal
from ..models import Board, Session
from .results import session_touch


@transaction.atomic
def session_set_deals(
    *, session: Session, deals: Mapping[int, str], analyses: Mapping[int, Analysis] | None = None
) -> list[Board]:
    """Store the deal of each board number in `deals` (PBN strings), with its double-dummy
    table and par (from `analyses` when the file carried them, else computed: about 0.2 s a
    deal); boards the session does not have yet are created. Raises DealError."""
    boards = {board.number: board for board in session.boards.all()}
    changed = []
    for number, pbn in sorted(deals.items()):
        board = boards.get(number) or Board.for_number(session, number)
        board.deal = normalise_deal(pbn)
        analysis = (analyses or {}).get(number) or analyse(
            board.deal, board.dealer, board.vulnerability
        )
        board.double_dummy = analysis.double_dummy
        board.par_score = analysis.par_score
        board.par_contracts = ", ".join(analysis.par_contracts)
        board.full_clean()
        board.save()
        changed.append(board)
    session_touch(session)
    return changed
