"""The tables' codes for the director: each table's code, address and QR code, the phones
signed in with it, and the buttons that issue the codes, re-issue one table's code (a lost
phone, a phone at the wrong table) or sign one phone out. The codes and devices themselves are
table_scoring/access.py's; every id posted here is looked up inside the session (core/scope.py).

The addresses are the site's as the director's browser reached it, unless that is a loopback
address (http://127.0.0.1:8000, which no phone reaches): the page then says so and offers this
computer's LAN address (`?address=lan`, core/lan.py), which the printed table cards follow too."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from ...choice_words import TABLE_SHOWS_IN_SENTENCE
from ...core.lan import is_loopback, lan_address, with_host
from ...core.permissions import director_required
from ...core.refusals import refusal_sentence
from ...core.scope import NotInSession, in_session
from ...models import Session, TableCode, TableDevice
from ..access import PHONE_QUIET, codes_issue, device_revoke, reissue_code
from ..director import table_settings_save
from ..listing import table_rows
from ..qr import qr_svg


@dataclass(frozen=True)
class CodesSite:
    """Where the codes, QR codes and table cards point (`url`), and what the director is told
    about it: the page opened at a loopback address (`browsed`, e.g. http://127.0.0.1:8000)
    points at this computer only; `lan` is this computer's address on the local network in its
    place (e.g. http://192.168.1.20:8000; "" when none was found), used with `?address=lan`."""

    url: str
    browsed: str
    loopback: bool
    lan: str
    on_lan: bool


def codes_site(request) -> CodesSite:
    """The site the table codes of this request point at. ValueError, in words, for an
    `address` other than "lan" (or none)."""
    browsed = request.build_absolute_uri("/").rstrip("/")
    choice = request.GET.get("address", "")
    if choice not in ("", "lan"):
        raise ValueError(
            _(
                "address=%(choice)s is not a choice: address=lan points the codes at this"
                " computer's address on the local network; leave it out for the address in the"
                " browser"
            )
            % {"choice": repr(choice)}
        )
    loopback = is_loopback(urlsplit(browsed).hostname or "")
    lan = ""
    if loopback or choice == "lan":
        found = lan_address()
        lan = "" if is_loopback(found) else with_host(browsed, found)
    on_lan = choice == "lan" and bool(lan)
    return CodesSite(lan if on_lan else browsed, browsed, loopback, lan, on_lan)


@director_required
def table_codes(request, session):
    try:
        site = codes_site(request)
    except ValueError as error:
        messages.error(request, f"{error}.")
        return redirect("sessions_app:table_codes", session.pk)
    rows = table_rows(session, site.url)
    shown = [(row, _qr(row)) for row in rows]
    return render(
        request,
        "sessions_app/director/table_codes.html",
        {
            "session": session,
            "site": site,
            "rows": shown,
            "several": len({row.section for row in rows}) > 1,
            "missing": sum(row.code is None for row in rows),
            "draft": session.status == Session.Status.DRAFT,  # codes are issued when play starts
            "shows": Session.TableShows.choices,
            "phones_per_table": settings.TABLE_PHONES_PER_TABLE,
            "phone_quiet": int(PHONE_QUIET.total_seconds() // 60),
        },
    )


def _qr(row) -> str:
    if not row.url:
        return ""
    title = _("QR code of table %(table)s") % {"table": f"{row.section}{row.table}"}
    return mark_safe(qr_svg(row.url, title=title))


@require_POST
@director_required
def table_codes_issue(request, session):
    issued = codes_issue(session=session)
    messages.success(
        request,
        ngettext("%(count)d table has a code.", "%(count)d tables have a code.", len(issued))
        % {"count": len(issued)},
    )
    return redirect("sessions_app:table_codes", session.pk)


@require_POST
@director_required
def table_settings(request, session):
    """What the tables do: an opponent accepts each result (checked or not), and what a table
    sees after a board. The form holds both, so an unchecked box is "no"."""
    try:
        table_settings_save(
            session=session,
            verification=request.POST.get("verification") == "on",
            shows=request.POST.get("shows", ""),
        )
    except ValidationError as error:
        # Translators: the start of a sentence; the reason follows the colon and space.
        messages.error(request, refusal_sentence(error, start=_("Not changed: ")))
    else:
        shown = TABLE_SHOWS_IN_SENTENCE[session.table_shows]
        if session.table_verification:
            said = _("At the tables: an opponent accepts each result; after each board: %(shown)s.")
        else:
            said = _(
                "At the tables: results are stored without an opponent's check; after each"
                " board: %(shown)s."
            )
        messages.success(request, said % {"shown": shown})
    return redirect("sessions_app:table_codes", session.pk)


@require_POST
@director_required
def table_code_reissue(request, session, code_id: int):
    try:
        old = in_session(TableCode.objects.select_related("section"), session, pk=code_id)
    except NotInSession as missing:
        messages.error(request, _("Not changed: %(problem)s.") % {"problem": missing})
        return redirect("sessions_app:table_codes", session.pk)
    if old.revoked_at is not None:
        messages.error(
            request, _("Not changed: code %(code)s was already replaced.") % {"code": old.code}
        )
        return redirect("sessions_app:table_codes", session.pk)
    new = reissue_code(old)
    messages.success(
        request,
        _(
            "Table %(table)s has a new code, %(new)s: code %(old)s and the phones signed in"
            " with it are refused from now on."
        )
        % {"table": f"{old.section.name}{old.table}", "new": new.code, "old": old.code},
    )
    return redirect("sessions_app:table_codes", session.pk)


@require_POST
@director_required
def table_device_revoke(request, session, device_id: int):
    try:
        device = in_session(
            TableDevice.objects.select_related("table_code__section"), session, pk=device_id
        )
    except NotInSession as missing:
        messages.error(request, _("Not changed: %(problem)s.") % {"problem": missing})
        return redirect("sessions_app:table_codes", session.pk)
    device_revoke(device=device)
    code = device.table_code
    messages.success(
        request,
        _(
            "Phone %(phone)s of table %(table)s is revoked (signed out); the table's code and"
            " its other phones still work."
        )
        % {"phone": device.pk, "table": f"{code.section.name}{code.table}"},
    )
    return redirect("sessions_app:table_codes", session.pk)


TABLES = "director/sessions/<int:session_id>/tables"
urlpatterns = [
    path(f"{TABLES}/", table_codes, name="table_codes"),
    path(f"{TABLES}/issue/", table_codes_issue, name="table_codes_issue"),
    path(f"{TABLES}/settings/", table_settings, name="table_settings"),
    path(f"{TABLES}/codes/<int:code_id>/reissue/", table_code_reissue, name="table_code_reissue"),
    path(
        f"{TABLES}/devices/<int:device_id>/revoke/", table_device_revoke, name="table_device_revoke"
    ),
]
