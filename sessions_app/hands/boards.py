"""Deals of a session's boards, with their double-dummy analysis computed once and stored."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from ..core.results import session_touch
from ..interchange.deals import Analysis, analyse_all, normalise_deal
from ..models import Board, Session


@transaction.atomic
def session_set_deals(
    *, session: Session, deals: Mapping[int, str], analyses: Mapping[int, Analysis] | None = None
) -> list[Board]:
    """Store the deal of each board number in `deals` (PBN strings), with its double-dummy
    table and par; boards the session does not have yet are created. Raises DealError.

    The analysis comes from `analyses` when the file carried it, else from any board already
    stored with the same deal, dealer and vulnerability (a hand record used again, a session
    imported twice), else it is computed (0.2 s to 1 s a deal with endplay)."""
    stored = {board.number: board for board in session.boards.all()}
    normalised = {number: normalise_deal(pbn) for number, pbn in sorted(deals.items())}
    boards = {n: stored.get(n) or Board.for_number(session, n) for n in normalised}
    found = _analyses(normalised, boards, analyses or {})
    changed = []
    for number, deal in normalised.items():
        board = boards[number]
        board.deal = deal
        analysis = found[number]
        board.double_dummy = analysis.double_dummy
        board.par_score = analysis.par_score
        board.par_contracts = ", ".join(analysis.par_contracts)
        board.full_clean()
        board.save()
        changed.append(board)
    session_touch(session, amends=False)  # a hand record is not a result: players' results stand
    return changed


def _analyses(
    deals: Mapping[int, str], boards: Mapping[int, Board], given: Mapping[int, Analysis]
) -> dict[int, Analysis]:
    """Each board's analysis: as `given` (the file carried it), else as stored for the same
    deal, dealer and vulnerability, else computed, all of those in one batch."""
    stored = _known_analyses(deals.values())
    found = {}
    for number, deal in deals.items():
        board = boards[number]
        analysis = given.get(number) or stored.get((deal, board.dealer, board.vulnerability))
        if analysis is not None:
            found[number] = analysis
    missing = [number for number in deals if number not in found]
    solved = analyse_all([(deals[n], boards[n].dealer, boards[n].vulnerability) for n in missing])
    found.update(zip(missing, solved, strict=True))
    return found


def _known_analyses(deals) -> dict[tuple[str, str, str], Analysis]:
    """Analyses already stored for these deals, by (deal, dealer, vulnerability): one query."""
    rows = Board.objects.filter(deal__in=set(deals), double_dummy__isnull=False).values_list(
        "deal", "dealer", "vulnerability", "double_dummy", "par_score", "par_contracts"
    )
    return {
        (deal, dealer, vul): Analysis(dd, par, tuple(filter(None, contracts.split(", "))))
        for deal, dealer, vul, dd, par, contracts in rows
        if dd is not None and par is not None
    }
