"""The players' screen shows a result's score before it is sent (static/js/table/score.js, a
second copy of Law 77 kept so that a phone offline still shows it): run under Node against
scoring/contract.py for every contract, declarer, number of tricks and vulnerability.

Node is on CI (.ci/run sets CLUBSCORER_REQUIRE_NODE=1, which makes its absence a failure);
elsewhere the test is skipped without it.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sessions_app.scoring.contract import STRAINS, Contract, ns_score

ROOT = Path(__file__).resolve().parents[2]
VULNERABILITIES = ("None", "NS", "EW", "All")


def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CLUBSCORER_REQUIRE_NODE") == "1":
            pytest.fail("Node.js is required (CLUBSCORER_REQUIRE_NODE=1) but not installed")
        pytest.skip("Node.js is not installed")
    return found


def screen_scores(tmp_path: Path, cases: list[list], score_js: Path) -> dict:
    """score_check.mjs's answer: how many cases it checked, and those the screen differs on."""
    cases_file = tmp_path / "cases.json"
    cases_file.write_text(json.dumps(cases))
    check = ROOT / "tests/js/score_check.mjs"
    completed = subprocess.run(
        [node(), check, cases_file, score_js], capture_output=True, text=True, check=True
    )
    return json.loads(completed.stdout)


def test_the_screen_scores_every_result_as_the_server_does(tmp_path):
    """7 levels x 5 strains x 3 doublings x 4 declarers x 14 tricks x 4 vulnerabilities =
    23,520 results, each scored by the server and by the screen."""
    every = itertools.product(VULNERABILITIES, range(1, 8), STRAINS, range(3), "NESW", range(14))
    cases = [
        [vul, level, strain, doubled, declarer, tricks, server_score]
        for vul, level, strain, doubled, declarer, tricks in every
        for server_score in [ns_score(Contract(level, strain, doubled), declarer, tricks, vul)]
    ]
    answer = screen_scores(tmp_path, cases, ROOT / "static/js/table/score.js")
    assert answer == {"checked": 23_520, "differing": []}
    # By hand: 4S by N making 10, nobody vulnerable: 4 x 30 + 300 = +420; 7NTXX by E, all
    # vulnerable, 13 tricks: 4 x (40 + 6 x 30) = 880 + 500 + 1500 + 100 = 2980 to EW.
    by_case = {" ".join(map(str, case[:6])): case[6] for case in cases}
    assert by_case["None 4 S 0 N 10"] == 420
    assert by_case["All 7 NT 2 E 13"] == -2980


def test_a_wrong_score_on_the_screen_is_found(tmp_path):
    """The check itself: score.js with the doubled insult left out is found short by 50 on
    a made doubled contract, and right on an undoubled one."""
    wrong = (
        (ROOT / "static/js/table/score.js")
        .read_text()
        .replace("bonus += 50 * doubled;", "bonus += 0;")
    )
    assert "bonus += 0;" in wrong
    (tmp_path / "score.js").write_text(wrong)
    # 4SX by N making 10: 2 x 120 = 240 + 300 (game) + 50 (insult) = 590; without it 540.
    cases = [["None", 4, "S", 1, "N", 10, 590], ["None", 4, "S", 0, "N", 10, 420]]
    assert screen_scores(tmp_path, cases, tmp_path / "score.js") == {
        "checked": 2,
        "differing": [{"case": "None 4 S 1 N 10", "expected": 590, "screen": 540}],
    }
