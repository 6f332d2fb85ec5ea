"""What a request gets when something below the application fails: the page in words, or JSON
for a caller that reads JSON, and 503 with `Retry-After` while the database cannot be reached;
a request Django cannot read at all is 400, as JSON too for such a caller.

Django calls `server_error` (handler500) for any exception nothing else caught, while that
exception is still being handled, so it can tell a database that is down or busy — nothing the
director did, and over in a moment — from a fault of the program. It renders without a request
context: a context processor would ask the database for the signed-in user again.

Example: PostgreSQL stopped; the phone's `POST /api/table/lines` -> 503 `{"error": "the
database cannot be reached: try again in a moment", "field": null}` with `Retry-After: 10`, so
the phone keeps the result and sends it again (static/js/table/api.js treats 5xx as offline);
the director's `GET /clubs/north/` -> 503, a page saying the same; a bug -> 500, the page
"Something went wrong".
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader

RETRY_AFTER_SECONDS = 10
DATABASE_DOWN = "the database cannot be reached: try again in a moment"
PROGRAM_FAULT = "the server could not answer this request"
UNREADABLE = "the request could not be read: send it again from the page"


def wants_json(request: HttpRequest) -> bool:
    """The table API, and the director's pages' own requests that say they read JSON."""
    return request.path.startswith("/api/") or "application/json" in request.headers.get(
        "Accept", ""
    )


def server_error(request: HttpRequest) -> HttpResponse:
    database_down = isinstance(sys.exc_info()[1], OperationalError | InterfaceError)
    status = 503 if database_down else 500
    if wants_json(request):
        message = DATABASE_DOWN if database_down else PROGRAM_FAULT
        response: HttpResponse = JsonResponse({"error": message, "field": None}, status=status)
    else:
        page = "503.html" if database_down else "500.html"
        response = HttpResponse(loader.get_template(page).render(), status=status)
    if database_down:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A request Django refuses before any view reads it (a form field's name of 70,000
    characters, too many fields: SuspiciousOperation): 400, as JSON for a caller reading JSON,
    else the page. Example: the entry grid's script posting such a form -> 400 `{"error":
    "the request could not be read: send it again from the page", "field": null}`."""
    if wants_json(request):
        response: HttpResponse = JsonResponse({"error": UNREADABLE, "field": None}, status=400)
    else:
        response = HttpResponse(loader.get_template("400.html").render(), status=400)
    response["Cache-Control"] = "no-store"
    return response
