"""The players' screen's service worker, served at /t/sw.js so that its scope, /t/, covers
every table's screen (/t/<code>/); the screen's requests to /api/table/ come from those pages,
so they pass through it too (it leaves them to the network: the screen's outbox, not the
worker, keeps what could not be sent).

It keeps the screen (the page and its static files) for a phone that reloads with no network.
The list of files is the screen's own: templates/sessions_app/table/screen.html loads
static/css/table.css, static/js/table/words.js (the scripts' texts, read from the catalogue
the page embeds: kept with the page, so an offline screen keeps its language) and
static/js/table/main.js, which imports the other modules there.

Example: a table's phone opens /t/K7QM/ on the club's Wi-Fi; the worker stores the page,
table.css and the ten modules; the Wi-Fi drops, a player reloads, the page opens from the
worker and shows the round from what IndexedDB kept.
"""

import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import path
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

STATIC = Path(settings.BASE_DIR) / "static"
SCRIPTS = STATIC / "js" / "table"
SCREEN_FILES = ("css/table.css",)


def _names() -> list[str]:
    return [*SCREEN_FILES, *sorted(f"js/table/{p.name}" for p in SCRIPTS.glob("*.js"))]


def table_assets() -> list[str]:
    """The static URLs the screen needs, as the page names them (hashed in production) and
    as the modules import each other (`./api.js`, plain names)."""
    names = _names()
    urls = [static(name) for name in names]
    plain = [settings.STATIC_URL.rstrip("/") + "/" + name for name in names]
    plain = ["/" + url.lstrip("/") for url in plain]
    return list(dict.fromkeys(["/favicon.ico", *urls, *plain]))


def assets_version() -> str:
    """A digest of the screen's files: it changes when one of them does, so the phones drop
    their stored copy (the same on every app server behind a load balancer)."""
    digest = hashlib.sha256()
    for name in _names():
        digest.update(name.encode() + b"\0" + (STATIC / name).read_bytes())
    return digest.hexdigest()[:16]


@require_GET
@never_cache
def table_worker(request):
    assets = table_assets()
    response = render(
        request,
        "sessions_app/table/sw.js",
        {"assets": json.dumps(assets), "version": json.dumps(assets_version())},
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/t/"
    return response


urlpatterns = [path("t/sw.js", table_worker, name="table_worker")]
