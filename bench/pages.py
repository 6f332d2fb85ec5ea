"""Benchmark: the players' pages of a session, cold, rendered and cached, before and after.

Each checkout measured (this one, and with `--before PATH` another, e.g. a worktree of main)
runs in a worker process of its own, which builds a fresh SQLite database in a temporary
folder, imports a session of generated travellers (`bench/generate.py`: an across-the-field
event, every pair plays every board) with names and a deal, double-dummy table and par on
every board, publishes it, and serves it as in production (`DEBUG=0`, HTTPS, collected static
files) through Django's test client (every middleware, template and table). The driver asks
the workers in turn, page by page and kind by kind, alternating which goes first, so both
see the same load on a shared machine; it prints min / median / max of each figure.

- cold: the first request after a change that every line is read again for (a pair's names,
  a section, a setting: the session touched without naming its boards; the cache emptied):
  scoring the whole session, then rendering the page;
- saved: the first request after the director saved a line on the entry grid (the same
  route as `save`, not timed): the session scored again from that board's lines;
- render: the page rendered again with the scored results kept in the process;
- cached: the page from the page cache (what a hundred players refreshing are served);
- save: (`--entry`) a director saving one traveller line on the entry grid (the JSON
  route the grid posts to, with the board's new matchpoints in its answer).

With `--save-sizes 1000,15` only the save is timed, in this checkout, on one session of each
size side by side (the boards as `--boards`), the sizes asked in turn: the ratio is the
first size's median over the second's.

    .venv/bin/python bench/pages.py [--tables 15] [--boards 30] [--repeat 15] \\
        [--before ../wt-main] [--entry] [--save-sizes 1000,15]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("ranking", "board", "score card")
KINDS = ("cold", "saved", "render", "cached")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--before", type=Path, help="another checkout to measure beside this")
    parser.add_argument("--entry", action="store_true", help="also time saving a line")
    parser.add_argument("--save-sizes", help="e.g. 1000,15: the save alone at these sizes")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)  # the code to serve
    args = parser.parse_args()
    if args.worker:
        serve(args.worker, args.tables, args.boards)
        return
    if args.save_sizes:
        sizes = [int(size) for size in args.save_sizes.split(",")]
        checkouts = {f"{size} tables": ROOT for size in sizes}
        workers = {
            name: start(ROOT, argparse.Namespace(tables=size, boards=args.boards))
            for name, size in zip(checkouts, sizes, strict=True)
        }
        tasks = [("save", "save")]
    else:
        checkouts = {"after": ROOT} | ({"before": args.before.resolve()} if args.before else {})
        workers = {name: start(code, args) for name, code in checkouts.items()}
        tasks = [(page, kind) for page in PAGES for kind in KINDS]
        tasks += [("save", "save")] * args.entry
    for name, worker in workers.items():
        print(f"{name} ({checkouts[name]}): {ask(worker, {'do': 'ready'})['built']}")
    figures: dict = {}
    for turn in range(args.repeat):
        order = list(workers) if turn % 2 == 0 else list(workers)[::-1]
        for page, kind in tasks:
            for name in order:
                answer = ask(workers[name], {"do": kind, "page": page})
                figures.setdefault((page, kind, name), []).append(answer)
    for worker in workers.values():
        worker.stdin.close()
        worker.wait()
    report(figures, list(workers), tasks)


def start(code: Path, args) -> subprocess.Popen:
    command = [sys.executable, __file__, "--worker", str(code)]
    command += ["--tables", str(args.tables), "--boards", str(args.boards)]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(worker: subprocess.Popen, question: dict) -> dict:
    worker.stdin.write(json.dumps(question) + "\n")
    worker.stdin.flush()
    return json.loads(worker.stdout.readline())


def report(figures: dict, names: list[str], tasks: list[tuple[str, str]]) -> None:
    heading = "".join(f" {name + ' ms (min/median/max)':>28}{'q':>4}" for name in names)
    ratio = "/".join(names[:2])
    print(f"{'page':<11}{'figure':<8}{heading}  {ratio}")
    for page, kind in dict.fromkeys(tasks):
        line, medians = f"{page:<11}{kind:<8}", []
        for name in names:
            answers = figures[(page, kind, name)]
            times = [answer["seconds"] * 1000 for answer in answers]
            medians.append(statistics.median(times))
            spread = f"{min(times):.1f} / {medians[-1]:.1f} / {max(times):.1f}"
            line += f" {spread:>28}{answers[-1]['queries']:>4}"
        if len(medians) == 2:
            line += f"{medians[0] / medians[1]:>{len(ratio) + 1}.2f}×"
        print(line)
    if ("ranking", "render") not in tasks:
        return
    sizes = {page: figures[(page, "render", names[0])][-1]["bytes"] for page in PAGES}
    print("page sizes (after): " + ", ".join(f"{p} {b / 1024:.0f} KiB" for p, b in sizes.items()))
    print("q: queries of the last request; cold = the first request after a change that reads")
    print("every line; saved = after a saved line; render = rendered again from the kept")
    print("results; cached = the page cache")


def serve(code: Path, tables: int, boards: int) -> None:
    """A worker: set up `code`'s Django on a fresh database, then answer one JSON line a
    question on stdin."""
    sys.path.insert(0, str(code))
    os.chdir(code)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        os.environ["DEBUG"] = "0"  # as in production: hashed static files, HTTPS only
        os.environ["STATIC_ROOT"] = str(Path(tmp) / "static")
        os.environ.setdefault("SECRET_KEY", "benchmark-only")
        os.environ["DJANGO_SETTINGS_MODULE"] = "clubscorer.settings"
        import django
        from django.core.management import call_command

        django.setup()
        call_command("collectstatic", "--no-input", verbosity=0)
        started = time.perf_counter()
        bench = Bench(build_session(code, tables, boards), boards)
        built = (
            f"{tables} tables, {2 * tables} pairs, {boards} boards with deals; built in "
            f"{time.perf_counter() - started:.1f} s"
        )
        for line in sys.stdin:
            question = json.loads(line)
            answer = {"built": built} if question["do"] == "ready" else bench.measure(question)
            print(json.dumps(answer), flush=True)


def build_session(code: Path, tables: int, boards: int):
    from django.core.management import call_command
    from endplay.parsers import pbn

    from bench.generate import event_rows
    from sessions_app.files.imports import session_import
    from sessions_app.hands.boards import session_set_deals
    from sessions_app.interchange.deals import analysis_from_tags
    from sessions_app.interchange.files import travellers_file
    from sessions_app.interchange.records import NamesRow
    from sessions_app.interchange.travellers.read import read_travellers
    from sessions_app.models import Club

    call_command("migrate", verbosity=0)
    header = "board,ns,ew,contract,declarer,tricks"
    text = "\n".join([header, *(",".join(map(str, row)) for row in event_rows(tables, boards))])
    club = Club.objects.create(name="Benchmark Bridge Club", slug="bench")
    names = [
        NamesRow("A", str(pair), (f"Player {pair}a Long-Surname", f"Player {pair}b Other"))
        for pair in range(1, 2 * tables + 1)
    ]
    session = session_import(
        club=club,
        results_file=travellers_file(read_travellers(text + "\n"), names),
        name=f"{tables}-table pairs",
        date=datetime.date(2026, 11, 16),
        publish=True,
    ).session
    games = pbn.loads((code / "fixtures" / "demo" / "deals.pbn").read_text())
    deals, analyses = {}, {}
    for number in range(1, boards + 1):  # the demo's deals, over and over
        game = games[(number - 1) % len(games)]
        deals[number] = game.deal.to_pbn()
        analyses[number] = analysis_from_tags(game.info)
    session_set_deals(session=session, deals=deals, analyses=analyses)
    session.refresh_from_db()
    return session


class Bench:
    """One worker's session and clients; `measure` times one request."""

    def __init__(self, session, boards: int):
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.urls import reverse

        from sessions_app.models import Result

        self.session = session
        base = f"/sessions/{session.pk}/"
        self.urls = {
            "ranking": base,
            "board": base + f"boards/{boards // 2}/",
            "score card": base + "pairs/A/1/",
        }
        self.client = Client()
        self.client.get("/", secure=True)  # import and compile everything once
        director = get_user_model().objects.create_user("bench-director", password="-")
        session.club.directors.add(director)
        self.director = Client()
        self.director.force_login(director)
        self.save_url = reverse("sessions_app:line_save", args=[session.pk, "A"])
        self.line = (
            Result.objects.select_related("board", "ns", "ew")
            .filter(section__session=session, board__number=boards // 2)
            .order_by("id")[0]
        )
        self.saves = 0

    def measure(self, question: dict) -> dict:
        from django.core.cache import cache
        from django.db import connection

        from sessions_app.core.results import session_results, session_touch

        kind = question["do"]
        if kind == "save":
            return self.save()
        url = self.urls[question["page"]]
        if kind == "cold":
            session_touch(self.session, amends=False)  # every board: names, sections, settings
            cache.clear()  # and the page served for two seconds without a query
        elif kind == "saved":
            self.save()
            self.session.refresh_from_db()
            cache.clear()
        elif kind == "render":
            session_results(self.session)
            cache.clear()
        else:
            self.client.get(url, secure=True)
        queries = []
        with connection.execute_wrapper(lambda run, *args: queries.append(1) or run(*args)):
            started = time.perf_counter()
            response = self.client.get(url, secure=True)
            seconds = time.perf_counter() - started
        assert response.status_code == 200, (url, response.status_code)
        return {"seconds": seconds, "queries": len(queries), "bytes": len(response.content)}

    def save(self) -> dict:
        """The director changes the line's result (10 or 9 tricks, in turn) on the grid."""
        from django.db import connection

        line = self.line
        self.saves += 1
        data = {
            "board": line.board.number,
            "ns": line.ns.label,
            "ew": line.ew.label,
            "entry": f"4sn{9 + self.saves % 2}",
            "result_id": line.pk,
            "version": line.version,
            "confirmed": "1",
        }
        queries = []
        with connection.execute_wrapper(lambda run, *args: queries.append(1) or run(*args)):
            started = time.perf_counter()
            answer = self.director.post(self.save_url, data, secure=True).json()
            seconds = time.perf_counter() - started
        assert answer["ok"], answer
        line.version = answer["version"]
        return {"seconds": seconds, "queries": len(queries), "bytes": 0}


if __name__ == "__main__":
    main()
