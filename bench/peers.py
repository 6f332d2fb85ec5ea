"""Benchmark: clubscorer against the peers a club would pick instead, on the same files, in one run.

Each size is an across-the-field event from `bench/generate.py` (26 boards by default), written
in salliere's headerless layout (`board,ns,ew,contract,declarer,tricks` and `pair,name,name`),
which all three read. For each repeat the three whole jobs run one after the other, the order
turned round each repeat, each a fresh process: file in, matchpoints and ranking out.

- clubscorer: `manage.py score boards.csv --names names.csv --format json` (no database);
- salliere 0.10: `java -jar /usr/share/salliere/salliere-0.10.jar score matchpoint total results
  -- boards.csv names.csv` on fresh copies (it rewrites both files). Install it with
  `sudo apt-get install -y salliere` (Debian/Ubuntu; it brings a Java runtime);
- bridge-scorer (npm, JavaScript): `node bench/node/score.js boards.csv`. Install it with
  `npm ci --prefix bench/node` (package.json and package-lock.json are committed).

A peer not installed is skipped with a message. Per figure: min / median / max over the repeats
of wall time, CPU time and peak RSS (bench/child.py); ratios are taken within each repeat.
Then the engines alone, in-process and warm: clubscorer's `score_session` on the input `score`
builds from the file (and the time to read it and build that input), against bridge-scorer's
matchpoints + totals + rank (`score.js --engine 1`). The tools' matchpoint totals are compared
pair by pair at every size. Last, `manage.py score --help` and the issue's targets.

With `--before DIR` (another checkout of clubscorer: `git worktree add --detach DIR COMMIT`),
its `manage.py score` runs too, as a fourth tool in the same rounds: clubscorer before and
after a change, side by side (the ratio "clubscorer / before").

    .venv/bin/python bench/peers.py [--sizes 13,100,1000,3000] [--boards 26] [--repeat 3]
        [--before DIR]
"""

from __future__ import annotations

import argparse
import csv
import gc
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.child import run_child  # noqa: E402
from bench.generate import event_rows  # noqa: E402

SALLIERE_JAR = Path("/usr/share/salliere/salliere-0.10.jar")
NODE_DIR = ROOT / "bench" / "node"
TOOLS = ("clubscorer", "salliere", "bridge-scorer")
CHECKOUTS = {"clubscorer": ROOT}  # and "before": --before DIR
Figures = dict[str, list[float]]  # "wall", "cpu", "rss" -> one value per repeat


def write_files(tables: int, boards: int, folder: Path) -> None:
    """boards.csv and names.csv in salliere's layout: no header."""
    with (folder / "boards.csv").open("w", newline="") as out:
        csv.writer(out).writerows(event_rows(tables, boards))
    with (folder / "names.csv").open("w", newline="") as out:
        pairs = range(1, 2 * tables + 1)
        csv.writer(out).writerows([pair, f"Player {pair}a", f"Player {pair}b"] for pair in pairs)


def missing(tool: str) -> str | None:
    """Why `tool` cannot run here, or None."""
    if tool == "salliere" and not (shutil.which("java") and SALLIERE_JAR.exists()):
        return "salliere skipped: not installed (sudo apt-get install -y salliere)"
    if tool == "bridge-scorer":
        if not shutil.which("node"):
            return "bridge-scorer skipped: node is not installed"
        if not (NODE_DIR / "node_modules" / "bridge-scorer").exists():
            return "bridge-scorer skipped: run `npm ci --prefix bench/node` first"
    return None


def command(tool: str, folder: Path) -> list[str]:
    if tool in CHECKOUTS:
        manage = CHECKOUTS[tool] / "manage.py"
        return [
            sys.executable,
            str(manage),
            "score",
            str(folder / "boards.csv"),
            "--names",
            str(folder / "names.csv"),
            "--format",
            "json",
        ]
    if tool == "salliere":
        for name in ("boards.csv", "names.csv"):  # salliere writes its figures into its inputs
            shutil.copy(folder / name, folder / f"s-{name}")
        return [
            "java",
            "-jar",
            str(SALLIERE_JAR),
            "score",
            "matchpoint",
            "total",
            "results",
            "--",
            str(folder / "s-boards.csv"),
            str(folder / "s-names.csv"),
        ]
    return ["node", str(NODE_DIR / "score.js"), str(folder / "boards.csv")]


def totals(tool: str, folder: Path) -> dict[str, Decimal]:
    """Each pair's matchpoint total as `tool` wrote it after its last run."""
    text = (folder / f"{tool}.out").read_text()
    if tool in CHECKOUTS:
        results = json.loads(text)
        return {
            row["pair"]: Decimal(str(row["matchpoints"]))
            for section in results["sections"]
            for field in section["fields"]
            for row in field["ranking"]
        }
    if tool == "salliere":
        rows = csv.reader((folder / "s-names.csv").read_text().splitlines())
        return {row[0]: Decimal(row[3]) for row in rows}
    return {pair: Decimal(str(value)) for pair, value in json.loads(text)["totals"].items()}


def agreement(found: dict[str, dict[str, Decimal]]) -> str:
    """One line: the tools agree on every pair's total, or where they do not."""
    first, *others = found
    if not others:
        return f"scores: only {first} ran, nothing to compare"
    problems = []
    for other in others:
        for pair in sorted(set(found[first]) | set(found[other]), key=int):
            mine, theirs = found[first].get(pair), found[other].get(pair)
            if mine is None or theirs is None or mine != theirs:
                problems.append(f"pair {pair}: {first} {mine}, {other} {theirs}")
    if problems:
        return f"scores DIFFER ({len(problems)}): " + "; ".join(problems[:10])
    return (
        f"scores agree: {', '.join(found)} give the same matchpoint total to each of the "
        f"{len(found[first]):,} pairs"
    )


def engine_times(folder: Path, repeat: int) -> dict[str, Figures]:
    """clubscorer's engine in this process, warm: reading the file, building the input
    (what `score` does before the engine) and `score_session`, each once a repeat; wall and
    CPU time (on a loaded machine the CPU time is the steadier). The cyclic collector is off
    while they run, as `manage.py score` runs them (score_cli.py)."""
    from sessions_app.interchange.files import read_file
    from sessions_app.interchange.plan import _event, plan_file
    from sessions_app.scoring import score_session

    content, names = (folder / "boards.csv").read_bytes(), (folder / "names.csv").read_bytes()
    steps = {"read": read_file, "build": _event, "engine": score_session}
    figures: dict[str, Figures] = {step: {"wall": [], "cpu": []} for step in steps}
    for attempt in range(repeat + 1):  # the first one warms up, untimed
        gc.collect()  # the last attempt's objects gone, as in a fresh process
        gc.disable()
        clocks = [(time.perf_counter(), time.process_time())]
        results_file = read_file(content, kind="csv", names=names)
        clocks.append((time.perf_counter(), time.process_time()))
        event = _event(plan_file(results_file), results_file)
        clocks.append((time.perf_counter(), time.process_time()))
        score_session(event)
        clocks.append((time.perf_counter(), time.process_time()))
        gc.enable()
        del results_file, event
        for step, before, after in (
            zip(steps, clocks[:-1], clocks[1:], strict=True) if attempt else ()
        ):
            figures[step]["wall"].append(after[0] - before[0])
            figures[step]["cpu"].append(after[1] - before[1])
    return figures


def node_engine(folder: Path, repeat: int) -> Figures:
    """bridge-scorer's matchpoints + totals + rank, timed inside node after a warm-up run."""
    argv = ["node", str(NODE_DIR / "score.js"), "--engine", "1", str(folder / "boards.csv")]
    runs = [subprocess.run(argv, check=True, capture_output=True, text=True) for _ in range(repeat)]
    timed = [json.loads(run.stdout)["engine"][0] for run in runs]
    return {"wall": [run["wall"] for run in timed], "cpu": [run["cpu"] for run in timed]}


def span(values: list[float], unit: str = "s", digits: int = 2) -> str:
    """`median (min–max)`, the way every figure is printed."""
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid:.{digits}f} {unit} ({low:.{digits}f}–{high:.{digits}f})"


def quotients(mine: list[float], theirs: list[float]) -> list[float]:
    """Repeat by repeat: the runs of one repeat ran one after the other."""
    return [a / b for a, b in zip(mine, theirs, strict=True)]


def ratios(mine: list[float], theirs: list[float]) -> str:
    return span(quotients(mine, theirs), "×")


def load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def measure_size(tables: int, boards: int, repeat: int, tools: list[str]) -> dict:
    """Print and return the figures of one size."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_files(tables, boards, folder)
        print(
            f"\n## {tables:,} tables, {2 * tables:,} pairs, {boards} boards, "
            f"{tables * boards:,} results — load average before: {load()}\n"
        )
        runs: dict[str, Figures] = {tool: {"wall": [], "cpu": [], "rss": []} for tool in tools}
        for attempt in range(repeat):
            for tool in tools[attempt % len(tools) :] + tools[: attempt % len(tools)]:
                figures = run_child(command(tool, folder), folder / f"{tool}.out")
                for key, value in zip(("wall", "cpu", "rss"), figures, strict=True):
                    runs[tool][key].append(value)
        print("| whole job | wall | CPU (user+sys) | peak RSS |\n|---|---|---|---|")
        for tool in tools:
            figures = runs[tool]
            print(
                f"| {tool} | {span(figures['wall'])} | {span(figures['cpu'])} | "
                f"{span(figures['rss'], 'MiB', 0)} |"
            )
        for peer in tools[1:]:
            mine, theirs = runs["clubscorer"], runs[peer]
            print(
                f"| ratio clubscorer / {peer} | {ratios(mine['wall'], theirs['wall'])} | "
                f"{ratios(mine['cpu'], theirs['cpu'])} | "
                f"{ratios(mine['rss'], theirs['rss'])} |"
            )
        engine = engine_times(folder, repeat)
        labels = {
            "read": "clubscorer: reading the file (`read_file`)",
            "build": "clubscorer: building the engine's input",
            "engine": "clubscorer: `score_session`",
        }
        if "bridge-scorer" in tools:
            engine["node"] = node_engine(folder, repeat)
            labels["node"] = "bridge-scorer: matchpoints + totals + rank"
        print("\n| engine alone, in-process, warm | wall | CPU |\n|---|---|---|")
        for step, label in labels.items():
            wall, cpu = engine[step]["wall"], engine[step]["cpu"]
            print(f"| {label} | {span(wall, 's', 3)} | {span(cpu, 's', 3)} |")
        if "node" in engine:
            mine, theirs = engine["engine"], engine["node"]
            print(
                f"| ratio `score_session` / bridge-scorer | "
                f"{ratios(mine['wall'], theirs['wall'])} | "
                f"{ratios(mine['cpu'], theirs['cpu'])} |"
            )
        print(f"\n{agreement({tool: totals(tool, folder) for tool in tools})}")
        print(f"load average after: {load()}")
        return {"runs": runs, "engine": engine}


def help_times(runs: int, root: Path = ROOT) -> Figures:
    argv = [sys.executable, str(root / "manage.py"), "score", "--help"]
    with tempfile.TemporaryDirectory() as tmp:
        measured = [run_child(argv, Path(tmp) / "help.out") for _ in range(runs)]
    return {key: [run[i] for run in measured] for i, key in enumerate(("wall", "cpu", "rss"))}


def versions(tools: list[str]) -> str:
    found = [f"Python {platform.python_version()}"]
    if "salliere" in tools:
        java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr
        found.append(f"salliere 0.10 on {java.splitlines()[0]}")
    if "bridge-scorer" in tools:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout
        package = json.loads((NODE_DIR / "node_modules/bridge-scorer/package.json").read_text())
        found.append(f"bridge-scorer {package['version']} on node {node.strip()}")
    commit = subprocess.getoutput(f"git -C '{ROOT}' rev-parse --short HEAD").strip()
    return f"{', '.join(found)}; clubscorer at {commit or '?'}; {os.cpu_count()} CPUs"


def targets(results: dict[int, dict], help_run: Figures) -> None:
    """The issue's targets, each with the figure that decides it (medians)."""

    def line(what: str, value: float, limit: float, unit: str) -> None:
        verdict = "met" if value <= limit else "NOT met"
        print(f"| {what} | {value:.2f}{unit} | ≤ {limit}{unit} | {verdict} |")

    print("\n## Targets (medians)\n\n| target | measured | limit | |\n|---|---|---|---|")
    for tables, limit in ((13, 1.0), (1000, 0.2)):
        runs = results.get(tables, {}).get("runs", {})
        for key, what in (("wall", "wall"), ("cpu", "CPU")) if "salliere" in runs else ():
            ratio = quotients(runs["clubscorer"][key], runs["salliere"][key])
            line(
                f"whole job, clubscorer / salliere {what}, {tables:,} tables",
                statistics.median(ratio),
                limit,
                "×",
            )
    if 1000 in results:
        rss = statistics.median(results[1000]["runs"]["clubscorer"]["rss"])
        line("clubscorer peak RSS, 1,000 tables", rss, 100, " MiB")
    line("`manage.py score --help` wall", statistics.median(help_run["wall"]), 0.4, " s")
    line("`manage.py score --help` CPU", statistics.median(help_run["cpu"]), 0.4, " s")
    engine = results.get(1000, {}).get("engine", {})
    for key, what in (("wall", "wall"), ("cpu", "CPU")) if "node" in engine else ():
        ratio = quotients(engine["engine"][key], engine["node"][key])
        line(
            f"`score_session` / bridge-scorer {what}, 1,000 tables",
            statistics.median(ratio),
            2,
            "×",
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sizes", default="13,100,1000,3000", help="tables, comma-separated")
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--help-runs", type=int, default=10, help="runs of `score --help`")
    parser.add_argument("--before", type=Path, help="another checkout of clubscorer, run too")
    args = parser.parse_args()
    if args.before:
        CHECKOUTS["before"] = args.before.resolve()
    # A deployment keeps its compiled bytecode: a shell forbidding it (PYTHONDONTWRITEBYTECODE)
    # would time every clubscorer start compiling the project again (0.1-0.2 s).
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    tools = [tool for tool in TOOLS if not missing(tool)] + [*CHECKOUTS][1:]
    print(f"# bench/peers.py {' '.join(sys.argv[1:])}\n\n{versions(tools)}")
    for reason in filter(None, map(missing, TOOLS)):
        print(reason)
    results = {
        tables: measure_size(tables, args.boards, args.repeat, tools)
        for tables in (int(size) for size in args.sizes.split(","))
    }
    for name, root in reversed(CHECKOUTS.items()):  # clubscorer's last: the targets'
        help_run = help_times(args.help_runs, root)
        print(
            f"\n`manage.py score --help` ({name}), {args.help_runs} runs: wall "
            f"{span(help_run['wall'])}, CPU {span(help_run['cpu'])}, peak RSS "
            f"{span(help_run['rss'], 'MiB', 0)}; load average {load()}"
        )
    targets(results, help_run)


if __name__ == "__main__":
    main()
