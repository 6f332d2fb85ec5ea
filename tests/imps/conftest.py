"""Two IMP pairs sessions built from the published examples of docs/rules.md §9, and helpers to
read the files and PDFs they produce.

- Cross-IMPs (§9.9) on board 2, NS vulnerable: NS 620, 170, 140, 140, -100 -> each line's
  average per comparison 10.50, -0.25, -1.25, -1.25, -7.75 (EW the opposite).
- Butler (§9.10) on board 3, EW vulnerable, one result left out at each end: NS -650, -170,
  -1440, +100, -170, -200 -> datum -300 -> NS -8, +4, -15, +9, +4, +3.
"""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from tests.conftest import PAGAT_BOARD_1

CROSS_IMPS_BOARD_2 = """\
    board,ns,ew,contract,declarer,tricks
    2,1,11,4S,N,10
    2,2,12,2S,N,10
    2,3,13,3S,N,9
    2,4,14,2S,S,9
    2,5,15,4S,N,9
"""
CROSS_IMPS_NS = ["10.50", "-0.25", "-1.25", "-1.25", "-7.75"]  # pairs 1-5, as published
CROSS_IMPS_EW = ["-10.50", "0.25", "1.25", "1.25", "7.75"]  # pairs 11-15

BUTLER_BOARD_3 = """\
    board,ns,ew,contract,declarer,tricks
    3,1,11,4S,E,11
    3,2,12,2S,E,10
    3,3,13,6NT,E,12
    3,4,14,4S,E,9
    3,5,15,2S,W,10
    3,6,16,3NT,N,5
"""
BUTLER_SCORES = [-650, -170, -1440, 100, -170, -200]
BUTLER_DATUM = -300
BUTLER_NS = [-8, 4, -15, 9, 4, 3]  # pairs 1-6

NAMES = """\
    pair,player1,player2
    1,Ann Lee,Bob Ray
    11,Cy Dunn,Di Fox
"""


@pytest.fixture(autouse=True)
def _media_root(settings, tmp_path):
    """Stored PDFs go to a temporary MEDIA_ROOT, never the project's var/media."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def pagat(make_session):
    """A matchpoint session to compare with: Pagat's board 1 (docs/rules.md §9.1)."""
    return make_session(PAGAT_BOARD_1, publish=True)


@pytest.fixture
def cross_imps(make_session):
    return make_session(CROSS_IMPS_BOARD_2, NAMES, method="cross_imps", publish=True)


@pytest.fixture
def butler(make_session):
    return make_session(BUTLER_BOARD_3, NAMES, method="butler", butler_discard="1", publish=True)


def pdf_text(pdf: bytes) -> str:
    """The PDF's text as laid out (pdftotext -layout, else pypdf)."""
    if shutil.which("pdftotext"):
        return subprocess.run(
            ["pdftotext", "-layout", "-enc", "UTF-8", "-", "-"],
            input=pdf,
            capture_output=True,
            check=True,
        ).stdout.decode()
    pages = PdfReader(io.BytesIO(pdf)).pages
    return "\n".join(page.extract_text(extraction_mode="layout") for page in pages)
