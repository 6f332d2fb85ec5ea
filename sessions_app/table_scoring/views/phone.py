"""The phone's key: a random cookie naming the players' browser, so that its wrong table codes
are counted for it as well as for its network (table_scoring/sign_in_limits.py).

Why a cookie set by the server: the players' screen `/t/<code>/` sets it before its script
signs in, so even the first try carries it, with no change to the script; the browser keeps a
cookie the server set (HttpOnly) for a year, where a script's own storage may be cleared
sooner (Safari clears it after seven days without a visit). The key lets nothing in: it only
names whose wrong codes these are, so the API, otherwise cookie-less and CSRF-exempt, may read
it. A client sending no key (a script, a scoring terminal) is counted by its address only, as
is one sending anything that is not a key.

Example: the first GET /t/K7MQ4P/ answers with `Set-Cookie: table_phone=q8V...; Path=/;
HttpOnly; SameSite=Lax`; the sign-in the page then posts sends it back, and `phone_key(request)`
is "q8V..."; the page opened again keeps it.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from ..sign_in_limits import PHONE_KEY, new_phone_key

PHONE_COOKIE = "table_phone"
_YEAR = 365 * 24 * 3600


def phone_key(request: HttpRequest) -> str:
    """The key of the phone that sent `request`; "" when it sent none that is a key."""
    key = request.COOKIES.get(PHONE_COOKIE, "")
    return key if PHONE_KEY.fullmatch(key) else ""


def give_phone_key(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """`response`, setting a new key unless the phone has one already."""
    if not phone_key(request):
        response.set_cookie(
            PHONE_COOKIE,
            new_phone_key(),
            max_age=_YEAR,
            path="/",  # the page reads it too, so as not to give the phone another key
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    return response
