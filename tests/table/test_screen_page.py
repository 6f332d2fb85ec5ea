"""The players' screen as the server serves it: the page /t/<code>/ (a frame for
static/js/table/main.js) and its service worker /t/sw.js, which keeps the page and every file
the screen needs for a phone that reloads with no network."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sessions_app.table_scoring.views.worker import assets_version

STATIC = Path(__file__).resolve().parents[2] / "static"


@pytest.mark.django_db  # the code's club, for the screen's language
def test_it_serves_the_screen_with_its_code_and_worker(client):
    html = client.get("/t/k7mq-4p/").content.decode()
    # The code as typed on a phone (lower case, a dash) is the code K7MQ4P.
    assert 'data-code="K7MQ4P" data-table-code="K7MQ4P" data-worker="/t/sw.js">' in html
    assert '<script type="module" src="/static/js/table/main.js"></script>' in html
    assert '<link rel="stylesheet" href="/static/css/table.css">' in html
    assert '<meta name="viewport" content="width=device-width, initial-scale=1' in html


def test_the_worker_keeps_every_file_of_the_screen(client):
    answer = client.get("/t/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert answer["Service-Worker-Allowed"] == "/t/"
    assert "no-cache" in answer["Cache-Control"]  # a new screen reaches the phones at once
    script = answer.content.decode()
    listed = re.search(r"^const ASSETS = (\[.*\]);$", script, re.M)
    assert listed, script
    assets = json.loads(listed.group(1))
    modules = sorted(p.name for p in (STATIC / "js" / "table").glob("*.js"))
    assert len(modules) >= 12  # main.js and the modules it imports
    assert assets == ["/favicon.ico", "/static/css/table.css"] + [
        f"/static/js/table/{name}" for name in modules
    ]
    # Every module main.js imports, directly or not, is one of them.
    imported = {
        name
        for path in (STATIC / "js" / "table").glob("*.js")
        for name in re.findall(r'from "\./([a-z_]+\.js)"', path.read_text())
    }
    assert imported <= set(modules) and "main.js" in modules
    assert f'const CACHE = "clubscorer-table-" + "{assets_version()}";' in script


def test_the_worker_changes_its_cache_when_a_file_of_the_screen_does(tmp_path, monkeypatch):
    from sessions_app.table_scoring.views import worker as table_worker

    (tmp_path / "css").mkdir()
    (tmp_path / "js" / "table").mkdir(parents=True)
    (tmp_path / "css" / "table.css").write_text("body { color: black; }")
    (tmp_path / "js" / "table" / "main.js").write_text("// v1")
    monkeypatch.setattr(table_worker, "STATIC", tmp_path)
    monkeypatch.setattr(table_worker, "SCRIPTS", tmp_path / "js" / "table")
    first = assets_version()
    assert assets_version() == first  # the same files, the same cache (every app server)
    (tmp_path / "js" / "table" / "main.js").write_text("// v2")
    assert assets_version() != first
