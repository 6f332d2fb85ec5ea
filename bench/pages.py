"""Benchmark: render time of each players' page for a 15-table session (target <= 50 ms median).

Builds a fresh SQLite database in a temporary folder, imports a 15-table session of generated
travellers (`bench/generate.py`: every pair plays every board, 450 results for 30 boards) with
names and a deal, double-dummy table and par on every board, publishes it, then requests each
page through Django's test client (all middleware, templates and tables) and prints the median
time and the queries of each. Results come from `session_results` as on a live server: the
first request scores the session ("cold"), the others read the cache ("warm").

    .venv/bin/python bench/pages.py [--tables 15] [--boards 30] [--repeat 30]
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
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
        run(args.tables, args.boards, args.repeat)


def build_session(tables: int, boards: int):
    from django.core.management import call_command
    from endplay.parsers import pbn

    from bench.generate import event_rows
    from sessions_app.deals import analysis_from_tags
    from sessions_app.interchange.files import travellers_file
    from sessions_app.interchange.records import NamesRow
    from sessions_app.interchange.travellers.read import read_travellers
    from sessions_app.models import Club
    from sessions_app.services.boards import session_set_deals
    from sessions_app.services.imports import session_import

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
    games = pbn.loads((ROOT / "fixtures" / "demo" / "deals.pbn").read_text())
    deals, analyses = {}, {}
    for number in range(1, boards + 1):  # the demo's deals, over and over
        game = games[(number - 1) % len(games)]
        deals[number] = game.deal.to_pbn()
        analyses[number] = analysis_from_tags(game.info)
    session_set_deals(session=session, deals=deals, analyses=analyses)
    session.refresh_from_db()
    return session


def run(tables: int, boards: int, repeat: int) -> None:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from sessions_app.services.results import forget_local_results

    started = time.perf_counter()
    session = build_session(tables, boards)
    built = time.perf_counter() - started
    print(
        f"session: {tables} tables, {2 * tables} pairs, {boards} boards with deals; "
        f"built in {built:.1f} s"
    )
    base = f"/sessions/{session.pk}/"
    pages = {
        "home": "/",
        "club": "/clubs/bench/",
        "session (ranking)": base,
        "session sorted by %": base + "?a-ns-sort=-percentage",
        "board (traveller + hand)": base + f"boards/{boards // 2}/",
        "pair (score card)": base + "pairs/A/1/",
        "pair sorted by MP": base + "pairs/A/1/?card-sort=-mp",
        "ranking.csv": base + "ranking.csv",
    }
    get = partial(Client().get, secure=True)  # production answers HTTPS only
    get("/")  # import and compile everything once
    print(f"{'page':<26}{'cold ms':>9}{'render ms':>11}{'cached ms':>11}{'queries':>9}")
    for name, url in pages.items():
        forget_local_results()  # cold: the first request scores the session
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as cold_queries:
            response = get(url)
        cold = time.perf_counter() - started
        cold_count = len(cold_queries)  # now: the next requests empty the query log
        assert response.status_code == 200, (url, response.status_code)
        timings, renders = [], []
        for _ in range(repeat):
            started = time.perf_counter()
            get(url)
            timings.append(time.perf_counter() - started)
            cache.clear()  # the rendered page, not the scored results (kept in the process)
            started = time.perf_counter()
            get(url)
            renders.append(time.perf_counter() - started)
        with CaptureQueriesContext(connection) as warm_queries:
            get(url)
        warm_count = len(warm_queries)
        print(
            f"{name:<26}{cold * 1000:>9.1f}{statistics.median(renders) * 1000:>11.1f}"
            f"{statistics.median(timings) * 1000:>11.1f}{f'{cold_count}/{warm_count}':>9}"
        )
    print("cold: scoring the session and rendering; render: median, the page rendered again")
    print("with the results cached; cached: median, the page from the page cache")
    print("queries: cold / cached; target <= 10; target: render <= 50 ms (15 tables)")


if __name__ == "__main__":
    main()
