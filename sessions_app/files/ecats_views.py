"""The director's page that sends a simultaneous pairs heat to ECats (files/ecats.py)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core.permissions import director_required
from .ecats import BODY_COUNTRIES, ecats_send


class EcatsForm(forms.Form):
    number = forms.CharField(
        max_length=8,
        label=_("ECats session number"),
        help_text=_("As printed on the event's pack."),
    )
    country = forms.CharField(max_length=60, label=_("Your club's country"))
    reply_to = forms.EmailField(
        required=False,
        label=_("Your e-mail address"),
        help_text=_("Where ECats answers whether the file was read."),
    )


@director_required
def ecats(request, session):
    initial = {
        "country": BODY_COUNTRIES.get(session.club.national_body, ""),
        "reply_to": request.user.email,
    }
    form = EcatsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            subject = ecats_send(session=session, **form.cleaned_data)
        except ValidationError as refused:
            for field, problems in refused.message_dict.items():
                form.add_error(field, problems)
        except OSError as error:  # a refused connection, and every SMTPException (an OSError)
            form.add_error(
                None,
                gettext("The mail server did not take the e-mail (%(error)s): try again.")
                % {"error": error},
            )
        else:
            messages.success(
                request,
                gettext(
                    "Sent to ECats (%(address)s) with the subject “%(subject)s”: ECats"
                    " answers by e-mail once it has read the file."
                )
                % {"address": settings.ECATS_ADDRESS, "subject": subject},
            )
            return redirect("sessions_app:director_session", session.pk)
    return render(
        request,
        "sessions_app/director/ecats.html",
        {"session": session, "form": form, "address": settings.ECATS_ADDRESS},
    )


urlpatterns = [path("director/sessions/<int:session_id>/ecats/", ecats, name="ecats")]
