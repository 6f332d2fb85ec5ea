"""Benchmark: score a 1,000-table across-the-field event (26 boards, 26,000 results).

1. The pure engine alone (`score_session`), target <= 0.3 s on one core.
2. The whole process on the same travellers CSV: `import_travellers` + `export_results --format
   json` (fresh SQLite database), against salliere (`java -jar salliere.jar score matchpoint
   total results -- boards.csv names.csv`, Debian package `salliere`) run on copies.

    .venv/bin/python bench/score_engine.py [--tables 1000] [--boards 26] [--repeat 5]
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.generate import event_rows, ns_scores  # noqa: E402
from sessions_app.scoring import (  # noqa: E402
    EventInput,
    SectionEntry,
    Traveller,
    played,
    score_session,
)

SALLIERE_JAR = Path("/usr/share/salliere/salliere-0.10.jar")


def engine_input(rows: list[tuple], boards: int) -> EventInput:
    by_board: dict[int, list] = {board: [] for board in range(1, boards + 1)}
    for row, score in zip(rows, ns_scores(rows), strict=True):
        by_board[row[0]].append(played(row[1], row[2], score))
    travellers = tuple(Traveller(board, tuple(lines)) for board, lines in by_board.items())
    return EventInput((SectionEntry("A", travellers),))


def time_engine(rows: list[tuple], boards: int, repeat: int) -> tuple[float, float]:
    started = time.perf_counter()
    event = engine_input(rows, boards)
    build = time.perf_counter() - started
    timings = []
    for _ in range(repeat):
        started = time.perf_counter()
        score_session(event)
        timings.append(time.perf_counter() - started)
    return build, statistics.median(timings)


def write_files(rows: list[tuple], tables: int, folder: Path) -> tuple[Path, Path]:
    travellers, names = folder / "boards.csv", folder / "names.csv"
    with travellers.open("w", newline="") as out:
        csv.writer(out).writerows(rows)  # salliere's layout: no header
    with names.open("w", newline="") as out:
        writer = csv.writer(out)
        for pair in range(1, 2 * tables + 1):
            writer.writerow([pair, f"Player {pair}a", f"Player {pair}b"])
    return travellers, names


def time_clubscorer(travellers: Path, names: Path, folder: Path) -> dict[str, float]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}", "DEBUG": "1"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True)
    started = time.perf_counter()
    imported = subprocess.run(
        [*manage, "import_travellers", str(travellers), "--names", str(names)],
        env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    middle = time.perf_counter()
    session_id = imported.stdout.strip().splitlines()[-1]
    exported = subprocess.run(
        [*manage, "export_results", session_id, "--format", "json"],
        env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    finished = time.perf_counter()
    assert '"ranking"' in exported.stdout
    return {"import": middle - started, "export": finished - middle, "total": finished - started}


def time_salliere(travellers: Path, names: Path, folder: Path) -> float | None:
    java = shutil.which("java")
    if not java or not SALLIERE_JAR.exists():
        return None
    boards_copy, names_copy = folder / "s-boards.csv", folder / "s-names.csv"
    shutil.copy(travellers, boards_copy)
    shutil.copy(names, names_copy)
    started = time.perf_counter()
    subprocess.run(
        [java, "-jar", str(SALLIERE_JAR), "score", "matchpoint", "total", "results", "--",
         str(boards_copy), str(names_copy)],
        check=True, capture_output=True,
    )  # fmt: skip
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = event_rows(args.tables, args.boards)
    print(f"event: {args.tables} tables, {2 * args.tables} pairs, {args.boards} boards, "
          f"{len(rows)} results")  # fmt: skip
    build, engine = time_engine(rows, args.boards, args.repeat)
    print(f"engine: score_session median of {args.repeat}: {engine:.3f} s (target <= 0.300 s); "
          f"building the input {build:.3f} s")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        travellers, names = write_files(rows, args.tables, folder)
        ours = time_clubscorer(travellers, names, folder)
        print(f"clubscorer: import_travellers {ours['import']:.2f} s + export_results json "
              f"{ours['export']:.2f} s = {ours['total']:.2f} s")  # fmt: skip
        theirs = time_salliere(travellers, names, folder)
        if theirs is None:
            print("salliere: not installed (apt-get install salliere) - no comparison")
        else:
            print(f"salliere: score matchpoint total results {theirs:.2f} s")
            print(f"ratio: salliere / clubscorer = {theirs / ours['total']:.1f}x")


if __name__ == "__main__":
    main()
