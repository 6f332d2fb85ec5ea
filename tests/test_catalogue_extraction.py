"""Every text marked for translation is in the catalogues (issue 29): the catalogues are
extracted again, as the README says (`makemessages`), from a copy of the code, and the copy's
French catalogue must have nothing new to translate. A text marked after the last
`makemessages`, or marked with a context other than the catalogue's, fails here instead of
showing English on a translated page. French stands for all ten: they are extracted from the
same code, and tests/pages/test_languages.py holds each complete.

GNU gettext's xgettext does the extracting (Debian's `gettext`, installed by .ci/run); without
it the test is skipped, except under CI=true.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[1]
CODE = ("manage.py", "clubscorer", "sessions_app", "templates", "static/js")

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_marked_text_is_in_the_catalogues(tmp_path, domain):
    if shutil.which("xgettext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("xgettext (Debian's gettext) is needed to extract the catalogues")
        pytest.skip("xgettext (Debian's gettext) is not installed")
    for name in CODE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, tmp_path / name)
    french = Path("locale/fr/LC_MESSAGES")
    (tmp_path / french).mkdir(parents=True)
    shutil.copy(ROOT / french / f"{domain}.po", tmp_path / french / f"{domain}.po")
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-d", domain, "-l", "fr", "--no-location"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "clubscorer.settings"},
    )
    extracted = polib.pofile(str(tmp_path / french / f"{domain}.po"))
    new = [(e.msgctxt, e.msgid) for e in extracted.untranslated_entries() if not e.obsolete]
    guessed = [(e.msgctxt, e.msgid) for e in extracted.fuzzy_entries() if not e.obsolete]
    assert (new, guessed) == ([], []), "run makemessages for every language and translate"
