"""Benchmark: score a 1,000-table across-the-field event (26 boards, 26,000 results), this
checkout against another, interleaved (bench/peers.py compares clubscorer with its peers).

1. The pure engine alone (`score_session`): on the generated results, and on the same with 1% of
   the results missing, so that nearly every board is Neuberg-factored (exact fractions); and
   the session scored again after one line is corrected, building on what its scoring kept
   (`score_session_kept`: one board re-scored, the totals moved by its difference).
2. With `--database`: the engine's input built from the database (`event_input`, the travellers
   imported once into a fresh SQLite database) and the same scored.
3. With `--process`: the whole process on the same travellers CSV: `import_travellers` +
   `export_results --format json` (fresh SQLite database), against salliere (`java -jar
   salliere.jar score matchpoint total results -- boards.csv names.csv`, Debian package
   `salliere`) run on copies.

Every figure is min / median / max of `--repeat` runs, in wall and in CPU time of the process
(which a shared machine inflates less). `--compare DIR` measures another checkout
of clubscorer (`git worktree add DIR main`, or `git archive main | tar -x -C DIR`) in the same
run, interleaved round by round with this one, each in its own process:

    .venv/bin/python bench/score_engine.py [--tables 1000] [--boards 26] [--repeat 7]
        [--database] [--compare DIR] [--process]
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SALLIERE_JAR = Path("/usr/share/salliere/salliere-0.10.jar")


def ns_scores(rows: list[tuple]) -> list[int]:
    """The NS score of each generated row (Law 77), for building engine input directly."""
    from sessions_app.scoring.board import vulnerability
    from sessions_app.scoring.contract import Contract, ns_score

    scores = []
    for board, _, _, contract, declarer, tricks in rows:
        if contract == "P":
            scores.append(0)
            continue
        body = contract.rstrip("X")
        parsed = Contract(int(body[0]), body[1:], contract.count("X"))
        scores.append(ns_score(parsed, declarer, int(tricks), vulnerability(board)))
    return scores


def engine_input(rows: list[tuple], boards: int, missing: float = 0.0):  # -> EventInput
    """The generated rows as the engine's input; `missing`: the share of results left out."""
    from sessions_app.scoring import EventInput, SectionEntry, Traveller, played

    rng = random.Random(15)
    by_board: dict[int, list] = {board: [] for board in range(1, boards + 1)}
    for row, score in zip(rows, ns_scores(rows), strict=True):
        if not missing or rng.random() >= missing:
            by_board[row[0]].append(played(row[1], row[2], score))
    travellers = tuple(Traveller(board, tuple(lines)) for board, lines in by_board.items())
    return EventInput((SectionEntry("A", travellers),))


def one_line_changed(event):  # (EventInput) -> EventInput
    """`event` with the 6th line of its 7th traveller changed from its score to 30 more: what
    a director's correction does (4S= +420 corrected to 4S+1 +450)."""
    from dataclasses import replace

    from sessions_app.scoring import played

    section = event.sections[0]
    travellers = list(section.travellers)
    lines = list(travellers[6].lines)
    line = lines[5]
    lines[5] = played(line.ns, line.ew, line.ns_award[0][1] + 30)
    travellers[6] = replace(travellers[6], lines=tuple(lines))
    return replace(event, sections=(replace(section, travellers=tuple(travellers)),))


def write_files(rows: list[tuple], tables: int, folder: Path) -> tuple[Path, Path]:
    travellers, names = folder / "boards.csv", folder / "names.csv"
    with travellers.open("w", newline="") as out:
        csv.writer(out).writerows(rows)  # salliere's layout: no header
    with names.open("w", newline="") as out:
        writer = csv.writer(out)
        for pair in range(1, 2 * tables + 1):
            writer.writerow([pair, f"Player {pair}a", f"Player {pair}b"])
    return travellers, names


class Worker:
    """The figures of one checkout (the `sys.path` it was started with), one round at a time."""

    def __init__(self, tables: int, boards: int, database: bool, folder: Path) -> None:
        from bench.generate import event_rows

        self.rows = event_rows(tables, boards)
        self.tables, self.boards = tables, boards
        self.session = self._import(folder) if database else None

    def _import(self, folder: Path):  # -> Session
        os.environ.update(DATABASE_URL=f"sqlite:///{folder / 'bench.sqlite3'}", DEBUG="1")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscorer.settings")
        import django
        from django.core.management import call_command

        django.setup()
        from sessions_app.models import Session

        call_command("migrate", verbosity=0)
        travellers, names = write_files(self.rows, self.tables, folder)
        out = io.StringIO()
        call_command("import_travellers", str(travellers), names=str(names), stdout=out)
        return Session.objects.get(pk=int(out.getvalue().split()[-1]))

    def round(self) -> dict[str, float]:
        """One run of each figure, as wall and CPU seconds (CPU: the machine may be shared)."""
        from sessions_app.scoring import score_session

        figures: dict[str, float] = {}
        events = {}
        for label, missing in (("engine", 0.0), ("engine, 1% missing", 0.01)):
            with _timed(figures, f"{label}: input"):
                event = events[label] = engine_input(self.rows, self.boards, missing)
            with _timed(figures, f"{label}: score_session"):
                score_session(event)
        try:
            from sessions_app.scoring.session import score_session_kept
        except ImportError:  # a checkout from before the kept scoring
            pass
        else:
            _, kept = score_session_kept(events["engine"], None)
            changed = one_line_changed(events["engine"])
            with _timed(figures, "engine, one line changed: score_session_kept"):
                score_session_kept(changed, kept)
        if self.session is not None:
            from sessions_app.core.event_inputs import event_input

            with _timed(figures, "database: event_input"):
                event = event_input(self.session)
            with _timed(figures, "database: score_session"):
                score_session(event)
        return figures


@contextmanager
def _timed(figures: dict[str, float], label: str) -> Iterator[None]:
    gc.collect()  # the garbage of the last round gone, as in a fresh process
    wall, cpu = time.perf_counter(), time.process_time()
    yield
    figures[f"{label} (wall)"] = time.perf_counter() - wall
    figures[f"{label} (CPU)"] = time.process_time() - cpu


def serve(root: Path, args: argparse.Namespace) -> None:
    """--worker: prepare, say "ready", then answer each line of stdin with one round (JSON)."""
    sys.path.insert(0, str(root))
    os.chdir(root)
    with tempfile.TemporaryDirectory() as tmp:
        worker = Worker(args.tables, args.boards, args.database, Path(tmp))
        print("ready", flush=True)
        for _ in sys.stdin:
            print(json.dumps(worker.round()), flush=True)


def start(root: Path, args: argparse.Namespace) -> subprocess.Popen[str]:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        str(root),
        "--tables",
        str(args.tables),
        "--boards",
        str(args.boards),
    ]
    if args.database:
        command.append("--database")
    worker = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
    return worker


def compare(roots: dict[str, Path], args: argparse.Namespace) -> None:
    """Every checkout's figures, interleaved round by round; min / median / max of each."""
    workers = {name: start(root, args) for name, root in roots.items()}
    figures: dict[str, dict[str, list[float]]] = {name: {} for name in roots}
    for _ in range(args.repeat):
        for name, worker in workers.items():
            assert worker.stdin is not None and worker.stdout is not None
            worker.stdin.write("run\n")
            worker.stdin.flush()
            for key, seconds in json.loads(worker.stdout.readline()).items():
                figures[name].setdefault(key, []).append(seconds)
    for worker in workers.values():
        assert worker.stdin is not None
        worker.stdin.close()
        worker.wait()
    print(
        f"event: {args.tables} tables, {2 * args.tables} pairs, {args.boards} boards, "
        f"{args.tables * args.boards} results; ms min / median / max of {args.repeat}, "
        "interleaved"
    )
    keys = dict.fromkeys(key for name in roots for key in figures[name])
    for key in keys:  # a figure only one checkout has (a newer path) is shown for it alone
        cells = []
        for name in roots:
            if key not in figures[name]:
                cells.append(f"{name} {'-':>24}")
                continue
            times = sorted(1000 * t for t in figures[name][key])
            cells.append(
                f"{name} {times[0]:6.1f} / {statistics.median(times):6.1f} / {times[-1]:6.1f}"
            )
        print(f"{key:40} " + "   ".join(cells))


def time_clubscorer(travellers: Path, names: Path, folder: Path) -> dict[str, float]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}", "DEBUG": "1"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True)
    started = time.perf_counter()
    imported = subprocess.run(
        [*manage, "import_travellers", str(travellers), "--names", str(names)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    middle = time.perf_counter()
    session_id = imported.stdout.strip().splitlines()[-1]
    exported = subprocess.run(
        [*manage, "export_results", session_id, "--format", "json"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
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
        [
            java,
            "-jar",
            str(SALLIERE_JAR),
            "score",
            "matchpoint",
            "total",
            "results",
            "--",
            str(boards_copy),
            str(names_copy),
        ],
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - started


def process(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT))
    from bench.generate import event_rows

    rows = event_rows(args.tables, args.boards)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        travellers, names = write_files(rows, args.tables, folder)
        ours = time_clubscorer(travellers, names, folder)
        print(
            f"clubscorer: import_travellers {ours['import']:.2f} s + export_results json "
            f"{ours['export']:.2f} s = {ours['total']:.2f} s"
        )
        theirs = time_salliere(travellers, names, folder)
        if theirs is None:
            print("salliere: not installed (apt-get install salliere) - no comparison")
        else:
            print(f"salliere: score matchpoint total results {theirs:.2f} s")
            print(f"ratio: salliere / clubscorer = {theirs / ours['total']:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--database", action="store_true", help="also event_input from SQLite")
    parser.add_argument("--compare", type=Path, help="another checkout, measured interleaved")
    parser.add_argument("--process", action="store_true", help="also the whole process")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve(args.worker, args)
        return
    roots = {"this": ROOT}
    if args.compare:
        roots = {"other": args.compare.resolve(), "this": ROOT}
    compare(roots, args)
    if args.process:
        process(args)


if __name__ == "__main__":
    main()
