"""`manage.py score`: a file in, its results out, with no database — and the same figures as
importing the file and exporting the session, on every file the tests hold."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import export, last_line_id, run

# slow (not in `dev.py test --fast`): each test runs manage.py score in a process of its own.
pytestmark = pytest.mark.slow

DATA = Path(__file__).parent / "data"
DEMO = Path(__file__).parents[2] / "fixtures" / "demo"
SALLIERE = DATA / "real" / "salliere"

COMMANDS = {
    ".csv": "import_travellers",
    ".pbn": "import_pbn",
    ".xml": "import_usebio",
    ".ACA": "import_travellers",  # ACBLscore game files
    ".ACM": "import_travellers",
    ".aca": "import_travellers",
}
# (file, names file or None): every file the tests hold, those an import refuses too
FILES = [
    (DEMO / "travellers.csv", DEMO / "names.csv"),
    *(
        (SALLIERE / f"{name}-boards.csv", SALLIERE / f"{name}-names.csv")
        for name in ("plain", "ximp", "rulings", "club")
    ),
    *(
        (path, None)
        for path in sorted(DATA.rglob("*"))
        if path.suffix in (".pbn", ".xml", ".ACA", ".ACM", ".aca")
    ),
]


def command(path: Path) -> str:
    """The import command that reads the file: by its suffix, but an NZ Bridge Scorer file
    (`.xml`, told by its root element) is import_travellers'."""
    return "import_travellers" if path.parent.name == "nzscorer" else COMMANDS[path.suffix]


def score(*args: str) -> str:
    out = io.StringIO()
    call_command("score", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def score_args(path: Path, names: Path | None, fmt: str) -> list[str]:
    return [str(path), "--format", fmt, *(["--names", str(names)] if names else [])]


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "names"), FILES, ids=lambda v: getattr(v, "name", v))
def test_it_scores_a_file_as_its_import_and_export_do(path, names):
    try:
        output = run(command(path), str(path), *(["--names", str(names)] if names else []))
    except CommandError as refused:  # the same words from score, and nothing written
        with pytest.raises(CommandError) as also_refused:
            score(*score_args(path, names, "json"))
        assert str(also_refused.value) == str(refused)
        return
    imported = last_line_id(output)
    exported = export(imported)
    exported["session"]["id"] = None  # nothing is stored by score: no id
    assert json.loads(score(*score_args(path, names, "json"))) == exported
    assert score(*score_args(path, names, "text")) == export(imported, "text")
    assert score(*score_args(path, names, "travellers")) == export(imported, "travellers")


@pytest.mark.django_db
def test_it_writes_pbn_and_usebio_as_the_export_does():
    path = DATA / "pagat_magic.pbn"  # deals with their double-dummy analysis
    imported = last_line_id(run("import_pbn", str(path)))
    club = ["--club", "My bridge club"]  # the club the import made, there being none
    assert score(str(path), "--format", "pbn", *club) == export(imported, "pbn")
    assert score(str(path), "--format", "usebio", *club) == export(imported, "usebio")


def test_it_touches_no_database():
    # No django_db mark: pytest-django refuses any query, so this fails if score makes one.
    document = json.loads(score(str(DATA / "pagat_magic.pbn")))
    results = document["sections"][0]["boards"][0]["results"]
    # Pagat's published board (docs/rules.md §9.1): NS +420, +430, +500, +420, +450, -50, +170
    # -> 2 per score beaten, 1 per tie, top 12: 5, 8, 12, 5, 10, 0, 2.
    assert [line["mp_ns"] for line in results] == [5, 8, 12, 5, 10, 0, 2]
    assert document["session"]["id"] is None


def test_it_takes_settings_and_says_which_are_wrong():
    salliere = [
        str(SALLIERE / "rulings-boards.csv"),
        "--names",
        str(SALLIERE / "rulings-names.csv"),
    ]
    out = io.StringIO()
    call_command("score", *salliere, "--set", "law_12c2c=no", stdout=io.StringIO(), stderr=out)
    assert out.getvalue() == ""  # salliere's 60/40 artificial scores: no difference left
    with pytest.raises(CommandError, match="ave_plus"):
        score(*salliere, "--set", "ave_plus=140")
    with pytest.raises(CommandError, match="law_12c2c is yes or no"):
        score(*salliere, "--set", "law_12c2c=maybe")
    with pytest.raises(CommandError, match="the settings are"):
        score(*salliere, "--set", "colour=blue")


def test_it_refuses_a_bad_file_in_words(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("board,ns,ew,contract,declarer,tricks\n1,1,2,4Z,N,10\n")
    with pytest.raises(CommandError, match="line 2: '4Z' is not a contract"):
        score(str(path))
    with pytest.raises(CommandError, match=r"missing\.csv: no such file"):
        score(str(tmp_path / "missing.csv"))


def test_it_prints_the_results_as_html_and_pdf(tmp_path):
    pagat = [str(DATA / "pagat_magic.pbn"), "--club", "Riverside"]
    html = score(*pagat, "--format", "html")
    # Pagat's board (docs/rules.md §9.1) is the whole session: pair 3 (+500) beat all six
    # other NS pairs, 12 of a top of 12 = 100%; pair 8 (EW against +420) got 12 - 5 = 7.
    row = html[html.index('<td class="pair">3</td>') :].split("</tr>")[0]
    assert "<td>12</td>" in row and "100.00" in row
    row = html[html.index('<td class="pair">8</td>') :].split("</tr>")[0]
    assert "<td>7</td>" in row and "58.33" in row
    assert "not published" not in html  # the results as they go out, not a draft
    pdf = tmp_path / "results.pdf"
    call_command("score", *pagat, "--format", "pdf", "-o", str(pdf), stdout=io.StringIO())
    assert pdf.read_bytes().startswith(b"%PDF-")


# `python manage.py score` runs without Django (sessions_app/interchange/score_cli.py): the same
# output and the same words as the Django command above, from a real process.
ROOT = Path(__file__).parents[2]


def manage_score(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "manage.py", "score", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.parametrize("fmt", ["json", "text", "csv", "usebio"])
def test_manage_py_writes_what_the_django_command_writes(fmt):
    args = score_args(SALLIERE / "rulings-boards.csv", SALLIERE / "rulings-names.csv", fmt)
    done = manage_score(*args, "--club", "Riverside")
    assert (done.returncode, done.stdout) == (0, score(*args, "--club", "Riverside"))
    # salliere's own figures are 60/40 artificial scores: each difference said on stderr
    assert done.stderr.endswith(" difference(s) with the file's figures\n")


def test_manage_py_refuses_in_the_django_commands_words(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("board,ns,ew,contract,declarer,tricks\n1,1,2,4Z,N,10\n")
    for args in (
        [str(path)],
        [str(tmp_path / "missing.csv")],
        [str(DEMO / "travellers.csv"), "--set", "ave_plus=61.825", "--set", "factoring=x"],
    ):
        with pytest.raises(CommandError) as refused:
            score(*args)
        done = manage_score(*args)
        assert (done.returncode, done.stdout) == (1, "")
        assert done.stderr == f"CommandError: {refused.value}\n"


def test_manage_py_hands_djangos_own_options_to_django():
    done = manage_score(str(DATA / "pagat_magic.pbn"), "--traceback", "--format", "text")
    assert done.returncode == 0 and "Board 1" in done.stdout
