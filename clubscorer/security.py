"""A Content-Security-Policy on every HTML page: the browser runs only this site's own scripts
and styles, so a name that slipped past escaping could still not run as script, and no other
site can frame a page.

Django 5.2 has no CSP of its own; the pages need nothing more than this: no inline script or
style attribute (tests/test_security_headers.py keeps it so), QR codes as inline SVG, and the
printed documents' QR codes as `data:` images.

Example: GET /sessions/1/ -> `Content-Security-Policy: default-src 'self'; script-src 'self';
...`; GET /sessions/1/ranking.csv -> no such header (not a page).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            response.headers.setdefault("Content-Security-Policy", POLICY)
        return response
