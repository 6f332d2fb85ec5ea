"""Benchmark: 30 tables scoring a session on their phones through the JSON API, in bursts.

A fresh database (SQLite in a temporary folder, or the PostgreSQL database `--database-url`
names, emptied first) gets a session of two sections, A and B, each a 15-table Mitchell of
9 rounds of 3 boards: every table plays 27 boards, 810 results in all. gunicorn serves it as
in production (DEBUG off, collected static files) on 127.0.0.1. Each table is a thread with a
connection of its own that signs in with the table's code, then, round after round:

- waits for the round to end (all tables together: a round barrier), then enters its 3
  results within `--burst` seconds of the others (each table starts at a random moment in the
  burst): every table at the end of a round within the same few seconds, as in a club. A
  table's requests follow each other `--think` seconds apart on average (0.5x to 1.5x): a
  result tapped in, the phone passed to an opponent who accepts it, the next result (players
  take longer; `--think 0` sends everything back to back, a stress test);
- re-sends `--retry` of its results with the same client id (a phone that lost the answer);
  the server must return the stored line, not store it twice;
- the opponents accept each line (verification), and the table moves on (`round-done`).

A director's console polls its feed every 1.5 s throughout. Afterwards the database is read:
every result acknowledged must be there once (lost: acknowledged but absent; duplicates: a
client id, or a board and pair, stored twice).

    .venv/bin/python bench/tables.py [--database-url postgres://postgres@127.0.0.1:5432/cs_x]
        [--tables 15] [--sections 2] [--rounds 9] [--burst 3] [--think 1] [--retry 0.05]
        [--workers 3] [--threads 4] [--port 8777]
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import string
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.table_clients import Recorder, console_poller, table_player  # noqa: E402

PY = sys.executable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="PostgreSQL to use (emptied); default SQLite")
    parser.add_argument("--tables", type=int, default=15, help="tables a section (15)")
    parser.add_argument("--sections", type=int, default=2, help="sections (2)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of 3 boards (9)")
    parser.add_argument("--burst", type=float, default=3.0, help="seconds a round's burst (3)")
    parser.add_argument("--retry", type=float, default=0.05, help="share re-sent (0.05)")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="seconds between a table's taps: next result, the opponents' accept (1)",
    )
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (3)")
    parser.add_argument("--threads", type=int, default=4, help="threads a worker (4)")
    parser.add_argument("--port", type=int, default=8777)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    args.load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        env = environment(Path(tmp), args)
        os.environ.update(env)
        setup = build(args)
        server = start_server(args, env)
        try:
            report = drive(args, setup)
        finally:
            server.terminate()
            server.wait(timeout=20)
        report.update(check(setup))
    show(args, report)


def environment(tmp: Path, args) -> dict[str, str]:
    database = args.database_url or f"sqlite:///{tmp / 'tables.sqlite3'}"
    return {
        "DATABASE_URL": database,
        "DEBUG": "0",
        "SECRET_KEY": "benchmark-only-" + uuid.uuid4().hex,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0",
        "STATIC_ROOT": str(tmp / "static"),
        "MEDIA_ROOT": str(tmp / "media"),
        "DJANGO_SETTINGS_MODULE": "clubscorer.settings",
    }


def build(args) -> dict:
    """A fresh database with the session in play; the tables' codes and a director's cookie."""
    os.chdir(ROOT)
    import datetime

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from sessions_app.models import Club
    from sessions_app.setup.sessions import section_save, session_create
    from sessions_app.setup.status import session_set_status
    from sessions_app.table_scoring.access import codes_issue

    call_command("migrate", verbosity=0)
    if args.database_url:
        call_command("flush", "--no-input", verbosity=0)
    call_command("collectstatic", "--no-input", verbosity=0)
    club = Club.objects.create(name="Benchmark Bridge Club", slug=f"bench-{uuid.uuid4().hex[:6]}")
    director = get_user_model().objects.create_user(f"td-{club.slug}", password=uuid.uuid4().hex)
    club.directors.add(director)
    session = session_create(club=club, name="Table scoring", date=datetime.date(2026, 11, 24))
    for index in range(args.sections):
        section_save(
            session=session,
            name=string.ascii_uppercase[index],
            movement="mitchell",
            tables=args.tables,
            boards_per_round=3,
            rounds=args.rounds,
        )
    session_set_status(session=session, status="in_play")
    codes = [(code.section.name, code.table, code.code) for code in codes_issue(session=session)]
    client = Client()
    client.force_login(director)
    return {"session": session.pk, "codes": codes, "cookie": client.cookies["sessionid"].value}


def start_server(args, env: dict[str, str]) -> subprocess.Popen:
    command = [
        PY,
        "-m",
        "gunicorn",
        "clubscorer.wsgi",
        "--bind",
        f"127.0.0.1:{args.port}",
        "--workers",
        str(args.workers),
        "--threads",
        str(args.threads),
        "--log-level",
        "warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env})
    for _ in range(100):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=2)
            connection.request("GET", "/")
            connection.getresponse().read()
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not start")


def drive(args, setup) -> dict:
    record = Recorder()
    barrier = threading.Barrier(len(setup["codes"]))
    players = [
        threading.Thread(target=table_player, args=(args, setup, code, i, barrier, record))
        for i, (_, _, code) in enumerate(setup["codes"])
    ]
    stop = threading.Event()
    poller = threading.Thread(target=console_poller, args=(args, setup, stop, record))
    started = time.perf_counter()
    poller.start()
    for player in players:
        player.start()
    for player in players:
        player.join()
    stop.set()
    poller.join()
    return {"record": record, "seconds": time.perf_counter() - started}


def check(setup) -> dict:
    """What the database holds after the run."""
    from django.db.models import Count

    from sessions_app.models import Result

    lines = Result.objects.filter(section__session_id=setup["session"])
    stored = dict(lines.exclude(client_id="").values_list("client_id", "id"))
    twice_cid = lines.exclude(client_id="").values("client_id").annotate(n=Count("id"))
    twice_pair = lines.values("board", "ns").annotate(n=Count("id"))
    return {
        "stored": lines.count(),
        "stored_ids": stored,
        "duplicates": twice_cid.filter(n__gt=1).count() + twice_pair.filter(n__gt=1).count(),
        "unverified": lines.exclude(verification="accepted").count(),
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def show(args, report: dict) -> None:
    record: Recorder = report["record"]
    tables = args.tables * args.sections
    expected = tables * args.rounds * 3
    database = "PostgreSQL" if args.database_url else "SQLite"
    seconds = report["seconds"]
    print(
        f"{tables} tables ({args.sections} sections of {args.tables}), {args.rounds} rounds"
        f" of 3 boards: {expected} results; {database}; gunicorn {args.workers} workers x"
        f" {args.threads} threads; bursts of {args.burst:g} s, {args.think:g} s between a"
        f" table's requests; {seconds:.1f} s; load average {args.load_before:.1f} before,"
        f" {os.getloadavg()[0]:.1f} after"
    )
    for kind in ("submit", "verify", "round-done", "console feed"):
        times = record.times.get(kind, [])
        if times:
            print(
                f"  {kind:<13} n={len(times):<4} p50 {statistics.median(times) * 1000:6.1f} ms"
                f"  p99 {percentile(times, 0.99) * 1000:6.1f} ms"
                f"  max {max(times) * 1000:6.1f} ms"
            )
    lost = [cid for cid, pk in record.acked.items() if report["stored_ids"].get(cid) != pk]
    print(
        f"  errors {len(record.errors)}; acknowledged {len(record.acked)} of {expected};"
        f" stored {report['stored']}; lost {len(lost)}; duplicates {report['duplicates']};"
        f" re-sent {record.retried} (answered with the stored line: {record.retried_same});"
        f" not accepted {report['unverified']}"
    )
    for text in record.errors[:10]:
        print("  error:", text)
    if record.errors or lost or report["duplicates"] or report["stored"] != expected:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
