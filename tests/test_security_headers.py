"""Every HTML page carries the Content-Security-Policy (clubscorer/security.py); files do not
need it. The templates of the pages hold nothing the policy refuses: no inline script, no
style attribute or element, no event-handler attribute (the printed documents' templates,
rendered to PDF by WeasyPrint, may style themselves)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clubscorer.security import POLICY

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
REFUSED = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\sstyle=|<style|\son[a-z]+=", re.IGNORECASE)


@pytest.mark.django_db
def test_every_html_page_has_the_policy_and_a_file_does_not(client, make_session):
    from tests.conftest import PAGAT_BOARD_1

    session = make_session(PAGAT_BOARD_1, publish=True)
    for path in ("/", f"/sessions/{session.pk}/", "/accounts/login/", "/help/", "/admin/login/"):
        answer = client.get(path, follow=True)
        assert answer.status_code == 200, path
        assert answer["Content-Security-Policy"] == POLICY, path
    assert "script-src 'self'" in POLICY and "frame-ancestors 'none'" in POLICY
    ranking = client.get(f"/sessions/{session.pk}/ranking.csv")
    assert "Content-Security-Policy" not in ranking


def test_no_page_template_holds_what_the_policy_refuses():
    found = [
        f"{path.relative_to(TEMPLATES)}: {match.group(0).strip()}"
        for path in TEMPLATES.rglob("*.html")
        if "print" not in path.relative_to(TEMPLATES).parts
        for match in REFUSED.finditer(path.read_text())
    ]
    assert found == []
