"""Logging in and out.

django-axes (configured in clubscorer/settings.py) counts failed log-ins per username and
client address in the database, on every page that calls Django's `authenticate` (ours and
the admin's alike). This module tells it two things only clubscorer knows: who the client is
behind the club's proxy (`client_address`), and what a locked-out director reads
(`locked_out`).
"""

from __future__ import annotations

import ipaddress
import math

from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Max
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def client_address(request) -> str:
    """The address of the browser that sent `request`.

    REMOTE_ADDR, unless it is one of settings.TRUSTED_PROXIES: then the proxy has appended the
    address it received the request from to X-Forwarded-For, so the header is read from the
    right, skipping the trusted proxies, and the first other address is the client. Anything
    further left was written by the client itself and proves nothing.

    Example (TRUSTED_PROXIES = ["10.0.0.1"]): REMOTE_ADDR 10.0.0.1 with X-Forwarded-For
    "198.51.100.9, 203.0.113.5" -> "203.0.113.5" (198.51.100.9 is what the client claimed).
    Without the setting the same request is "10.0.0.1".
    """
    remote = request.META.get("REMOTE_ADDR", "")
    trusted = [ipaddress.ip_network(net.strip(), strict=False) for net in settings.TRUSTED_PROXIES]

    def is_trusted(address) -> bool:
        return any(address.version == net.version and address in net for net in trusted)

    hop = _address(remote)
    if hop is None or not is_trusted(hop):
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    for text in reversed(forwarded):
        address = _address(text)
        if address is None:  # junk in the header: stop at the last hop we could believe
            break
        hop = address
        if not is_trusted(address):
            break
    return str(hop)


def _minutes_left(username: str, address: str) -> int:
    """Whole minutes until the lockout of `username` at `address` ends: LOGIN_FAILURE_WINDOW
    after the failure that locked it. Example: 15-minute window, locked 10 min 20 s ago -> 5."""
    last = AccessAttempt.objects.filter(username=username, ip_address=address).aggregate(
        last=Max("attempt_time")
    )["last"]
    ends = (last or timezone.now()) + settings.AXES_COOLOFF_TIME
    return max(1, math.ceil((ends - timezone.now()).total_seconds() / 60))


def locked_out(request, original_response=None, credentials=None) -> HttpResponse:
    """The log-in page again (status 429), saying in words why and for how long."""
    username = get_client_username(request, credentials) or ""
    minutes = _minutes_left(username, request.axes_ip_address)
    message = ngettext(
        "Too many failed log-ins for %(username)s from this address. Wait %(minutes)d minute,"
        " then try again, or ask your club's administrator to unlock your account.",
        "Too many failed log-ins for %(username)s from this address. Wait %(minutes)d minutes,"
        " then try again, or ask your club's administrator to unlock your account.",
        minutes,
    ) % {"username": username, "minutes": minutes}
    form = AuthenticationForm(request, initial={"username": username})
    return render(
        request,
        "registration/login.html",
        {"form": form, "locked_out": message, "next": request.POST.get("next", "")},
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )


class LoginView(auth_views.LoginView):
    """Django's log-in; a director already logged in goes straight to their sessions."""

    redirect_authenticated_user = True
