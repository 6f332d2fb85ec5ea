"""The tables' codes for the director: each table's code, address and QR code, the phones
signed in with it, and the buttons that issue the codes, re-issue one table's code (a lost
phone, a phone at the wrong table) or sign one phone out. The codes and devices themselves are
services/table_access.py's; every id posted here is looked up inside the session (scope.py)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from ..models import Session, TableCode, TableDevice
from ..permissions import director_required
from ..qr import qr_svg
from ..scope import NotInSession, in_session
from ..services.table_access import issue_codes, reissue_code, revoke_device
from ..services.table_director import table_settings_save
from ..services.table_listing import table_rows


def site_of(request) -> str:
    """The address this site is reached at, as the phones will: "http://192.168.1.20:8000"."""
    return request.build_absolute_uri("/").rstrip("/")


@director_required
def table_codes(request, session):
    rows = table_rows(session, site_of(request))
    shown = [(row, _qr(row)) for row in rows]
    return render(
        request,
        "sessions_app/director/table_codes.html",
        {
            "session": session,
            "rows": shown,
            "several": len({row.section for row in rows}) > 1,
            "missing": sum(row.code is None for row in rows),
            "shows": Session.TableShows.choices,
        },
    )


def _qr(row) -> str:
    if not row.url:
        return ""
    return mark_safe(qr_svg(row.url, title=f"QR code of table {row.section}{row.table}"))


@require_POST
@director_required
def table_codes_issue(request, session):
    issued = issue_codes(session)
    messages.success(request, f"{len(issued)} tables have a code.")
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
        messages.error(request, f"Not changed: {'; '.join(error.messages)}.")
    else:
        accept = (
            "an opponent accepts each result"
            if session.table_verification
            else ("results are stored without an opponent's check")
        )
        shown = session.get_table_shows_display().lower()
        messages.success(request, f"At the tables: {accept}; after each board: {shown}.")
    return redirect("sessions_app:table_codes", session.pk)


@require_POST
@director_required
def table_code_reissue(request, session, code_id: int):
    try:
        old = in_session(TableCode.objects.select_related("section"), session, pk=code_id)
    except NotInSession as missing:
        messages.error(request, f"Not changed: {missing}.")
        return redirect("sessions_app:table_codes", session.pk)
    if old.revoked_at is not None:
        messages.error(request, f"Not changed: code {old.code} was already replaced.")
        return redirect("sessions_app:table_codes", session.pk)
    new = reissue_code(old)
    messages.success(
        request,
        f"Table {old.section.name}{old.table} has a new code, {new.code}: code {old.code} and"
        " the phones signed in with it are refused from now on.",
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
        messages.error(request, f"Not changed: {missing}.")
        return redirect("sessions_app:table_codes", session.pk)
    revoke_device(device)
    code = device.table_code
    messages.success(
        request,
        f"Phone {device.pk} of table {code.section.name}{code.table} is revoked (signed out);"
        " the table's code and its other phones still work.",
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
