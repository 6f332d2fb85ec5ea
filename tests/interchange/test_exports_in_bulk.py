"""The results writers format each distinct figure once (issue 15): the lines of a board that
score alike share one set of formatted figures, on the session's scale, as the JSON and the
text report print them."""

from __future__ import annotations

import pytest

from sessions_app.core.results import session_results
from sessions_app.interchange.results_export import LineFigures
from tests.conftest import export

# Four tables on board 1: three make 4S (+420), one goes down (-50). E = 4, so the top is
# 2(E - 1) = 6 on the 2/1 scale. Each +420 beats the -50 (2) and ties the other two (1 + 1):
# 4 MP, 4/6 = 66.67%, EW 6 - 4 = 2 (33.33%); the -50 scores 0 (0%), its EW 6 (100%).
FOUR_TABLES = """\
    board,ns,ew,contract,declarer,tricks
    1,1,5,4S,N,10
    1,2,6,4S,N,10
    1,3,7,4S,N,10
    1,4,8,4S,N,9
"""


@pytest.mark.django_db
@pytest.mark.parametrize(("scale", "half"), [("2/1", 1), ("1/0.5", 2)])
def test_the_lines_that_score_alike_share_their_formatted_figures(make_session, scale, half):
    session = make_session(FOUR_TABLES, scale=scale)
    results = session_results(session)
    figures = LineFigures(results)
    lines = sorted(results.sections[0].boards[0].lines, key=lambda scored: scored.line.ns)
    made = [figures.line_points(scored) for scored in lines[:3]]
    down = figures.line_points(lines[3])
    assert made[0] is made[1] is made[2]  # formatted once for the three tables
    # On 1/0.5 every matchpoint is half its 2/1 value; the percentages are the same.
    assert made[0] == {"mp_ns": 4 / half, "mp_ew": 2 / half, "pct_ns": 66.67, "pct_ew": 33.33}
    assert down == {"mp_ns": 0.0, "mp_ew": 6 / half, "pct_ns": 0.0, "pct_ew": 100.0}
    document = export(session.pk)
    printed = [
        {key: line[key] for key in ("mp_ns", "mp_ew", "pct_ns", "pct_ew")}
        for line in sorted(document["sections"][0]["boards"][0]["results"], key=lambda r: r["ns"])
    ]
    assert printed == [made[0], made[0], made[0], down]


@pytest.mark.django_db
def test_the_text_report_prints_each_shared_figure_as_the_session_shows_it(make_session):
    session = make_session(FOUR_TABLES, scale="1/0.5")
    figures = LineFigures(session_results(session))
    # 4, 2, 0 and 6 on 2/1 are 2, 1, 0 and 3 on 1/0.5: every line of the session is whole, so
    # each is written without decimals (docs/rules.md §3.4).
    assert [figures.text(value) for value in (4, 2, None)] == ["2", "1", ""]
    lines = [line for line in export(session.pk, "text").splitlines() if line.startswith("    1")]
    assert lines == [
        "    1    5  4S       N   10   +420        2        1",
    ]
