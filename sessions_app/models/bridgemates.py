"""A club's Bridgemates: where its Data Connector listens and the credentials Bridge Systems
gave the club (`BridgemateLink`), and each session sent to them (`BridgemateEvent`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .clubs import Club
from .sessions import Session


class BridgemateLink(models.Model):
    """The club's Bridgemate Data Connector (BCS 5 on the club's computer). The licence key is
    a secret: stored for the calls, never shown on a page or written to a log."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="bridgemate_link")
    address = models.URLField(
        max_length=200,
        help_text=_("Where the Data Connector listens, e.g. http://192.168.1.50:5079"),
    )
    bcs_club_id = models.CharField(
        _("club id"), max_length=40, help_text=_("As Bridge Systems gave it.")
    )
    licence_key = models.CharField(max_length=100)
    # What the terminals do (bridgemates/terminal_settings.py's TerminalSettings as a dict,
    # chosen on the Bridgemates page); empty until the club chooses, which sends the defaults.
    terminal_settings = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"{self.club}: Bridgemates at {self.address}"


class BridgemateEvent(models.Model):
    """A session sent to the Bridgemates: the guids that name it to BCS (32 upper-case hex
    digits), when it was sent and last asked for results, and the last problem met."""

    session = models.OneToOneField(
        Session, on_delete=models.CASCADE, related_name="bridgemate_event"
    )
    event_guid = models.CharField(max_length=32, unique=True)
    session_guid = models.CharField(max_length=32, unique=True)
    sent_at = models.DateTimeField()
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    polled_at = models.DateTimeField(null=True, blank=True)
    problem = models.TextField(
        blank=True, help_text=_("The Data Connector's last error, in words.")
    )
    busy_until = models.DateTimeField(
        null=True, blank=True, help_text=_("A worker is fetching its results until then.")
    )

    def __str__(self) -> str:
        return f"{self.session} on the Bridgemates ({self.session_guid})"
