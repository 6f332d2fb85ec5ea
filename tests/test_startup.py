"""Nothing heavy at start-up: every process (a command, a web worker, a test run) starts
without the libraries that only drawing a deal, solving one double dummy or printing a PDF
need. Each costs from a tenth of a second to seconds and tens of MiB (docs/BENCHMARKS.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# slow (not in `dev.py test --fast`): each test starts Python processes.
pytestmark = pytest.mark.slow

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


# What a Django command starts with: Django and the models, not the scoring engine, the
# services or the tables. django_tables2 would bring django.contrib.postgres and psycopg
# (0.2-0.5 s) into every process, SQLite or not, were it an installed app
# (clubscorer/settings.py finds its templates and template tags instead).
COMMAND_PROBE = """
import runpy, sys
sys.argv = {argv!r}
try:
    runpy.run_path("manage.py", run_name="__main__")
except SystemExit:
    pass
print("heavy:" + ",".join(name for name in {heavy!r} if name in sys.modules))
"""
NOT_AT_COMMAND_START = (
    *HEAVY,
    "psycopg",
    "django.contrib.postgres",
    "django_tables2",
    "sessions_app.scoring",
    "sessions_app.interchange",
    # the features' services (the engine's callers)
    "sessions_app.core.results",
    "sessions_app.core.event_inputs",
    "sessions_app.entry",
    "sessions_app.files",
    "sessions_app.setup",
    "sessions_app.table_scoring",
)
CHECK_HELP = ["manage.py", "check", "--help"]


def test_a_command_starts_without_psycopg_the_engine_or_the_tables(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "sqlite:///" + str(ROOT / "db.sqlite3"))
    probe = COMMAND_PROBE.format(argv=CHECK_HELP, heavy=(*NOT_AT_COMMAND_START, "django.db"))
    assert loaded_after(probe) == ["django.db"]  # Django's own start, and no more


def test_the_command_probe_sees_the_engine(monkeypatch):
    # The same probe after scoring something: it must notice the engine.
    monkeypatch.setenv("DATABASE_URL", "sqlite:///" + str(ROOT / "db.sqlite3"))
    code = COMMAND_PROBE.format(argv=CHECK_HELP, heavy=NOT_AT_COMMAND_START).replace(
        'print("heavy:', 'import sessions_app.scoring\nprint("heavy:'
    )
    assert loaded_after(code) == ["sessions_app.scoring"]


# `manage.py score` reads, scores and writes a file without Django
# (sessions_app/interchange/score_cli.py): its start is Python's and the engine's, a tenth of
# a second, not Django's half second.
@pytest.mark.parametrize("args", [["--help"], ["fixtures/demo/travellers.csv"]])
def test_score_runs_without_django(args):
    probe = COMMAND_PROBE.format(
        argv=["manage.py", "score", *args, "-o", os.devnull], heavy=(*HEAVY, "django")
    )
    assert loaded_after(probe) == []


def test_the_score_probe_sees_django():
    # A printed format needs Django's templates: the same probe must notice Django then.
    argv = ["manage.py", "score", "fixtures/demo/travellers.csv", "--format", "html"]
    probe = COMMAND_PROBE.format(argv=[*argv, "-o", os.devnull], heavy=("django",))
    assert loaded_after(probe) == ["django"]


DATA_COMMAND_PROBE = """
import os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "clubscorer.settings"
from django.core.management import execute_from_command_line
from django.db.utils import OperationalError
try:  # as manage.py runs it, on an empty database: as far as the command's first query
    execute_from_command_line(["manage.py", *{args!r}])
except OperationalError:
    pass
print("heavy:" + ",".join(name for name in {heavy!r} if name in sys.modules))
"""
URLCONF = ("sessions_app.urls", "sessions_app.views", "django_tables2", "psycopg")


@pytest.mark.parametrize("command", ["export_results", "import_travellers"])
def test_the_import_and_export_commands_skip_the_checks_that_load_every_view(
    tmp_path, monkeypatch, command
):
    travellers = tmp_path / "travellers.csv"
    travellers.write_text("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n")
    args = (command, "1") if command == "export_results" else (command, str(travellers))
    monkeypatch.setenv("DATABASE_URL", "sqlite:///" + str(tmp_path / "empty.sqlite3"))
    assert loaded_after(DATA_COMMAND_PROBE.format(args=args, heavy=URLCONF)) == []
