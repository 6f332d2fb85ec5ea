"""Fuzz every input path with 10,000 generated inputs each (tests/test_fuzz.py, hypothesis).

    .venv/bin/python bench/fuzz.py [--examples 10000]

The readers and the parser get the full number; the tests that go through the database and
the director's forms get a fifth or a third of it (each example is a request or an import).
Prints each test's outcome and time; any failure is a bug to fix (hypothesis prints the input).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000)
    args = parser.parse_args()
    env = {**os.environ, "CLUBSCORER_FUZZ_EXAMPLES": str(args.examples)}
    started = time.perf_counter()
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/test_fuzz.py",
            "-q",
            "-p",
            "no:randomly",
            "--durations=0",
            "--hypothesis-show-statistics",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    print(completed.stdout[-6000:])
    print(f"{args.examples} examples a reader test; total {time.perf_counter() - started:.0f} s")
    sys.exit(completed.returncode)


if __name__ == "__main__":
    main()
