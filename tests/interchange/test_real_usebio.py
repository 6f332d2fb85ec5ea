"""Real USEBIO files from other programs, imported and compared with their own published
figures (issue 14, item 4). Sources and licences: tests/interchange/data/real/*/README.md; every
difference that remains is the program's convention, explained in docs/formats.md "Dialects of
USEBIO", and asserted here exactly.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest

from sessions_app.interchange.usebio.read import read_usebio
from sessions_app.models import Session
from sessions_app.services.imports import session_import
from sessions_app.services.results import session_results

from .conftest import DATA

SALLIERE = DATA / "real" / "salliere"


@pytest.mark.django_db
def test_it_imports_salliere_cross_imps_and_reproduces_all_but_its_unmarked_adjustments(club):
    # USEBIO 1.0 from salliere's test data: a CROSS_IMP event (not CROSS_IMPS), SCORE 430.0,
    # DATE 2010-04-11, WINNER_TYPE 1 with all 11 pairs marked NS, each line's IMPs (the
    # average per comparison) in NS_MATCH_POINTS and each pair's total in PERCENTAGE.
    data = (SALLIERE / "imp.xml").read_bytes()
    results_file = read_usebio(data)
    assert (results_file.method, results_file.date) == ("cross_imps", datetime.date(2010, 4, 11))
    assert results_file.winners == {"A": 1} and len(results_file.rows) == 135
    report = session_import(club=club, results_file=results_file)
    results = session_results(Session.objects.get(pk=report.session.pk))
    assert [len(field.standings) for field in results.sections[0].fields] == [11]  # one field
    # Every line of 22 of the 27 boards agrees. The other 5 boards each have a line salliere
    # scored as an adjusted score (its IMPs are +-3 or 0 against everyone: board 15, 8 v 5,
    # SCORE 0.0, -3.0/3.0) that its USEBIO export writes as a plain score, so the file cannot
    # carry it: all their lines differ, and so do the totals, which include them.
    adjusted_boards = {3, 6, 9, 15, 27}
    differences = report.differences
    lines = [d for d in differences if d.where.startswith("board")]
    assert {int(d.where.split(",")[0].split()[1]) for d in lines} == adjusted_boards
    assert len(lines) == 2 * 25  # NS and EW IMPs of the 25 lines of those 5 boards
    assert {d.what for d in differences if not d.where.startswith("board")} == {
        "total IMPs scaled to the full number of boards"
    }
    assert len(differences) == 50 + 11 and not any(d.rounded for d in differences)
    # Board 15 worked by hand: -430, -420, -450, -450 and the adjusted line; salliere divides by
    # the 4 other lines, the adjusted one counting 0: 6 v 4 (-430) gets 0 (v -420) + 1 + 1 = 2
    # -> 2/4 = 0.5 as the file says; clubscorer, taking 0.0 as a score, has -8/4 = -2.
    board_15 = {d.where: (d.theirs, d.ours) for d in lines if d.what == "NS IMPs"}
    assert board_15["board 15, 6 v 4"] == ("0.5", "-2")
    # salliere's PERCENTAGE at IMPs is the total of its own line IMPs scaled to the 27 boards
    # the most-played pairs played: pair 4 has 25.13 in 24 boards -> 25.13 x 27/24 = 28.27,
    # written 28.3 (docs/formats.md).
    text = data.decode()
    own = _totals_of_the_files_lines(text)
    for total in results_file.totals:
        imps, boards = own[total.pair]
        assert total.values["imps_scaled"] == round(Decimal(imps) * 27 / boards, 1)


def _totals_of_the_files_lines(text: str) -> dict[str, tuple[Decimal, int]]:
    """Each pair's total of the line IMPs the file itself publishes, and its boards."""
    totals: dict[str, tuple[Decimal, int]] = {}
    pattern = (
        r"<NS_PAIR_NUMBER>(\w+)</NS_PAIR_NUMBER>\s*<EW_PAIR_NUMBER>(\w+)</EW_PAIR_NUMBER>.*?"
        r"<NS_MATCH_POINTS>([-\d.]+)</NS_MATCH_POINTS>\s*<EW_MATCH_POINTS>([-\d.]+)<"
    )
    for ns, ew, ns_imps, ew_imps in re.findall(pattern, text, re.S):
        for pair, imps in ((ns, ns_imps), (ew, ew_imps)):
            total, boards = totals.get(pair, (Decimal(0), 0))
            totals[pair] = (total + Decimal(imps), boards + 1)
    return totals
