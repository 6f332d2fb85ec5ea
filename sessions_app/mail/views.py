"""The public unsubscribe page (a signed link from a results e-mail: no account, nothing
said of who is in the register) and the director's "Try again now" for failed messages."""

from __future__ import annotations

from django.contrib import messages
from django.core import signing
from django.shortcuts import redirect, render
from django.urls import path
from django.utils import timezone
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from ..core.permissions import director_required
from .services import UNSUBSCRIBE_SALT, player_unsubscribe, session_retry_mail


@csrf_exempt  # the signed token is the authority; mail clients POST it (RFC 8058) cookie-less
def unsubscribe(request, token: str):
    """GET: the page with the one button (a link scanner's GET stops nothing); POST: stopped.
    A token changed or cut short is refused in words, 400."""
    try:
        signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return render(request, "sessions_app/mail/unsubscribe.html", {"refused": True}, status=400)
    done = request.method == "POST"
    if done:
        player_unsubscribe(token=token)
    return render(request, "sessions_app/mail/unsubscribe.html", {"done": done})


@require_POST
@director_required
def mail_retry(request, session):
    count = session_retry_mail(session=session, now=timezone.now())
    messages.success(
        request,
        ngettext(
            "%(count)d message will be tried again at the mail worker's next run.",
            "%(count)d messages will be tried again at the mail worker's next run.",
            count,
        )
        % {"count": count},
    )
    return redirect("sessions_app:director_session", session_id=session.pk)


urlpatterns = [
    path("mail/stop/<str:token>/", unsubscribe, name="mail_unsubscribe"),
    path("director/sessions/<int:session_id>/mail/retry/", mail_retry, name="mail_retry"),
]
