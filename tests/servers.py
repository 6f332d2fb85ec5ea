"""clubscorer served as production serves it, for the tests that need real servers: gunicorn
with several workers, DEBUG=0 and the environment of docs/deploy.md (behind a proxy at
127.0.0.1 that says which address each phone came from), on the tests' own database."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from django.db import connection

from sessions_app.table_scoring.sign_in_limits import new_phone_key

ROOT = Path(__file__).resolve().parents[1]


def database_url() -> str:
    """The URL of the database the tests run on, for a server to use the same one."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = quote(db["USER"] or "") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{user}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def collected_static(folder: Path) -> Path:
    """The static files collected into `folder`/static, as a deploy does (`collectstatic`):
    pages served with DEBUG=0 name their hashed files. Several servers may share them. The
    admin's files (760 of 900, each compressed twice) are left out: no server test asks for
    an admin page, and compressing them took five seconds of CPU a run."""
    static = folder / "static"
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "collect", "STATIC_ROOT": str(static)}
    command = [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"]
    command += ["--ignore", "admin"]
    subprocess.run(command, cwd=ROOT, env=env, check=True)
    return static


@contextmanager
def gunicorn(
    folder: Path, *, workers: int, secret_key: str = "", **environment: str
) -> Iterator[int]:
    """`gunicorn clubscorer.wsgi --workers N` on a free port, as docs/deploy.md runs it, with
    `environment` added (CACHE_URL, say; without it, each worker's own local memory; a
    STATIC_ROOT of `collected_static` for pages): its port, once every worker has answered.
    Servers given the same `secret_key` sign alike."""
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    env = {key: value for key, value in os.environ.items() if key != "CACHE_URL"}
    env.update(
        DEBUG="0",
        SECRET_KEY=secret_key or "servers-test-" + new_phone_key(),
        ALLOWED_HOSTS="127.0.0.1",
        CSRF_TRUSTED_ORIGINS="https://127.0.0.1",
        DATABASE_URL=database_url(),
        SECURE_PROXY_SSL_HEADER="1",
        TRUSTED_PROXIES="127.0.0.1",
        MEDIA_ROOT=str(folder / "media"),
        STATIC_ROOT=str(folder / "static"),
    )
    env.update(environment)
    served = folder / f"served-{port}"  # the process id of the worker that answered, a line each
    command = [sys.executable, "-m", "gunicorn", "clubscorer.wsgi", "--workers", str(workers)]
    command += ["--bind", f"127.0.0.1:{port}", "--log-level", "warning"]
    command += ["--access-logfile", str(served), "--access-logformat", "%(p)s"]
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        for _ in range(300):  # until each worker has answered
            try:
                ask(port, "GET", "/healthz")
            except OSError:
                time.sleep(0.1)
            if served.exists() and len(set(served.read_text().split())) == workers:
                break
        else:
            raise RuntimeError(f"gunicorn's {workers} workers did not all start")
        yield port
    finally:
        process.terminate()
        process.wait(20)


def ask(
    port: int,
    method: str,
    path: str,
    body=None,
    address="198.51.100.9",
    phone="",
    token="",
    cookie="",
):
    """One request on a connection of its own, through the proxy: (status, JSON answer of a
    POST, else the body). `cookie`: a Cookie header's value (a signed-in director's)."""
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": address}
    if phone or cookie:
        headers["Cookie"] = "; ".join(filter(None, (phone and f"table_phone={phone}", cookie)))
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        headers["Content-Type"] = "application/json"
    link = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        link.request(method, path, json.dumps(body) if body is not None else None, headers)
        answer = link.getresponse()
        text = answer.read()
        return answer.status, (json.loads(text) if method == "POST" else text)
    finally:
        link.close()
