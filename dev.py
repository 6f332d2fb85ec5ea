#!/usr/bin/env python3
"""Set up clubscorer from a fresh clone and run it or test it, with nothing but Python.

    python3 dev.py run    # venv, dependencies, database, demo session; serves 127.0.0.1:8000
    python3 dev.py test   # venv, dependencies; ruff, migrations check, the whole test suite

Everything lives in `.venv/` beside this file; the dependencies are reinstalled only when
`pyproject.toml` changes. Extra arguments after `test` go to pytest, which runs on every core
(PYTEST_WORKERS=1 for one process).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed-pyproject"


def sh(*args: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    completed = subprocess.run([str(a) for a in args], cwd=ROOT, env=env)
    if completed.returncode:
        sys.exit(completed.returncode)


def ensure_environment() -> None:
    """Create the virtual environment and install the pinned dependencies when needed."""
    if not PYTHON.exists():
        print(f"Creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != wanted:
        sh(PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", ".[dev]")
        STAMP.write_text(wanted)


def manage(*args: str) -> None:
    sh(PYTHON, "manage.py", *args)


def run() -> None:
    ensure_environment()
    manage("migrate", "--no-input", "-v", "0")
    manage("load_demo", "--if-empty")
    manage("runserver", "127.0.0.1:8000")


def test(pytest_args: list[str]) -> None:
    ensure_environment()
    sh(PYTHON, "-m", "ruff", "check", ".")
    sh(PYTHON, "-m", "ruff", "format", "--check", ".")
    manage("check")
    manage("makemigrations", "--check", "--dry-run")
    workers = os.environ.get("PYTEST_WORKERS", "auto")  # pytest-xdist: one process a core
    sh(PYTHON, "-m", "pytest", "-n", workers, *pytest_args)


def main() -> None:
    command, *rest = sys.argv[1:] or ["help"]
    if command == "run":
        run()
    elif command == "test":
        test(rest)
    elif command == "setup":
        ensure_environment()
    else:
        print(__doc__)
        sys.exit(0 if command == "help" else 2)


if __name__ == "__main__":
    main()
