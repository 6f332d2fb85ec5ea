#!/usr/bin/env python3
"""Set up clubscorer from a fresh clone and run it or test it, with nothing but Python.

    python3 dev.py run    # venv, dependencies, database, demo session; serves 127.0.0.1:8000
    python3 dev.py run 0.0.0.0:8000   # the same, reachable by the phones on the local network
    python3 dev.py test   # venv, dependencies; ruff, mypy, migrations check, the test suite
    python3 dev.py test --fast   # daily work: SQLite, without the browser tests and the slow ones
    python3 dev.py setup [--production]   # only the venv; --production: without the test tools
    python3 dev.py lock   # constraints.txt anew, after a pin in pyproject.toml has changed

Everything lives in `.venv/` beside this file. The dependencies are installed at exactly the
versions of `constraints.txt` (every package, the dependencies' dependencies too), again only
when it or `pyproject.toml` changes. Extra arguments after `test` go to pytest, which runs on
every core (PYTEST_WORKERS=1 for one process); `test` also takes --no-browser, --no-lint and
--database-only, which CI uses for its run on PostgreSQL.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"
CONSTRAINTS = ROOT / "constraints.txt"
CONSTRAINTS_HEADER = """\
# Every package `pip install -c constraints.txt -e .[dev]` installs, at the versions the
# tests ran with (dev.py installs it this way). Written by `python3 dev.py lock` from a fresh
# resolution of pyproject.toml's pins (on Linux, Python 3.11); do not edit by hand.
"""


def sh(*args: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    completed = subprocess.run([str(a) for a in args], cwd=ROOT, env=env)
    if completed.returncode:
        sys.exit(completed.returncode)


def ensure_environment(target: str = ".[dev]") -> None:
    """Create the virtual environment and install the pinned dependencies when needed:
    `target` ".[dev]" with the tools of the tests, "." for a production server. A test
    environment installs without compiling every module of every package (a third of pip's
    time, mostly for modules no test imports): Python compiles what is imported, once."""
    if not PYTHON.exists():
        print(f"Creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256(target.encode())
    for path in (ROOT / "pyproject.toml", CONSTRAINTS):
        wanted.update(path.read_bytes())
    if not STAMP.exists() or STAMP.read_text().strip() != wanted.hexdigest():
        compiled = [] if target == "." else ["--no-compile"]
        sh(
            PYTHON,
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "-q",
            *compiled,
            "-c",
            CONSTRAINTS,
            "-e",
            target,
        )
        STAMP.write_text(wanted.hexdigest())


def lock() -> None:
    """Write constraints.txt: what `-e .[dev]` installs today in an empty environment."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp)
        venv.EnvBuilder(with_pip=True).create(fresh)
        python = fresh / BIN.name / PYTHON.name
        sh(python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", ".[dev]")
        frozen = subprocess.run(
            [python, "-m", "pip", "freeze", "--exclude-editable", "--disable-pip-version-check"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    CONSTRAINTS.write_text(CONSTRAINTS_HEADER + frozen)
    print(f"Wrote {CONSTRAINTS.name}: {len(frozen.splitlines())} packages.")


def manage(*args: str) -> None:
    sh(PYTHON, "manage.py", *args)


def run_address(args: list[str]) -> str:
    """Where `run` serves: runserver's ADDRESS:PORT or PORT, 127.0.0.1:8000 when not given."""
    if len(args) > 1:
        sys.exit(f"dev.py run takes one address, e.g. 0.0.0.0:8000, not {' '.join(args)}")
    return args[0] if args else "127.0.0.1:8000"


def allowed_hosts(current: str | None, host: str) -> str:
    """ALLOWED_HOSTS with `host` (the address phones use) added to what is set, or to the
    settings' local default. Example: (None, "192.168.1.20") -> "127.0.0.1,localhost,
    testserver,192.168.1.20"."""
    hosts = [h for h in (current or "127.0.0.1,localhost,testserver").split(",") if h]
    return ",".join(dict.fromkeys([*hosts, host]))


def run(args: list[str]) -> None:
    """Serve the demo with Django's runserver at `args` (run_address). Bound where other
    machines reach it (0.0.0.0:8000), the address phones use (the LAN address, found by
    sessions_app/core/lan.py) is allowed and printed."""
    bind = run_address(args)
    ensure_environment()
    manage("migrate", "--no-input", "-v", "0")
    manage("load_demo", "--if-empty")
    ask = (
        "import sys; from sessions_app.core.lan import served_host; print(served_host(sys.argv[1]))"
    )
    answer = subprocess.run(
        [PYTHON, "-c", ask, bind], cwd=ROOT, capture_output=True, text=True, check=True
    )
    found = answer.stdout.strip()
    env = dict(os.environ)
    if found:
        env["ALLOWED_HOSTS"] = allowed_hosts(env.get("ALLOWED_HOSTS"), found)
        port = bind.rpartition(":")[2]
        print(f"Phones on the local network open http://{found}:{port}/", flush=True)
    sh(PYTHON, "manage.py", "runserver", bind, env=env)


TEST_OPTIONS = (
    "--fast",  # daily work: SQLite whatever DATABASE_URL says, no browser or slow tests
    "--no-browser",  # CI's second database: the browser tests ran on SQLite already
    "--no-lint",  # CI's second database: the code was linted and type-checked by the first run
    "--database-only",  # CI's second database: a test that uses none ran the same on the first
)


def test_plan(args: list[str]) -> tuple[set[str], list[str], dict[str, str]]:
    """dev.py's own options among `args`, the arguments left for pytest, and the environment
    to test in. Example: ["--fast", "-k", "ranking"] -> ({"--fast"}, ["-m", "not browser and
    not slow", "-k", "ranking"], the environment without DATABASE_URL)."""
    options = {a for a in args if a in TEST_OPTIONS}
    pytest_args = [a for a in args if a not in TEST_OPTIONS]
    env = dict(os.environ)
    # Python's and pytest's compiled modules (__pycache__/, ignored by git) are written even
    # where the shell says not to: every pytest worker, every server and command a test starts,
    # and the next run read them instead of compiling the project and rewriting the tests'
    # asserts again, which took each worker of a fresh clone's run seconds.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if "--fast" in options:
        env.pop("DATABASE_URL", None)
        pytest_args = ["-m", "not browser and not slow", *pytest_args]
    elif "--no-browser" in options:
        pytest_args = ["-m", "not browser", *pytest_args]
    if "--database-only" in options:
        env["CLUBSCORER_DATABASE_TESTS_ONLY"] = "1"  # tests/conftest.py deselects the others
    return options, pytest_args, env


def test(args: list[str]) -> None:
    options, pytest_args, env = test_plan(args)
    ensure_environment()
    typing = None
    if "--no-lint" not in options:
        sh(PYTHON, "-m", "ruff", "check", ".")
        sh(PYTHON, "-m", "ruff", "format", "--check", ".")
        typing = start_mypy()
    try:
        sh(PYTHON, "manage.py", "check", env=env)
        sh(PYTHON, "manage.py", "makemigrations", "--check", "--dry-run", env=env)
        workers = os.environ.get("PYTEST_WORKERS", "auto")  # pytest-xdist: one process a core
        # loadgroup: the tests of one xdist_group share a worker, and so its session fixtures
        # (tests/printing/test_documents.py: every demo PDF, rendered once instead of on each).
        sh(PYTHON, "-m", "pytest", "-n", workers, "--dist", "loadgroup", *pytest_args, env=env)
    finally:
        typed = mypy_report(typing) if typing is not None else 0
    if typed:
        sys.exit(typed)


def start_mypy() -> subprocess.Popen[str]:
    """mypy (pyproject.toml [tool.mypy]; cached in .mypy_cache) beside the tests rather than
    before them: from a fresh clone it takes half a minute of one core, which the tests would
    otherwise wait for. Its report is printed when the tests are done (`mypy_report`)."""
    print("+", PYTHON, "-m mypy (beside the tests: its report follows them)", flush=True)
    return subprocess.Popen(
        [str(PYTHON), "-m", "mypy"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def mypy_report(typing: subprocess.Popen[str]) -> int:
    """Wait for mypy, print what it said, and return its exit status."""
    report, _ = typing.communicate()
    print("+ mypy:", report, end="", flush=True)
    return typing.returncode


def main() -> None:
    command, *rest = sys.argv[1:] or ["help"]
    if command == "run":
        run(rest)
    elif command == "test":
        test(rest)
    elif command == "setup":
        ensure_environment("." if rest == ["--production"] else ".[dev]")
    elif command == "lock":
        lock()
    else:
        print(__doc__)
        sys.exit(0 if command == "help" else 2)


if __name__ == "__main__":
    main()
