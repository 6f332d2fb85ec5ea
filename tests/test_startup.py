"""Nothing heavy at start-up: every process (a command, a web worker, a test run) starts
without the libraries that only drawing a deal, solving one double dummy or printing a PDF
need. Each costs from a tenth of a second to seconds and tens of MiB (docs/BENCHMARKS.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("matplotlib", "numpy", "endplay", "endplay.dds", "weasyprint")

PROBE = """
import os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "clubscorer.settings"
import django
django.setup()
import sessions_app.urls, sessions_app.admin  # every view and what the admin needs
from django.core.management import call_command
call_command("check", stdout=open(os.devnull, "w"))
print("heavy:" + ",".join(name for name in {heavy!r} if name in sys.modules))
"""


def loaded_after(code: str) -> list[str]:
    """The heavy modules a fresh interpreter has loaded after running `code`."""
    completed = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    names = completed.stdout.rsplit("heavy:", 1)[1].strip()
    return names.split(",") if names else []


def test_starting_and_checking_imports_nothing_heavy():
    assert loaded_after(PROBE.format(heavy=HEAVY)) == []


def test_the_probe_sees_a_heavy_import():
    # The same probe after drawing a deal's analysis machinery: it must notice endplay.
    code = PROBE.format(heavy=HEAVY).replace(
        'call_command("check", stdout=open(os.devnull, "w"))',
        'call_command("check", stdout=open(os.devnull, "w")); import endplay',
    )
    assert "endplay" in loaded_after(code)
