"""A simultaneous pairs heat sent to ECats, which scores the heats of every club across the
field: the session's USEBIO file attached to an e-mail to ECats' scoring address, its subject
the ECats session number (on the event's pack) and the club's country, the two things a
scoring program's file does not say. ECats reads the file and acknowledges it by e-mail
(docs/formats.md, "ECats simultaneous pairs").

Example: heat 4321 played at an English club -> an e-mail to results@simpairs.com, subject
"4321 England", with session-7-2026-11-24.xml attached.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.utils.translation import gettext as _

from ..models import Session
from .exports import export_filename, session_export

# The country a club of each national body plays in, as ECats names it.
BODY_COUNTRIES = {"ebu": "England", "acbl": "USA", "abf": "Australia"}
_NUMBER = re.compile(r"^\d{1,8}$")
_COUNTRY = re.compile(r"^[^\W\d_]+(?:[ .'-][^\W\d_]+)*$")


def ecats_subject(number: str, country: str) -> str:
    """The e-mail's subject: the ECats session number, a space, the club's country.
    Example: ecats_subject(" 4321", "England ") -> "4321 England"; a number with letters, or
    a country with digits, is refused in words (ValidationError)."""
    number, country = number.strip(), " ".join(country.split())
    problems = {}
    if not _NUMBER.match(number):
        problems["number"] = _("%(number)s is not an ECats session number: 1 to 8 digits") % {
            "number": repr(number)
        }
    if not _COUNTRY.match(country) or len(country) > 60:
        problems["country"] = _("%(country)s is not a country's name") % {"country": repr(country)}
    if problems:
        raise ValidationError(problems)
    return f"{number} {country}"


def ecats_send(*, session: Session, number: str, country: str, reply_to: str = "") -> str:
    """Send the session to ECats; the subject it was sent with. Raises ValidationError for a
    bad number or country, OSError (refused, unreachable) when the mail server does not take
    it: nothing is kept to send later, the director sends it again."""
    subject = ecats_subject(number, country)
    message = EmailMessage(
        subject=subject,
        body=f"{session.club.name}: {session.name}, {session.date:%Y-%m-%d}, heat {subject}.\n",
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[settings.ECATS_ADDRESS],
        reply_to=[reply_to] if reply_to else None,
    )
    usebio = session_export(session, "usebio")
    message.attach(export_filename(session, "usebio"), usebio, "application/xml")
    message.send()
    return subject
