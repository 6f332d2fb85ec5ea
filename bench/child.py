"""One child process, measured: wall time, CPU time (user + sys) and peak RSS (ru_maxrss).

Each child is started by a small launcher process (Python without site, about 8 MiB), which
times it and reads its usage with os.wait4. A child forked straight from the benchmark would
report the benchmark's own peak RSS as its own, whatever it used: the memory map it is forked
with counts until exec. Example: from a process holding 300 MiB, `node -e 1` reports 313 MiB
forked directly and 39 MiB through the launcher.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = """import os, sys, time
started = time.perf_counter()
pid = os.posix_spawnp(sys.argv[2], sys.argv[2:], os.environ)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - started
with open(sys.argv[1], "w") as out:
    out.write(f"{os.waitstatus_to_exitcode(status)} {wall} {usage.ru_utime + usage.ru_stime} "
              f"{usage.ru_maxrss}")
"""


def run_child(argv: list[str], stdout: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MiB) of `argv` run from the repository's folder, its standard
    output in `stdout`; a failure stops the benchmark with the child's error."""
    usage, errors = stdout.parent / "usage.txt", stdout.parent / "stderr.txt"
    with stdout.open("wb") as out, errors.open("wb") as err:
        launcher = [sys.executable, "-I", "-S", "-c", LAUNCHER, str(usage), *argv]
        subprocess.run(launcher, stdout=out, stderr=err, cwd=ROOT, check=True)
    code, wall, cpu, rss = usage.read_text().split()
    if code != "0":
        error = errors.read_text(errors="replace")[-2000:]
        raise SystemExit(f"{' '.join(argv)} failed ({code}):\n{error}")
    return float(wall), float(cpu), int(rss) / 1024
