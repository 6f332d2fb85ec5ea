"""bench/peers.py keeps working: its clubscorer part scores a small generated event with every
matchpoint accounted for, the whole script runs at 3 tables (salliere and bridge-scorer too
where they are installed, skipped with a message where not), and a disagreement between the
tools is reported pair by pair rather than passed over."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal

from bench import peers
from bench.child import run_child


def test_clubscorer_scores_a_generated_event_with_every_matchpoint_accounted_for(tmp_path):
    peers.write_files(3, 26, tmp_path)
    peers.run_child(peers.command("clubscorer", tmp_path), tmp_path / "clubscorer.out")
    totals = peers.totals("clubscorer", tmp_path)
    # 3 tables, across the field: every board has 3 lines, a top of 2 x (3 - 1) = 4, and on
    # each line NS + EW = 4; so 26 boards x 3 lines x 4 = 312 matchpoints among pairs 1-6.
    assert sorted(totals, key=int) == ["1", "2", "3", "4", "5", "6"]
    assert sum(totals.values()) == 312


def test_it_names_each_pair_the_tools_disagree_on():
    found = {
        "clubscorer": {"1": Decimal(10), "2": Decimal(14)},
        "salliere": {"1": Decimal(10), "2": Decimal(13)},
    }
    assert peers.agreement(found) == "scores DIFFER (1): pair 2: clubscorer 14, salliere 13"
    found["salliere"]["2"] = Decimal("14.0")
    assert peers.agreement(found) == (
        "scores agree: clubscorer, salliere give the same matchpoint total to each of the 2 pairs"
    )


def test_the_whole_script_runs_at_3_tables():
    completed = subprocess.run(
        [
            sys.executable,
            str(peers.ROOT / "bench" / "peers.py"),
            "--sizes",
            "3",
            "--repeat",
            "1",
            "--help-runs",
            "1",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    out = completed.stdout
    assert "## 3 tables, 6 pairs, 26 boards, 78 results" in out
    assert "| clubscorer: `score_session` |" in out
    ran = [tool for tool in peers.TOOLS if not peers.missing(tool)]
    if len(ran) > 1:
        assert f"scores agree: {', '.join(ran)} give the same matchpoint total to each" in out
    else:
        assert "scores: only clubscorer ran, nothing to compare" in out
    for tool in peers.TOOLS:
        if peers.missing(tool):
            assert peers.missing(tool) in out


def test_a_child_reports_its_own_peak_memory_not_the_benchmarks(tmp_path):
    held = bytearray(200 * 1024 * 1024)  # 200 MiB resident in this process...
    held[::4096] = b"\1" * len(range(0, len(held), 4096))
    _, _, rss = run_child([sys.executable, "-S", "-c", "pass"], tmp_path / "out.txt")
    # ...which a child forked from it would count as its own; an interpreter doing nothing
    # uses about 10 MiB.
    assert rss < 50
    del held
